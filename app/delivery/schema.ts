import { sql } from 'drizzle-orm'
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Where the shop delivers, kept by the owner (app/delivery/zones.ts matches a PIN code to one). */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** PIN prefixes ('452') and ranges ('452001-452020'), as the owner wrote them. */
    pins: jsonb('pins').$type<string[]>().notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    codAllowed: boolean('cod_allowed').notNull().default(true),
    /** Paise added to the delivery charge of an order to this zone. */
    extraFee: integer('extra_fee').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_zones_days_check', sql`${t.minDays} >= 1 and ${t.maxDays} >= ${t.minDays}`),
    check('delivery_zones_fee_check', sql`${t.extraFee} >= 0`),
  ],
)

/** The delivery calendar: one row (id 1) with the days off besides Sundays and the order cut-off. */
export const deliveryCalendar = pgTable(
  'delivery_calendar',
  {
    id: integer('id').primaryKey().default(1),
    /** 'YYYY-MM-DD' days. */
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    /** 'HH:MM' in IST: orders from then on are counted from the next business day. */
    orderCutoff: text('order_cutoff').notNull().default('14:00'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_calendar_single_row', sql`${t.id} = 1`),
    check('delivery_calendar_cutoff_check', sql`${t.orderCutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
)
