import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { orders } from '../orders/schema.ts'
import type { InvoiceDocument } from './invoice-document.ts'

export const INVOICE_KINDS = ['tax-invoice', 'receipt'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/**
 * The last serial taken per series ('INV', 'RCT', 'CN') and financial year ('26-27'). Taking a number
 * updates the row inside the transaction that issues the document, so concurrent issues queue on the
 * row and a rolled-back issue gives its number back: no gaps, no repeats (a sequence can skip).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [
    primaryKey({ name: 'document_counters_pk', columns: [t.series, t.financialYear] }),
    check('document_counters_serial_check', sql`${t.lastSerial} > 0`),
  ],
)

/**
 * An order's tax invoice (or receipt, for a shop without a GSTIN), issued once when the order is
 * confirmed or paid online. `document` is what it printed, kept as issued: later changes to the
 * settings or products never alter it. A cancelled order's invoice gets a credit note and
 * `credited_at`; an order reopened after that gets a new invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Paise: the order's total as invoiced. */
    totalAmount: integer('total_amount').notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} in ('tax-invoice', 'receipt')`),
    check('invoices_number_check', sql`length(${t.number}) <= 16 and ${t.number} ~ '^[A-Z0-9/-]+$'`),
    // One invoice in force per order.
    uniqueIndex('invoices_order_open_idx').on(t.orderId).where(sql`${t.creditedAt} is null`),
    index('invoices_order_idx').on(t.orderId, t.issuedAt),
  ],
)

/** The credit note that cancels an invoice, issued in the transaction that cancels its order. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Paise: the whole invoice is credited. */
    totalAmount: integer('total_amount').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    check('credit_notes_number_check', sql`length(${t.number}) <= 16 and ${t.number} ~ '^[A-Z0-9/-]+$'`),
    index('credit_notes_order_idx').on(t.orderId),
  ],
)
