// Issuing invoices and credit notes inside the transaction that changes the order: the owner confirming
// it (or moving it on), the gateway reporting it paid, the owner cancelling it. The caller holds the
// order's row lock (select ... for update), so one order never gets two invoices at once. An invoice
// that cannot be issued never undoes the change that asked for it: see issueInvoiceOrTellOwner.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { products } from '#app/catalog/schema.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { transientFailure } from '#app/platform/db-errors.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { DOCUMENT_SERIES, type DocumentSeries, documentNumber, financialYear } from './financial-year.ts'
import { buildInvoiceDocument } from './invoice-document.ts'
import { CreditNoteNotIssuable, NotIssuable } from './not-issuable.ts'
import { creditNotes, documentCounters, invoices } from './schema.ts'

interface OrderState {
  status: string
  paymentMethod: string
  paymentStatus: string
}

/** An order is invoiced once it is confirmed (or further along) or paid online, unless it is cancelled. */
export function needsInvoice(order: OrderState): boolean {
  if (order.status === 'cancelled') return false
  return order.status !== 'pending' || (order.paymentMethod !== 'cod' && order.paymentStatus === 'paid')
}

/**
 * The next serial of a series in a financial year. The counter row is updated in the caller's
 * transaction: a concurrent issue waits for it, and a rollback returns the number.
 */
export async function takeSerial(tx: Tx, series: DocumentSeries, year: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, financialYear: year, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.financialYear],
      set: { lastSerial: sql`${documentCounters.lastSerial} + 1` },
    })
    .returning({ serial: documentCounters.lastSerial })
  if (!row) throw new Error(`No serial for ${series}/${year}`)
  return row.serial
}

async function openInvoice(tx: Tx, orderId: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), isNull(invoices.creditedAt)))
  return invoice ?? null
}

/** The order's invoice in force, issued now if it has none. The caller has locked the order's row. */
export async function issueInvoice(tx: Tx, orderId: string, now: Date) {
  const existing = await openInvoice(tx, orderId)
  if (existing) return existing
  // One after another: a transaction's queries share one connection.
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw new Error(`Order ${orderId} does not exist`)
  const items = await tx
    .select({
      productName: orderItems.productName,
      size: orderItems.size,
      quantity: orderItems.quantity,
      price: orderItems.price,
      hsnCode: products.hsnCode,
      gstRateBp: products.gstRateBp,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
  const seller = await getSettings(tx)
  const kind = seller.gstin ? 'tax-invoice' : 'receipt'
  const year = financialYear(now)
  const number = documentNumber(DOCUMENT_SERIES[kind], year, await takeSerial(tx, DOCUMENT_SERIES[kind], year))
  const document = buildInvoiceDocument({ order: { ...order, items }, seller, number, issuedAt: now })
  const [invoice] = await tx
    .insert(invoices)
    .values({ orderId, kind, number, financialYear: year, issuedAt: now, totalAmount: order.totalAmount, document })
    .returning()
  if (!invoice) throw new Error(`Invoice ${number} was not stored`)
  return invoice
}

/** The owner's notice that an order has no invoice and why; the order's details show it until it has one. */
export const INVOICE_NOT_ISSUED = 'invoice_not_issued'

/**
 * Issues the order's invoice in a savepoint (a nested transaction) of the caller's, for a change that
 * must not fail with it: a payment, a status change. When the invoice cannot be issued, only its own
 * writes are undone (its number is given back) and the change goes on; the owner gets a notice naming
 * the order and the reason (once per reason) and the log a warning. The order's next status change, or
 * the first opening of its invoice, tries again. Returns the invoice, or null when it was not issued.
 */
export async function issueInvoiceOrTellOwner(tx: Tx, orderId: string, now: Date, log?: Logger) {
  try {
    return await tx.transaction((savepoint) => issueInvoice(savepoint, orderId, now))
  } catch (error) {
    // A deadlock or a lost connection is the database's to retry, with the whole change.
    if (transientFailure(error)) throw error
    const known = error instanceof NotIssuable
    const reason = known ? error.message : 'something unexpected went wrong (the server log has the details)'
    const message = `Order #${orderNumber(orderId)} has no invoice: ${reason}. Once that is put right, it is issued when the order is next moved on or its invoice is opened.`
    const [told] = await tx
      .select({ id: adminNotificationsRealtime.id })
      .from(adminNotificationsRealtime)
      .where(
        and(
          eq(adminNotificationsRealtime.orderId, orderId),
          eq(adminNotificationsRealtime.type, INVOICE_NOT_ISSUED),
          eq(adminNotificationsRealtime.message, message),
        ),
      )
      .limit(1)
    if (told) return null
    // Logged once, with the notice: every view of a faulty order's invoice tries again.
    if (known) log?.warn({ orderId, reason: error.message }, 'invoice not issued')
    else log?.error({ orderId, err: error }, 'invoice not issued')
    await tx.insert(adminNotificationsRealtime).values({ type: INVOICE_NOT_ISSUED, orderId, message })
    return null
  }
}

export const CANCELLED_REASON = 'Order cancelled'

/** The credit note's number; a refusal (the year's numbers used up) says it is the credit note's. */
function creditNoteNumber(year: string, serial: number): string {
  try {
    return documentNumber(DOCUMENT_SERIES['credit-note'], year, serial)
  } catch (error) {
    throw error instanceof NotIssuable ? new CreditNoteNotIssuable(error.message, { cause: error }) : error
  }
}

/** Cancels the order's invoice in force with a credit note, if it has one. The caller has locked the order's row. */
export async function issueCreditNote(tx: Tx, orderId: string, now: Date) {
  const invoice = await openInvoice(tx, orderId)
  if (!invoice) return null
  const year = financialYear(now)
  const series = DOCUMENT_SERIES['credit-note']
  const number = creditNoteNumber(year, await takeSerial(tx, series, year))
  await tx.update(invoices).set({ creditedAt: now }).where(eq(invoices.id, invoice.id))
  const [note] = await tx
    .insert(creditNotes)
    .values({
      invoiceId: invoice.id,
      orderId,
      number,
      financialYear: year,
      issuedAt: now,
      totalAmount: invoice.totalAmount,
      reason: CANCELLED_REASON,
    })
    .returning()
  return note ?? null
}

/**
 * What the order's status change means for its papers: an invoice when it needs one (the change goes
 * on without it when it cannot be issued), a credit note when cancelled. Whether the order is left
 * without the invoice it needs (the owner has been told why).
 */
export async function keepInvoiceInStep(tx: Tx, orderId: string, order: OrderState, now: Date, log?: Logger) {
  if (order.status === 'cancelled') await issueCreditNote(tx, orderId, now)
  else if (needsInvoice(order)) return (await issueInvoiceOrTellOwner(tx, orderId, now, log)) === null
  return false
}
