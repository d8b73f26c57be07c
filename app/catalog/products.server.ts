import { type AnyColumn, and, asc, desc, eq, exists, getTableColumns, gt, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Locale } from '#app/i18n/locale.ts'
import { inLanguage } from '#app/i18n/owner-text.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { reviews } from '#app/reviews/schema.ts'
import { type BrowseView, escapeLike, HIGHLIGHT_LIMIT, type Sort } from './browse.ts'
import { categories, productSlugRedirects, products } from './schema.ts'

/** Approved reviews per product, aggregated once for the whole list (one query, not one per product). */
function approvedRatings(db: Tx) {
  return db
    .select({
      productId: reviews.productId,
      average: sql<number>`avg(${reviews.rating})::float8`.as('rating_average'),
      count: sql<number>`count(*)::int`.as('rating_count'),
    })
    .from(reviews)
    .where(eq(reviews.status, 'approved'))
    .groupBy(reviews.productId)
    .as('approved_ratings')
}

function ratingColumns(ratings: ReturnType<typeof approvedRatings>) {
  return {
    /** Average of the approved reviews, or null when there are none (no invented ratings). */
    ratingAverage: sql<number | null>`${ratings.average}`,
    ratingCount: sql<number>`coalesce(${ratings.count}, 0)::int`,
  }
}

/** Archived products are kept for past orders and gone from every list and page of the shop. */
const onSale = isNull(products.archivedAt)

/** The product's name on a page in `locale`: the owner's Hindi on Hindi pages, else the English. */
function productName(locale: Locale) {
  return inLanguage(products.name, products.nameHi, locale)
}

/**
 * What anything that sells a product needs: its name (in the page's language; English, as order lines
 * keep it, unless asked), picture, prices, stock and discount per size.
 */
function sellingColumns(locale: Locale) {
  return {
    id: products.id,
    slug: products.slug,
    name: productName(locale),
    imageUrl: products.imageUrl,
    price250g: products.price250g,
    price500g: products.price500g,
    price1kg: products.price1kg,
    stock250g: products.stock250g,
    stock500g: products.stock500g,
    stock1kg: products.stock1kg,
    discountPercentage: products.discountPercentage,
  }
}

/** A product to sell with its archive date: the cart and the order refuse an archived one. */
export function orderableColumns(locale: Locale) {
  return { ...sellingColumns(locale), archivedAt: products.archivedAt }
}

/**
 * Whether each size is in stock, as a shop page says it: 1 or 0. How many packets the owner holds is
 * for the cart and the order to check, not for every visitor's page, and an order that leaves some
 * in stock leaves the catalogue's pages as they were (the page cache keeps their ETag and compressed
 * copies, docs/decisions/017-page-cache.md).
 */
const inStock = (stock: AnyColumn) => sql<number>`least(${stock}, 1)`.mapWith(Number)
const shownStock = {
  stock250g: inStock(products.stock250g),
  stock500g: inStock(products.stock500g),
  stock1kg: inStock(products.stock1kg),
}

/**
 * What a product card shows and needs to sell (it is sent to the browser for every card, so nothing
 * more: no description, no archive date, which the shop's lists never show).
 */
function cardColumns(locale: Locale) {
  return { ...sellingColumns(locale), ...shownStock, category: products.category, isFeatured: products.isFeatured }
}

/** Product cards with their rating, ready for a where and an order by. */
function selectCards(db: Tx, locale: Locale) {
  const ratings = approvedRatings(db)
  return db
    .select({ ...cardColumns(locale), ...ratingColumns(ratings) })
    .from(products)
    .leftJoin(ratings, eq(ratings.productId, products.id))
    .$dynamic()
}

export type ProductCardData = Awaited<ReturnType<typeof listProducts>>[number]

// The shop's readers take the page's language (English unless told): a card, a page and a cart line
// show the owner's Hindi on Hindi pages where there is some.

/** The whole catalogue, newest first. */
export function listProducts(db: Tx, locale: Locale = 'en') {
  return selectCards(db, locale).where(onSale).orderBy(desc(products.createdAt), asc(products.id))
}

/** The bestsellers: featured products, newest first. */
export function listFeaturedProducts(db: Tx, locale: Locale = 'en', limit = HIGHLIGHT_LIMIT) {
  return selectCards(db, locale)
    .where(and(onSale, eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit)
}

/** Special offers: discounted products, biggest discount first. */
export function listSpecialOffers(db: Tx, locale: Locale = 'en', limit = HIGHLIGHT_LIMIT) {
  return selectCards(db, locale)
    .where(and(onSale, gt(products.discountPercentage, 0)))
    .orderBy(desc(products.discountPercentage), desc(products.createdAt), asc(products.id))
    .limit(limit)
}

/** What a shopper pays for 250g, computed as pricing.ts does (halves up; prices are never negative). */
const sellingPrice250g = sql`round(${products.price250g} * (100 - ${products.discountPercentage}) / 100.0)`

/** The list's order: by the name the page shows, so a Hindi page sorts by the Hindi names. */
function orderBy(sort: Sort, locale: Locale): SQL[] {
  const byName = [asc(sql`lower(${productName(locale)})`), asc(products.id)]
  switch (sort) {
    case 'featured':
      return [desc(products.isFeatured), desc(products.createdAt), asc(products.id)]
    case 'price-asc':
      return [asc(sellingPrice250g), ...byName]
    case 'price-desc':
      return [desc(sellingPrice250g), ...byName]
    case 'offers':
      return [desc(products.discountPercentage), ...byName]
    case 'name':
      return byName
  }
}

/**
 * The product browser's list: filtered by category and search text, sorted, all in SQL. On a Hindi
 * page the search reads the Hindi texts too, so a Hindi query finds a product by its Hindi name and
 * an English one still finds it by the English.
 */
export function browseProducts(db: Tx, view: BrowseView, locale: Locale = 'en') {
  const conditions: SQL[] = [onSale]
  if (view.category) conditions.push(eq(products.category, view.category))
  if (view.q) {
    const pattern = `%${escapeLike(view.q)}%`
    const searched: AnyColumn[] = [products.name, products.description]
    if (locale === 'hi') searched.push(products.nameHi, products.descriptionHi)
    const matches = or(...searched.map((column) => sql`${column} ilike ${pattern} escape '\\'`))
    if (matches) conditions.push(matches)
  }
  return selectCards(db, locale)
    .where(and(...conditions))
    .orderBy(...orderBy(view.sort, locale))
}

/** One product with everything its page shows, in the page's language, or undefined. */
export async function findProductBySlug(db: Tx, slug: string, locale: Locale = 'en') {
  const ratings = approvedRatings(db)
  const {
    nameHi: _nameHi,
    descriptionHi: _descriptionHi,
    ingredientsHi: _ingredientsHi,
    allergensHi: _allergensHi,
    storageAdviceHi: _storageAdviceHi,
    ...columns
  } = getTableColumns(products)
  const [product] = await db
    .select({
      ...columns,
      name: productName(locale),
      description: inLanguage(products.description, products.descriptionHi, locale),
      ingredients: inLanguage(products.ingredients, products.ingredientsHi, locale),
      allergens: inLanguage(products.allergens, products.allergensHi, locale),
      storageAdvice: inLanguage(products.storageAdvice, products.storageAdviceHi, locale),
      ...shownStock,
      ...ratingColumns(ratings),
    })
    .from(products)
    .leftJoin(ratings, eq(ratings.productId, products.id))
    .where(and(eq(products.slug, slug), onSale))
  return product
}

export type ProductDetails = NonNullable<Awaited<ReturnType<typeof findProductBySlug>>>

/** Where an old address of a product leads now: the product's current slug, if it is still sold. */
export async function findSlugRedirect(db: Tx, oldSlug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.oldSlug, oldSlug), isNull(products.archivedAt)))
  return row?.slug
}

/** The categories the shop's filter offers: those with a product on sale, in the owner's order. */
export async function listShopCategories(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.category, categories.name), onSale)),
      ),
    )
    .orderBy(asc(categories.position), asc(categories.name))
  return rows.map((row) => row.name)
}
