// The owner's catalogue operations: list, create, edit, delete or archive, restore. Each change is one
// transaction with its audit record. Plain typed input and a database handle; nothing of HTTP.

import { createHash } from 'node:crypto'
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { orderItems } from '#app/orders/schema.ts'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { uniqueViolation } from '#app/platform/db-errors.ts'
import { escapeLike } from './browse.ts'
import type { ProductInput } from './product-form.ts'
import { categories, productSlugRedirects, products } from './schema.ts'
import { SIZES, type Size, stockField } from './sizes.ts'

export type ProductRow = typeof products.$inferSelect

export type ProductAdminErrorKind =
  | 'not-found'
  | 'slug-taken'
  | 'unknown-category'
  | 'category-exists'
  | 'changed-meanwhile'
  | 'stock-moved'

/** A refusal the owner can act on; `field` names the form field it belongs next to. */
export class ProductAdminError extends Error {
  override name = 'ProductAdminError'
  readonly kind: ProductAdminErrorKind
  /** The form field the message belongs next to. */
  readonly field?: 'slug' | 'category' | 'newCategory' | 'stock'
  /** For 'stock-moved': the stock per size now. */
  readonly currentStock?: Record<Size, number>
  constructor(
    message: string,
    kind: ProductAdminErrorKind,
    field?: ProductAdminError['field'],
    currentStock?: Record<Size, number>,
  ) {
    super(message)
    this.kind = kind
    this.field = field
    this.currentStock = currentStock
  }
}

const adminCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  category: products.category,
  imageUrl: products.imageUrl,
  price250g: products.price250g,
  price500g: products.price500g,
  price1kg: products.price1kg,
  stock250g: products.stock250g,
  stock500g: products.stock500g,
  stock1kg: products.stock1kg,
  isFeatured: products.isFeatured,
  discountPercentage: products.discountPercentage,
  archivedAt: products.archivedAt,
}

export type AdminProductCard = Omit<Awaited<ReturnType<typeof listAdminProducts>>[number], 'archivedAt'> & {
  archivedAt: string | null
}

/** The catalogue as the owner sees it, newest first; archived products only when asked. */
export function listAdminProducts(db: Tx, { q = '', archived = false }: { q?: string; archived?: boolean } = {}) {
  const conditions: SQL[] = [archived ? isNotNull(products.archivedAt) : isNull(products.archivedAt)]
  if (q) conditions.push(ilike(products.name, `%${escapeLike(q)}%`))
  return db
    .select(adminCardColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(archived ? desc(products.archivedAt) : desc(products.createdAt), asc(products.id))
}

/** Every category, in the order lists show them. */
export async function listCategories(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
  return rows.map((row) => row.name)
}

export async function findProduct(db: Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  return row
}

/** What the owner can change except stock, in one stable order. */
function editableFields(row: ProductRow) {
  return {
    name: row.name,
    slug: row.slug,
    category: row.category,
    description: row.description,
    imageUrl: row.imageUrl,
    price250g: row.price250g,
    price500g: row.price500g,
    price1kg: row.price1kg,
    isFeatured: row.isFeatured,
    discountPercentage: row.discountPercentage,
    ingredients: row.ingredients,
    allergens: row.allergens,
    isVegetarian: row.isVegetarian,
    bestBeforeDays: row.bestBeforeDays,
    storageAdvice: row.storageAdvice,
    hsnCode: row.hsnCode,
    gstRateBp: row.gstRateBp,
    nameHi: row.nameHi,
    descriptionHi: row.descriptionHi,
    ingredientsHi: row.ingredientsHi,
    allergensHi: row.allergensHi,
    storageAdviceHi: row.storageAdviceHi,
    // In a fixed order: jsonb keeps its keys in an order of its own.
    parcels: SIZES.map((size) => {
      const parcel = row.parcels[size]
      return parcel ? [parcel.weightGrams, parcel.lengthCm, parcel.breadthCm, parcel.heightCm] : null
    }),
  }
}

/**
 * A fingerprint of the product as an edit form showed it, stock left out. Orders change stock (and
 * updated_at) all day; they must not make an open form stale, but another edit of the product must.
 */
export function productVersion(row: ProductRow): string {
  return createHash('sha256')
    .update(JSON.stringify(editableFields(row)))
    .digest('base64url')
    .slice(0, 22)
}

function audited(row: ProductRow) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = row
  return rest
}

/** The product row's values from the form (stock aside). */
function rowValues(input: ProductInput) {
  return {
    name: input.name,
    slug: input.slug,
    category: input.category,
    description: input.description,
    imageUrl: input.imageUrl,
    price250g: input.price250g,
    price500g: input.price500g,
    price1kg: input.price1kg,
    isFeatured: input.isFeatured,
    discountPercentage: input.discountPercentage,
    ingredients: input.ingredients,
    allergens: input.allergens,
    isVegetarian: input.isVegetarian,
    bestBeforeDays: input.bestBeforeDays,
    storageAdvice: input.storageAdvice,
    hsnCode: input.hsnCode,
    gstRateBp: input.gstRate,
    nameHi: input.nameHi,
    descriptionHi: input.descriptionHi,
    ingredientsHi: input.ingredientsHi,
    allergensHi: input.allergensHi,
    storageAdviceHi: input.storageAdviceHi,
    parcels: input.parcels,
  }
}

/** The category the product goes in: an existing one, or a new one added (and audited) here. */
async function resolveCategory(tx: Tx, actor: AuditActor, input: ProductInput): Promise<string> {
  const [same] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${input.category})`)
  if (!input.newCategory) {
    // Only an exact name counts: the select offers exact names.
    if (same?.name !== input.category)
      throw new ProductAdminError('Choose a category from the list, or add a new one.', 'unknown-category', 'category')
    return same.name
  }
  if (same) {
    throw new ProductAdminError(
      `There is already a category called “${same.name}”: choose it from the list.`,
      'category-exists',
      'newCategory',
    )
  }
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${categories.position}), 0)::int` })
    .from(categories)
  await tx.insert(categories).values({ name: input.category, position: (last?.position ?? 0) + 1 })
  await recordAudit(tx, actor, {
    action: 'category.create',
    entity: 'category',
    entityId: input.category,
    label: input.category,
    before: null,
    after: { name: input.category },
  })
  return input.category
}

/** Refuses a slug that is another product's page, or one of another product's old addresses. */
async function assertSlugFree(tx: Tx, slug: string, productId: string | null) {
  const [owner] = await tx
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.slug, slug), productId ? ne(products.id, productId) : undefined))
  if (owner) throw slugTaken(slug, owner.name)
  const [redirect] = await tx
    .select({ name: products.name })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(
      and(
        eq(productSlugRedirects.oldSlug, slug),
        productId ? ne(productSlugRedirects.productId, productId) : undefined,
      ),
    )
  if (redirect) {
    throw new ProductAdminError(
      `The web address “${slug}” was the address of “${redirect.name}” and still leads to it. Please choose another.`,
      'slug-taken',
      'slug',
    )
  }
}

function slugTaken(slug: string, name: string) {
  return new ProductAdminError(
    `The web address “${slug}” is taken by “${name}”. Please choose another.`,
    'slug-taken',
    'slug',
  )
}

/** Two saves racing for one slug: the unique index lets one through; the other reads as taken. */
async function refusingSlugRace<T>(slug: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (uniqueViolation(error)?.startsWith('products_slug')) throw slugTaken(slug, 'another product')
    throw error
  }
}

export async function createProduct(db: Db, actor: AuditActor, input: ProductInput): Promise<ProductRow> {
  return refusingSlugRace(input.slug, () =>
    db.transaction(async (tx) => {
      const category = await resolveCategory(tx, actor, input)
      await assertSlugFree(tx, input.slug, null)
      const [row] = await tx
        .insert(products)
        .values({
          ...rowValues(input),
          category,
          stock250g: input.stock250g,
          stock500g: input.stock500g,
          stock1kg: input.stock1kg,
        })
        .returning()
      if (!row) throw new Error('the product insert returned nothing')
      await recordAudit(tx, actor, {
        action: 'product.create',
        entity: 'product',
        entityId: row.id,
        label: row.name,
        before: null,
        after: audited(row),
      })
      return row
    }),
  )
}

export interface ProductEdit {
  id: string
  input: ProductInput
  /** productVersion() of the product as the form showed it. */
  version: string
  /** The stock per size the form showed. */
  shownStock: Record<Size, number>
}

/**
 * Saves an edit. Stock follows one rule, because orders take stock while the form is open: a size
 * whose stock the owner left as shown keeps whatever the shop has now; a size the owner changed is
 * set to the owner's figure only if the shop still has what the form showed. Otherwise the save is
 * refused with the current figures: a recount typed over a sale would sell packets twice, and a
 * restock added as a difference would be wrong for a recount, so the owner decides with the facts.
 */
export async function updateProduct(db: Db, actor: AuditActor, edit: ProductEdit): Promise<ProductRow> {
  const { input } = edit
  return refusingSlugRace(input.slug, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, edit.id)).for('update')
      if (!before) throw new ProductAdminError('This product no longer exists.', 'not-found')
      if (productVersion(before) !== edit.version) {
        throw new ProductAdminError(
          'Someone changed this product while you were editing it. Reload the page to see the change, then edit again.',
          'changed-meanwhile',
        )
      }
      const stock: Partial<Record<'stock250g' | 'stock500g' | 'stock1kg', number>> = {}
      const moved: Size[] = []
      for (const size of SIZES) {
        const field = stockField(size)
        const typed = input[field]
        if (typed === edit.shownStock[size]) continue
        if (before[field] !== edit.shownStock[size]) moved.push(size)
        else stock[field] = typed
      }
      if (moved.length > 0) {
        const currentStock = Object.fromEntries(SIZES.map((size) => [size, before[stockField(size)]])) as Record<
          Size,
          number
        >
        const was = moved
          .map((size) => `${size}: ${currentStock[size]} now, ${edit.shownStock[size]} when you opened the form`)
          .join('; ')
        throw new ProductAdminError(
          `Orders changed the stock while you were editing (${was}). Check the stock figures and save again.`,
          'stock-moved',
          'stock',
          currentStock,
        )
      }
      const category =
        input.category === before.category && !input.newCategory
          ? before.category
          : await resolveCategory(tx, actor, input)
      if (input.slug !== before.slug) {
        await assertSlugFree(tx, input.slug, edit.id)
        // Back to one of its own old addresses: that address is its page again, not a redirect.
        await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, input.slug))
        // Redirects name the product, not a slug, so a chain of renames never forms a chain of hops.
        await tx
          .insert(productSlugRedirects)
          .values({ oldSlug: before.slug, productId: edit.id })
          .onConflictDoUpdate({ target: productSlugRedirects.oldSlug, set: { productId: edit.id } })
      }
      const [after] = await tx
        .update(products)
        .set({ ...rowValues(input), category, ...stock, updatedAt: new Date() })
        .where(eq(products.id, edit.id))
        .returning()
      if (!after) throw new Error('the product update returned nothing')
      await recordAudit(tx, actor, {
        action: 'product.update',
        entity: 'product',
        entityId: after.id,
        label: after.name,
        before: audited(before),
        after: audited(after),
      })
      return after
    }),
  )
}

export type RemovalOutcome = { outcome: 'deleted' | 'archived'; name: string }

/**
 * Deletes a product nobody has ordered. One that has been ordered is archived instead: gone from the
 * shop, kept for its past orders (their lines point at it).
 */
export async function deleteProduct(db: Db, actor: AuditActor, id: string): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update')
    if (!row) throw new ProductAdminError('This product no longer exists.', 'not-found')
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1)
    if (!ordered) {
      await tx.delete(products).where(eq(products.id, id))
      await recordAudit(tx, actor, {
        action: 'product.delete',
        entity: 'product',
        entityId: id,
        label: row.name,
        before: audited(row),
        after: null,
      })
      return { outcome: 'deleted', name: row.name }
    }
    if (!row.archivedAt) {
      const now = new Date()
      await tx.update(products).set({ archivedAt: now, updatedAt: now }).where(eq(products.id, id))
      await recordAudit(tx, actor, {
        action: 'product.archive',
        entity: 'product',
        entityId: id,
        label: row.name,
        before: { archivedAt: null },
        after: { archivedAt: now },
      })
    }
    return { outcome: 'archived', name: row.name }
  })
}

/** Puts an archived product back on sale. */
export async function restoreProduct(db: Db, actor: AuditActor, id: string): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update')
    if (!row) throw new ProductAdminError('This product no longer exists.', 'not-found')
    if (row.archivedAt) {
      await tx.update(products).set({ archivedAt: null, updatedAt: new Date() }).where(eq(products.id, id))
      await recordAudit(tx, actor, {
        action: 'product.restore',
        entity: 'product',
        entityId: id,
        label: row.name,
        before: { archivedAt: row.archivedAt },
        after: { archivedAt: null },
      })
    }
    return { name: row.name }
  })
}
