// The owner's coupons (Settings tab): the list with each coupon's uses, and creating, editing,
// disabling and enabling one. Each change is one transaction with its audit record; an edit or a
// switch from a screen older than the coupon's last change is refused (version = updated_at).

import { count, desc, eq } from 'drizzle-orm'
import { couponRedemptions, coupons } from '#app/orders/schema.ts'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { nextVersion } from '#app/shared/record-version.ts'
import type { CouponTermsInput } from './coupon-form.ts'
import type { CouponRow } from './coupons.server.ts'

export class CouponAdminError extends Error {
  readonly kind: 'not-found' | 'stale' | 'taken' | 'unchanged'
  constructor(message: string, kind: CouponAdminError['kind']) {
    super(message)
    this.name = 'CouponAdminError'
    this.kind = kind
  }
}

export interface CouponListItem extends CouponRow {
  /** Orders that used it. */
  uses: number
}

export async function listCoupons(db: Tx): Promise<CouponListItem[]> {
  const uses = db
    .select({ code: couponRedemptions.couponCode, uses: count().as('uses') })
    .from(couponRedemptions)
    .groupBy(couponRedemptions.couponCode)
    .as('uses')
  const rows = await db
    .select({ coupon: coupons, uses: uses.uses })
    .from(coupons)
    .leftJoin(uses, eq(uses.code, coupons.code))
    .orderBy(desc(coupons.isActive), desc(coupons.createdAt), coupons.code)
  return rows.map((row) => ({ ...row.coupon, uses: Number(row.uses ?? 0) }))
}

export async function findCoupon(db: Tx, code: string): Promise<CouponListItem | null> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code))
  if (!coupon) return null
  const uses = await db.$count(couponRedemptions, eq(couponRedemptions.couponCode, code))
  return { ...coupon, uses }
}

const NOT_FOUND = 'This coupon does not exist.'
const STALE = 'This coupon was changed in another window since you opened it. Reload the page and try again.'

/** The record an audit entry keeps of a coupon: its terms, without bookkeeping. */
function audited({ createdAt: _created, updatedAt: _updated, ...coupon }: CouponRow) {
  return coupon
}

export async function createCoupon(
  db: Db,
  actor: AuditActor,
  code: string,
  terms: CouponTermsInput,
  now = new Date(),
): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(coupons)
      .values({ code, ...terms, isActive: true, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!created) throw new CouponAdminError(`A coupon ${code} already exists: choose another code.`, 'taken')
    await recordAudit(tx, actor, {
      action: 'coupon.create',
      entity: 'coupon',
      entityId: code,
      label: code,
      before: null,
      after: audited(created),
    })
    return created
  })
}

/** Locks the coupon for the change and checks the screen's version of it. */
async function lockForChange(tx: Tx, code: string, version: string): Promise<CouponRow> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update')
  if (!coupon) throw new CouponAdminError(NOT_FOUND, 'not-found')
  if (coupon.updatedAt.toISOString() !== version) throw new CouponAdminError(STALE, 'stale')
  return coupon
}

export async function updateCoupon(
  db: Db,
  actor: AuditActor,
  input: { code: string; version: string; terms: CouponTermsInput },
  now = new Date(),
): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, input.code, input.version)
    const [after] = await tx
      .update(coupons)
      .set({ ...input.terms, updatedAt: nextVersion(before.updatedAt, now) })
      .where(eq(coupons.code, input.code))
      .returning()
    if (!after) throw new CouponAdminError(NOT_FOUND, 'not-found')
    await recordAudit(tx, actor, {
      action: 'coupon.update',
      entity: 'coupon',
      entityId: input.code,
      label: input.code,
      before: audited(before),
      after: audited(after),
    })
    return after
  })
}

/** Disables (shoppers are told it is no longer available) or enables a coupon; its uses stay counted. */
export async function setCouponActive(
  db: Db,
  actor: AuditActor,
  input: { code: string; version: string; active: boolean },
  now = new Date(),
): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, input.code, input.version)
    if (before.isActive === input.active) {
      throw new CouponAdminError(`${input.code} is already ${input.active ? 'enabled' : 'disabled'}.`, 'unchanged')
    }
    const [after] = await tx
      .update(coupons)
      .set({ isActive: input.active, updatedAt: nextVersion(before.updatedAt, now) })
      .where(eq(coupons.code, input.code))
      .returning()
    if (!after) throw new CouponAdminError(NOT_FOUND, 'not-found')
    await recordAudit(tx, actor, {
      action: input.active ? 'coupon.enable' : 'coupon.disable',
      entity: 'coupon',
      entityId: input.code,
      label: input.code,
      before: audited(before),
      after: audited(after),
    })
    return after
  })
}
