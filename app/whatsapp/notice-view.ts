// An order's WhatsApp notices as the owner's desk shows them (app/orders/admin/order-details-dialog.tsx):
// what each was about in words, to whom, how far it got and, for one that failed, Meta's reason. Shared
// by the loader and the browser, so nothing here is secret or server-only.
import { orderNumber } from '#app/orders/status.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import type { TemplateName } from './templates.ts'

export interface WhatsAppNoticeView {
  id: string
  /** The template's name (order_shipped ...). */
  template: string
  audience: 'customer' | 'owner'
  status: string
  /** When it reached its status (the status webhook's time), else when the row last changed. */
  statusAt: string
  /** Meta's error, for a failed one. */
  errorCode: number | null
  errorTitle: string | null
}

/** Each template in the owner's words. */
const TEMPLATE_LABELS = {
  order_placed: 'Order placed',
  payment_received: 'Payment received',
  order_shipped: 'Shipped',
  order_shipped_no_link: 'Shipped',
  out_for_delivery: 'Out for delivery',
  out_for_delivery_own_rider: 'Out for delivery',
  delivery_failed: 'Delivery attempt failed',
  order_delivered: 'Delivered',
  order_cancelled: 'Cancelled',
  order_refunded: 'Refunded',
  delivery_otp: 'Delivery OTP',
  new_order_alert: 'New order alert',
} satisfies Record<TemplateName, string>

export function templateLabel(template: string): string {
  return (TEMPLATE_LABELS as Record<string, string>)[template] ?? template.replaceAll('_', ' ')
}

const STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  accepted: 'Sent',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  fallback: 'Failed: sent by SMS instead',
}

export function noticeStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status
}

/** Meta's reason for a failed notice, as the owner reads it: "Message undeliverable (131026)". */
export function failureReason(notice: Pick<WhatsAppNoticeView, 'errorCode' | 'errorTitle'>): string | null {
  if (notice.errorCode === null && !notice.errorTitle) return null
  const title = notice.errorTitle || 'Error'
  return notice.errorCode === null ? title : `${title} (${notice.errorCode})`
}

/**
 * The owner's alert that a customer's WhatsApp notice failed, with the reason in words:
 * "Order #4F2A9C1E: the WhatsApp notice “Shipped” to +91 98765 43210 failed: Message undeliverable (131026)".
 */
export function failedNoticeAlert(
  notice: { template: string; toPhone: string; orderId: string | null },
  reason: string,
): string {
  const what = `the WhatsApp notice “${templateLabel(notice.template)}” to ${formatIndianMobile(notice.toPhone)}`
  return notice.orderId
    ? `Order #${orderNumber(notice.orderId)}: ${what} failed: ${reason}`
    : `${what[0]!.toUpperCase()}${what.slice(1)} failed: ${reason}`
}
