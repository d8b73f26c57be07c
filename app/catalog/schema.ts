import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ParcelOverrides } from '../shipping/parcels.ts'

/** The categories the product form offers; the owner can add more. Products refer to them by name. */
export const categories = pgTable('categories', {
  name: text('name').primaryKey(),
  /** Order in lists (the storefront's filter, the form's choice). */
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // The owner's Hindi texts for /hi/... pages; empty is no translation, and the English shows there.
    nameHi: text('name_hi').notNull().default(''),
    descriptionHi: text('description_hi').notNull().default(''),
    category: text('category')
      .notNull()
      .references(() => categories.name, { onUpdate: 'cascade' }),
    imageUrl: text('image_url'),
    price250g: integer('price_250g').notNull().default(0),
    price500g: integer('price_500g').notNull().default(0),
    price1kg: integer('price_1kg').notNull().default(0),
    stock250g: integer('stock_250g').notNull().default(0),
    stock500g: integer('stock_500g').notNull().default(0),
    stock1kg: integer('stock_1kg').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    // What the pack label carries (FSSAI): see reference/india.md.
    ingredients: text('ingredients').notNull().default(''),
    allergens: text('allergens').notNull().default(''),
    isVegetarian: boolean('is_vegetarian').notNull().default(true),
    bestBeforeDays: integer('best_before_days'),
    storageAdvice: text('storage_advice').notNull().default(''),
    ingredientsHi: text('ingredients_hi').notNull().default(''),
    allergensHi: text('allergens_hi').notNull().default(''),
    storageAdviceHi: text('storage_advice_hi').notNull().default(''),
    /** HSN code for the tax invoice, digits only: 2106 90 for namkeen (reference/india.md). */
    hsnCode: text('hsn_code').notNull().default('210690'),
    /** GST rate in hundredths of a percent: 500 is 5%. Prices are MRP, this tax included. */
    gstRateBp: integer('gst_rate_bp').notNull().default(500),
    /**
     * The packed parcel of a size where it differs from the pack's default (app/shipping/parcels.ts):
     * grams and centimetres, for booking a courier. Empty: every size ships as its pack's default.
     */
    parcels: jsonb('parcels').$type<ParcelOverrides>().notNull().default({}),
    /** Set instead of deleting a product that has been ordered: hidden from the shop, kept for past orders. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'products_money_stock_check',
      sql`${t.price250g} >= 0 and ${t.price500g} >= 0 and ${t.price1kg} >= 0 and ${t.stock250g} >= 0 and ${t.stock500g} >= 0 and ${t.stock1kg} >= 0`,
    ),
    check('products_discount_check', sql`${t.discountPercentage} between 0 and 100`),
    check('products_hsn_check', sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('products_gst_rate_check', sql`${t.gstRateBp} in (0, 25, 300, 500, 1200, 1800, 2800, 4000)`),
    check('products_best_before_check', sql`${t.bestBeforeDays} is null or ${t.bestBeforeDays} > 0`),
    index('products_category_idx').on(t.category),
    index('products_featured_idx').on(t.isFeatured, t.createdAt.desc()),
    index('products_created_at_idx').on(t.createdAt.desc()),
    index('products_price_250g_idx').on(t.price250g),
    index('products_discount_idx').on(t.discountPercentage),
  ],
)

/** A product's earlier slugs: /products/{old} redirects to the product's current page. */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
