// An order's packets going back on the shelf (cancelled, or unpaid past its hold) and being taken
// again (a retried payment, or the admin moving an order out of cancelled). stock_released_at marks
// a released order, so each happens once whoever asks: the payment gateway, the reconciler or the admin.
import { and, eq, isNull } from 'drizzle-orm'
import { stockOf } from '#app/catalog/sizes.ts'
import { lockProducts, returnStock, type StockLine, takeStock } from '#app/catalog/stock.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { orderItems, orders } from './schema.ts'

/** An order's items; a product deleted since has no id (and no shelf to go back to). */
function orderLines(tx: Tx, orderId: string) {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
}

function onShelf(lines: Awaited<ReturnType<typeof orderLines>>): StockLine[] {
  return lines.flatMap((line) => (line.productId ? [{ ...line, productId: line.productId }] : []))
}

/** Puts an order's packets back on the shelf, once; false when they were already back. */
export async function releaseOrderStock(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ stockReleasedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id })
  if (!released) return false
  await returnStock(tx, onShelf(await orderLines(tx, orderId)), now)
  return true
}

/**
 * Takes a released order's packets off the shelf again. Returns null when done, or a sentence naming
 * the line that has sold out since (and changes nothing).
 */
export async function reserveOrderStockAgain(tx: Tx, orderId: string, now: Date): Promise<string | null> {
  const lines = await orderLines(tx, orderId)
  const locked = await lockProducts(
    tx,
    onShelf(lines).map((line) => line.productId),
  )
  const soldOut = lines.find((line) => {
    const product = line.productId ? locked.get(line.productId) : undefined
    return !product || stockOf(product, line.size) < line.quantity
  })
  if (soldOut) return `${soldOut.productName} (${soldOut.size}) has sold out since it was ordered.`
  await takeStock(tx, onShelf(lines), now)
  await tx.update(orders).set({ stockReleasedAt: null, updatedAt: now }).where(eq(orders.id, orderId))
  return null
}
