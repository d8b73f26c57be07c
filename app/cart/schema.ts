import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/schema.ts'
import { products } from '../catalog/schema.ts'
import { SIZES } from '../catalog/sizes.ts'

/** A signed-in shopper's cart: one row per user, product and size. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size', { enum: SIZES }).notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_user_product_size').on(t.userId, t.productId, t.size),
    check('cart_items_size_check', sql`${t.size} in ('250g', '500g', '1kg')`),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    index('cart_items_user_idx').on(t.userId),
  ],
)
