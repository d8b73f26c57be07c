// Reading an order's invoices and credit notes for the printable page and the PDF. An order that
// needs an invoice and has none (confirmed or paid before invoices existed, or its invoice could not be
// issued then) gets it here, on first view, under the order's row lock like any other issue.
import { asc, eq } from 'drizzle-orm'
import { orders } from '#app/orders/schema.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import type { InvoiceDocument } from './invoice-document.ts'
import { issueInvoiceOrTellOwner, needsInvoice } from './issue-invoice.server.ts'
import { creditNotes, invoices } from './schema.ts'

export interface IssuedInvoice {
  id: string
  number: string
  issuedAt: Date
  creditedAt: Date | null
  document: InvoiceDocument
}

export interface IssuedCreditNote {
  number: string
  issuedAt: Date
  reason: string
  totalAmount: number
  invoiceId: string
  invoiceNumber: string
}

export interface OrderPapers {
  invoices: IssuedInvoice[]
  creditNotes: IssuedCreditNote[]
  /** The order should have an invoice in force and has none: it could not be issued (the owner is told). */
  invoiceMissing: boolean
}

async function readPapers(db: Tx, orderId: string): Promise<Omit<OrderPapers, 'invoiceMissing'>> {
  // One after another: inside a transaction the queries share one connection.
  const issued = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      creditedAt: invoices.creditedAt,
      document: invoices.document,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number))
  const notes = await db
    .select({
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      reason: creditNotes.reason,
      totalAmount: creditNotes.totalAmount,
      invoiceId: creditNotes.invoiceId,
      invoiceNumber: invoices.number,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number))
  return { invoices: issued, creditNotes: notes }
}

/** Whether the order has papers to show: an invoice issued, or one it will get when opened. */
export async function hasOrWillHaveInvoice(
  db: Tx,
  order: { id: string; status: string; paymentMethod: string; paymentStatus: string },
) {
  if (needsInvoice(order)) return true
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1)
  return row !== undefined
}

/**
 * The order's papers, oldest first; its invoice is issued now if it needs one and has none (confirmed
 * before invoices existed, or its issue failed before and the order has been put right since).
 */
export async function orderPapers(
  db: Db,
  orderId: string,
  { now = new Date(), log }: { now?: Date; log?: Logger } = {},
): Promise<OrderPapers> {
  const papers = await readPapers(db, orderId)
  if (papers.invoices.some((invoice) => invoice.creditedAt === null)) return { ...papers, invoiceMissing: false }
  const state = { status: orders.status, paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus }
  const [current] = await db.select(state).from(orders).where(eq(orders.id, orderId))
  if (!current || !needsInvoice(current)) return { ...papers, invoiceMissing: false }
  return db.transaction(async (tx) => {
    const [order] = await tx.select(state).from(orders).where(eq(orders.id, orderId)).for('update')
    const missing =
      order && needsInvoice(order) ? (await issueInvoiceOrTellOwner(tx, orderId, now, log)) === null : false
    return { ...(await readPapers(tx, orderId)), invoiceMissing: missing }
  })
}

/** The papers in the order they were issued: each invoice, then the credit note that cancelled it. */
export function paperList(papers: OrderPapers) {
  return papers.invoices.flatMap((invoice) => [
    { document: invoice.document },
    ...papers.creditNotes
      .filter((note) => note.invoiceId === invoice.id)
      .map((note) => ({ document: invoice.document, creditNote: note })),
  ])
}
