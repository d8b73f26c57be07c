// /account/addresses (the address book), /account/addresses/new and /account/addresses/:addressId (its
// form): loaders and actions. Plain forms that post and redirect, so it all works without JavaScript.
// An address of another account, or no such address, is 404 and changes nothing.
import { data, type RouterContextProvider, redirect } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { listZones } from '#app/delivery/zones.server.ts'
import { matchZone } from '#app/delivery/zones.ts'
import { localizedHref } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { servicesContext } from '#app/platform/services.server.ts'
import {
  AddressBookError,
  addSavedAddress,
  deleteSavedAddress,
  findSavedAddress,
  listSavedAddresses,
  makeDefaultAddress,
  updateSavedAddress,
} from './address-book.server.ts'
import {
  type AddressFieldErrors,
  type AddressFormValues,
  addressFormValues,
  validateAddressForm,
} from './address-form.ts'
import { MAX_SAVED_ADDRESSES, type SavedAddressView } from './saved-address.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: { addressId?: string } }

export const ADDRESS_BOOK_PATH = '/account/addresses'
const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** What the book says after a change (a redirect's ?done=): one of these, never the URL's text. */
const DONE = ['saved', 'deleted', 'default'] as const
type Done = (typeof DONE)[number]

const done = (what: Done) => redirect(localizedHref(`${ADDRESS_BOOK_PATH}?done=${what}`, getLocale()))

async function signedIn({ request, context }: Args, path: string) {
  const { viewer } = await getViewer(request, context)
  if (!viewer) throw redirect(localizedHref(`/auth?redirectTo=${path}`, getLocale()))
  return viewer
}

const notFound = () => data({ message: m.address_not_found() }, { status: 404, headers: NO_STORE })

export type AddressBookEntry = SavedAddressView & { served: boolean }

export async function addressBookLoader(args: Args) {
  const viewer = await signedIn(args, ADDRESS_BOOK_PATH)
  const { db } = args.context.get(servicesContext)
  const [addresses, zones] = await Promise.all([listSavedAddresses(db, viewer.id), listZones(db)])
  const what = new URL(args.request.url).searchParams.get('done')
  const notice =
    what === 'saved'
      ? m.address_saved()
      : what === 'deleted'
        ? m.address_deleted()
        : what === 'default'
          ? m.address_default_changed()
          : null
  return data(
    {
      addresses: addresses.map(
        (address): AddressBookEntry => ({
          ...address,
          served: matchZone(zones, address.pincode) !== null,
        }),
      ),
      notice,
      canAdd: addresses.length < MAX_SAVED_ADDRESSES,
    },
    { headers: NO_STORE },
  )
}

export type AddressBookActionData = { error: string }

/** The book's buttons: delete an address, or make it the default. */
export async function addressBookAction(args: Args) {
  const viewer = await signedIn(args, ADDRESS_BOOK_PATH)
  const { db } = args.context.get(servicesContext)
  const form = await args.request.formData()
  const intent = form.get('intent')
  const id = form.get('addressId')
  try {
    if (intent === 'delete') {
      await deleteSavedAddress(db, viewer.id, id)
      return done('deleted')
    }
    if (intent === 'default') {
      await makeDefaultAddress(db, viewer.id, id)
      return done('default')
    }
  } catch (error) {
    if (error instanceof AddressBookError) {
      return data<AddressBookActionData>({ error: error.message }, { status: 404, headers: NO_STORE })
    }
    throw error
  }
  return data<AddressBookActionData>({ error: m.address_unknown_action() }, { status: 400, headers: NO_STORE })
}

/** The form's page: a new address (no addressId), or one of the account's. */
export async function addressEditorLoader(args: Args) {
  const id = args.params?.addressId
  const viewer = await signedIn(
    args,
    id ? `${ADDRESS_BOOK_PATH}/${encodeURIComponent(id)}` : `${ADDRESS_BOOK_PATH}/new`,
  )
  const { db } = args.context.get(servicesContext)
  if (!id) {
    const count = (await listSavedAddresses(db, viewer.id)).length
    return data(
      { address: null, full: count >= MAX_SAVED_ADDRESSES, first: count === 0, prefill: { fullName: viewer.name } },
      { headers: NO_STORE },
    )
  }
  const address = await findSavedAddress(db, viewer.id, id)
  if (!address) throw notFound()
  return data({ address, full: false, first: false, prefill: null }, { headers: NO_STORE })
}

export type AddressEditorActionData = { fieldErrors: AddressFieldErrors; values: AddressFormValues; error?: string }

export async function addressEditorAction(args: Args) {
  const id = args.params?.addressId
  const viewer = await signedIn(
    args,
    id ? `${ADDRESS_BOOK_PATH}/${encodeURIComponent(id)}` : `${ADDRESS_BOOK_PATH}/new`,
  )
  const { db } = args.context.get(servicesContext)
  const values = addressFormValues(await args.request.formData())
  const answer = (status: number, fieldErrors: AddressFieldErrors, error?: string) =>
    data<AddressEditorActionData>({ fieldErrors, values, error }, { status, headers: NO_STORE })
  // Another account's address is not found before its form is read: nothing about it is told.
  if (id && !(await findSavedAddress(db, viewer.id, id))) throw notFound()
  const validation = validateAddressForm(values)
  if (!validation.ok) return answer(400, validation.fieldErrors)
  try {
    if (id) await updateSavedAddress(db, viewer.id, id, validation.data)
    else await addSavedAddress(db, viewer.id, validation.data)
  } catch (error) {
    if (!(error instanceof AddressBookError)) throw error
    if (error.kind === 'not-found') throw notFound()
    return answer(409, {}, error.message)
  }
  return done('saved')
}
