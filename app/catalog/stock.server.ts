// Packets taken off the shelf by an order and put back when it goes unpaid. Product rows are locked
// and changed in product id order everywhere, so orders and releases touching the same products queue
// instead of deadlocking.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { products } from './schema.ts'
import { type Size, stockField } from './sizes.ts'

export interface StockLine {
  productId: string
  size: Size
  quantity: number
}

/** Locks these products (FOR UPDATE, in id order) for the rest of the transaction; by id. */
export async function lockProducts(tx: Tx, ids: readonly string[]) {
  const rows = ids.length
    ? await tx
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(asc(products.id))
        .for('update')
    : []
  return new Map(rows.map((row) => [row.id, row]))
}

/** Takes the lines' packets off the shelf; the caller has locked and checked them (never below zero). */
export function takeStock(tx: Tx, lines: readonly StockLine[], now: Date) {
  return moveStock(tx, lines, -1, now)
}

/** Puts the lines' packets back on the shelf. */
export function returnStock(tx: Tx, lines: readonly StockLine[], now: Date) {
  return moveStock(tx, lines, 1, now)
}

async function moveStock(tx: Tx, lines: readonly StockLine[], sign: 1 | -1, now: Date) {
  const inIdOrder = [...lines].sort((a, b) => a.productId.localeCompare(b.productId))
  for (const line of inIdOrder) {
    const field = stockField(line.size)
    await tx
      .update(products)
      .set({ [field]: sql`${products[field]} + ${sign * line.quantity}`, updatedAt: now })
      .where(eq(products.id, line.productId))
  }
}
