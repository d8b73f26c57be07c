// The address book's form: a label (Home, Parents, Office, or a name of one's own), the recipient and
// the address, checked by the checkout's rules. A plain form that posts; with JavaScript the same schema
// checks it first.

import { type FormEvent, useRef, useState } from 'react'
import { FormMessage } from '#app/accounts/form-controls.tsx'
import { AddressFields } from '#app/checkout/address-fields.tsx'
import { DELIVERY_LIMITS } from '#app/checkout/delivery-fields.ts'
import { Field, TextInput } from '#app/contact/form-field.tsx'
import { Form, Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import {
  ADDRESS_FIELDS,
  type AddressFieldErrors,
  type AddressFormValues,
  addressFormValues,
  CUSTOM_LABEL_MAX,
  validateAddressForm,
} from './address-form.ts'
import { ADDRESS_LABELS } from './address-labels.ts'
import type { AddressEditorActionData } from './address-routes.server.ts'
import { labelText, MAX_SAVED_ADDRESSES, type SavedAddressView } from './saved-address.ts'

export function AddressEditor({
  address,
  full,
  first,
  prefill,
  actionData,
}: {
  /** The account's address being changed; null for a new one. */
  address: SavedAddressView | null
  /** The book holds as many as it may: a new one cannot be added. */
  full: boolean
  /** The account has no address yet: this one will be the default. */
  first: boolean
  prefill: { fullName: string } | null
  actionData: AddressEditorActionData | undefined
}) {
  const [clientErrors, setClientErrors] = useState<AddressFieldErrors | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const errors = clientErrors ?? actionData?.fieldErrors ?? {}
  const values: Partial<AddressFormValues> =
    actionData?.values ??
    (address ? { ...address, customLabel: address.customLabel ?? '' } : { label: 'home', ...prefill })
  const title = address ? m.address_edit_title() : m.address_add_title()

  const check = (event: FormEvent<HTMLFormElement>) => {
    const result = validateAddressForm(addressFormValues(new FormData(event.currentTarget)))
    if (result.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(result.fieldErrors)
    const first = ADDRESS_FIELDS.find((field) => result.fieldErrors[field])
    const control = first ? event.currentTarget.elements.namedItem(first) : null
    const element =
      control instanceof RadioNodeList ? (control[0] as HTMLElement | undefined) : (control as HTMLElement | null)
    element?.focus()
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16">
      <div className="pt-6">
        <Link to="/account/addresses" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {m.address_back_to_book()}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brown">{title}</h1>
      </div>
      {full ? (
        <p className="rounded-2xl border bg-card p-5 text-sm shadow-sm">
          {m.address_book_full({ max: MAX_SAVED_ADDRESSES })}
        </p>
      ) : (
        <Form
          method="post"
          ref={formRef}
          onSubmit={check}
          noValidate
          className="grid gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
        >
          <FormMessage error={actionData?.error} />
          {/* The name of one's own shows with "Other" chosen (CSS: the same without JavaScript). */}
          <div className="grid gap-4 [&:has(input[value=other]:checked)_[data-custom-label]]:block">
            <fieldset aria-describedby={errors.label ? 'label-error' : undefined}>
              <legend className="text-sm font-semibold text-brown">{m.address_label_legend()}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {ADDRESS_LABELS.map((choice) => (
                  <label
                    key={choice}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/60"
                  >
                    <input
                      type="radio"
                      name="label"
                      value={choice}
                      defaultChecked={values.label === choice}
                      className="size-4 accent-primary"
                    />
                    {labelText({ label: choice, customLabel: null })}
                  </label>
                ))}
              </div>
              {errors.label && (
                <p id="label-error" className="mt-2 text-sm font-medium text-destructive">
                  {errors.label}
                </p>
              )}
            </fieldset>
            <div data-custom-label className="hidden">
              <Field
                id="customLabel"
                label={m.address_custom_label()}
                error={errors.customLabel}
                hint={m.address_custom_label_hint()}
              >
                {(described) => (
                  <TextInput
                    id="customLabel"
                    name="customLabel"
                    maxLength={CUSTOM_LABEL_MAX}
                    defaultValue={values.customLabel}
                    {...described}
                  />
                )}
              </Field>
            </div>
          </div>
          <Field id="fullName" label={m.checkout_full_name()} error={errors.fullName} hint={m.address_name_hint()}>
            {(described) => (
              <TextInput
                id="fullName"
                name="fullName"
                autoComplete="name"
                maxLength={DELIVERY_LIMITS.name}
                defaultValue={values.fullName}
                {...described}
              />
            )}
          </Field>
          <Field id="phone" label={m.checkout_mobile()} error={errors.phone} hint={m.address_mobile_hint()}>
            {(described) => (
              <TextInput
                id="phone"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                defaultValue={values.phone}
                {...described}
              />
            )}
          </Field>
          <AddressFields values={values} errors={errors} />
          {address?.isDefault ? (
            <p className="text-sm text-muted-foreground">{m.address_is_default()}</p>
          ) : first ? (
            <p className="text-sm text-muted-foreground">{m.address_first_is_default()}</p>
          ) : (
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="makeDefault"
                defaultChecked={values.makeDefault === 'on'}
                className="mt-0.5 size-5 shrink-0 accent-primary"
              />
              <span>{m.address_make_default_box()}</span>
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="h-11">
              {m.address_save()}
            </Button>
            <Button asChild variant="outline" className="h-11">
              <Link to="/account/addresses">{m.address_cancel()}</Link>
            </Button>
          </div>
        </Form>
      )}
    </div>
  )
}
