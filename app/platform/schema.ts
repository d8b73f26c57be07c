// Tables of the platform itself (background jobs, rate limits), and the whole schema in one object.
import { sql } from 'drizzle-orm'
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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
