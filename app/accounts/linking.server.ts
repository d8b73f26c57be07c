// One account per person (decision 005, "Ways to sign in and merging"): the ways that open an account,
// adding a proven phone, removing a way (never the last), and merging two accounts the same person
// proved are theirs. Plain operations on the database; the account page adds sessions, limits and mail.
import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import { savedAddresses } from '#app/addresses/schema.ts'
import { MAX_LINE_QUANTITY } from '#app/cart/guest-cart.ts'
import { cartItems } from '#app/cart/schema.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { pushSubscriptions } from '#app/notifications/schema.ts'
import { couponRedemptions, orders } from '#app/orders/schema.ts'
import { m } from '#app/paraglide/messages.js'
import { recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import type { Mailer } from '#app/platform/mailer.server.ts'
import { reviews } from '#app/reviews/schema.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { whatsappConsents } from '#app/whatsapp/schema.ts'
import { isPlaceholderEmail } from './auth.server.ts'
import type { PublicProvider } from './providers.ts'
import { accounts, users, verifications } from './schema.ts'

/** A sign-in within this long, or a new code, is the fresh proof linking, removing and merging need. */
export const FRESH_PROOF_MS = 10 * 60_000
/** The name a phone-only account gets from better-auth's sign-up (auth.server.ts getTempName). */
export const PHONE_ACCOUNT_NAME = 'Namkeen lover'
const MERGE_PROOF = 'account-merge:'

export function isFresh(signedInAt: Date | null | undefined, now = Date.now()): boolean {
  return signedInAt instanceof Date && now - signedInAt.getTime() < FRESH_PROOF_MS
}

export type WayKey = 'password' | 'phone' | `provider:${string}`

export interface SignInWay {
  key: WayKey
  label: string
  added: boolean
  /** The e-mail or the number, when it is added. */
  detail: string | null
  /** A provider that is configured can be added; one no longer configured only removed. */
  provider: string | null
}

interface Holder {
  id: string
  name: string
  email: string
  role: string
  phoneNumber: string | null
  phoneNumberVerified: boolean | null
  twoFactorEnabled: boolean | null
}

const holderColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phoneNumber: users.phoneNumber,
  phoneNumberVerified: users.phoneNumberVerified,
  twoFactorEnabled: users.twoFactorEnabled,
}

async function lockUsers(tx: Tx, ids: string[]): Promise<Map<string, Holder>> {
  // In id order, so two merges of the same pair cannot wait on each other.
  const rows = await tx.select(holderColumns).from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update')
  return new Map(rows.map((row) => [row.id, row]))
}

/** The account whose verified phone `phone` is, or null. An unverified number opens nothing. */
export async function verifiedPhoneHolder(db: Tx, phone: string): Promise<Holder | null> {
  const [row] = await db.select(holderColumns).from(users).where(eq(users.phoneNumber, phone))
  return row && row.phoneNumberVerified === true ? row : null
}

/**
 * A number written on an account without proof (never by this shop's flows, which verify first) is
 * no claim: whoever proves the number by a code takes it. Returns whether a claim was cleared.
 */
export async function clearUnprovenPhone(db: Tx, phone: string): Promise<boolean> {
  const cleared = await db
    .update(users)
    .set({ phoneNumber: null, phoneNumberVerified: false, updatedAt: new Date() })
    .where(and(eq(users.phoneNumber, phone), sql`${users.phoneNumberVerified} is not true`))
    .returning({ id: users.id })
  return cleared.length > 0
}

export function providerLabel(providerId: string, providers: readonly PublicProvider[]): string {
  return providers.find((p) => p.id === providerId)?.label ?? providerId
}

/** Every way that opens the account, and the configured ones it could add. */
export async function signInWays(db: Tx, userId: string, providers: readonly PublicProvider[]): Promise<SignInWay[]> {
  const [user] = await db.select(holderColumns).from(users).where(eq(users.id, userId))
  if (!user) return []
  const rows = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  const realEmail = !isPlaceholderEmail(user.email)
  const ways: SignInWay[] = []
  const hasPassword = rows.some((row) => row.providerId === 'credential' && row.password)
  ways.push({
    key: 'password',
    label: m.account_way_password(),
    added: realEmail && hasPassword,
    detail: realEmail ? user.email : null,
    provider: null,
  })
  const phone = user.phoneNumber && user.phoneNumberVerified === true ? user.phoneNumber : null
  ways.push({
    key: 'phone',
    label: m.account_way_phone(),
    added: phone !== null,
    detail: phone ? formatIndianMobile(phone) : null,
    provider: null,
  })
  const linked = new Set(rows.filter((row) => row.providerId !== 'credential').map((row) => row.providerId))
  for (const provider of providers) {
    ways.push({
      key: `provider:${provider.id}`,
      label: provider.label,
      added: linked.has(provider.id),
      detail: null,
      provider: provider.id,
    })
    linked.delete(provider.id)
  }
  for (const providerId of linked) {
    ways.push({ key: `provider:${providerId}`, label: providerId, added: true, detail: null, provider: null })
  }
  return ways
}

/**
 * The number of the account's latest order, offered in the "add a phone" form of an account without
 * one: typed at checkout it proves nothing, so it is only a suggestion until a code sent to it is entered.
 */
export async function suggestedPhone(db: Tx, userId: string): Promise<string | null> {
  const [latest] = await db
    .select({ phone: orders.phone })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1)
  return latest?.phone ?? null
}

export type RemoveResult = { ok: true; label: string } | { ok: false; status: 404 | 409; error: string }

/** Removes one way of signing in, refusing the last one; all in one transaction on the locked account. */
export async function removeWay(
  db: Db,
  { userId, key, providers }: { userId: string; key: WayKey; providers: readonly PublicProvider[] },
): Promise<RemoveResult> {
  return db.transaction(async (tx) => {
    await lockUsers(tx, [userId])
    const ways = await signInWays(tx, userId, providers)
    const way = ways.find((w) => w.key === key && w.added)
    if (!way) return { ok: false, status: 404, error: m.account_way_not_found() }
    if (ways.filter((w) => w.added).length <= 1) return { ok: false, status: 409, error: m.account_way_last() }
    if (key === 'password') {
      await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    } else if (key === 'phone') {
      await tx
        .update(users)
        .set({ phoneNumber: null, phoneNumberVerified: false, updatedAt: new Date() })
        .where(eq(users.id, userId))
    } else {
      const providerId = key.slice('provider:'.length)
      await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
    }
    return { ok: true, label: way.label }
  })
}

export type LinkPhoneResult =
  | { outcome: 'linked' | 'already' | 'has-another' | 'admin' }
  /** The number is another account's verified phone: the code just proved that account too. */
  | { outcome: 'merge'; otherId: string }

/** After a correct code for `phone`: makes it the account's verified phone, or finds the merge case. */
export async function linkProvenPhone(db: Db, { userId, phone }: { userId: string; phone: string }) {
  return db.transaction(async (tx): Promise<LinkPhoneResult> => {
    const me = (await lockUsers(tx, [userId])).get(userId)
    if (!me) throw new Error('the signed-in account is gone')
    if (me.phoneNumber === phone && me.phoneNumberVerified === true) return { outcome: 'already' }
    if (me.phoneNumber && me.phoneNumberVerified === true) return { outcome: 'has-another' }
    const holder = await verifiedPhoneHolder(tx, phone)
    if (holder && holder.id !== userId) {
      if (holder.role === 'admin' || me.role === 'admin') return { outcome: 'admin' }
      await storeMergeProof(tx, userId, holder.id)
      return { outcome: 'merge', otherId: holder.id }
    }
    await clearUnprovenPhone(tx, phone)
    await tx
      .update(users)
      .set({ phoneNumber: phone, phoneNumberVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
    return { outcome: 'linked' }
  })
}

/** Remembers for 10 minutes that the signed-in `userId` just proved `otherId` is theirs too. */
export async function storeMergeProof(db: Tx, userId: string, otherId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, `${MERGE_PROOF}${userId}`))
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `${MERGE_PROOF}${userId}`,
    value: otherId,
    expiresAt: new Date(Date.now() + FRESH_PROOF_MS),
  })
}

export async function dropMergeProof(db: Tx, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, `${MERGE_PROOF}${userId}`))
}

async function mergeProof(db: Tx, userId: string): Promise<string | null> {
  const [proof] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${MERGE_PROOF}${userId}`), gt(verifications.expiresAt, new Date())))
  return proof?.value ?? null
}

/** How the other account is named to its owner: its e-mail, or its number for a phone-only one. */
function accountName(user: Pick<Holder, 'email' | 'phoneNumber' | 'name'>): string {
  if (!isPlaceholderEmail(user.email)) return user.email
  return user.phoneNumber ? formatIndianMobile(user.phoneNumber) : user.name
}

export interface PendingMerge {
  who: string
  orders: number
}

/** The merge the signed-in account may confirm now, if it proved another account in the last 10 minutes. */
export async function pendingMerge(db: Tx, userId: string): Promise<PendingMerge | null> {
  const otherId = await mergeProof(db, userId)
  if (!otherId) return null
  const [other] = await db.select(holderColumns).from(users).where(eq(users.id, otherId))
  if (!other) return null
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, otherId))
  return { who: accountName(other), orders: placed?.n ?? 0 }
}

export type MergeRefusal = 'no-proof' | 'same' | 'admin' | 'two-step'

/** Whether `other` may be merged into `me` at all. */
export function mergeRefusal(me: Holder | undefined, other: Holder | undefined): MergeRefusal | null {
  if (!me || !other) return 'no-proof'
  if (me.id === other.id) return 'same'
  if (me.role === 'admin' || other.role === 'admin') return 'admin'
  return null
}

export function mergeRefusalMessage(refusal: MergeRefusal): string {
  if (refusal === 'same') return m.account_merge_same()
  if (refusal === 'admin') return m.account_merge_admin()
  if (refusal === 'two-step') return m.account_merge_two_step()
  return m.account_merge_no_proof()
}

export type MergeResult =
  | { ok: true; orders: number; survivor: MailTarget; merged: MailTarget; otherName: string; survivorName: string }
  | { ok: false; refusal: MergeRefusal }

export interface MailTarget {
  email: string | null
  name: string
}

/**
 * Merges the account the signed-in `userId` proved into it, in one transaction: orders, saved
 * addresses, reviews, the cart and the other records that belong to a shopper move here; ways to sign
 * in that this account lacks (its e-mail and password, its phone, a provider) come with them; the
 * other account is then deleted and the merge recorded in the audit log. Without a proof stored in
 * the last 10 minutes by this very account, nothing changes.
 */
export async function mergeProvenAccount(db: Db, { userId }: { userId: string }): Promise<MergeResult> {
  return db.transaction(async (tx) => {
    const otherId = await mergeProof(tx, userId)
    if (!otherId) return { ok: false, refusal: 'no-proof' }
    const locked = await lockUsers(tx, [userId, otherId])
    const me = locked.get(userId)
    const other = locked.get(otherId)
    const refusal = mergeRefusal(me, other)
    if (refusal || !me || !other) return { ok: false, refusal: refusal ?? 'no-proof' }
    await dropMergeProof(tx, userId)

    const movedOrders = await tx
      .update(orders)
      .set({ userId })
      .where(eq(orders.userId, otherId))
      .returning({ id: orders.id })

    // A once-per-customer coupon both accounts used stays used once per account's record: the other's
    // use keeps its phone (still unique) and loses the account, which would otherwise count twice.
    await tx.execute(sql`
      update coupon_redemptions theirs set user_id = null
      where theirs.user_id = ${otherId} and theirs.once_per_customer and exists (
        select 1 from coupon_redemptions mine
        where mine.user_id = ${userId} and mine.coupon_code = theirs.coupon_code and mine.once_per_customer)`)
    await tx.update(couponRedemptions).set({ userId }).where(eq(couponRedemptions.userId, otherId))

    // One review per product: this account's stays where both reviewed it.
    await tx.execute(sql`
      delete from reviews theirs where theirs.user_id = ${otherId} and exists (
        select 1 from reviews mine where mine.user_id = ${userId} and mine.product_id = theirs.product_id)`)
    await tx.update(reviews).set({ userId }).where(eq(reviews.userId, otherId))

    // The same packet in both carts: the quantities add up (capped as any cart line is).
    await tx.execute(sql`
      update cart_items mine set quantity = least(mine.quantity + theirs.quantity, ${MAX_LINE_QUANTITY}), updated_at = now()
      from cart_items theirs
      where mine.user_id = ${userId} and theirs.user_id = ${otherId}
        and mine.product_id = theirs.product_id and mine.size = theirs.size`)
    await tx.execute(sql`
      delete from cart_items theirs where theirs.user_id = ${otherId} and exists (
        select 1 from cart_items mine
        where mine.user_id = ${userId} and mine.product_id = theirs.product_id and mine.size = theirs.size)`)
    await tx.update(cartItems).set({ userId }).where(eq(cartItems.userId, otherId))

    await moveSavedAddresses(tx, { from: otherId, to: userId })
    await tx.update(pushSubscriptions).set({ userId }).where(eq(pushSubscriptions.userId, otherId))
    await tx.update(whatsappConsents).set({ userId }).where(eq(whatsappConsents.userId, otherId))

    // Ways to sign in: providers move; the other's e-mail and password and its phone come when this
    // account has none of its own (a phone-only account gains the e-mail sign-in it proved).
    const mine = await tx.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId))
    const takeEmail = isPlaceholderEmail(me.email) && !isPlaceholderEmail(other.email)
    const hasCredential = mine.some((row) => row.providerId === 'credential')
    await tx
      .update(accounts)
      .set({ userId, updatedAt: new Date() })
      .where(and(eq(accounts.userId, otherId), ne(accounts.providerId, 'credential')))
    if (takeEmail && !hasCredential) {
      await tx
        .update(accounts)
        .set({ userId, accountId: userId, updatedAt: new Date() })
        .where(and(eq(accounts.userId, otherId), eq(accounts.providerId, 'credential')))
    }
    const takePhone =
      !(me.phoneNumber && me.phoneNumberVerified === true) && other.phoneNumber && other.phoneNumberVerified === true
    const [otherEmail] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, otherId))

    const before = {
      mergedAccount: otherId,
      mergedEmail: isPlaceholderEmail(other.email) ? null : other.email,
      mergedPhone: other.phoneNumber,
    }
    await tx.delete(users).where(eq(users.id, otherId))
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() }
    if (takeEmail) Object.assign(changes, { email: other.email, emailVerified: otherEmail?.emailVerified ?? false })
    if (takePhone) Object.assign(changes, { phoneNumber: other.phoneNumber, phoneNumberVerified: true })
    if (me.name === PHONE_ACCOUNT_NAME && other.name !== PHONE_ACCOUNT_NAME) changes.name = other.name
    await tx.update(users).set(changes).where(eq(users.id, userId))

    const survivorEmail = takeEmail ? other.email : me.email
    await recordAudit(
      tx,
      { id: userId, email: isPlaceholderEmail(survivorEmail) ? null : survivorEmail, name: changes.name ?? me.name },
      {
        action: 'account.merge',
        entity: 'account',
        entityId: userId,
        label: accountName({ ...me, email: survivorEmail }),
        before,
        after: { movedOrders: movedOrders.length, tookEmail: takeEmail, tookPhone: Boolean(takePhone) },
      },
    )
    return {
      ok: true,
      orders: movedOrders.length,
      survivor: { email: isPlaceholderEmail(survivorEmail) ? null : survivorEmail, name: changes.name ?? me.name },
      // The other account's e-mail hears of it too, unless this account took it over.
      merged: { email: takeEmail || isPlaceholderEmail(other.email) ? null : other.email, name: other.name },
      otherName: accountName(other),
      survivorName: accountName({ ...me, email: survivorEmail }),
    }
  })
}

/** The address book moves with the account; the survivor's default stays the only default. */
async function moveSavedAddresses(tx: Tx, { from, to }: { from: string; to: string }): Promise<void> {
  const [survivorDefault] = await tx
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, to), eq(savedAddresses.isDefault, true)))
  if (survivorDefault) {
    await tx
      .update(savedAddresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(eq(savedAddresses.userId, from))
  }
  await tx.update(savedAddresses).set({ userId: to, updatedAt: new Date() }).where(eq(savedAddresses.userId, from))
}

/** Tells an account's real e-mail (never a phone-only placeholder) what changed in how it signs in. */
export async function mailAccountChange(
  { db, mailer, logger, publicUrl }: { db: Tx; mailer: Mailer; logger: Logger; publicUrl: string },
  to: MailTarget,
  change: (locale: { locale: Locale }) => string,
  locale: Locale,
): Promise<void> {
  if (!to.email || isPlaceholderEmail(to.email)) return
  try {
    const { shopName } = await getSettings(db)
    const o = { locale }
    await mailer.send({
      to: to.email,
      subject: m.account_mail_subject({ shopName }, o),
      text: m.account_mail_body({ name: to.name, change: change(o), url: `${publicUrl}/account` }, o),
    })
  } catch (error) {
    logger.error({ err: error }, 'the e-mail about a change to the ways to sign in failed')
  }
}
