import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/schema.ts'
import { orders } from '../orders/schema.ts'
import { COURIERS } from './courier-names.ts'

export const SHIPMENT_PROVIDERS = ['manual'] as const

/**
 * Each time an order is marked Shipped: who carries it and how it is followed. The order's latest row
 * is its shipment; older rows are kept (an order sent again after coming back). 'manual' is the owner
 * typing the courier and number; a courier booked through an aggregator will be another provider.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SHIPMENT_PROVIDERS }).notNull().default('manual'),
    courier: text('courier', { enum: COURIERS }).notNull(),
    /** The courier's name as the owner typed it, for another courier; null otherwise. */
    courierName: text('courier_name'),
    /** The AWB or consignment number; null for the shop's own rider. */
    awb: text('awb'),
    /** The parcel's page, filled from the courier's template when it was shipped; null when none. */
    trackingUrl: text('tracking_url'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipments_provider_check', sql`${t.provider} in ('manual')`),
    check(
      'shipments_courier_check',
      sql`${t.courier} in ('india_post', 'dtdc', 'delhivery', 'bluedart', 'ekart', 'xpressbees', 'own_rider', 'other')`,
    ),
    check('shipments_courier_name_check', sql`(${t.courier} = 'other') = (${t.courierName} is not null)`),
    check('shipments_awb_check', sql`(${t.courier} = 'own_rider') = (${t.awb} is null)`),
    check(
      'shipments_tracking_url_check',
      sql`${t.trackingUrl} is null or (${t.trackingUrl} like 'https://%' and ${t.courier} <> 'own_rider')`,
    ),
    index('shipments_order_idx').on(t.orderId, t.createdAt),
  ],
)
