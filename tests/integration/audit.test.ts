// The audit log (app/platform/audit.server.ts) on a real database: what a change records, and the
// admin's list of changes, newest first, page by page, by kind of record.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_PAGE_SIZE, listAudit, recordAudit } from '#app/platform/audit.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const owner = { id: 'owner-id', email: 'owner@shop.test', name: 'Owner' }

describe.each(DATABASE_KINDS)('the audit log on %s', (kind) => {
  let database: Database
  let db: Database['db']

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
  })
  afterAll(() => database.close())

  it('keeps only the fields a change changed, and nothing for a change that changed nothing', async () => {
    const before = { name: 'Ratlami Sev', price250g: 8000, updatedAt: new Date('2026-01-01') }
    await recordAudit(db, owner, {
      action: 'product.update',
      entity: 'product',
      entityId: 'p-1',
      label: 'Ratlami Sev',
      before,
      after: { ...before, price250g: 9000, updatedAt: new Date('2026-02-01') },
    })
    await recordAudit(db, owner, {
      action: 'product.update',
      entity: 'product',
      entityId: 'p-1',
      label: 'Ratlami Sev',
      before,
      after: { ...before, updatedAt: new Date('2026-03-01') },
    })
    const rows = await db.select().from(auditLog)
    expect(rows).toMatchObject([
      {
        actorId: 'owner-id',
        actorEmail: 'owner@shop.test',
        action: 'product.update',
        before: { price250g: 8000 },
        after: { price250g: 9000 },
      },
    ])
  })

  it('keeps the whole record of a creation and of a deletion', async () => {
    await recordAudit(db, owner, {
      action: 'coupon.create',
      entity: 'coupon',
      entityId: 'DIWALI',
      label: 'DIWALI',
      before: null,
      after: { code: 'DIWALI', percentOff: 15 },
    })
    const { rows } = await listAudit(db, { entity: 'coupon' })
    expect(rows).toMatchObject([{ entityId: 'DIWALI', before: null, after: { code: 'DIWALI', percentOff: 15 } }])
  })

  it('lists newest first, a page at a time, without skipping or repeating', async () => {
    for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index++) {
      await recordAudit(
        db,
        { ...owner, email: null },
        {
          action: 'message.handled',
          entity: 'message',
          entityId: `m-${index}`,
          label: `Message ${index}`,
          before: { handled: false },
          after: { handled: true },
        },
      )
    }
    const first = await listAudit(db, { entity: 'message' })
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE)
    expect(first.rows[0]).toMatchObject({ entityId: `m-${AUDIT_PAGE_SIZE + 4}`, actorEmail: 'Owner' })
    const second = await listAudit(db, { entity: 'message', before: first.next! })
    expect(second.next).toBeNull()
    const ids = [...first.rows, ...second.rows].map((row) => row.entityId)
    expect(new Set(ids).size).toBe(AUDIT_PAGE_SIZE + 5)
    expect(ids.at(-1)).toBe('m-0')
  })

  it('pages through changes made within one millisecond (the database keeps microseconds)', async () => {
    // A Date keeps milliseconds only: a cursor read into one skipped the rest of its millisecond.
    for (let index = 0; index < AUDIT_PAGE_SIZE + 5; index++) {
      await db.insert(auditLog).values({
        actorEmail: 'Owner',
        action: 'review.approve',
        entity: 'review',
        entityId: `r-${index}`,
        createdAt: sql`timestamptz '2026-11-24 10:00:00.123000+00' + ${index} * interval '1 microsecond'`,
      })
    }
    const first = await listAudit(db, { entity: 'review' })
    const second = await listAudit(db, { entity: 'review', before: first.next! })
    const ids = [...first.rows, ...second.rows].map((row) => row.entityId)
    expect(ids).toEqual(Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, index) => `r-${AUDIT_PAGE_SIZE + 4 - index}`))
  })
})
