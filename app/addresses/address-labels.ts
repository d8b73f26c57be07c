// The address book's labels, a pure list shared by the table (schema.ts), the forms and the browser.

/** Home, Parents and Office, or a name of the shopper's own ('other', with its custom label). */
export const ADDRESS_LABELS = ['home', 'parents', 'office', 'other'] as const
export type AddressLabel = (typeof ADDRESS_LABELS)[number]
