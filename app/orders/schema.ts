import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { LOCALES } from '#app/i18n/locale.ts'
import { users } from '../accounts/schema.ts'
import { products } from '../catalog/schema.ts'
import { SIZES } from '../catalog/sizes.ts'
import { ORDER_STATUSES, PAYMENT_STATUSES } from './status.ts'

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    subtotalAmount: integer('subtotal_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Paise: the shop's delivery fee (0 when free) plus the delivery zone's extra fee. */
    deliveryFee: integer('delivery_fee').notNull(),
    /** The delivery zone's name when the order was placed (null for orders placed before zones). */
    deliveryZone: text('delivery_zone'),
    /** Paise: the part of delivery_fee the zone added. */
    deliveryZoneFee: integer('delivery_zone_fee').notNull().default(0),
    /** The day the zone promised at checkout, 'YYYY-MM-DD' in IST (null for orders placed before the promise was kept). */
    deliveryBy: date('delivery_by', { mode: 'string' }),
    totalAmount: integer('total_amount').notNull(),
    couponCode: text('coupon_code'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** One string: 'address, city, state - pincode'. */
    shippingAddress: text('shipping_address').notNull(),
    phone: text('phone').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    deliveryOtpRequired: boolean('delivery_otp_required').notNull().default(false),
    deliveryOtpVerified: boolean('delivery_otp_verified').notNull().default(false),
    deliveryOtpHash: text('delivery_otp_hash'),
    deliveryOtpExpiresAt: timestamp('delivery_otp_expires_at', { withTimezone: true }),
    deliveryOtpAttempts: integer('delivery_otp_attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set once when the order's reserved stock goes back on the shelf (cancelled or unpaid). */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** Hash of the browser session that placed the order, so a guest can see its own result pages. */
    placedBySession: text('placed_by_session'),
    /** When the shopper ticked the terms and privacy box at checkout (consent is recorded, never pre-ticked). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The language the order was placed in: its e-mails and SMS are written in it. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_money_check',
      sql`${t.subtotalAmount} >= 0 and ${t.discountAmount} >= 0 and ${t.deliveryFee} >= 0 and ${t.totalAmount} >= 0`,
    ),
    check('orders_status_check', sql`${t.status} in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in ('pending', 'paid', 'failed')`),
    check('orders_locale_check', sql`${t.locale} in ('en', 'hi')`),
    check('orders_otp_attempts_check', sql`${t.deliveryOtpAttempts} >= 0`),
    // Ascending on purpose: 'order by created_at desc' reads them backwards. (Drizzle writes .desc() as
    // DESC NULLS LAST, which such a query cannot use.)
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The admin's order list: newest first, filtered by status or payment, searched by number, phone or name.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    index('orders_payment_status_idx').on(t.paymentMethod, t.paymentStatus, t.createdAt),
    index('orders_phone_idx').on(t.phone),
    index('orders_number_idx').on(sql`right(${t.id}::text, 8)`),
    index('orders_customer_name_idx').using('gin', sql`to_tsvector('simple', ${t.customerName})`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    size: text('size', { enum: SIZES }).notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit price in paise for the chosen size, as charged. */
    price: integer('price').notNull(),
    /** The line's place in the order, as the cart listed it (0 first): cards show the first lines. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('order_items_size_check', sql`${t.size} in ('250g', '500g', '1kg')`),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.price} >= 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
)

/** Every status change: from, to, who, when. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** The user who made the change, or null for the shop itself (checkout, payment gateway). */
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
)

export const COUPON_KINDS = ['percent', 'flat'] as const

export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    /** 'percent' takes percent_off of the subtotal; 'flat' takes amount_off paise (at most the subtotal). */
    kind: text('kind', { enum: COUPON_KINDS }).notNull().default('percent'),
    percentOff: integer('percent_off'),
    /** Paise. */
    amountOff: integer('amount_off'),
    /** Paise: the subtotal an order needs for the coupon to apply. */
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    /** Only for a customer's first order (by account or phone number). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** A customer (account or phone number) may use it once. */
    onePerCustomer: boolean('one_per_customer').notNull().default(true),
    /** Uses in all, or null for no limit. */
    maxUses: integer('max_uses'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_amount_check',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOff} is null) or (${t.kind} = 'flat' and ${t.amountOff} > 0 and ${t.percentOff} is null)`,
    ),
    check('coupons_min_order_check', sql`${t.minOrderAmount} >= 0`),
    check('coupons_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
    check('coupons_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('coupons_code_check', sql`${t.code} = upper(${t.code})`),
  ],
)

/** One row per use of a coupon. A customer (account or phone number) uses a one-per-customer coupon once:
 * the partial unique indexes make a second, even concurrent, redemption fail. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    /** The coupon's one_per_customer when it was redeemed: only such uses are unique per customer. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_user_idx').on(t.couponCode, t.userId).where(sql`${t.oncePerCustomer}`),
    uniqueIndex('coupon_redemptions_phone_idx').on(t.couponCode, t.phone).where(sql`${t.oncePerCustomer}`),
    index('coupon_redemptions_code_idx').on(t.couponCode),
  ],
)

/** Remembers the outcome of a request carrying an idempotency key, so a retry returns it again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
)

/**
 * The stat cards' rollup (app/orders/order-stats.server.ts): orders and the sum of their total_amount
 * per India calendar day of created_at, status, payment method and payment status. Kept exact by
 * triggers on orders (in the migration that creates this table, drizzle/0004_order_stats_rollup.sql),
 * which only append to order_stat_deltas; the compactor folds those deltas in here. Readers sum both.
 */
export const orderDailyStats = pgTable(
  'order_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull(),
    /** Paise: the sum of the orders' total_amount, cancelled or not (readers decide what counts). */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'order_daily_stats_pk', columns: [t.day, t.status, t.paymentMethod, t.paymentStatus] })],
)

/**
 * Signed changes to order_daily_stats not folded in yet: +1 and the amount for an order inserted,
 * -1 and minus the amount for one deleted, both for one whose counted facts changed. Append-only for
 * everyone but the compactor, so concurrent checkouts never wait on a shared counter row; no index,
 * no key, so an append costs one heap write.
 */
export const orderStatDeltas = pgTable('order_stat_deltas', {
  day: date('day', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  paymentMethod: text('payment_method').notNull(),
  paymentStatus: text('payment_status').notNull(),
  orderCount: integer('order_count').notNull(),
  totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
})

/**
 * The Sales tab's best sellers without scanning order lines: packets and amount per India calendar
 * day of the order and product name, over orders that are not cancelled. Kept exact by triggers on
 * order_items and orders (drizzle/0006_product_sales_rollup.sql) that append to product_sales_deltas;
 * the orders-stats compactor folds those in here. Readers sum both.
 */
export const productDailySales = pgTable(
  'product_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productName: text('product_name').notNull(),
    packets: bigint('packets', { mode: 'number' }).notNull(),
    /** Paise: quantity x unit price, before coupons and delivery. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'product_daily_sales_pk', columns: [t.day, t.productName] })],
)

export const productSalesDeltas = pgTable('product_sales_deltas', {
  day: date('day', { mode: 'string' }).notNull(),
  productName: text('product_name').notNull(),
  packets: integer('packets').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
})
