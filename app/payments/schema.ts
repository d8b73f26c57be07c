import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orders } from '../orders/schema.ts'

/** One gateway payment per attempt; an order may have several (retries after a failure). */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    merchantOrderId: text('merchant_order_id').notNull().unique(),
    providerOrderId: text('provider_order_id'),
    amount: integer('amount').notNull(),
    /** The gateway's state: PENDING, COMPLETED or FAILED. */
    state: text('state').notNull().default('PENDING'),
    transactionId: text('transaction_id'),
    redirectUrl: text('redirect_url'),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_attempts_amount_check', sql`${t.amount} > 0`),
    index('payment_attempts_order_idx').on(t.orderId),
    index('payment_attempts_state_idx').on(t.state, t.createdAt),
  ],
)

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    merchantRefundId: text('merchant_refund_id').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    amount: integer('amount').notNull(),
    /** The gateway's state: PENDING, CONFIRMED, COMPLETED or FAILED. */
    state: text('state').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('refunds_amount_check', sql`${t.amount} > 0`), index('refunds_order_idx').on(t.orderId)],
)
