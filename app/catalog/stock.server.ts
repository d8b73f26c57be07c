// Packets taken off the shelf by an order and put back when it goes unpaid. Product rows are locked
// and changed in product id order everywhere, so orders and releases touching the same products queue
// instead of deadlocking.
import { asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { preparedStatement } from '#app/platform/prepared.server.ts'
import { products } from './schema.ts'
import { SIZES, type Size, stockField } from './sizes.ts'

export interface StockLine {
  productId: string
  size: Size
  quantity: number
}

const lockedProducts = preparedStatement('lock-products', (db) =>
  db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(products.id))
    .for('update'),
)

/** Locks these products (FOR UPDATE, in id order) for the rest of the transaction; by id. */
export async function lockProducts(tx: Tx, ids: readonly string[]) {
  const rows = ids.length ? await lockedProducts(tx, { ids: [...ids] }) : []
  return new Map(rows.map((row) => [row.id, row]))
}

/** Takes the lines' packets off the shelf; the caller has locked and checked them (never below zero). */
export function takeStock(tx: Tx, lines: readonly StockLine[], now: Date) {
  return moveStock(tx, lines, -1, now)
}

/**
 * The statement that takes the lines' packets off the shelf, one row a product, for a caller that sends
 * it inside a statement of its own (the order's WITH). The caller has locked the rows and checked the
 * stock under that lock; should a count still go below zero, the products' check constraint fails the
 * whole statement, and with it everything written beside it.
 */
export function takeStockStatement(lines: readonly StockLine[], now: Date): SQL {
  const taken = new Map<string, Record<Size, number>>()
  for (const line of lines) {
    const row = taken.get(line.productId) ?? { '250g': 0, '500g': 0, '1kg': 0 }
    row[line.size] += line.quantity
    taken.set(line.productId, row)
  }
  const values = [...taken]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([id, row]) =>
        sql`(${id}::uuid, ${sql.join(
          SIZES.map((size) => sql`${row[size]}::int`),
          sql`, `,
        )})`,
    )
  const column = (size: Size) => products[stockField(size)].name
  return sql`update ${products} set ${sql.join(
    SIZES.map(
      (size) => sql`${sql.identifier(column(size))} = ${products[stockField(size)]} - taken.${sql.identifier(size)}`,
    ),
    sql`, `,
  )}, ${sql.identifier(products.updatedAt.name)} = ${sql.param(now, products.updatedAt)}
    from (values ${sql.join(values, sql`, `)}) as taken (id, ${sql.join(
      SIZES.map((size) => sql.identifier(size)),
      sql`, `,
    )})
    where ${products.id} = taken.id`
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
