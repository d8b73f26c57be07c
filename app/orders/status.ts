// Order and payment states (spec section 4) and the badge colour of each order status.

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The order number a shopper sees: the last 8 characters of the order id. */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8)
}
