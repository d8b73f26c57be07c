/** The desk's text fields and dropdowns: 44 px tall, 16 px text so phones do not zoom in on focus. */
export const FIELD_CLASS =
  'h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-60'
