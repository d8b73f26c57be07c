// The orders desk's pure rules, shared by the server and the admin's browser: the list's filters
// (read from the URL, refused with a 400 when malformed), its page cursor, and the shapes the
// orders tab receives. No I/O here.
import { z } from 'zod'
import type { Locale } from '#app/i18n/locale.ts'
import { inShopYears, isCalendarDay, SHOP_YEARS } from '#app/shared/india-day.ts'
import { formatRupees } from '#app/shared/money.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'
import type { BookingView } from '#app/shipping/admin/booking-view.ts'
import type { ShipmentView } from '#app/shipping/couriers.ts'
import type { WhatsAppNoticeView } from '#app/whatsapp/notice-view.ts'
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from './status.ts'

export const ADMIN_ORDERS_PER_PAGE = 20
/** Recent Activity shows the 5 latest notifications (spec section 9). */
export const RECENT_ACTIVITY = 5

export const PAYMENT_METHODS = ['cod', 'online'] as const

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.')
  .refine(isCalendarDay, 'That date does not exist.')
  .refine(inShopYears, `Pick a date from ${SHOP_YEARS.first} to ${SHOP_YEARS.last}.`)

/** The list's filters as the URL carries them; empty fields mean "any". */
export const adminOrderFiltersSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    payment: z.enum(PAYMENT_STATUSES).optional(),
    q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
    cursor: z.string().max(200).optional(),
  })
  .strict()
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: 'The start date must come before the end date.',
    path: ['to'],
  })

export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>

/** Reads the filters from a URL's query; empty values are dropped. Throws a ZodError when malformed. */
export function parseAdminOrderFilters(params: URLSearchParams): AdminOrderFilters {
  return adminOrderFiltersSchema.parse(filterFields(params))
}

/** The query's fields for adminOrderFiltersSchema: empty fields dropped, React Router's own ignored. */
export function filterFields(params: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [key, value] of params) {
    if (key === 'index' || key === '_data') continue
    if (value.trim() !== '') fields[key] = value
  }
  return fields
}

/** What a search term looks for: an order number, a mobile number, or a customer's name. */
export type OrderSearch =
  | { kind: 'number'; number: string }
  | { kind: 'phone'; phone: string }
  /** 4 to 9 digits (spaces and dashes aside): part of a mobile number, like its last five. */
  | { kind: 'phone-part'; digits: string }
  | { kind: 'name'; words: string[] }

export function orderSearch(q: string | undefined): OrderSearch | null {
  const term = q?.trim().replace(/^#/, '') ?? ''
  if (!term) return null
  if (/^[0-9a-f]{8}$/i.test(term)) return { kind: 'number', number: term.toLowerCase() }
  const phone = normaliseIndianMobile(term)
  if (phone) return { kind: 'phone', phone }
  const digits = term.replace(/[\s-]/g, '')
  if (/^\d{4,9}$/.test(digits)) return { kind: 'phone-part', digits }
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 5)
  return words.length ? { kind: 'name', words } : null
}

/**
 * A page cursor: the last card's creation time in microseconds since 1970 (the database's own
 * precision, so two orders in one millisecond are never skipped) and its id (keyset pagination).
 */
export interface OrderCursor {
  micros: string
  id: string
}

export function encodeCursor(cursor: OrderCursor): string {
  return `${cursor.micros}_${cursor.id}`
}

/** null for a cursor that is not one of ours. */
export function decodeCursor(value: string): OrderCursor | null {
  const match = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(value)
  return match ? { micros: match[1]!, id: match[2]! } : null
}

export interface AdminOrderCard {
  id: string
  /** The last 8 characters of the id. */
  number: string
  createdAt: string
  status: OrderStatus
  /** The order's updated_at: a status change sent with an older version is refused as stale. */
  version: string
  customerName: string
  phone: string
  /** Paise. */
  totalAmount: number
  /** Packets in the order (the sum of the quantities). */
  itemCount: number
  paymentMethod: string
  paymentStatus: PaymentStatus
  /** The first 2 lines. */
  firstItems: { productName: string; size: string; quantity: number }[]
  /** Lines beyond the first 2. */
  moreItems: number
  deliveryOtpRequired: boolean
  deliveryOtpVerified: boolean
  /** The delivery zone's name when the order was placed (null for orders placed before zones). */
  deliveryZone: string | null
  /** Paise: the zone's extra fee, part of the delivery charge. */
  deliveryZoneFee: number
  /** 'YYYY-MM-DD': the day the zone promised at checkout (null for older orders). */
  deliveryBy: string | null
  /** Who carries it, from the latest time it was marked shipped (null before that). */
  shipment: ShipmentView | null
}

/** 'Hill areas (+₹50.00 zone fee)', or just the name when the zone adds nothing; null for an order placed before zones. */
export function zoneLabel(order: { deliveryZone: string | null; deliveryZoneFee: number }): string | null {
  if (order.deliveryZone === null) return null
  return order.deliveryZoneFee > 0
    ? `${order.deliveryZone} (+${formatRupees(order.deliveryZoneFee, 'en')} zone fee)`
    : order.deliveryZone
}

export interface AdminNotificationView {
  id: string
  type: string
  orderId: string | null
  message: string
  isRead: boolean
  createdAt: string
}

export type StatusCounts = Record<OrderStatus | 'all', number>

export interface AdminOrdersPage {
  orders: AdminOrderCard[]
  /** Orders per status under the other filters (all statuses, whatever the status filter). */
  counts: StatusCounts
  /** The cursor of the next (older) page, or null on the last page. */
  nextCursor: string | null
  filters: AdminOrderFilters
}

export interface AdminOrderDetails extends AdminOrderCard {
  email: string
  shippingAddress: string
  subtotalAmount: number
  discountAmount: number
  deliveryFee: number
  couponCode: string | null
  deliveredAt: string | null
  items: { productName: string; size: string; quantity: number; price: number }[]
  history: {
    fromStatus: OrderStatus | null
    toStatus: OrderStatus
    note: string | null
    by: string | null
    createdAt: string
  }[]
  payments: {
    merchantOrderId: string
    transactionId: string | null
    state: string
    amount: number
    createdAt: string
    updatedAt: string
  }[]
  refunds: { merchantRefundId: string; state: string; amount: number; createdAt: string; updatedAt: string }[]
  /** Notifications about this order that need the owner (paid twice, paid after cancelling, wrong amount, no invoice). */
  attentionNotices: { type: string; message: string; createdAt: string }[]
  /** Whether a refund can be started now (a paid online order, cancelled, with no refund under way). */
  refundable: boolean
  otp: { expiresAt: string | null; attemptsLeft: number; locked: boolean }
  /** Whether parcels are booked through Shiprocket here (SHIPPING_PROVIDER is set). */
  shippingConfigured: boolean
  /** Its Shiprocket booking that was not cancelled (booked, or stopped half way), or null. */
  booking: BookingView | null
  /** Its WhatsApp notices, oldest first (none where WhatsApp is not set up). */
  whatsappNotices: WhatsAppNoticeView[]
}

/** The status dropdown's choices, in the spec's order. */
export const STATUS_CHOICES = ORDER_STATUSES

/** A delivery OTP is exactly 6 digits (spec section 5). */
export const deliveryOtpSchema = z.string().regex(/^\d{6}$/, 'Invalid OTP: Please enter a 6-digit OTP')

/** How many wrong tries lock an order's delivery OTP (a new OTP unlocks it). */
export const OTP_MAX_ATTEMPTS = 5
export const OTP_TTL_MS = 24 * 60 * 60 * 1000

/** The shop's details a packing slip prints in its header. */
export interface PackingSlipShop {
  shopName: string
  address: string
  phone: string
  fssaiLicence: string
  email: string
}

/** What the delivery person does at the door; also printed on the slip after the courier label (app/shipping). */
export function collectText(
  order: Pick<AdminOrderDetails, 'paymentMethod' | 'paymentStatus' | 'totalAmount'>,
  locale?: Locale,
): string {
  return order.paymentMethod === 'cod'
    ? `Collect ${formatRupees(order.totalAmount, locale)} on delivery`
    : order.paymentStatus === 'paid'
      ? 'Paid online: collect nothing'
      : 'Online payment not received: do not dispatch until it is paid'
}
