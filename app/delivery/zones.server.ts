// The delivery zones and calendar in the database: read for every quote and order (by a read shared
// with the quotes asked at the same moment; nothing is kept between them, so a change reaches every
// instance at once), changed by the owner one transaction at a time
// with the audit record. An edit or removal from a screen older than the zone's last change is refused.
import { asc, eq } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { freshReader } from '#app/platform/fresh-reader.ts'
import { nextVersion } from '#app/shared/record-version.ts'
import { type DeliveryCalendar, deliveryBy } from './delivery-date.ts'
import { isPinCode } from './pin-code.ts'
import { deliveryCalendar, deliveryZones } from './schema.ts'
import type { CalendarInput, ZoneInput } from './zone-form.ts'
import { matchZone } from './zones.ts'

export type DeliveryZone = typeof deliveryZones.$inferSelect

export class ZoneAdminError extends Error {
  readonly kind: 'not-found' | 'stale'
  constructor(message: string, kind: ZoneAdminError['kind']) {
    super(message)
    this.name = 'ZoneAdminError'
    this.kind = kind
  }
}

const NOT_FOUND = 'This delivery zone does not exist any more. Reload the page to see the zones as they are.'
const STALE = 'This was changed in another window since you opened this page. Reload it and try again.'

/** The zones in the order the owner sees them (the order also breaks ties between equal matches). */
export function listZones(db: Tx): Promise<DeliveryZone[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id))
}

export async function getCalendar(db: Tx): Promise<DeliveryCalendar & { updatedAt: Date }> {
  const [row] = await db.select().from(deliveryCalendar).where(eq(deliveryCalendar.id, 1))
  if (!row) throw new Error('The delivery calendar row is missing: the migrations did not run')
  return { holidays: row.holidays, cutoff: row.orderCutoff, updatedAt: row.updatedAt }
}

/** What the PIN code box and the checkout tell a shopper about a PIN code. */
export type DeliveryQuote =
  | { pin: string; served: false }
  | { pin: string; served: true; zone: string; by: string; codAllowed: boolean; extraFee: number }

interface DeliveryTables {
  zones: readonly DeliveryZone[]
  calendar: DeliveryCalendar
}

const sharedReads = new WeakMap<Db, () => Promise<DeliveryTables>>()

/**
 * The zones and the calendar as a read that began after the call found them, shared by the callers
 * that asked while another read ran (freshReader, as the settings are read): an owner's change reaches
 * every quote asked after it was saved. Frozen: callers share the copy.
 */
function currentDeliveryTables(db: Db): Promise<DeliveryTables> {
  let read = sharedReads.get(db)
  if (!read) {
    read = freshReader(async () => {
      const [zones, calendar] = await Promise.all([listZones(db), getCalendar(db)])
      return Object.freeze({ zones: Object.freeze(zones), calendar: Object.freeze(calendar) })
    })
    sharedReads.set(db, read)
  }
  return read()
}

/** The quote for a valid PIN code at `now`; null for a PIN code that is not six digits starting 1-9. */
export async function deliveryQuote(db: Db, pin: string, now = new Date()): Promise<DeliveryQuote | null> {
  if (!isPinCode(pin)) return null
  const { zones, calendar } = await currentDeliveryTables(db)
  const zone = matchZone(zones, pin)
  if (!zone) return { pin, served: false }
  return {
    pin,
    served: true,
    zone: zone.name,
    by: deliveryBy(now, zone.maxDays, calendar),
    codAllowed: zone.codAllowed,
    extraFee: zone.extraFee,
  }
}

function audited({ createdAt: _created, updatedAt: _updated, ...zone }: DeliveryZone) {
  return zone
}

export async function createZone(db: Db, actor: AuditActor, input: ZoneInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(deliveryZones)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
    if (!created) throw new Error('the delivery zone was not stored')
    await recordAudit(tx, actor, {
      action: 'delivery-zone.create',
      entity: 'delivery-zone',
      entityId: created.id,
      label: created.name,
      before: null,
      after: audited(created),
    })
    return created
  })
}

async function lockZone(tx: Tx, id: string, version: string): Promise<DeliveryZone> {
  const [zone] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update')
  if (!zone) throw new ZoneAdminError(NOT_FOUND, 'not-found')
  if (zone.updatedAt.toISOString() !== version) throw new ZoneAdminError(STALE, 'stale')
  return zone
}

export async function updateZone(
  db: Db,
  actor: AuditActor,
  { id, version, input }: { id: string; version: string; input: ZoneInput },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const before = await lockZone(tx, id, version)
    const [after] = await tx
      .update(deliveryZones)
      .set({ ...input, updatedAt: nextVersion(before.updatedAt, now) })
      .where(eq(deliveryZones.id, id))
      .returning()
    if (!after) throw new ZoneAdminError(NOT_FOUND, 'not-found')
    await recordAudit(tx, actor, {
      action: 'delivery-zone.update',
      entity: 'delivery-zone',
      entityId: id,
      label: after.name,
      before: audited(before),
      after: audited(after),
    })
    return after
  })
}

export async function deleteZone(db: Db, actor: AuditActor, { id, version }: { id: string; version: string }) {
  return db.transaction(async (tx) => {
    const before = await lockZone(tx, id, version)
    await tx.delete(deliveryZones).where(eq(deliveryZones.id, id))
    await recordAudit(tx, actor, {
      action: 'delivery-zone.delete',
      entity: 'delivery-zone',
      entityId: id,
      label: before.name,
      before: audited(before),
      after: null,
    })
    return before
  })
}

export async function saveCalendar(
  db: Db,
  actor: AuditActor,
  { version, input }: { version: string; input: CalendarInput },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(deliveryCalendar).where(eq(deliveryCalendar.id, 1)).for('update')
    if (!before) throw new Error('The delivery calendar row is missing: the migrations did not run')
    if (before.updatedAt.toISOString() !== version) throw new ZoneAdminError(STALE, 'stale')
    const [after] = await tx
      .update(deliveryCalendar)
      .set({ holidays: input.holidays, orderCutoff: input.orderCutoff, updatedAt: nextVersion(before.updatedAt, now) })
      .where(eq(deliveryCalendar.id, 1))
      .returning()
    if (!after) throw new Error('the delivery calendar was not updated')
    await recordAudit(tx, actor, {
      action: 'delivery-calendar.update',
      entity: 'settings',
      entityId: 'delivery-calendar',
      label: 'Delivery holidays and cut-off',
      before: { holidays: before.holidays, orderCutoff: before.orderCutoff },
      after: { holidays: after.holidays, orderCutoff: after.orderCutoff },
    })
    return after
  })
}
