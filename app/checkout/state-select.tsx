// The state or union territory list of the checkout's delivery form and the address book's form: the
// official list (reference/india.md), posted in English, shown in the page's language.
import type * as React from 'react'
import { m } from '#app/paraglide/messages.js'
import { INDIAN_STATES, UNION_TERRITORIES } from '#app/shared/india-states.ts'
import { stateName } from '#app/shared/state-names.ts'

export function StateSelect({
  defaultValue,
  ...props
}: Omit<React.ComponentProps<'select'>, 'defaultValue' | 'className' | 'children'> & { defaultValue?: string }) {
  return (
    <select
      autoComplete="address-level1"
      defaultValue={defaultValue ?? ''}
      className="h-11 w-full rounded-md border border-input bg-card px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive"
      {...props}
    >
      <option value="">{m.checkout_choose()}</option>
      <optgroup label={m.checkout_states()}>
        {INDIAN_STATES.map((state) => (
          <option key={state} value={state}>
            {stateName(state)}
          </option>
        ))}
      </optgroup>
      <optgroup label={m.checkout_union_territories()}>
        {UNION_TERRITORIES.map((state) => (
          <option key={state} value={state}>
            {stateName(state)}
          </option>
        ))}
      </optgroup>
    </select>
  )
}
