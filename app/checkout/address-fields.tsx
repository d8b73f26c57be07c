// The street address, city, state and PIN code fields of the checkout's delivery form and of the
// address book's form: the same names, limits, hints and autofill hints in both.
import { Field, TextArea, TextInput } from '#app/contact/form-field.tsx'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { m } from '#app/paraglide/messages.js'
import { DELIVERY_LIMITS } from './delivery-fields.ts'
import { StateSelect } from './state-select.tsx'

type AddressPart = 'address' | 'city' | 'state' | 'pincode'

export function AddressFields({
  values,
  errors,
  onPinChange,
}: {
  values: Partial<Record<AddressPart, string>>
  errors: Partial<Record<AddressPart, string>>
  /** The PIN code as typed, for a page that quotes delivery as the shopper types. */
  onPinChange?: (pin: string) => void
}) {
  return (
    <>
      <Field id="address" label={m.checkout_address()} error={errors.address} hint={m.checkout_address_hint()}>
        {(described) => (
          <TextArea
            id="address"
            name="address"
            autoComplete="street-address"
            rows={3}
            maxLength={DELIVERY_LIMITS.address}
            defaultValue={values.address}
            className="min-h-24"
            {...described}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="city" label={m.checkout_city()} error={errors.city}>
          {(described) => (
            <TextInput
              id="city"
              name="city"
              autoComplete="address-level2"
              maxLength={DELIVERY_LIMITS.city}
              defaultValue={values.city}
              {...described}
            />
          )}
        </Field>
        <Field id="state" label={m.checkout_state()} error={errors.state}>
          {(described) => <StateSelect id="state" name="state" defaultValue={values.state} {...described} />}
        </Field>
        <Field id="pincode" label={deliveryTexts.pinLabel()} error={errors.pincode} hint={m.checkout_pin_hint()}>
          {(described) => (
            <TextInput
              id="pincode"
              name="pincode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              defaultValue={values.pincode}
              onChange={onPinChange && ((event) => onPinChange(event.currentTarget.value.trim()))}
              {...described}
            />
          )}
        </Field>
      </div>
    </>
  )
}
