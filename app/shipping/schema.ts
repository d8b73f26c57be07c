import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../accounts/schema.ts'
import { orders } from '../orders/schema.ts'
import { COURIERS } from './courier-names.ts'
import { TRACK_STATES } from './track-states.ts'

export const SHIPMENT_PROVIDERS = ['manual', 'shiprocket'] as const

/**
 * Each time an order is marked Shipped or booked with a courier: who carries it and how it is
 * followed. The order's latest row is its shipment; older rows are kept (an order sent again after
 * coming back, a booking cancelled). 'manual' is the owner typing the courier and number; 'shiprocket'
 * a parcel booked through the aggregator, whose booking steps and tracking fill the columns below
 * (decisions 025 and 026).
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
    /** The courier's name as the owner typed it, or as Shiprocket names it; null for a listed courier. */
    courierName: text('courier_name'),
    /** The AWB or consignment number; null for the shop's own rider, and for a booking before its AWB. */
    awb: text('awb'),
    /** The parcel's page, filled from the courier's template when it was shipped; null when none. */
    trackingUrl: text('tracking_url'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),

    // A Shiprocket booking (provider 'shiprocket'); null for the manual ones.
    /** The order id Shiprocket knows the booking by: our order number, '-R2' and on for a booking again. */
    channelOrderId: text('channel_order_id'),
    srOrderId: bigint('sr_order_id', { mode: 'number' }),
    srShipmentId: bigint('sr_shipment_id', { mode: 'number' }),
    courierCompanyId: integer('courier_company_id'),
    /** What Shiprocket quoted the shop for the parcel when it was chosen, in paise. */
    quotedRate: integer('quoted_rate'),
    awbAssignedAt: timestamp('awb_assigned_at', { withTimezone: true }),
    /** The label PDF, kept in the file store (its URL at Shiprocket may not last). */
    labelKey: text('label_key'),
    pickupRequestedAt: timestamp('pickup_requested_at', { withTimezone: true }),
    manifestedAt: timestamp('manifested_at', { withTimezone: true }),
    /** While a booking step is under way (one admin, one process): nobody else starts one. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Why the last booking step failed, for the owner; cleared when a step succeeds. */
    bookingError: text('booking_error'),
    /** Where the parcel is; null until it is booked (has its AWB), and for manual shipments. */
    trackState: text('track_state', { enum: TRACK_STATES }),
    /** Shiprocket's status id last applied, and the time of the scan it came with. */
    trackStatusId: integer('track_status_id'),
    trackStatusAt: timestamp('track_status_at', { withTimezone: true }),
    /** The courier's reason for the last failed delivery attempt (NDR). */
    ndrReason: text('ndr_reason'),
    /** The courier's expected delivery day, 'YYYY-MM-DD' in IST. */
    expectedBy: date('expected_by', { mode: 'string' }),
    /** The last time Shiprocket told the shop anything about it, or was asked: the reconciler's clock. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('shipments_provider_check', sql`${t.provider} in ('manual', 'shiprocket')`),
    check(
      'shipments_courier_check',
      sql`${t.courier} in ('india_post', 'dtdc', 'delhivery', 'bluedart', 'ekart', 'xpressbees', 'own_rider', 'other')`,
    ),
    check('shipments_courier_name_check', sql`(${t.courier} = 'other') = (${t.courierName} is not null)`),
    check(
      'shipments_awb_check',
      sql`(${t.provider} = 'manual' and (${t.courier} = 'own_rider') = (${t.awb} is null)) or (${t.provider} = 'shiprocket' and ${t.courier} <> 'own_rider')`,
    ),
    check(
      'shipments_tracking_url_check',
      sql`${t.trackingUrl} is null or (${t.trackingUrl} like 'https://%' and ${t.courier} <> 'own_rider')`,
    ),
    check(
      'shipments_booking_check',
      sql`(${t.provider} = 'shiprocket') = (${t.channelOrderId} is not null and ${t.courierCompanyId} is not null)`,
    ),
    check(
      'shipments_track_state_check',
      sql`${t.trackState} is null or ${t.trackState} in ('booked', 'in_transit', 'out_for_delivery', 'undelivered', 'delivered', 'rto', 'rto_delivered', 'cancelled', 'lost')`,
    ),
    index('shipments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('shipments_channel_order_idx').on(t.channelOrderId),
    uniqueIndex('shipments_awb_provider_idx').on(t.awb).where(sql`${t.provider} = 'shiprocket'`),
    // The Shipping view's lists and the reconciler's "no news for hours" both go by state.
    index('shipments_track_state_idx').on(t.trackState, t.checkedAt),
  ],
)

/**
 * Each scan of a booked parcel, from a webhook or a poll, once (a repeat is the same row): the
 * timeline on Track Order and My Orders.
 */
export const shipmentScans = pgTable(
  'shipment_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The courier's own scan code (X-PPOM). */
    code: text('code').notNull().default(''),
    activity: text('activity').notNull(),
    location: text('location').notNull().default(''),
    /** Shiprocket's status id of the scan; null for scans without one ("NA"). */
    statusId: integer('status_id'),
  },
  (t) => [uniqueIndex('shipment_scans_unique_idx').on(t.shipmentId, t.at, t.code, t.activity)],
)

/**
 * Every tracking webhook the shop accepted, stored before it is acted on: the raw body, its dedupe
 * key (awb, status id, newest scan time) and what applying it did. A repeat is not stored again.
 */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull(),
    awb: text('awb'),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What applying it did: 'applied', 'older', 'final', 'unknown-awb', 'return', 'ignored'. */
    outcome: text('outcome'),
    /** Tries that failed; after five it is left for the owner's log, not tried again. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('courier_events_dedupe_idx').on(t.dedupeKey),
    index('courier_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
)
