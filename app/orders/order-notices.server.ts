// What the shop tells people about an order, by e-mail (plain text and HTML), SMS and WhatsApp, always
// through the outbox in the transaction of the change itself: the shop hears of every new order
// ('new_order'), the customer of confirmed ('order_confirmed'), shipped (by the shop's own rider:
// 'out_for_delivery', with the delivery OTP; by a courier: 'shipped_by_courier', with its AWB and
// tracking link), a booked parcel out for delivery or not delivered (with the courier's reason),
// delivered and cancelled. A failing mail server or SMS provider is retried by the outbox worker and
// never holds up the change.
// A customer whose number opted in to WhatsApp updates (app/whatsapp/consent.server.ts) gets them on
// WhatsApp instead of by SMS (the e-mail goes either way), and by SMS after all when WhatsApp cannot
// deliver one (each carries the SMS it replaced). Without an opt-in nothing changes, and
// nothing changes either while the shop has no WhatsApp configured (NoticeSetup), whatever consents
// are on record from when it had.
import { asc, eq, type SQL } from 'drizzle-orm'
import { sizeName } from '#app/catalog/sizes.ts'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { HTML_LANG, type Locale, localizedHref } from '#app/i18n/locale.ts'
import { ownerAlertWrite, ownerOrderAlertJob } from '#app/notifications/push-fanout.server.ts'
import { m } from '#app/paraglide/messages.js'
import type { Config } from '#app/platform/config.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import type { MailMessage } from '#app/platform/mailer.server.ts'
import { enqueue, type OutboxJobRow, outboxJob } from '#app/platform/outbox.server.ts'
import { getSettings, type ShopSettings } from '#app/settings/settings.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile, normaliseIndianMobile } from '#app/shared/phone.ts'
import { type ShipmentView, trackingSite } from '#app/shipping/couriers.ts'
import { courierText } from '#app/shipping/shipment-texts.ts'
import { hasWhatsAppConsent } from '#app/whatsapp/consent.server.ts'
import {
  enqueueWhatsAppNotices,
  oneLine,
  type WhatsAppMessageRow,
  type WhatsAppNotice,
  whatsAppNoticeFits,
  whatsAppNoticeRows,
} from '#app/whatsapp/whatsapp-notices.server.ts'
import { formatOrderDate, paymentMethodText } from './order-texts.ts'
import { orderItems } from './schema.ts'
import { orderNumber } from './status.ts'

/**
 * What the notices need of the shop's configuration: its address, for their links, and whether
 * WhatsApp is configured (WHATSAPP_PROVIDER is not none). Without WhatsApp every notice goes as it
 * did before WhatsApp existed, whatever consents are on record: a customer's by e-mail and SMS, and
 * nothing of what only WhatsApp carries (the payment received, the refund, the owner's alert).
 */
export interface NoticeSetup {
  publicUrl: string
  whatsapp: boolean
}

/** The notices' setup, from the configuration the shop started with. */
export function noticeSetup(config: Pick<Config, 'publicUrl' | 'whatsapp'>): NoticeSetup {
  return { publicUrl: config.publicUrl, whatsapp: config.whatsapp !== null }
}

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
  /** The language the order was placed in: the customer's notices are written in it. */
  locale: Locale
  /** 'YYYY-MM-DD': the day the zone promised at checkout (null for orders placed before the promise was kept). */
  deliveryBy: string | null
  items: { productName: string; size: string; quantity: number; price: number }[]
}

export type CustomerNotice =
  | { kind: 'order_confirmed' }
  | { kind: 'out_for_delivery'; otp: string }
  | { kind: 'shipped_by_courier'; shipment: ShipmentView }
  /** A booked parcel's courier is out to deliver it (its tracking said so). */
  | { kind: 'courier_out_for_delivery'; shipment: ShipmentView }
  /** A booked parcel's courier tried and could not deliver it (an NDR), with the courier's reason. */
  | { kind: 'delivery_failed'; shipment: ShipmentView; reason: string }
  | { kind: 'delivered'; deliveredAt: Date }
  | { kind: 'cancelled' }

interface Notice {
  subject: string
  heading: string
  paragraphs: string[]
  link: { label: string; url: string }
  /** The parcel's page on the courier's website, when there is one. */
  tracking?: { label: string; url: string }
  sms: string
}

/** Where a customer follows the order: My Orders with an account, guest tracking without (in the order's language). */
function orderLink(order: NoticeOrder, publicUrl: string) {
  const o = { locale: order.locale }
  return order.userId
    ? {
        label: m.notice_view_order({}, o),
        url: `${publicUrl}${localizedHref(`/my-orders?order=${order.id}`, order.locale)}`,
      }
    : { label: m.notice_track_order({}, o), url: `${publicUrl}${localizedHref('/track-order', order.locale)}` }
}

function itemLines(order: NoticeOrder, locale: Locale): string[] {
  return order.items.map(
    (item) =>
      `${item.quantity} x ${item.productName} (${sizeName(item.size, locale)}): ${formatRupees(item.price * item.quantity, locale)}`,
  )
}

/** The parcel's tracking page, when it has one. */
function trackingLink(shipment: ShipmentView, locale: Locale): Pick<Notice, 'tracking'> {
  const url = shipment.trackingUrl
  return url ? { tracking: { label: m.shipment_track({ site: trackingSite(url) }, { locale }), url } } : {}
}

/** The customer's notice, written in the language the order was placed in (there is no request to ask). */
function customerNotice(notice: CustomerNotice, order: NoticeOrder, shop: ShopSettings, publicUrl: string): Notice {
  const { locale } = order
  const o = { locale }
  const number = orderNumber(order.id)
  const link = orderLink(order, publicUrl)
  const track = order.userId ? '' : m.notice_track_hint({ number }, o)
  const name = order.customerName
  const { shopName, phone } = shop
  const total = formatRupees(order.totalAmount, locale)
  switch (notice.kind) {
    case 'order_confirmed': {
      const method = paymentMethodText(order.paymentMethod, locale)
      return {
        subject: m.notice_confirmed_subject({ number, shopName }, o),
        heading: m.notice_confirmed_heading({ number }, o),
        paragraphs: [
          order.deliveryBy
            ? m.notice_confirmed_body_by({ name, day: formatDeliveryDay(order.deliveryBy, locale) }, o)
            : m.notice_confirmed_body({ name }, o),
          order.paymentMethod === 'cod'
            ? m.notice_confirmed_total_cod({ amount: total, method }, o)
            : m.notice_confirmed_total({ amount: total, method }, o),
        ],
        link,
        sms: m.notice_confirmed_sms({ shopName, number, url: link.url, track }, o),
      }
    }
    case 'out_for_delivery':
      return {
        subject: m.notice_shipped_subject({ number, shopName }, o),
        heading: m.notice_shipped_heading({ number }, o),
        paragraphs: [
          m.notice_shipped_body({ name }, o),
          m.notice_shipped_otp({ otp: notice.otp }, o),
          order.paymentMethod === 'cod' && order.paymentStatus !== 'paid'
            ? m.notice_shipped_cod_due({ amount: total }, o)
            : m.notice_shipped_paid({}, o),
        ],
        link,
        sms: m.notice_shipped_sms({ shopName, number, otp: notice.otp }, o),
      }
    case 'shipped_by_courier': {
      const { shipment } = notice
      const courier = courierText(shipment, locale)
      const awb = shipment.awb ?? ''
      const url = shipment.trackingUrl
      return {
        subject: m.notice_courier_subject({ number, shopName }, o),
        heading: m.notice_shipped_heading({ number }, o),
        paragraphs: [
          m.notice_courier_body({ name, courier }, o),
          m.notice_courier_awb({ awb }, o),
          order.paymentMethod === 'cod' && order.paymentStatus !== 'paid'
            ? m.notice_shipped_cod_due({ amount: total }, o)
            : m.notice_shipped_paid({}, o),
        ],
        link,
        ...trackingLink(shipment, locale),
        // Short: the number and the link are what a text is for.
        sms: url
          ? m.notice_courier_sms_link({ shopName, number, courier, awb, url }, o)
          : m.notice_courier_sms({ shopName, number, courier, awb }, o),
      }
    }
    case 'courier_out_for_delivery': {
      const courier = courierText(notice.shipment, locale)
      return {
        subject: m.notice_shipped_subject({ number, shopName }, o),
        heading: m.notice_shipped_heading({ number }, o),
        paragraphs: [
          m.notice_courier_ofd_body({ name, courier }, o),
          order.paymentMethod === 'cod' && order.paymentStatus !== 'paid'
            ? m.notice_shipped_cod_due({ amount: total }, o)
            : m.notice_shipped_paid({}, o),
        ],
        link,
        ...trackingLink(notice.shipment, locale),
        sms: m.notice_courier_ofd_sms({ shopName, number, courier, awb: notice.shipment.awb ?? '' }, o),
      }
    }
    case 'delivery_failed': {
      const courier = courierText(notice.shipment, locale)
      const { reason } = notice
      return {
        subject: m.notice_ndr_subject({ number, shopName }, o),
        heading: m.notice_ndr_heading({ number }, o),
        paragraphs: [m.notice_ndr_body({ name, courier, reason }, o), m.notice_ndr_next({ phone }, o)],
        link,
        ...trackingLink(notice.shipment, locale),
        sms: m.notice_ndr_sms({ shopName, number, courier, reason, phone }, o),
      }
    }
    case 'delivered':
      return {
        subject: m.notice_delivered_subject({ number, shopName }, o),
        heading: m.notice_delivered_heading({ number }, o),
        paragraphs: [
          m.notice_delivered_body({ name, date: formatOrderDate(notice.deliveredAt, true, locale) }, o),
          m.notice_delivered_complaint({ phone }, o),
        ],
        link,
        sms: m.notice_delivered_sms({ shopName, number, phone }, o),
      }
    case 'cancelled':
      return {
        subject: m.notice_cancelled_subject({ number, shopName }, o),
        heading: m.notice_cancelled_heading({ number }, o),
        paragraphs: [
          m.notice_cancelled_body({ name, number }, o),
          order.paymentStatus === 'paid'
            ? m.notice_cancelled_refund({ amount: total }, o)
            : m.notice_cancelled_nothing({}, o),
          m.notice_questions({ phone }, o),
        ],
        link,
        sms: m.notice_cancelled_sms({ shopName, number, phone }, o),
      }
  }
}

/** Tells the customer of a stored order, with the shop's settings and the order's items read in `tx`. */
export async function tellCustomer(
  tx: Tx,
  order: Omit<NoticeOrder, 'items'>,
  notice: CustomerNotice,
  notices: NoticeSetup,
): Promise<void> {
  const [shop, items] = await Promise.all([
    getSettings(tx),
    tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position), asc(orderItems.id)),
  ])
  await enqueueCustomerNotice(tx, notice, { order: { ...order, items }, shop, notices })
}

/**
 * The customer's notice on WhatsApp, in the order's language: the template of each message and its
 * parameters, and the SMS it replaces, sent instead if WhatsApp cannot deliver it (the delivery OTP's
 * on the code's own message).
 */
function whatsAppNotices(
  notice: CustomerNotice,
  order: NoticeOrder,
  shop: ShopSettings,
  sms: string,
): WhatsAppNotice[] {
  const { locale } = order
  const name = oneLine(order.customerName)
  const number = orderNumber(order.id)
  const phone = oneLine(shop.phone)
  switch (notice.kind) {
    case 'order_confirmed':
      return [
        {
          template: 'order_placed',
          params: [
            name,
            number,
            formatRupees(order.totalAmount, locale),
            paymentMethodText(order.paymentMethod, locale),
          ],
          fallbackSms: sms,
        },
      ]
    case 'out_for_delivery':
      return [
        { template: 'out_for_delivery_own_rider', params: [name, number] },
        { template: 'delivery_otp', params: [notice.otp], fallbackSms: sms, sensitive: true },
      ]
    case 'shipped_by_courier': {
      const courier = oneLine(courierText(notice.shipment, locale))
      const awb = oneLine(notice.shipment.awb ?? '')
      const url = notice.shipment.trackingUrl
      return [
        url
          ? { template: 'order_shipped', params: [name, number, courier, awb, url], fallbackSms: sms }
          : { template: 'order_shipped_no_link', params: [name, number, courier, awb], fallbackSms: sms },
      ]
    }
    case 'courier_out_for_delivery':
      return [
        {
          template: 'out_for_delivery',
          params: [name, number, oneLine(courierText(notice.shipment, locale))],
          fallbackSms: sms,
        },
      ]
    case 'delivery_failed':
      return [
        {
          template: 'delivery_failed',
          params: [name, number, oneLine(courierText(notice.shipment, locale)), oneLine(notice.reason), phone],
          fallbackSms: sms,
        },
      ]
    case 'delivered':
      return [{ template: 'order_delivered', params: [name, number, phone], fallbackSms: sms }]
    case 'cancelled':
      return [{ template: 'order_cancelled', params: [name, number, phone], fallbackSms: sms }]
  }
}

/**
 * Tells the customer about their order by e-mail, and by SMS or (WhatsApp configured and the number
 * opted in) WhatsApp; a notice with a delivery OTP is sensitive.
 */
export async function enqueueCustomerNotice(
  tx: Tx,
  notice: CustomerNotice,
  { order, shop, notices }: { order: NoticeOrder; shop: ShopSettings; notices: NoticeSetup },
): Promise<void> {
  const content = customerNotice(notice, order, shop, notices.publicUrl)
  const sensitive = notice.kind === 'out_for_delivery'
  await enqueue(tx, 'mail', mail(order.email, content, shop, order, 'customer'), { sensitive })
  const to = normaliseIndianMobile(order.phone)
  if (!to) return
  if (notices.whatsapp && (await hasWhatsAppConsent(tx, to))) {
    const messages = whatsAppNotices(notice, order, shop, content.sms)
    if (whatsAppNoticeFits(messages, order.locale)) {
      await enqueueWhatsAppNotices(tx, messages, { orderId: order.id, audience: 'customer', locale: order.locale, to })
      return
    }
  }
  await enqueue(tx, 'sms', { to, text: content.sms, sensitive }, { sensitive })
}

/**
 * News of money that only WhatsApp carries, with its amount: an online payment received
 * ('payment_received'), a refund completed ('order_refunded'). The e-mail and SMS say nothing of
 * either: of the payment, nothing today; of a refund, the spec's policy is that sales are final, and
 * the only refund is of a paid order the shop cancelled, whose cancellation e-mail already says the
 * money goes back. So only a customer who opted in hears of it, and nobody without WhatsApp configured.
 */
export interface MoneyNotice {
  template: 'payment_received' | 'order_refunded'
  /** In paise, written as formatRupees writes it in the order's language. */
  amount: number
}

/**
 * Tells an opted-in customer of a payment or a refund on WhatsApp, in the order's language, in the
 * transaction that records it (which holds the order's row locked).
 */
export async function tellMoneyNotice(
  tx: Tx,
  order: Pick<NoticeOrder, 'id' | 'customerName' | 'phone' | 'locale'>,
  { template, amount }: MoneyNotice,
  notices: NoticeSetup,
): Promise<void> {
  const to = normaliseIndianMobile(order.phone)
  if (!notices.whatsapp || !to || !(await hasWhatsAppConsent(tx, to))) return
  const { locale } = order
  const messages: WhatsAppNotice[] = [
    { template, params: [oneLine(order.customerName), orderNumber(order.id), formatRupees(amount, locale)] },
  ]
  if (!whatsAppNoticeFits(messages, locale)) return
  await enqueueWhatsAppNotices(tx, messages, { orderId: order.id, audience: 'customer', locale, to })
}

/** What placing an order writes to tell the shop: outbox jobs, and the owner's WhatsApp alert if they asked for it. */
export interface NewOrderNotices {
  jobs: OutboxJobRow[]
  whatsappMessages: WhatsAppMessageRow[]
  /** The push to the owner's devices: an insert that writes its job only while the owner has an active one. */
  ownerPush: SQL
}

/**
 * The outbox jobs that tell the shop about a new order ('new_order'): e-mail and SMS to the shop's own
 * address and phone, a push to each of the owner's registered devices and, when WhatsApp is
 * configured and the owner turned on WhatsApp alerts (settings, offered only then), a WhatsApp message
 * to the owner's own WhatsApp number, with its row. The caller writes them all in the order's transaction.
 */
export function newOrderNoticeJobs({
  order,
  shop,
  notices,
}: {
  order: NoticeOrder
  shop: ShopSettings
  notices: NoticeSetup
}): NewOrderNotices {
  const { publicUrl } = notices
  // The shop's own notices are in English, whatever language the shopper ordered in.
  const number = orderNumber(order.id)
  const packets = order.items.reduce((sum, item) => sum + item.quantity, 0)
  const method = order.paymentMethod === 'cod' ? 'COD' : 'online'
  const content: Notice = {
    subject: `New order #${number}: ${formatRupees(order.totalAmount, 'en')} (${method})`,
    heading: `New order #${number}`,
    paragraphs: [
      `${order.customerName} (${formatIndianMobile(order.phone)}, ${order.email}) ordered ${packets} ${packets === 1 ? 'packet' : 'packets'} for ${formatRupees(order.totalAmount, 'en')}, ${paymentMethodText(order.paymentMethod, 'en')}${order.paymentMethod === 'cod' ? '' : ' (payment pending until the gateway confirms it)'}.`,
      `Deliver to: ${order.shippingAddress}`,
    ],
    link: { label: 'Open the orders desk', url: `${publicUrl}/admin` },
    sms: `New order #${number}: ${formatRupees(order.totalAmount, 'en')} ${method}, ${packets} ${packets === 1 ? 'packet' : 'packets'}, ${order.customerName} ${formatIndianMobile(order.phone)}.`,
  }
  const to = normaliseIndianMobile(shop.phone)
  const push = ownerOrderAlertJob({
    id: order.id,
    number,
    totalAmount: order.totalAmount,
    customerName: order.customerName,
    packets,
    method,
  })
  // A switch left on from when WhatsApp was configured sends nothing without it.
  const alert = notices.whatsapp ? ownerWhatsAppAlert(order, shop, publicUrl) : null
  return {
    jobs: [
      outboxJob('mail', mail(shop.email, content, shop, order, 'shop')),
      ...(to ? [outboxJob('sms', { to, text: content.sms })] : []),
      ...(alert ? [alert.job] : []),
    ],
    whatsappMessages: alert ? [alert.message] : [],
    ownerPush: ownerAlertWrite(push),
  }
}

/** The owner's WhatsApp alert of a new order (in English, as the shop's other notices), or null when not asked for. */
function ownerWhatsAppAlert(order: NoticeOrder, shop: ShopSettings, publicUrl: string) {
  // The owner's own number, never the shop's public one: that is often the Business number sending it.
  const to = shop.whatsappOwnerAlerts ? normaliseIndianMobile(shop.whatsappAlertsTo) : null
  if (!to) return null
  const number = orderNumber(order.id)
  const notice: WhatsAppNotice = {
    template: 'new_order_alert',
    // The orders desk reads an 8-character search as an order number: the link opens that one order.
    params: [
      number,
      formatRupees(order.totalAmount, 'en'),
      oneLine(order.customerName),
      `${publicUrl}/admin?q=${number}`,
    ],
  }
  if (!whatsAppNoticeFits([notice], 'en')) return null
  return whatsAppNoticeRows(notice, { orderId: order.id, audience: 'owner', locale: 'en', to }, 1)
}

/** A notice as an e-mail: the customer's in the order's language, the shop's own in English. */
function mail(
  to: string,
  content: Notice,
  shop: ShopSettings,
  order: NoticeOrder,
  audience: 'customer' | 'shop',
): MailMessage {
  const locale: Locale = audience === 'customer' ? order.locale : 'en'
  const o = { locale }
  const items = itemLines(order, locale)
  const closing =
    audience === 'customer' ? [m.notice_regards({}, o), m.notice_team({ shopName: shop.shopName }, o)] : []
  const totalLine = `${m.total({}, o)}: ${formatRupees(order.totalAmount, locale)}`
  const footer = `${shop.shopName}, ${shop.address} | ${shop.phone} | ${m.footer_fssai({ number: shop.fssaiLicence }, o)}`
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.tracking ? [`${content.tracking.label}: ${content.tracking.url}`, ''] : []),
    ...items,
    totalLine,
    '',
    `${content.link.label}: ${content.link.url}`,
    '',
    ...closing,
    ...(closing.length ? [''] : []),
    footer,
  ].join('\n')
  return {
    to,
    replyTo: audience === 'customer' ? shop.email : order.email,
    subject: content.subject,
    text,
    html: mailHtml({ content, items, totalLine, footer, closing, shopName: shop.shopName, locale }),
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** A plain, inline-styled layout every mail client shows the same; every value is escaped. */
function mailHtml(mail: {
  content: Notice
  items: string[]
  totalLine: string
  footer: string
  closing: string[]
  shopName: string
  locale: Locale
}): string {
  const { content, items, closing } = mail
  const paragraph = (text: string) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(text)}</p>`
  return [
    `<!doctype html><html lang="${HTML_LANG[mail.locale]}"><body style="margin:0;background:#fbf5ea;font-family:Arial,Helvetica,sans-serif;color:#3b2414">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#8a3b12">${escapeHtml(mail.shopName)}</p>`,
    '<div style="background:#ffffff;border-radius:12px;padding:24px;border:1px solid #ecdcc3">',
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    ...(content.tracking
      ? [
          `<p style="margin:0 0 14px;line-height:1.5"><a href="${escapeHtml(content.tracking.url)}" style="color:#c2410c;font-weight:bold">${escapeHtml(content.tracking.label)}</a></p>`,
        ]
      : []),
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">',
    ...items.map(
      (line) => `<tr><td style="padding:6px 0;border-bottom:1px solid #f1e6d4">${escapeHtml(line)}</td></tr>`,
    ),
    `<tr><td style="padding:8px 0;font-weight:bold">${escapeHtml(mail.totalLine)}</td></tr>`,
    '</table>',
    `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold">${escapeHtml(content.link.label)}</a></p>`,
    ...closing.map(paragraph),
    '</div>',
    `<p style="margin:16px 0 0;font-size:12px;color:#7a6450">${escapeHtml(mail.footer)}</p>`,
    '</div></body></html>',
  ].join('')
}
