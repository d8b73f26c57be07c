// Order and payment states (spec section 4) and the badge colour of each order status.

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** What decides whether an order can still be paid for. */
interface PaymentFacts {
  id: string
  paymentMethod: string
  paymentStatus: string
  status: string
}

/** An online order not paid and not cancelled: its customer can still pay for it. */
export function isPayable(order: Omit<PaymentFacts, 'id'>): boolean {
  return order.paymentMethod === 'online' && order.paymentStatus !== 'paid' && order.status !== 'cancelled'
}

/**
 * Where the customer of a payable order goes on: a failed payment is paid again on the checkout's
 * pay-again page; a pending one is checked first on the payment-status page, which says not to pay twice.
 */
export function paymentPath(order: PaymentFacts): string {
  return order.paymentStatus === 'failed' ? `/checkout?orderId=${order.id}` : `/payment-status?orderId=${order.id}`
}

/** Order cards show their first 2 items, then '+N more items' (spec section 9). */
export const ITEMS_ON_CARD = 2

/** The order number a shopper sees: the last 8 characters of the order id. */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8)
}

/** Badge colours (spec section 4): pending yellow, confirmed blue, shipped purple, delivered green, cancelled red, others grey. */
export const STATUS_BADGE: Record<OrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  confirmed: 'bg-blue-100 text-blue-900 border-blue-300',
  shipped: 'bg-purple-100 text-purple-900 border-purple-300',
  delivered: 'bg-green-100 text-green-900 border-green-300',
  cancelled: 'bg-red-100 text-red-900 border-red-300',
}
export const OTHER_STATUS_BADGE = 'bg-gray-100 text-gray-800 border-gray-300'

export function statusBadgeClass(status: string): string {
  return (STATUS_BADGE as Record<string, string>)[status] ?? OTHER_STATUS_BADGE
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1)
}

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
}
