// Issuing invoices and credit notes inside the transaction that changes the order: the owner confirming
// it (or moving it on), the gateway reporting it paid, the owner cancelling it. The caller holds the
// order's row lock (select ... for update), so one order never gets two invoices at once.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { products } from '#app/catalog/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { DOCUMENT_SERIES, type DocumentSeries, documentNumber, financialYear } from './financial-year.ts'
import { buildInvoiceDocument } from './invoice-document.ts'
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

export async function openInvoice(tx: Tx, orderId: string) {
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

export const CANCELLED_REASON = 'Order cancelled'

/** Cancels the order's invoice in force with a credit note, if it has one. The caller has locked the order's row. */
export async function issueCreditNote(tx: Tx, orderId: string, now: Date) {
  const invoice = await openInvoice(tx, orderId)
  if (!invoice) return null
  const year = financialYear(now)
  const series = DOCUMENT_SERIES['credit-note']
  const number = documentNumber(series, year, await takeSerial(tx, series, year))
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

/** What the order's status change means for its papers: an invoice when it needs one, a credit note when cancelled. */
export async function keepInvoiceInStep(tx: Tx, orderId: string, order: OrderState, now: Date) {
  if (order.status === 'cancelled') return issueCreditNote(tx, orderId, now)
  if (needsInvoice(order)) return issueInvoice(tx, orderId, now)
  return null
}
