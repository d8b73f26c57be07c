// Placing an order: one transaction that re-reads prices from the database, locks and decrements
// stock (never below zero), redeems the coupon once, writes the order (with the day its delivery zone
// promises), its items, its first status record, the admin's notification, the customer's
// confirmation e-mail, the shop's own notices (the owner's WhatsApp alert among them when asked for)
// and, when the box was ticked, the customer's WhatsApp opt-in, and empties a signed-in
// shopper's cart (and keeps the address in their address book when they asked). Either all of it
// happens or none of it. An idempotency key from the checkout form
// makes a double click, a retry or a reload produce one order; a guest's cart is also ordered once,
// whichever form sends it.

import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { saveOrderAddress } from '#app/addresses/address-book.server.ts'
import type { AddressLabel } from '#app/addresses/address-labels.ts'
import { type CartScope, guestCartOrderKey, lineLabel, lineProblem, readCartEntries } from '#app/cart/cart.server.ts'
import { isLineQuantity } from '#app/cart/guest-cart.ts'
import { cartItems } from '#app/cart/schema.ts'
import { sellingPrice } from '#app/catalog/pricing.ts'
import { isSize } from '#app/catalog/sizes.ts'
import { lockProducts, takeStockStatement } from '#app/catalog/stock.server.ts'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { type DeliveryQuote, deliveryQuote } from '#app/delivery/zones.server.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { type NoticeSetup, newOrderNoticeJobs } from '#app/orders/order-notices.server.ts'
import { paymentMethodText, SHOP_NOTE } from '#app/orders/order-texts.ts'
import { couponRedemptions, idempotencyKeys, orderItems, orderStatusHistory, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { m } from '#app/paraglide/messages.js'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { uniqueViolation } from '#app/platform/db-errors.ts'
import type { MailMessage } from '#app/platform/mailer.server.ts'
import { outboxJob } from '#app/platform/outbox.server.ts'
import { preparedStatement } from '#app/platform/prepared.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { currentSettings, type ShopSettings } from '#app/settings/settings.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { whatsAppConsentRow, whatsAppOptInWording } from '#app/whatsapp/consent.server.ts'
import { whatsappConsents, whatsappMessages } from '#app/whatsapp/schema.ts'
import { type CouponCheck, checkCoupon } from './coupons.server.ts'
import { type DeliveryDetails, shippingAddress } from './delivery-form.ts'
import { linesSubtotal, orderTotals, withZoneFee } from './totals.ts'

/** An order that cannot be placed as asked; `message` is for the shopper. */
export class OrderError extends Error {
  readonly kind: 'empty-cart' | 'unavailable' | 'coupon' | 'payment' | 'duplicate' | 'closed' | 'delivery' | 'total'
  /** The checkout field the shopper must change, for a refusal about one. */
  readonly field: 'pincode' | 'paymentMethod' | null
  constructor(message: string, kind: OrderError['kind'], field: OrderError['field'] = null) {
    super(message)
    this.name = 'OrderError'
    this.kind = kind
    this.field = field
  }
}

export interface PlaceOrderInput {
  scope: CartScope
  details: DeliveryDetails
  /** From the checkout form: the same key always gives the same order. */
  idempotencyKey: string
  /** Hash of the browser session placing the order, so that session may see its result pages. */
  sessionHash: string
  /** Online payment can be chosen only when a gateway is ready. */
  onlinePaymentAvailable: boolean
  /** The shop's origin, for the links in the notices, and whether WhatsApp is configured. */
  notices: NoticeSetup
  /**
   * The total the checkout page showed, in paise, when the form says: the order is placed only at that
   * total (a PIN code's fee or a price may have changed since the page was drawn).
   */
  shownTotal?: number
  /** The signed-in shopper's account phone, by which the cart judged the coupon. */
  accountPhone?: string | null
  /** The language the order is placed in (the checkout page's): its e-mails and SMS are written in it. English unless told. */
  locale?: Locale
  /**
   * The shopper ticked the checkout's WhatsApp box (shown only when WhatsApp is configured): the opt-in
   * is recorded with this order, its phone and the sentence the box showed, in the order's transaction.
   */
  whatsappOptIn?: boolean
  /**
   * A signed-in shopper ticked "Save this address to my address book": the order's recipient and
   * address are kept in their book under this label, in the order's transaction (unless kept already).
   */
  saveAddress?: { userId: string; label: AddressLabel }
  now?: Date
}

export interface PlacedOrder {
  orderId: string
  orderNumber: string
  total: number
  paymentMethod: string
  /** True when the key had already placed this order (a retry). */
  replayed: boolean
}

/** Whether the database refused a second coupon redemption (its unique indexes), wherever in the cause chain. */
function isSecondRedemption(error: unknown): boolean {
  return uniqueViolation(error)?.startsWith('coupon_redemptions') ?? false
}

const claimFormKey = preparedStatement('claim-order-key', (tx) =>
  tx
    .insert(idempotencyKeys)
    .values({ key: sql.placeholder('key'), scope: 'place-order' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
)

const claimFormAndCartKeys = preparedStatement('claim-order-and-cart-keys', (tx) =>
  tx
    .insert(idempotencyKeys)
    .values([
      { key: sql.placeholder('key'), scope: 'place-order' },
      { key: sql.placeholder('cartKey'), scope: 'guest-cart' },
    ])
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
)

const insertOrderNotice = preparedStatement('order-admin-notice', (tx) =>
  tx.insert(adminNotificationsRealtime).values({
    type: 'new_order',
    orderId: sql.placeholder('orderId'),
    message: sql.placeholder('message'),
  }),
)

export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const now = input.now ?? new Date()
  // The settings and the PIN code's zone, read before the transaction as for any request (a read begun
  // after this call, shared with the requests asking at the same moment): inside it they held its
  // connection, on the embedded database the only one, for three round trips more.
  const [shop, zone] = await Promise.all([currentSettings(db), deliveryQuote(db, input.details.pincode, now)])
  try {
    return await db.transaction((tx) => placeInTransaction(tx, { ...input, now }, shop, zone))
  } catch (error) {
    // Two orders racing for one coupon: the redemption's unique index lets only one through.
    if (input.scope.cookie.couponCode && isSecondRedemption(error)) {
      throw new OrderError(m.order_coupon_used({ code: input.scope.cookie.couponCode }), 'coupon')
    }
    throw error
  }
}

async function placeInTransaction(
  tx: Tx,
  input: PlaceOrderInput & { now: Date },
  shop: Readonly<ShopSettings>,
  zone: DeliveryQuote | null,
): Promise<PlacedOrder> {
  const { scope, details, locale = 'en', now } = input
  const key = `place-order:${input.idempotencyKey}`
  // A guest cart becomes one order, whichever form sends it: a reload after a lost answer (whose
  // emptied cookie never arrived) sends the same cart with a new key, and gets the first order back.
  // Both keys are claimed by one statement.
  const cartKey = !scope.userId && scope.cookie.items.length > 0 ? guestCartOrderKey(scope.cookie.id) : null
  const claimed = cartKey ? await claimFormAndCartKeys(tx, { key, cartKey }) : await claimFormKey(tx, { key })
  const cartClaimed = cartKey !== null && claimed.some((row) => row.key === cartKey)
  if (!claimed.some((row) => row.key === key)) {
    // The form was used before: its order again. A cart key claimed just now is another cart's (lines
    // added since, sent with the old form by the back button), let go for that cart's own order.
    if (cartClaimed) await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.key, cartKey))
    return replay(tx, key, input)
  }
  if (cartKey && !cartClaimed) {
    const placed = await replay(tx, cartKey, input)
    await tx.update(idempotencyKeys).set({ orderId: placed.orderId }).where(eq(idempotencyKeys.key, key))
    return placed
  }

  if (shop.showcaseMode) throw new OrderError(m.order_shop_closed(), 'closed')
  if (details.paymentMethod === 'online' && !input.onlinePaymentAvailable) {
    throw new OrderError(m.order_online_unavailable(), 'payment')
  }

  // Where the order goes decides whether it can go there, how it may be paid, what delivery costs and
  // the day it is promised by (the PIN code box's rule: the zone's slowest days from the counting day).
  if (!zone?.served) throw new OrderError(deliveryTexts.notServedAtCheckout(details.pincode), 'delivery', 'pincode')
  if (!zone.codAllowed && !input.onlinePaymentAvailable) {
    throw new OrderError(m.checkout_no_way_to_pay({ pin: details.pincode }), 'delivery', 'pincode')
  }
  if (details.paymentMethod === 'cod' && !zone.codAllowed) {
    throw new OrderError(deliveryTexts.codRefused(), 'delivery', 'paymentMethod')
  }
  const promisedBy = zone.by

  const entries = await readCartEntries(tx, scope)
  if (entries.length === 0) throw new OrderError(m.cart_empty(), 'empty-cart')
  // The cart's storage already refuses these; the order checks again rather than trust it.
  if (entries.some((entry) => !isSize(entry.size) || !isLineQuantity(entry.quantity) || !isUuid(entry.productId))) {
    throw new OrderError(m.order_cart_bad_item(), 'unavailable')
  }

  // Concurrent checkouts of the same products queue here until this transaction ends.
  const byId = await lockProducts(
    tx,
    entries.map((entry) => entry.productId),
  )

  const lines = entries.map((entry) => {
    const product = byId.get(entry.productId)
    if (!product || product.archivedAt) throw new OrderError(m.order_item_not_sold(), 'unavailable')
    // The shopper reads the product's name in the checkout's language; the order keeps the English one.
    const shown = { ...product, name: (locale === 'hi' && product.nameHi) || product.name }
    const problem = lineProblem(shown, entry.size, entry.quantity)
    if (problem) throw new OrderError(m.order_change_cart({ problem }), 'unavailable')
    return { product, size: entry.size, quantity: entry.quantity, unitPrice: sellingPrice(product, entry.size) }
  })

  let coupon: Extract<CouponCheck, { ok: true }> | null = null
  const couponCode = scope.cookie.couponCode
  if (couponCode) {
    const check = await checkCoupon(
      tx,
      couponCode,
      { userId: scope.userId, phone: details.phone, accountPhone: input.accountPhone },
      { subtotal: linesSubtotal(lines), now, lock: true },
    )
    if (!check.ok) throw new OrderError(m.order_remove_code({ reason: check.reason }), 'coupon')
    coupon = check
  }
  const totals = withZoneFee(orderTotals(lines, shop, coupon?.terms ?? null), zone.extraFee)
  if (input.shownTotal !== undefined && input.shownTotal !== totals.total) {
    throw new OrderError(m.order_total_changed({ total: formatRupees(totals.total) }), 'total')
  }

  // Everything the order writes goes to the database in one statement (a WITH of inserts and the stock
  // taken; foreign keys, the stock's check and the rollup triggers see all of it at the statement's
  // end, and a failure writes none of it): each statement is a round trip that holds the product rows
  // locked above, and on the embedded database the only connection.
  const orderId = randomUUID()
  const number = orderNumber(orderId)
  const items = lines.map((line, position) => ({
    orderId,
    position,
    productId: line.product.id,
    productName: line.product.name,
    size: line.size,
    quantity: line.quantity,
    price: line.unitPrice,
  }))
  const shopNotices = newOrderNoticeJobs({
    order: {
      id: orderId,
      userId: scope.userId,
      customerName: details.fullName,
      email: details.email,
      phone: details.phone,
      shippingAddress: shippingAddress(details),
      totalAmount: totals.total,
      paymentMethod: details.paymentMethod,
      paymentStatus: 'pending',
      locale,
      deliveryBy: promisedBy,
      items,
    },
    shop,
    notices: input.notices,
  })
  const jobs = [
    outboxJob(
      'mail',
      confirmationMail(shop, details, {
        locale,
        number,
        totals,
        deliveryBy: promisedBy,
        lines: lines.map((line) => ({ label: lineLabel(line.product.name, line.size, locale), ...line })),
      }),
    ),
    ...shopNotices.jobs,
  ]
  const writes = [
    takeStockStatement(
      lines.map((line) => ({ productId: line.product.id, size: line.size, quantity: line.quantity })),
      now,
    ),
    tx.insert(orders).values({
      id: orderId,
      userId: scope.userId,
      customerName: details.fullName,
      email: details.email,
      subtotalAmount: totals.subtotal,
      discountAmount: totals.discount,
      deliveryFee: totals.delivery,
      deliveryZone: zone.zone,
      deliveryZoneFee: zone.extraFee,
      deliveryBy: promisedBy,
      totalAmount: totals.total,
      couponCode: coupon?.code ?? null,
      status: 'pending',
      shippingAddress: shippingAddress(details),
      phone: details.phone,
      paymentMethod: details.paymentMethod,
      paymentStatus: 'pending',
      deliveryOtpRequired: false,
      deliveryOtpVerified: false,
      placedBySession: input.sessionHash,
      termsAcceptedAt: now,
      locale,
      createdAt: now,
      updatedAt: now,
    }),
    tx.insert(orderItems).values(items),
    tx
      .insert(orderStatusHistory)
      .values({ orderId, fromStatus: null, toStatus: 'pending', note: SHOP_NOTE.placed, createdAt: now }),
    tx.insert(outboxJobs).values(jobs),
    shopNotices.ownerPush,
    ...(shopNotices.whatsappMessages.length > 0
      ? [tx.insert(whatsappMessages).values(shopNotices.whatsappMessages)]
      : []),
    tx
      .update(idempotencyKeys)
      .set({ orderId })
      .where(inArray(idempotencyKeys.key, cartKey ? [key, cartKey] : [key])),
    ...(coupon
      ? [
          tx.insert(couponRedemptions).values({
            couponCode: coupon.code,
            orderId,
            userId: scope.userId,
            phone: details.phone,
            oncePerCustomer: coupon.onePerCustomer,
            createdAt: now,
          }),
        ]
      : []),
    ...(scope.userId ? [tx.delete(cartItems).where(eq(cartItems.userId, scope.userId))] : []),
    ...(input.whatsappOptIn
      ? [
          tx.insert(whatsappConsents).values(
            whatsAppConsentRow({
              phone: details.phone,
              userId: scope.userId,
              orderId,
              granted: true,
              wording: whatsAppOptInWording(shop.legalName, locale),
              locale,
              source: 'checkout',
              now,
            }),
          ),
        ]
      : []),
  ]
  await tx.execute(
    sql`with ${sql.join(
      writes.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write.getSQL()})`),
      sql`, `,
    )} select 1`,
  )
  // The admin's notice after the order, in a statement of its own: the orders desk's change feed
  // (shop_events, numbered by their triggers) announces the order before its notice, and within one
  // statement the order of the WITH's inserts is PostgreSQL's to choose.
  await insertOrderNotice(tx, {
    orderId,
    message: `New order #${number} from ${details.fullName}: ${formatRupees(totals.total, 'en')} (${paymentMethodText(details.paymentMethod, 'en')})`,
  })
  if (input.saveAddress) await saveOrderAddress(tx, input.saveAddress.userId, details, input.saveAddress.label, now)

  return {
    orderId,
    orderNumber: number,
    total: totals.total,
    paymentMethod: details.paymentMethod,
    replayed: false,
  }
}

/** The key was used before: the same order again, for the same shopper only. */
async function replay(tx: Tx, key: string, input: PlaceOrderInput): Promise<PlacedOrder> {
  const [row] = await tx
    .select({
      orderId: orders.id,
      total: orders.totalAmount,
      paymentMethod: orders.paymentMethod,
      userId: orders.userId,
      placedBySession: orders.placedBySession,
    })
    .from(idempotencyKeys)
    .innerJoin(orders, eq(orders.id, idempotencyKeys.orderId))
    .where(eq(idempotencyKeys.key, key))
  const sameShopper =
    row && (input.scope.userId ? row.userId === input.scope.userId : row.placedBySession === input.sessionHash)
  if (!row || !sameShopper) {
    throw new OrderError(m.order_form_used(), 'duplicate')
  }
  return {
    orderId: row.orderId,
    orderNumber: orderNumber(row.orderId),
    total: row.total,
    paymentMethod: row.paymentMethod,
    replayed: true,
  }
}

/** The shopper's "order received" e-mail, in the language the order was placed in. */
function confirmationMail(
  shop: ShopSettings,
  details: DeliveryDetails,
  order: {
    locale: Locale
    number: string
    totals: ReturnType<typeof orderTotals>
    /** 'YYYY-MM-DD': the day the zone promised. */
    deliveryBy: string
    lines: { label: string; quantity: number; unitPrice: number }[]
  },
): MailMessage {
  const { totals, locale, number } = order
  const o = { locale }
  const rupees = (paise: number) => formatRupees(paise, locale)
  const { shopName } = shop
  return {
    to: details.email,
    replyTo: shop.email,
    subject: m.notice_received_subject({ number, shopName }, o),
    text: [
      m.notice_greeting({ name: details.fullName }, o),
      '',
      m.notice_received_body({ number, shopName, day: formatDeliveryDay(order.deliveryBy, locale) }, o),
      '',
      ...order.lines.map((line) => `${line.quantity} x ${line.label}: ${rupees(line.unitPrice * line.quantity)}`),
      '',
      `${m.subtotal({}, o)}: ${rupees(totals.subtotal)}`,
      ...(totals.discount > 0 ? [`${m.discount({}, o)}: -${rupees(totals.discount)}`] : []),
      `${m.delivery({}, o)}: ${totals.delivery === 0 ? m.free({}, o) : rupees(totals.delivery)}`,
      `${m.total({}, o)}: ${rupees(totals.total)} (${paymentMethodText(details.paymentMethod, locale)})`,
      '',
      m.notice_delivering_to({}, o),
      details.fullName,
      shippingAddress(details),
      formatIndianMobile(details.phone),
      '',
      m.notice_questions({ phone: shop.phone }, o),
      '',
      m.notice_regards({}, o),
      m.notice_team({ shopName }, o),
    ].join('\n'),
  }
}
