// The orders desk's reads: the admin's order list (filters, keyset pages, counts per status), one
// order's details with its history and payments, the notifications, and the CSV export.
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, notExists, or, type SQL, sql } from 'drizzle-orm'
import { users } from '#app/accounts/schema.ts'
import { INVOICE_NOT_ISSUED, needsInvoice } from '#app/invoices/issue-invoice.server.ts'
import { invoices } from '#app/invoices/schema.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { paymentAttempts, refunds } from '#app/payments/schema.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { istDayEnd, istDayStart } from '#app/shared/india-day.ts'
import { toBookingView } from '#app/shipping/admin/booking-view.ts'
import { liveBooking } from '#app/shipping/booking.server.ts'
import { latestShipments } from '#app/shipping/shipments.server.ts'
import { orderWhatsAppNotices } from '#app/whatsapp/notice-list.server.ts'
import {
  ADMIN_ORDERS_PER_PAGE,
  type AdminNotificationView,
  type AdminOrderCard,
  type AdminOrderDetails,
  type AdminOrderFilters,
  type AdminOrdersPage,
  decodeCursor,
  encodeCursor,
  type OrderCursor,
  OTP_MAX_ATTEMPTS,
  orderSearch,
  RECENT_ACTIVITY,
  type StatusCounts,
} from './admin-orders.ts'
import { countOrdersFromStats } from './order-stats.server.ts'
import { orderItems, orderStatusHistory, orders } from './schema.ts'
import { ITEMS_ON_CARD, ORDER_STATUSES, orderNumber } from './status.ts'

/** A filter the URL carried that cannot be read (a page cursor that is not ours). */
export class BadOrderFilter extends Error {
  override name = 'BadOrderFilter'
}

/** Notifications that ask the owner to act on an order's money. */
const PAYMENT_NOTICE_TYPES = [
  'payment_twice',
  'payment_after_cancel',
  'payment_after_release',
  'payment_amount_mismatch',
  'refund_failed',
] as const

/** The creation time in microseconds, for page cursors. */
export const createdMicros = sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`

/** Orders after the cursor in the list's order (newest first): a row comparison the index answers. */
export function olderThan(cursor: OrderCursor): SQL {
  return sql`(${orders.createdAt}, ${orders.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
}

/** Every filter but the status and the page: the counts per status are taken under these. */
export function orderConditions(filters: AdminOrderFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.from) conditions.push(gte(orders.createdAt, istDayStart(filters.from)))
  if (filters.to) conditions.push(lt(orders.createdAt, istDayEnd(filters.to)))
  if (filters.method === 'cod') conditions.push(eq(orders.paymentMethod, 'cod'))
  // Every online provider's orders ('online', or a provider's lower-case name).
  if (filters.method === 'online') conditions.push(sql`${orders.paymentMethod} <> 'cod'`)
  if (filters.payment) conditions.push(eq(orders.paymentStatus, filters.payment))
  const search = orderSearch(filters.q)
  if (search?.kind === 'number') conditions.push(sql`right(${orders.id}::text, 8) = ${search.number}`)
  if (search?.kind === 'phone') conditions.push(eq(orders.phone, search.phone))
  // A scan of the phone column (the desk's search, over a small shop's orders), past its '+91': '9198'
  // is not every number that starts with 98.
  if (search?.kind === 'phone-part') conditions.push(like(sql`substr(${orders.phone}, 4)`, `%${search.digits}%`))
  if (search?.kind === 'name') {
    const query = search.words.map((word) => `${word.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ')
    conditions.push(sql`to_tsvector('simple', ${orders.customerName}) @@ to_tsquery('simple', ${query})`)
  }
  return conditions
}

/**
 * Orders per status under the filters (whatever the status filter), and all of them. Without a search
 * the order stats rollup answers (IST days, payment method and status are its keys), whatever the
 * number of orders; a search counts its matches directly, which are few.
 */
export async function countOrdersByStatus(db: Tx, filters: AdminOrderFilters): Promise<StatusCounts> {
  if (!orderSearch(filters.q)) return countOrdersFromStats(db, filters)
  const rows = await db
    .select({ status: orders.status, value: count() })
    .from(orders)
    .where(and(...orderConditions(filters)))
    .groupBy(orders.status)
  const counts = Object.fromEntries([...ORDER_STATUSES, 'all'].map((status) => [status, 0])) as StatusCounts
  for (const row of rows) {
    counts[row.status] = Number(row.value)
    counts.all += Number(row.value)
  }
  return counts
}

const cardColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  status: orders.status,
  customerName: orders.customerName,
  phone: orders.phone,
  totalAmount: orders.totalAmount,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  deliveryOtpRequired: orders.deliveryOtpRequired,
  deliveryOtpVerified: orders.deliveryOtpVerified,
  deliveryZone: orders.deliveryZone,
  deliveryZoneFee: orders.deliveryZoneFee,
  deliveryBy: orders.deliveryBy,
}

type Column<C extends { _: { data: unknown; notNull: boolean } }> = C['_']['notNull'] extends true
  ? C['_']['data']
  : C['_']['data'] | null
type CardRow = { [K in keyof typeof cardColumns]: Column<(typeof cardColumns)[K]> } & { micros?: string }

async function toCards(db: Tx, rows: CardRow[]): Promise<AdminOrderCard[]> {
  const ids = rows.map((row) => row.id)
  const [shipmentOf, lines] = await Promise.all([
    latestShipments(db, ids),
    ids.length
      ? db
          .select({
            orderId: orderItems.orderId,
            productName: orderItems.productName,
            size: orderItems.size,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id))
      : [],
  ])
  const byOrder = new Map<string, typeof lines>()
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line])
  return rows.map(({ updatedAt, micros: _micros, ...row }) => {
    const items = byOrder.get(row.id) ?? []
    return {
      ...row,
      number: orderNumber(row.id),
      createdAt: row.createdAt.toISOString(),
      version: updatedAt.toISOString(),
      itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
      firstItems: items
        .slice(0, ITEMS_ON_CARD)
        .map(({ productName, size, quantity }) => ({ productName, size, quantity })),
      moreItems: Math.max(0, items.length - ITEMS_ON_CARD),
      shipment: shipmentOf.get(row.id) ?? null,
    }
  })
}

/** One page of the admin's order list, newest first. */
export async function listAdminOrders(db: Tx, filters: AdminOrderFilters): Promise<AdminOrdersPage> {
  const cursor = filters.cursor ? decodeCursor(filters.cursor) : null
  if (filters.cursor && !cursor) throw new BadOrderFilter('That page link is not valid. Start from the first page.')
  const conditions = orderConditions(filters)
  if (filters.status) conditions.push(eq(orders.status, filters.status))
  if (cursor) conditions.push(olderThan(cursor))
  const [rows, counts] = await Promise.all([
    db
      .select({ ...cardColumns, micros: createdMicros })
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PER_PAGE + 1),
    countOrdersByStatus(db, filters),
  ])
  const page = rows.slice(0, ADMIN_ORDERS_PER_PAGE)
  const last = page.at(-1)
  return {
    orders: await toCards(db, page),
    counts,
    nextCursor: rows.length > ADMIN_ORDERS_PER_PAGE && last ? encodeCursor(last) : null,
    filters,
  }
}

/** The latest notifications (Recent Activity), newest first. */
export async function recentNotifications(db: Tx, limit = RECENT_ACTIVITY): Promise<AdminNotificationView[]> {
  const rows = await db
    .select()
    .from(adminNotificationsRealtime)
    .orderBy(desc(adminNotificationsRealtime.createdAt), desc(adminNotificationsRealtime.id))
    .limit(limit)
  return rows.map(toNotificationView)
}

export function toNotificationView(row: typeof adminNotificationsRealtime.$inferSelect): AdminNotificationView {
  return {
    id: row.id,
    type: row.type,
    orderId: row.orderId,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function unreadNotificationCount(db: Tx): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(adminNotificationsRealtime)
    .where(eq(adminNotificationsRealtime.isRead, false))
  return Number(row?.value ?? 0)
}

/** Marks every unread notification read; returns how many were. */
export async function markAllNotificationsRead(db: Tx): Promise<number> {
  const rows = await db
    .update(adminNotificationsRealtime)
    .set({ isRead: true })
    .where(eq(adminNotificationsRealtime.isRead, false))
    .returning({ id: adminNotificationsRealtime.id })
  return rows.length
}

/**
 * Everything the Details dialog shows of one order; null for an unknown id. `shippingConfigured`: the
 * shop books parcels through Shiprocket (services.shipping is set), so a confirmed order offers it.
 */
export async function getAdminOrderDetails(
  db: Tx,
  orderId: string,
  { now = new Date(), shippingConfigured = false }: { now?: Date; shippingConfigured?: boolean } = {},
): Promise<AdminOrderDetails | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [[card], items, history, attempts, refundRows, notices, booking, whatsappNotices] = await Promise.all([
    toCards(db, [order]),
    db
      .select({
        productName: orderItems.productName,
        size: orderItems.size,
        quantity: orderItems.quantity,
        price: orderItems.price,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
    db
      .select({
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        note: orderStatusHistory.note,
        by: users.name,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(asc(paymentAttempts.createdAt)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt)),
    db
      .select()
      .from(adminNotificationsRealtime)
      .where(
        and(
          eq(adminNotificationsRealtime.orderId, orderId),
          or(
            inArray(adminNotificationsRealtime.type, [...PAYMENT_NOTICE_TYPES]),
            // Why the order has no invoice, while it needs one and has none (the newest reason, below).
            and(
              eq(adminNotificationsRealtime.type, INVOICE_NOT_ISSUED),
              notExists(
                db
                  .select({ id: invoices.id })
                  .from(invoices)
                  .where(and(eq(invoices.orderId, orderId), isNull(invoices.creditedAt))),
              ),
            ),
          ),
        ),
      )
      .orderBy(asc(adminNotificationsRealtime.createdAt)),
    liveBooking(db, orderId),
    orderWhatsAppNotices(db, orderId),
  ])
  const iso = (date: Date) => date.toISOString()
  const locked = order.deliveryOtpAttempts >= OTP_MAX_ATTEMPTS
  const expiresAt = order.deliveryOtpHash && order.deliveryOtpExpiresAt ? order.deliveryOtpExpiresAt : null
  return {
    ...card!,
    email: order.email,
    shippingAddress: order.shippingAddress,
    subtotalAmount: order.subtotalAmount,
    discountAmount: order.discountAmount,
    deliveryFee: order.deliveryFee,
    couponCode: order.couponCode,
    deliveredAt: order.deliveredAt ? iso(order.deliveredAt) : null,
    items,
    history: history.map((change) => ({ ...change, createdAt: iso(change.createdAt) })),
    payments: attempts.map((attempt) => ({
      merchantOrderId: attempt.merchantOrderId,
      transactionId: attempt.transactionId,
      state: attempt.state,
      amount: attempt.amount,
      createdAt: iso(attempt.createdAt),
      updatedAt: iso(attempt.updatedAt),
    })),
    refunds: refundRows.map((refund) => ({
      merchantRefundId: refund.merchantRefundId,
      state: refund.state,
      amount: refund.amount,
      createdAt: iso(refund.createdAt),
      updatedAt: iso(refund.updatedAt),
    })),
    attentionNotices: notices
      .filter(
        (notice, index) =>
          notice.type !== INVOICE_NOT_ISSUED ||
          (needsInvoice(order) && !notices.slice(index + 1).some((later) => later.type === INVOICE_NOT_ISSUED)),
      )
      .map((notice) => ({
        type: notice.type,
        message: notice.message,
        createdAt: iso(notice.createdAt),
      })),
    refundable:
      order.status === 'cancelled' &&
      order.paymentMethod !== 'cod' &&
      order.paymentStatus === 'paid' &&
      refundRows.every((refund) => refund.state === 'FAILED'),
    otp: {
      expiresAt: expiresAt && expiresAt > now ? iso(expiresAt) : null,
      attemptsLeft: Math.max(0, OTP_MAX_ATTEMPTS - order.deliveryOtpAttempts),
      locked,
    },
    shippingConfigured,
    booking: booking ? toBookingView(booking) : null,
    whatsappNotices,
  }
}
