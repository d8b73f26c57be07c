import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import type { BrowseView } from '#app/catalog/browse.ts'
import { sellingPrice } from '#app/catalog/pricing.ts'
import {
  browseProducts,
  findProductBySlug,
  listFeaturedProducts,
  listProducts,
  listSpecialOffers,
} from '#app/catalog/products.server.ts'
import { products } from '#app/catalog/schema.ts'
import { demoProducts } from '#app/demo/products.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { reviews } from '#app/reviews/schema.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const ALL: BrowseView = { category: null, sort: 'featured', q: '' }

describe.each(DATABASE_KINDS)('catalogue queries on %s', (kind) => {
  let database: Database
  const browse = (view: Partial<BrowseView>) => browseProducts(database.db, { ...ALL, ...view })
  const names = (rows: { name: string }[]) => rows.map((row) => row.name)

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: true, showcaseMode: true })
  })
  afterAll(async () => {
    await database?.close()
  })

  describe('category filter', () => {
    it('shows every product for All', async () => {
      expect(await browse({})).toHaveLength(demoProducts.length)
    })

    it.each(['Premium Products', 'Satwik Products'] as const)('shows only %s', async (category) => {
      const rows = await browse({ category })
      const expected = demoProducts.filter((product) => product.category === category)
      expect(rows.length).toBeGreaterThan(0)
      expect(new Set(names(rows))).toEqual(new Set(expected.map((product) => product.name)))
    })
  })

  describe('sorts', () => {
    it('puts the featured products first, then the rest newest first', async () => {
      const rows = await browse({ sort: 'featured' })
      const featuredCount = demoProducts.filter((product) => product.isFeatured).length
      expect(rows.slice(0, featuredCount).every((row) => row.isFeatured)).toBe(true)
      expect(rows.slice(featuredCount).some((row) => row.isFeatured)).toBe(false)
      // The demo catalogue is inserted newest first in the order it is written.
      const rest = demoProducts.filter((product) => !product.isFeatured).map((product) => product.name)
      expect(names(rows.slice(featuredCount))).toEqual(rest)
    })

    it('sorts by the 250g price the shopper pays, low to high and high to low', async () => {
      const prices = (rows: Parameters<typeof sellingPrice>[0][]) => rows.map((row) => sellingPrice(row, '250g'))
      const ascending = prices(await browse({ sort: 'price-asc' }))
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
      expect(new Set(ascending).size).toBeGreaterThan(2)
      const descending = prices(await browse({ sort: 'price-desc' }))
      expect(descending).toEqual([...descending].sort((a, b) => b - a))
    })

    it('shows the best offers first: highest discount first', async () => {
      const rows = await browse({ sort: 'offers' })
      const discounts = rows.map((row) => row.discountPercentage)
      expect(discounts).toEqual([...discounts].sort((a, b) => b - a))
      expect(rows[0]?.name).toBe('Spicy Mixture')
    })

    it('sorts by name from A to Z', async () => {
      const rows = await browse({ sort: 'name' })
      const expected = demoProducts.map((product) => product.name).sort((a, b) => a.localeCompare(b, 'en'))
      expect(names(rows)).toEqual(expected)
    })

    it('sorts within a category', async () => {
      const rows = await browse({ category: 'Satwik Products', sort: 'name' })
      expect(rows.every((row) => row.category === 'Satwik Products')).toBe(true)
      expect(names(rows)).toEqual([...names(rows)].sort((a, b) => a.localeCompare(b, 'en')))
    })
  })

  describe('search', () => {
    const matching = (word: RegExp) =>
      demoProducts
        .filter((product) => word.test(product.name) || word.test(product.description))
        .map((product) => product.name)
        .sort((a, b) => a.localeCompare(b, 'en'))

    it('matches the name, ignoring letter case', async () => {
      expect(names(await browse({ q: 'rATLAMI', sort: 'name' }))).toEqual(matching(/ratlami/i))
      expect(names(await browse({ q: 'Premium ratlami SEV' }))).toEqual(['Premium Ratlami Sev'])
      expect(names(await browse({ q: 'MIXTURE', sort: 'name' }))).toEqual(matching(/mixture/i))
    })

    it('matches the description', async () => {
      // 'ajwain' is in descriptions only, never in a name.
      const expected = demoProducts.filter((product) => /ajwain/i.test(product.description))
      expect(expected.some((product) => /ajwain/i.test(product.name))).toBe(false)
      expect(new Set(names(await browse({ q: 'AJWAIN' })))).toEqual(new Set(expected.map((product) => product.name)))
    })

    it('combines with the category filter', async () => {
      const rows = await browse({ q: 'sev', category: 'Satwik Products' })
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((row) => row.category === 'Satwik Products')).toBe(true)
    })

    it('finds nothing for text no product has', async () => {
      expect(await browse({ q: 'chocolate truffle' })).toEqual([])
    })

    it('treats % and _ and the escape character as plain characters', async () => {
      const base = { category: 'Premium Products', price250g: 5000, price500g: 9000, price1kg: 17000 }
      await database.db.insert(products).values([
        { ...base, slug: 'festival-pack', name: 'Festival Pack', description: 'Save 100% on boredom.' },
        { ...base, slug: 'sev-special', name: 'Sev_Special', description: 'Our chef made this one.' },
        { ...base, slug: 'back-slash', name: 'Back\\Slash Mix', description: 'A test name.' },
      ])
      try {
        // Unescaped, '%' and '_' would match every product.
        expect(names(await browse({ q: '%' }))).toEqual(['Festival Pack'])
        expect(names(await browse({ q: '_' }))).toEqual(['Sev_Special'])
        expect(names(await browse({ q: '100%' }))).toEqual(['Festival Pack'])
        expect(names(await browse({ q: 'v_s' }))).toEqual(['Sev_Special'])
        expect(names(await browse({ q: '\\' }))).toEqual(['Back\\Slash Mix'])
        // Quotes are data, not SQL.
        expect(await browse({ q: "'; drop table products; --" })).toEqual([])
      } finally {
        for (const slug of ['festival-pack', 'sev-special', 'back-slash']) {
          await database.db.delete(products).where(eq(products.slug, slug))
        }
      }
      expect(await database.db.$count(products)).toBe(demoProducts.length)
    })
  })

  describe('featured and special offers', () => {
    it('offers at most four featured products', async () => {
      const featured = await listFeaturedProducts(database.db)
      expect(featured).toHaveLength(4)
      expect(featured.every((row) => row.isFeatured)).toBe(true)
    })

    it('offers at most four discounted products, biggest discount first', async () => {
      const offers = await listSpecialOffers(database.db)
      const discounted = demoProducts.filter((product) => product.discountPercentage > 0)
      expect(offers).toHaveLength(Math.min(4, discounted.length))
      expect(offers.every((row) => row.discountPercentage > 0)).toBe(true)
      const discounts = offers.map((row) => row.discountPercentage)
      expect(discounts).toEqual([...discounts].sort((a, b) => b - a))
    })
  })

  describe('ratings', () => {
    it('shows no rating at all for a product without approved reviews', async () => {
      const all = await listProducts(database.db)
      expect(all.every((row) => row.ratingAverage === null && row.ratingCount === 0)).toBe(true)
    })

    it('averages and counts only the approved reviews, in every list and on the product page', async () => {
      const [sev] = await database.db.select().from(products).where(eq(products.slug, 'premium-ratlami-sev'))
      const [bundi] = await database.db.select().from(products).where(eq(products.slug, 'tikhi-bundi'))
      await database.db.insert(users).values([
        { id: 'catalog-reviewer-1', name: 'Asha', email: 'asha.catalog@example.com' },
        { id: 'catalog-reviewer-2', name: 'Ravi', email: 'ravi.catalog@example.com' },
        { id: 'catalog-reviewer-3', name: 'Meera', email: 'meera.catalog@example.com' },
      ])
      const order = {
        customerName: 'Asha',
        email: 'asha.catalog@example.com',
        subtotalAmount: 8000,
        deliveryFee: 5000,
        totalAmount: 13000,
        status: 'delivered' as const,
        shippingAddress: '12 MG Road, Indore, Madhya Pradesh - 452001',
        phone: '+919876543210',
        paymentMethod: 'cod',
      }
      const [first, second, third] = await database.db
        .insert(orders)
        .values([
          { ...order, userId: 'catalog-reviewer-1' },
          { ...order, userId: 'catalog-reviewer-2' },
          { ...order, userId: 'catalog-reviewer-3' },
        ])
        .returning({ id: orders.id })
      await database.db.insert(reviews).values([
        { productId: sev!.id, userId: 'catalog-reviewer-1', orderId: first!.id, rating: 5, status: 'approved' },
        { productId: sev!.id, userId: 'catalog-reviewer-2', orderId: second!.id, rating: 4, status: 'approved' },
        { productId: sev!.id, userId: 'catalog-reviewer-3', orderId: third!.id, rating: 1, status: 'pending' },
        { productId: bundi!.id, userId: 'catalog-reviewer-1', orderId: first!.id, rating: 1, status: 'rejected' },
        { productId: bundi!.id, userId: 'catalog-reviewer-2', orderId: second!.id, rating: 2, status: 'pending' },
      ])

      const rated = (rows: { slug: string; ratingAverage: number | null; ratingCount: number }[], slug: string) =>
        rows.find((row) => row.slug === slug)
      for (const rows of [
        await listProducts(database.db),
        await listFeaturedProducts(database.db),
        await browse({ sort: 'name' }),
      ]) {
        expect(rated(rows, 'premium-ratlami-sev')).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 })
        expect(rated(rows, 'tikhi-bundi')).toMatchObject({ ratingAverage: null, ratingCount: 0 })
      }
      // The join never repeats a product, however many reviews it has.
      expect(await browse({})).toHaveLength(demoProducts.length)
      expect(await findProductBySlug(database.db, 'premium-ratlami-sev')).toMatchObject({
        name: 'Premium Ratlami Sev',
        ratingAverage: 4.5,
        ratingCount: 2,
      })
      expect(await findProductBySlug(database.db, 'tikhi-bundi')).toMatchObject({
        ratingAverage: null,
        ratingCount: 0,
      })
    })
  })

  describe('product page', () => {
    it('finds a product by its slug with its pack-label facts', async () => {
      const product = await findProductBySlug(database.db, 'ujjaini-sev')
      expect(product).toMatchObject({ name: 'Ujjaini Sev', stock1kg: 0, isVegetarian: true })
      expect(product?.ingredients).toContain('Gram flour')
      expect(product?.allergens).toContain('peanut')
      expect(product?.bestBeforeDays).toBeGreaterThan(0)
    })

    it('finds nothing for an unknown slug', async () => {
      expect(await findProductBySlug(database.db, 'no-such-namkeen')).toBeUndefined()
      expect(await findProductBySlug(database.db, "'; select 1; --")).toBeUndefined()
    })
  })
})
