// /account/addresses: the signed-in shopper's saved addresses, each with Edit, Make default and
// Delete (plain forms), and the way to add one.
import { MapPin, Plus } from 'lucide-react'
import { FormMessage } from '#app/accounts/form-controls.tsx'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { Form, Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import type { AddressBookActionData, AddressBookEntry } from './address-routes.server.ts'
import { addressLine, labelText, MAX_SAVED_ADDRESSES, phoneText } from './saved-address.ts'

export function AddressBookPage({
  addresses,
  notice,
  canAdd,
  actionData,
}: {
  addresses: AddressBookEntry[]
  notice: string | null
  canAdd: boolean
  actionData: AddressBookActionData | undefined
}) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 pb-16">
      <div className="pt-6">
        <Link to="/account" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          {m.address_back_to_account()}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brown">{m.address_book_title()}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{m.address_book_intro()}</p>
      </div>
      <FormMessage error={actionData?.error} notice={actionData ? null : notice} />
      {canAdd ? (
        <Button asChild className="h-11 justify-self-start">
          <Link to="/account/addresses/new">
            <Plus className="size-4" aria-hidden />
            {m.address_add()}
          </Link>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{m.address_book_full({ max: MAX_SAVED_ADDRESSES })}</p>
      )}
      {addresses.length === 0 ? (
        <p className="rounded-2xl border bg-card p-5 text-sm text-muted-foreground shadow-sm">
          {m.address_book_empty()}
        </p>
      ) : (
        <ul className="grid gap-4">
          {addresses.map((address) => (
            <li key={address.id}>
              <AddressCard address={address} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function AddressCard({ address }: { address: AddressBookEntry }) {
  const label = labelText(address)
  const headingId = `address-${address.id}`
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-brown">
        <MapPin className="size-5 text-primary" aria-hidden />
        {label}
        {address.isDefault && (
          <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-brown">
            {m.address_default_badge()}
          </span>
        )}
      </h2>
      <p className="mt-2 font-semibold">{address.fullName}</p>
      <p className="text-sm">{addressLine(address)}</p>
      <p className="text-sm">{phoneText(address)}</p>
      {!address.served && (
        <p className="mt-2 text-sm font-medium text-destructive">{deliveryTexts.notServed(address.pincode)}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" className="h-11">
          <Link to={`/account/addresses/${address.id}`} aria-label={m.address_edit_named({ label })}>
            {m.address_edit()}
          </Link>
        </Button>
        {!address.isDefault && (
          <Form method="post">
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="addressId" value={address.id} />
            <Button
              type="submit"
              variant="outline"
              className="h-11"
              aria-label={m.address_make_default_named({ label })}
            >
              {m.address_make_default()}
            </Button>
          </Form>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="addressId" value={address.id} />
          <Button type="submit" variant="outline" className="h-11" aria-label={m.address_delete_named({ label })}>
            {m.address_delete()}
          </Button>
        </Form>
      </div>
    </article>
  )
}
