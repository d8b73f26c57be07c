// Tables of the platform itself (background jobs, rate limits), and the whole schema in one object.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

export const OUTBOX_STATUSES = ['pending', 'running', 'done', 'parked'] as const

/** Transactional outbox: jobs written with the data they announce, delivered by a worker. */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The payload carries a secret (a delivery OTP): it is wiped once the job is done or parked. */
    sensitive: boolean('sensitive').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_jobs_status_check', sql`${t.status} in ('pending', 'running', 'done', 'parked')`),
    index('outbox_jobs_due_idx').on(t.status, t.runAfter),
  ],
)

/** Fixed-window counters shared by every app instance (sign-in, OTP, contact form ...). */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * The shop's change feed, for live screens (Server-Sent Events). Rows are written by database
 * triggers (see the migration that creates this table): an order inserted or updated, an admin
 * notification inserted. Each insert also runs pg_notify('shop_events', id), which PostgreSQL
 * delivers to every listening app instance when the transaction commits. The ids let a reconnecting
 * browser ask for what it missed (Last-Event-ID). Old rows are pruned.
 */
export const shopEvents = pgTable(
  'shop_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'order' (an order was placed or changed) or 'notification' (an admin notification was written). */
    topic: text('topic').notNull(),
    orderId: uuid('order_id'),
    notificationId: uuid('notification_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_events_created_idx').on(t.createdAt)],
)

/**
 * Every change an admin makes (a product saved, a setting changed, an order's status, a review
 * approved ...): what, on which record, the record before and after, who and when. Written in the
 * change's own transaction by app/platform/audit.server.ts; listed in the admin's Audit tab.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The admin's user id (kept as text: the row outlives the account). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** e.g. 'product.update', 'settings.update', 'order.status'. */
    action: text('action').notNull(),
    /** e.g. 'product', 'blog', 'settings', 'coupon', 'order', 'review', 'message'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** A one-line description for the list, e.g. 'Ratlami Sev'. */
    label: text('label').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
  ],
)

/**
 * One row: the version of everything the shop's public pages show (products and their stock,
 * categories, settings, blog posts, reviews and their authors' names, coupons). Database triggers
 * add one to it in every transaction that changes those tables, just before it commits (see the
 * migration that creates this table); the page cache (app/platform/page-cache.server.ts) serves a
 * stored page only while the version it was rendered at is still the current one.
 */
export const pageCacheVersion = pgTable(
  'page_cache_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('page_cache_version_one_row', sql`${t.id} = 1`)],
)
