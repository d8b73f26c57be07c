// The cart, read and changed on the server. A signed-in shopper's lines live in cart_items; a guest's
// in the guest_cart cookie (guest-cart.ts). Either way what is shown comes from the products table as
// it is now, and every change is checked against current stock. Its texts are in the request's
// language, product names included (the owner's Hindi on Hindi pages); orders name products in English.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { sellingPrice } from '#app/catalog/pricing.ts'
import { orderableColumns } from '#app/catalog/products.server.ts'
import { products } from '#app/catalog/schema.ts'
import { isAvailable, priceOf, type Size, type SizedFields, sizeName, stockOf } from '#app/catalog/sizes.ts'
import { LOCALES, type Locale } from '#app/i18n/locale.ts'
import { idempotencyKeys } from '#app/orders/schema.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { type PreparedQuery, preparedStatement } from '#app/platform/prepared.server.ts'
import { type CartEntry, type GuestCart, MAX_CART_LINES, MAX_LINE_QUANTITY } from './guest-cart.ts'
import { cartItems } from './schema.ts'

/** Whose cart: the signed-in shopper's (userId), otherwise the cookie's lines. The cookie always holds the coupon. */
export interface CartScope {
  userId: string | null
  cookie: GuestCart
}

export interface CartLine {
  productId: string
  slug: string
  name: string
  imageUrl: string | null
  size: Size
  quantity: number
  /** What one packet costs now, in paise (after the product's discount). */
  unitPrice: number
  /** The listed price (MRP) of one packet. */
  mrp: number
  stock: number
  /** Why this line cannot be ordered as it is, or null. */
  problem: string | null
}

export type CartChange = { ok: true; cookie: GuestCart; message?: string } | { ok: false; message: string }

/** 'Ratlami Sev (250g)', in the request's language or the one given ('Ratlami Sev (250 ग्राम)'). */
export function lineLabel(name: string, size: Size, locale?: Locale): string {
  return `${name} (${sizeName(size, locale)})`
}

/**
 * The idempotency key under which a guest cart's order is kept: one cart becomes one order, whatever
 * checkout form sends it. The answer that empties the cookie can be lost on a bad connection; the
 * cookie then still holds the ordered lines, and a reload's new form would otherwise order them again.
 */
export function guestCartOrderKey(cartId: string): string {
  return `guest-cart:${cartId}`
}

const guestCartOrder = preparedStatement('guest-cart-order', (db) =>
  db
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, sql.placeholder('key'))),
)

/** The order this guest cart already became, or null (an empty cart never became one). */
export async function orderOfGuestCart(db: Tx, cart: GuestCart): Promise<string | null> {
  if (cart.items.length === 0) return null
  const [row] = await guestCartOrder(db, { key: guestCartOrderKey(cart.id) })
  return row?.orderId ?? null
}

/** The stored lines (product id, size, quantity), without product details. */
export async function readCartEntries(db: Tx, scope: CartScope): Promise<CartEntry[]> {
  if (!scope.userId) return scope.cookie.items
  return db
    .select({ productId: cartItems.productId, size: cartItems.size, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, scope.userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
}

/** Packets in the cart, as `readCart`'s lines count them (a line of a product that no longer exists is gone). */
export async function cartItemCount(db: Tx, scope: CartScope): Promise<number> {
  const entries = await readCartEntries(db, scope)
  if (entries.length === 0) return 0
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        entries.map((entry) => entry.productId),
      ),
    )
  const known = new Set(rows.map((row) => row.id))
  return entries.reduce((sum, entry) => (known.has(entry.productId) ? sum + entry.quantity : sum), 0)
}

type ProductRow = Pick<typeof products.$inferSelect, keyof ReturnType<typeof orderableColumns>>

/** Why `quantity` packets of this product and size cannot be bought now, or null. */
export function lineProblem(
  product: SizedFields & { name: string; archivedAt?: Date | null },
  size: Size,
  quantity: number,
): string | null {
  const label = lineLabel(product.name, size)
  // Archived by the owner: kept for past orders, no longer sold.
  if (product.archivedAt) return m.cart_line_not_sold({ label })
  if (!isAvailable(product, size)) return m.cart_line_out_of_stock({ label })
  const stock = stockOf(product, size)
  if (quantity > stock) return stock === 1 ? m.cart_line_one_left({ label }) : m.cart_line_few_left({ stock, label })
  return null
}

function toLine(product: ProductRow, entry: CartEntry): CartLine {
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    imageUrl: product.imageUrl,
    size: entry.size,
    quantity: entry.quantity,
    unitPrice: sellingPrice(product, entry.size),
    mrp: priceOf(product, entry.size),
    stock: stockOf(product, entry.size),
    problem: lineProblem(product, entry.size, entry.quantity),
  }
}

/** A statement per language: the product's name and description columns differ. */
function perLocale<R>(name: string, build: (db: Tx, locale: Locale) => { prepare(name: string): PreparedQuery<R> }) {
  const statements = Object.fromEntries(
    LOCALES.map((locale) => [locale, preparedStatement(`${name}-${locale}`, (db) => build(db, locale))]),
  ) as Record<Locale, (db: Tx, values: Record<string, unknown>) => Promise<R>>
  return (db: Tx, values: Record<string, unknown>) => statements[getLocale()](db, values)
}

// The cart's products, one statement whatever the cart's length (an array, not a list of parameters).
const cartProducts = perLocale('cart-products', (db, locale) =>
  db
    .select(orderableColumns(locale))
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
)

const productById = perLocale('cart-product', (db, locale) =>
  db
    .select(orderableColumns(locale))
    .from(products)
    .where(eq(products.id, sql.placeholder('id'))),
)

/** The cart's lines with the products as they are now; lines of deleted products are left out. */
export async function readCart(db: Tx, scope: CartScope): Promise<CartLine[]> {
  const entries = await readCartEntries(db, scope)
  if (entries.length === 0) return []
  const rows = await cartProducts(db, { ids: entries.map((entry) => entry.productId) })
  const byId = new Map(rows.map((row) => [row.id, row]))
  return entries.flatMap((entry) => {
    const product = byId.get(entry.productId)
    return product ? [toLine(product, entry)] : []
  })
}

async function findProduct(db: Tx, productId: string): Promise<ProductRow | undefined> {
  const [row] = await productById(db, { id: productId })
  return row
}

/** One more packet of this product and size. */
export async function addToCart(db: Db, scope: CartScope, productId: string, size: Size): Promise<CartChange> {
  const product = await findProduct(db, productId)
  if (!product) return { ok: false, message: m.product_not_found() }
  const entries = await readCartEntries(db, scope)
  const current = entries.find((entry) => entry.productId === productId && entry.size === size)?.quantity ?? 0
  const wanted = current + 1
  const refusal = quantityRefusal(product, size, wanted, current === 0 ? entries.length + 1 : entries.length)
  if (refusal) return { ok: false, message: refusal }

  if (!scope.userId) {
    const items =
      current === 0
        ? [...entries, { productId, size, quantity: 1 }]
        : entries.map((entry) =>
            entry.productId === productId && entry.size === size ? { ...entry, quantity: wanted } : entry,
          )
    return { ok: true, cookie: { ...scope.cookie, items } }
  }
  await db
    .insert(cartItems)
    .values({ userId: scope.userId, productId, size, quantity: 1 })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.size],
      set: { quantity: sql`${cartItems.quantity} + 1`, updatedAt: new Date() },
    })
  return { ok: true, cookie: scope.cookie }
}

function quantityRefusal(product: ProductRow, size: Size, quantity: number, lineCount: number): string | null {
  if (lineCount > MAX_CART_LINES) return m.cart_max_lines({ max: MAX_CART_LINES })
  if (quantity > MAX_LINE_QUANTITY)
    return m.cart_max_quantity({ max: MAX_LINE_QUANTITY, label: lineLabel(product.name, size) })
  return lineProblem(product, size, quantity)
}

/** Sets a line's quantity; 0 or less removes it. */
export async function setQuantity(
  db: Db,
  scope: CartScope,
  productId: string,
  size: Size,
  quantity: number,
): Promise<CartChange> {
  if (quantity <= 0) return removeFromCart(db, scope, productId, size)
  const product = await findProduct(db, productId)
  if (!product) return { ok: false, message: m.product_not_found() }
  const entries = await readCartEntries(db, scope)
  const current = entries.find((entry) => entry.productId === productId && entry.size === size)
  if (!current) return { ok: false, message: m.cart_item_gone() }
  // Lowering a quantity is always allowed, even when stock has fallen below it meanwhile.
  const refusal = quantity > current.quantity ? quantityRefusal(product, size, quantity, entries.length) : null
  if (refusal) return { ok: false, message: refusal }

  if (!scope.userId) {
    const items = entries.map((entry) =>
      entry.productId === productId && entry.size === size ? { ...entry, quantity } : entry,
    )
    return { ok: true, cookie: { ...scope.cookie, items } }
  }
  await db
    .update(cartItems)
    .set({ quantity, updatedAt: new Date() })
    .where(and(eq(cartItems.userId, scope.userId), eq(cartItems.productId, productId), eq(cartItems.size, size)))
  return { ok: true, cookie: scope.cookie }
}

export async function removeFromCart(db: Tx, scope: CartScope, productId: string, size: Size): Promise<CartChange> {
  if (!scope.userId) {
    const items = scope.cookie.items.filter((entry) => !(entry.productId === productId && entry.size === size))
    return { ok: true, cookie: { ...scope.cookie, items } }
  }
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, scope.userId), eq(cartItems.productId, productId), eq(cartItems.size, size)))
  return { ok: true, cookie: scope.cookie }
}

/**
 * At sign-in the guest's lines join the account's cart: quantities added, capped by stock. A cart is
 * merged once (an idempotency key names it), so two requests arriving together cannot add it twice.
 * Returns the emptied cookie and what to tell the shopper.
 */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  cookie: GuestCart,
): Promise<{ cookie: GuestCart; notice: string | null }> {
  // The emptied cart gets a new id: lines added to it later are a new cart to merge at the next sign-in.
  const emptied = { ...cookie, id: crypto.randomUUID(), items: [] }
  if (cookie.items.length === 0) return { cookie: emptied, notice: null }
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(idempotencyKeys)
      .values({ key: `cart-merge:${cookie.id}:${userId}`, scope: 'cart-merge' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (!first) return { cookie: emptied, notice: null }

    const existing = await readCartEntries(tx, { userId, cookie: emptied })
    const rows = await tx
      .select(orderableColumns(getLocale()))
      .from(products)
      .where(
        inArray(
          products.id,
          cookie.items.map((entry) => entry.productId),
        ),
      )
    const byId = new Map(rows.map((row) => [row.id, row]))
    let lineCount = existing.length
    const lowered: string[] = []
    let added = 0
    for (const entry of cookie.items) {
      const product = byId.get(entry.productId)
      if (!product || product.archivedAt || !isAvailable(product, entry.size)) {
        if (product) lowered.push(lineLabel(product.name, entry.size))
        continue
      }
      const had = existing.find((line) => line.productId === entry.productId && line.size === entry.size)?.quantity ?? 0
      if (had === 0 && lineCount >= MAX_CART_LINES) continue
      const quantity = Math.min(had + entry.quantity, stockOf(product, entry.size), MAX_LINE_QUANTITY)
      if (quantity < had + entry.quantity) lowered.push(lineLabel(product.name, entry.size))
      if (quantity <= had) continue
      if (had === 0) lineCount++
      added += quantity - had
      await tx
        .insert(cartItems)
        .values({ userId, productId: entry.productId, size: entry.size, quantity })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId, cartItems.size],
          set: { quantity, updatedAt: new Date() },
        })
    }
    const parts: string[] = []
    if (added > 0) parts.push(added === 1 ? m.cart_merged_one() : m.cart_merged_many({ count: added }))
    if (lowered.length > 0) parts.push(m.cart_merged_lowered({ labels: lowered.join(', ') }))
    return { cookie: emptied, notice: parts.length > 0 ? parts.join(' ') : null }
  })
}
