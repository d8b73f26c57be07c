import { desc, eq } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { products } from './schema.ts'

const cardColumns = {
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
}

export type ProductCardData = Awaited<ReturnType<typeof listProducts>>[number]

/** The whole catalogue, newest first. */
export function listProducts(db: Tx) {
  return db.select(cardColumns).from(products).orderBy(desc(products.createdAt))
}

/** The bestsellers: featured products, newest first. */
export function listFeaturedProducts(db: Tx, limit = 4) {
  return db
    .select(cardColumns)
    .from(products)
    .where(eq(products.isFeatured, true))
    .orderBy(desc(products.createdAt))
    .limit(limit)
}

export async function findProductBySlug(db: Tx, slug: string) {
  const [product] = await db.select().from(products).where(eq(products.slug, slug))
  return product
}
