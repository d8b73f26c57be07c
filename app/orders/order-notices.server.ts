// What the shop tells people about an order, by e-mail (plain text and HTML) and SMS, always through
// the outbox in the transaction of the change itself: the shop hears of every new order ('new_order'),
// the customer of confirmed ('order_confirmed'), shipped ('out_for_delivery', with the delivery OTP),
// delivered and cancelled. A failing mail server or SMS provider is retried by the outbox worker and
// never holds up the change.
import { ownerOrderAlertJob } from '#app/notifications/push-fanout.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import type { MailMessage } from '#app/platform/mailer.server.ts'
import { enqueue, type OutboxJobRow, outboxJob } from '#app/platform/outbox.server.ts'
import type { ShopSettings } from '#app/settings/settings.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile, normaliseIndianMobile } from '#app/shared/phone.ts'
import { orderNumber, paymentMethodLabel } from './status.ts'

/** The order as the notices need it. */
export interface NoticeOrder {
  id: string
  userId: string | null
  customerName: string
  email: string
  phone: string
  shippingAddress: string
  totalAmount: number
  paymentMethod: string
  paymentStatus: string
  items: { productName: string; size: string; quantity: number; price: number }[]
}

export type CustomerNotice =
  | { kind: 'order_confirmed' }
  | { kind: 'out_for_delivery'; otp: string }
  | { kind: 'delivered'; deliveredAt: Date }
  | { kind: 'cancelled' }

interface Notice {
  subject: string
  heading: string
  paragraphs: string[]
  link: { label: string; url: string }
  sms: string
}

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

/** Where a customer follows the order: My Orders with an account, guest tracking without. */
function orderLink(order: NoticeOrder, publicUrl: string) {
  return order.userId
    ? { label: 'View your order', url: `${publicUrl}/my-orders?order=${order.id}` }
    : { label: 'Track your order', url: `${publicUrl}/track-order` }
}

function itemLines(order: NoticeOrder): string[] {
  return order.items.map(
    (item) => `${item.quantity} x ${item.productName} (${item.size}): ${formatRupees(item.price * item.quantity)}`,
  )
}

function customerNotice(notice: CustomerNotice, order: NoticeOrder, shop: ShopSettings, publicUrl: string): Notice {
  const number = orderNumber(order.id)
  const link = orderLink(order, publicUrl)
  const track = order.userId ? '' : ` (order number ${number} and this mobile number)`
  switch (notice.kind) {
    case 'order_confirmed':
      return {
        subject: `Order #${number} confirmed - ${shop.shopName}`,
        heading: `Your order #${number} is confirmed`,
        paragraphs: [
          `Namaste ${order.customerName}, we have confirmed your order and are packing it fresh. It leaves our kitchen within 24 hours and reaches you in 2-4 business days.`,
          `Total: ${formatRupees(order.totalAmount)} (${paymentMethodLabel(order.paymentMethod)}${order.paymentMethod === 'cod' ? ', paid at your door' : ''}).`,
        ],
        link,
        sms: `${shop.shopName}: your order #${number} is confirmed and will be sent within 24 hours. Track it at ${link.url}${track}.`,
      }
    case 'out_for_delivery':
      return {
        subject: `Order #${number} is out for delivery - ${shop.shopName}`,
        heading: `Your order #${number} is on its way`,
        paragraphs: [
          `Namaste ${order.customerName}, your namkeen is out for delivery.`,
          `Your delivery OTP is ${notice.otp}. Give it to our delivery person only when the parcel is in your hands. It is valid for 24 hours.`,
          order.paymentMethod === 'cod' && order.paymentStatus !== 'paid'
            ? `Please keep ${formatRupees(order.totalAmount)} ready: it is collected on delivery.`
            : 'Your order is paid: there is nothing to pay on delivery.',
        ],
        link,
        sms: `${shop.shopName}: order #${number} is out for delivery. Delivery OTP ${notice.otp} (valid 24 h). Share it only when you receive your parcel.`,
      }
    case 'delivered':
      return {
        subject: `Order #${number} delivered - ${shop.shopName}`,
        heading: `Your order #${number} was delivered`,
        paragraphs: [
          `Namaste ${order.customerName}, your order was delivered on ${istDateTime.format(notice.deliveredAt)}. We hope every packet tastes of Indore.`,
          `If anything is not right, tell us within 48 hours of delivery: call ${shop.phone} (Monday to Saturday, 9 AM to 6 PM) or reply to this e-mail.`,
        ],
        link,
        sms: `${shop.shopName}: order #${number} was delivered. Thank you! Anything not right? Call ${shop.phone} within 48 hours.`,
      }
    case 'cancelled':
      return {
        subject: `Order #${number} cancelled - ${shop.shopName}`,
        heading: `Your order #${number} was cancelled`,
        paragraphs: [
          `Namaste ${order.customerName}, your order #${number} has been cancelled.`,
          order.paymentStatus === 'paid'
            ? `You paid ${formatRupees(order.totalAmount)} online: it is refunded to the way you paid, usually within 5-7 business days.`
            : 'Nothing was charged for it.',
          `Questions? Call us on ${shop.phone} (Monday to Saturday, 9 AM to 6 PM) or reply to this e-mail.`,
        ],
        link,
        sms: `${shop.shopName}: order #${number} has been cancelled. Questions? Call ${shop.phone}.`,
      }
  }
}

/** Tells the customer about their order by e-mail and SMS; a notice with a delivery OTP is sensitive. */
export async function enqueueCustomerNotice(
  tx: Tx,
  notice: CustomerNotice,
  { order, shop, publicUrl }: { order: NoticeOrder; shop: ShopSettings; publicUrl: string },
): Promise<void> {
  const content = customerNotice(notice, order, shop, publicUrl)
  const sensitive = notice.kind === 'out_for_delivery'
  await enqueue(tx, 'mail', mail(order.email, content, shop, order), { sensitive })
  const to = normaliseIndianMobile(order.phone)
  if (to) await enqueue(tx, 'sms', { to, text: content.sms, sensitive }, { sensitive })
}

/**
 * The outbox jobs that tell the shop about a new order ('new_order'): e-mail and SMS to the shop's own
 * address and phone, and a push to each of the owner's registered devices. The caller writes them in
 * the order's transaction.
 */
export async function newOrderNoticeJobs(
  tx: Tx,
  { order, shop, publicUrl }: { order: NoticeOrder; shop: ShopSettings; publicUrl: string },
): Promise<OutboxJobRow[]> {
  const number = orderNumber(order.id)
  const packets = order.items.reduce((sum, item) => sum + item.quantity, 0)
  const method = order.paymentMethod === 'cod' ? 'COD' : 'online'
  const content: Notice = {
    subject: `New order #${number}: ${formatRupees(order.totalAmount)} (${method})`,
    heading: `New order #${number}`,
    paragraphs: [
      `${order.customerName} (${formatIndianMobile(order.phone)}, ${order.email}) ordered ${packets} ${packets === 1 ? 'packet' : 'packets'} for ${formatRupees(order.totalAmount)}, ${paymentMethodLabel(order.paymentMethod)}${order.paymentMethod === 'cod' ? '' : ' (payment pending until the gateway confirms it)'}.`,
      `Deliver to: ${order.shippingAddress}`,
    ],
    link: { label: 'Open the orders desk', url: `${publicUrl}/admin` },
    sms: `New order #${number}: ${formatRupees(order.totalAmount)} ${method}, ${packets} ${packets === 1 ? 'packet' : 'packets'}, ${order.customerName} ${formatIndianMobile(order.phone)}.`,
  }
  const to = normaliseIndianMobile(shop.phone)
  const push = await ownerOrderAlertJob(tx, {
    id: order.id,
    number,
    totalAmount: order.totalAmount,
    customerName: order.customerName,
    packets,
    method,
  })
  return [
    outboxJob('mail', mail(shop.email, content, shop, order, 'shop')),
    ...(to ? [outboxJob('sms', { to, text: content.sms })] : []),
    ...(push ? [push] : []),
  ]
}

function mail(
  to: string,
  content: Notice,
  shop: ShopSettings,
  order: NoticeOrder,
  audience: 'customer' | 'shop' = 'customer',
): MailMessage {
  const items = itemLines(order)
  const closing = audience === 'customer' ? ['Warm regards,', `The ${shop.shopName} team`] : []
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...items,
    `Total: ${formatRupees(order.totalAmount)}`,
    '',
    `${content.link.label}: ${content.link.url}`,
    '',
    ...closing,
    ...(closing.length ? [''] : []),
    `${shop.shopName}, ${shop.address} | ${shop.phone} | FSSAI Lic. No. ${shop.fssaiLicence}`,
  ].join('\n')
  return {
    to,
    replyTo: audience === 'customer' ? shop.email : order.email,
    subject: content.subject,
    text,
    html: mailHtml(content, items, order, shop, closing),
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** A plain, inline-styled layout every mail client shows the same; every value is escaped. */
function mailHtml(content: Notice, items: string[], order: NoticeOrder, shop: ShopSettings, closing: string[]): string {
  const paragraph = (text: string) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(text)}</p>`
  return [
    '<!doctype html><html lang="en"><body style="margin:0;background:#fbf5ea;font-family:Arial,Helvetica,sans-serif;color:#3b2414">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#8a3b12">${escapeHtml(shop.shopName)}</p>`,
    '<div style="background:#ffffff;border-radius:12px;padding:24px;border:1px solid #ecdcc3">',
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">',
    ...items.map(
      (line) => `<tr><td style="padding:6px 0;border-bottom:1px solid #f1e6d4">${escapeHtml(line)}</td></tr>`,
    ),
    `<tr><td style="padding:8px 0;font-weight:bold">Total: ${escapeHtml(formatRupees(order.totalAmount))}</td></tr>`,
    '</table>',
    `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold">${escapeHtml(content.link.label)}</a></p>`,
    ...closing.map(paragraph),
    '</div>',
    `<p style="margin:16px 0 0;font-size:12px;color:#7a6450">${escapeHtml(`${shop.shopName}, ${shop.address} | ${shop.phone} | FSSAI Lic. No. ${shop.fssaiLicence}`)}</p>`,
    '</div></body></html>',
  ].join('')
}
