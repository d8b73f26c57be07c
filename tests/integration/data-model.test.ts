import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { findPost, listPublishedSummaries } from '#app/blog/posts.server.ts'
import { blogs } from '#app/blog/schema.ts'
import { cartItems } from '#app/cart/schema.ts'
import { listFeaturedProducts, listProducts } from '#app/catalog/products.server.ts'
import { products } from '#app/catalog/schema.ts'
import { demoPosts } from '#app/demo/posts.ts'
import { demoProducts } from '#app/demo/products.ts'
import { coupons, orderItems, orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { settings } from '#app/settings/schema.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

/** The constraint a failed statement broke (drizzle wraps the driver's error in `cause`). */
async function violation(statement: Promise<unknown>): Promise<string> {
  try {
    await statement
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause
    return cause?.constraint ?? cause?.message ?? String(error)
  }
  throw new Error('expected the database to refuse the statement')
}

describe.each(DATABASE_KINDS)('data model on %s', (kind) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('is migrated and answers a ping', async () => {
    await database.ping()
    await database.migrate() // a second run is a no-op
  })

  describe('first start', () => {
    it('loads the settings, the FIRST10 coupon and the demo catalogue into an empty database', async () => {
      expect(await initialiseShop(database.db, { seedDemo: true, showcaseMode: true })).toBe(true)
      const shop = await getSettings(database.db)
      expect(shop.shopName).toBe('Malwa Namkeen')
      expect(shop.phone).toBe('+91 98765 43210')
      expect(shop.showcaseMode).toBe(true)
      expect(shop.deliveryFee).toBe(5000)
      expect(shop.freeDeliveryThreshold).toBe(50000)
      const [first10] = await database.db.select().from(coupons).where(eq(coupons.code, 'FIRST10'))
      expect(first10).toMatchObject({ percentOff: 10, firstOrderOnly: true, isActive: true })
      expect(await database.db.$count(products)).toBe(demoProducts.length)
      expect(await database.db.$count(blogs)).toBe(demoPosts.length)
    })

    it('never seeds twice', async () => {
      expect(await initialiseShop(database.db, { seedDemo: true, showcaseMode: false })).toBe(false)
      expect(await database.db.$count(products)).toBe(demoProducts.length)
      expect((await getSettings(database.db)).showcaseMode).toBe(true)
    })
  })

  describe('demo catalogue', () => {
    it('offers the four bestsellers the spec names, in its order', async () => {
      const featured = await listFeaturedProducts(database.db)
      expect(featured.map((product) => product.name)).toEqual([
        'Premium Ratlami Sev',
        'Satwik Khatta Meetha',
        'Navratna Mixture',
        'Tikhi Bundi',
      ])
    })

    it('has both categories, all three sizes priced, a few discounts and one image per product', async () => {
      const all = await listProducts(database.db)
      expect(new Set(all.map((product) => product.category))).toEqual(new Set(['Premium Products', 'Satwik Products']))
      for (const product of all) {
        expect(product.price250g).toBeGreaterThan(0)
        expect(product.price500g).toBeGreaterThan(product.price250g)
        expect(product.price1kg).toBeGreaterThan(product.price500g)
        expect(product.imageUrl).toMatch(/^\/images\/products\/[a-z-]+-640\.webp$/)
      }
      expect(all.filter((product) => product.discountPercentage > 0).length).toBeGreaterThanOrEqual(2)
      expect(new Set(all.map((product) => product.imageUrl)).size).toBe(all.length)
    })

    it('shows only published posts, newest first', async () => {
      const posts = await listPublishedSummaries(database.db)
      expect(posts.length).toBeGreaterThanOrEqual(3)
      const published = demoPosts.filter((post) => post.isPublished).map((post) => post.slug)
      expect(posts.map((post) => post.slug).sort()).toEqual(published.sort())
      const dates = posts.map((post) => post.createdAt.getTime())
      expect(dates).toEqual([...dates].sort((a, b) => b - a))
      const draft = demoPosts.find((post) => !post.isPublished)
      expect(draft).toBeDefined()
      expect(await findPost(database.db, draft!.slug)).toBeUndefined()
    })
  })

  describe('the database refuses impossible data', () => {
    const base = {
      slug: 'test-sev',
      name: 'Test Sev',
      category: 'Premium Products',
    }

    it('refuses negative prices and stock', async () => {
      expect(await violation(database.db.insert(products).values({ ...base, price250g: -1 }))).toBe(
        'products_money_stock_check',
      )
      expect(await violation(database.db.insert(products).values({ ...base, stock1kg: -5 }))).toBe(
        'products_money_stock_check',
      )
    })

    it('refuses a discount outside 0-100', async () => {
      expect(await violation(database.db.insert(products).values({ ...base, discountPercentage: 101 }))).toBe(
        'products_discount_check',
      )
      expect(await violation(database.db.insert(products).values({ ...base, discountPercentage: -1 }))).toBe(
        'products_discount_check',
      )
    })

    it('refuses fractional money', async () => {
      const message = await violation(
        database.db.execute(
          sql`insert into products (slug, name, category, price_250g) values ('x', 'X', 'Premium Products', 'abc')`,
        ),
      )
      expect(message).toMatch(/invalid input syntax for type integer/)
    })

    it('refuses a second product with the same slug', async () => {
      await database.db.insert(products).values(base)
      expect(await violation(database.db.insert(products).values({ ...base, name: 'Other' }))).toBe(
        'products_slug_unique',
      )
    })

    it('keeps one cart row per user, product and size, with a real size and a positive quantity', async () => {
      await database.db.insert(users).values({ id: 'user-1', name: 'Asha', email: 'asha@example.com' })
      const [product] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, base.slug))
      const row = { userId: 'user-1', productId: product!.id, size: '250g' as const, quantity: 1 }
      await database.db.insert(cartItems).values(row)
      expect(await violation(database.db.insert(cartItems).values(row))).toBe('cart_items_user_product_size')
      expect(await violation(database.db.insert(cartItems).values({ ...row, size: '500g', quantity: 0 }))).toBe(
        'cart_items_quantity_check',
      )
      expect(
        await violation(
          database.db.execute(
            sql`insert into cart_items (user_id, product_id, size, quantity) values ('user-1', ${product!.id}, '2kg', 1)`,
          ),
        ),
      ).toBe('cart_items_size_check')
      expect(await violation(database.db.insert(cartItems).values({ ...row, userId: 'nobody', size: '1kg' }))).toBe(
        'cart_items_user_id_users_id_fk',
      )
    })

    it('refuses order items with no quantity or an unknown size, and orders with an unknown status', async () => {
      const [order] = await database.db
        .insert(orders)
        .values({
          customerName: 'Asha',
          email: 'asha@example.com',
          subtotalAmount: 8000,
          deliveryFee: 5000,
          totalAmount: 13000,
          shippingAddress: '12 MG Road, Indore, Madhya Pradesh - 452001',
          phone: '+919876543210',
          paymentMethod: 'cod',
        })
        .returning()
      expect(order).toMatchObject({
        status: 'pending',
        paymentStatus: 'pending',
        deliveryOtpRequired: false,
        deliveryOtpVerified: false,
      })
      const item = { orderId: order!.id, productName: 'Test Sev', size: '250g' as const, quantity: 1, price: 8000 }
      expect(await violation(database.db.insert(orderItems).values({ ...item, quantity: 0 }))).toBe(
        'order_items_quantity_check',
      )
      expect(await violation(database.db.insert(orderItems).values({ ...item, price: -1 }))).toBe(
        'order_items_price_check',
      )
      expect(await violation(database.db.execute(sql`update orders set status = 'lost' where id = ${order!.id}`))).toBe(
        'orders_status_check',
      )
      expect(
        await violation(database.db.execute(sql`update orders set payment_status = 'maybe' where id = ${order!.id}`)),
      ).toBe('orders_payment_status_check')
    })

    it('keeps a single settings row', async () => {
      const current = await getSettings(database.db)
      const { id: _id, updatedAt: _updatedAt, ...values } = current
      expect(await violation(database.db.insert(settings).values({ ...values, id: 2 }))).toBe('settings_single_row')
    })
  })
})
