// The address book's operations (docs/decisions/029-saved-addresses.md). Every one names the account
// and the address: an id from another account is not found and changes nothing. A change that touches
// the default (adding the first address, making another one the default, deleting the default) is one
// transaction that first locks the account's row, so two at once queue instead of both keeping a default
// (the partial unique index would refuse the second).
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { users } from '#app/accounts/schema.ts'
import type { DeliveryDetails } from '#app/checkout/delivery-form.ts'
import { m } from '#app/paraglide/messages.js'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { isUuid } from '#app/shared/uuid.ts'
import type { AddressInput } from './address-form.ts'
import type { AddressLabel } from './address-labels.ts'
import { MAX_SAVED_ADDRESSES, type SavedAddressView } from './saved-address.ts'
import { savedAddresses } from './schema.ts'

/** An address book change refused; `message` is for the shopper. */
export class AddressBookError extends Error {
  readonly kind: 'not-found' | 'full'
  constructor(kind: AddressBookError['kind']) {
    super(kind === 'not-found' ? m.address_not_found() : m.address_book_full({ max: MAX_SAVED_ADDRESSES }))
    this.name = 'AddressBookError'
    this.kind = kind
  }
}

const VIEW = {
  id: savedAddresses.id,
  label: savedAddresses.label,
  customLabel: savedAddresses.customLabel,
  fullName: savedAddresses.fullName,
  phone: savedAddresses.phone,
  address: savedAddresses.address,
  city: savedAddresses.city,
  state: savedAddresses.state,
  pincode: savedAddresses.pincode,
  isDefault: savedAddresses.isDefault,
}

/** The account's addresses, the default first, then the newest. One query (the checkout's only extra one). */
export function listSavedAddresses(db: Tx, userId: string): Promise<SavedAddressView[]> {
  return db
    .select(VIEW)
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), asc(savedAddresses.id))
}

/** One address of the account, or null (another account's, none, or not an id). */
export async function findSavedAddress(db: Tx, userId: string, id: unknown): Promise<SavedAddressView | null> {
  if (!isUuid(id)) return null
  const [row] = await db
    .select(VIEW)
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
  return row ?? null
}

/** Queues the account's address book changes behind each other until the transaction ends. */
async function lockBook(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

async function countOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
  return row?.n ?? 0
}

async function clearDefault(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(savedAddresses)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)))
}

/** Adds an address; the account's first one is its default whatever the box said. */
export function addSavedAddress(db: Db, userId: string, input: AddressInput, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId)
    const count = await countOf(tx, userId)
    if (count >= MAX_SAVED_ADDRESSES) throw new AddressBookError('full')
    const isDefault = count === 0 || input.makeDefault
    if (isDefault) await clearDefault(tx, userId, now)
    const [row] = await tx
      .insert(savedAddresses)
      .values({ ...fieldsOf(input), userId, isDefault, createdAt: now, updatedAt: now })
      .returning({ id: savedAddresses.id })
    if (!row) throw new Error('the address was not stored')
    return row.id
  })
}

/** Changes an address of the account; ticking "default" makes it the default (unticking keeps it: another must be chosen). */
export function updateSavedAddress(
  db: Db,
  userId: string,
  id: unknown,
  input: AddressInput,
  now = new Date(),
): Promise<void> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId)
    const current = await findSavedAddress(tx, userId, id)
    if (!current) throw new AddressBookError('not-found')
    if (input.makeDefault && !current.isDefault) await clearDefault(tx, userId, now)
    await tx
      .update(savedAddresses)
      .set({ ...fieldsOf(input), isDefault: current.isDefault || input.makeDefault, updatedAt: now })
      .where(and(eq(savedAddresses.id, current.id), eq(savedAddresses.userId, userId)))
  })
}

/** Makes an address of the account its default. */
export function makeDefaultAddress(db: Db, userId: string, id: unknown, now = new Date()): Promise<void> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId)
    const current = await findSavedAddress(tx, userId, id)
    if (!current) throw new AddressBookError('not-found')
    if (current.isDefault) return
    await clearDefault(tx, userId, now)
    await tx
      .update(savedAddresses)
      .set({ isDefault: true, updatedAt: now })
      .where(and(eq(savedAddresses.id, current.id), eq(savedAddresses.userId, userId)))
  })
}

/** Deletes an address of the account; when it was the default, the newest of the others becomes it. */
export function deleteSavedAddress(db: Db, userId: string, id: unknown, now = new Date()): Promise<void> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId)
    const [deleted] = isUuid(id)
      ? await tx
          .delete(savedAddresses)
          .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
          .returning({ isDefault: savedAddresses.isDefault })
      : []
    if (!deleted) throw new AddressBookError('not-found')
    if (!deleted.isDefault) return
    const [next] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.createdAt), asc(savedAddresses.id))
      .limit(1)
    if (next)
      await tx.update(savedAddresses).set({ isDefault: true, updatedAt: now }).where(eq(savedAddresses.id, next.id))
  })
}

/**
 * The checkout's "save this address to my address book", inside the order's transaction: the order's
 * recipient and address under `label`, unless the account keeps that same address already or its
 * book is full (the order is placed either way). The account's first address is its default.
 */
export async function saveOrderAddress(
  tx: Tx,
  userId: string,
  details: DeliveryDetails,
  label: AddressLabel,
  now: Date,
): Promise<void> {
  await lockBook(tx, userId)
  const book = await listSavedAddresses(tx, userId)
  if (book.length >= MAX_SAVED_ADDRESSES) return
  const fields = {
    fullName: details.fullName,
    phone: details.phone,
    address: details.address,
    city: details.city,
    state: details.state,
    pincode: details.pincode,
  }
  const same = (saved: SavedAddressView) =>
    (Object.keys(fields) as (keyof typeof fields)[]).every(
      (field) => saved[field].replace(/\s+/g, ' ').toLowerCase() === fields[field].replace(/\s+/g, ' ').toLowerCase(),
    )
  if (book.some(same)) return
  await tx.insert(savedAddresses).values({
    ...fields,
    label,
    customLabel: null,
    userId,
    isDefault: book.length === 0,
    createdAt: now,
    updatedAt: now,
  })
}

function fieldsOf(input: AddressInput) {
  return {
    label: input.label,
    customLabel: input.customLabel,
    fullName: input.fullName,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
  }
}
