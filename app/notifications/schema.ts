import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/schema.ts'
import { orders } from '../orders/schema.ts'

/** Live alerts for the admin (new order, payment received ...). */
export const adminNotificationsRealtime = pgTable(
  'admin_notifications_realtime',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One notification or more per order, so these grow like orders: Recent Activity reads the newest
  // (backwards: see the note on orders' indexes), the badge counts the unread, Details an order's.
  (t) => [
    index('admin_notifications_realtime_created_idx').on(t.createdAt, t.id),
    index('admin_notifications_realtime_unread_idx').on(t.createdAt).where(sql`${t.isRead} = false`),
    index('admin_notifications_realtime_order_idx').on(t.orderId),
  ],
)

/** Push notifications the admin sent to subscribed visitors. */
export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    imageUrl: text('image_url'),
    targetUrl: text('target_url'),
    /** Subscriptions the fan-out has tried so far; the next three split them by outcome. */
    sentCount: integer('sent_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** Subscriptions the push service called gone (404/410), deleted while sending. */
    removedCount: integer('removed_count').notNull().default(0),
    /**
     * The last subscription id the fan-out finished (keyset order): a job claimed again after a
     * crash resumes after it instead of sending everyone the message twice.
     */
    cursor: uuid('cursor'),
    sentBy: text('sent_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('admin_notifications_title_check', sql`char_length(${t.title}) between 1 and 50`),
    check('admin_notifications_message_check', sql`char_length(${t.message}) between 1 and 120`),
    // The History list: the newest 50.
    index('admin_notifications_created_idx').on(t.createdAt, t.id),
  ],
)

/** A Web Push subscription (endpoint and keys), anonymous or tied to a signed-in user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id'),
    endpoint: text('endpoint').notNull().unique(),
    authKey: text('auth_key').notNull(),
    p256dhKey: text('p256dh_key').notNull(),
    userAgent: text('user_agent'),
    isActive: boolean('is_active').notNull().default(true),
    /** One of the shop owner's devices: it gets a push for every new order. */
    isOwner: boolean('is_owner').notNull().default(false),
    /** When the browser said the subscription lapses (PushSubscription.expirationTime), if it did. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_active_idx').on(t.isActive),
    // New-order alerts read only the owner's few devices, never the shoppers' thousands.
    index('push_subscriptions_owner_idx').on(t.id).where(sql`${t.isOwner}`),
  ],
)

/**
 * The shop's VAPID key pair when VAPID_* is not set: generated once, and kept in the database (one
 * row, first writer wins) so every instance on one database and every restart signs with the same
 * keys; browsers' subscriptions are bound to the public key.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_single_row', sql`${t.id} = 1`)],
)
