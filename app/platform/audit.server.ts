// The audit trail: every change an admin makes is recorded with the record before and after, who made
// it and when. Callers write it inside the change's own transaction, so a change and its record land
// together or not at all. Secrets never belong in `before`/`after` (pass what the owner may read).
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Tx } from './db.server.ts'
import { auditLog } from './schema.ts'

/** Who made a change: the signed-in admin. */
export interface AuditActor {
  id: string
  /** Null for an account made with a phone number only. */
  email: string | null
  name: string
}

export interface AuditEntry {
  /** e.g. 'product.create', 'product.update', 'product.archive', 'settings.update'. */
  action: string
  /** e.g. 'product', 'blog', 'settings', 'coupon', 'order', 'review', 'message'. */
  entity: string
  entityId: string
  /** What the list shows for the record, e.g. the product's name. */
  label: string
  /** The record before the change (null when created). */
  before: unknown
  /** The record after the change (null when deleted). */
  after: unknown
}

/** JSON of a record, dates as ISO strings, for storing and comparing. */
function plain(value: unknown): unknown {
  return value === null || value === undefined ? null : JSON.parse(JSON.stringify(value))
}

/**
 * Records one admin change. With both `before` and `after`, only the fields that differ are kept, so
 * the list says exactly what changed; a change that changed nothing is not recorded.
 */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  let before = plain(entry.before)
  let after = plain(entry.after)
  if (isRecord(before) && isRecord(after)) {
    const [was, is] = [before, after]
    const changed = Object.keys({ ...was, ...is }).filter(
      (key) => key !== 'updatedAt' && JSON.stringify(was[key]) !== JSON.stringify(is[key]),
    )
    if (changed.length === 0) return
    before = Object.fromEntries(changed.map((key) => [key, was[key] ?? null]))
    after = Object.fromEntries(changed.map((key) => [key, is[key] ?? null]))
  }
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email ?? actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    label: entry.label,
    before,
    after,
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export type AuditRow = typeof auditLog.$inferSelect

export const AUDIT_PAGE_SIZE = 50

/** A page of the trail, newest first; `before` is the id of the last row of the previous page. */
export async function listAudit(
  db: Tx,
  { entity, before }: { entity?: string; before?: number },
): Promise<{ rows: AuditRow[]; next: number | null }> {
  const conditions: SQL[] = []
  if (entity) conditions.push(eq(auditLog.entity, entity))
  if (before) {
    // Compared in the database: created_at keeps microseconds, which a JavaScript Date would drop
    // (rows in the cursor's millisecond were skipped). An unknown cursor gives an empty page.
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from ${auditLog} c where c.id = ${before})`,
    )
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
  const more = rows.length > AUDIT_PAGE_SIZE
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), next: more ? (rows[AUDIT_PAGE_SIZE - 1]?.id ?? null) : null }
}
