// The owner's catalogue operations against a real database (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set): adding and editing products with the form's schema, categories, slug
// changes and their redirects, the stock rule for a form open while orders come in, deleting or
// archiving, restoring, what the shop shows of archived products, and the audit trail; and the
// shipping parcel per size as the form posts it to the product routes.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { createContext, createElement, useContext } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { lineProblem, readCart } from '#app/cart/cart.server.ts'
import { AdminProductCard } from '#app/catalog/admin/admin-product-card.tsx'
import {
  type AdminProductCard as AdminProductCardData,
  createProduct,
  deleteProduct,
  listAdminProducts,
  listCategories,
  ProductAdminError,
  type ProductRow,
  productVersion,
  restoreProduct,
  updateProduct,
} from '#app/catalog/admin-products.server.ts'
import {
  createProductAction,
  editProductLoader,
  type ProductEditorData,
  productAction,
} from '#app/catalog/product-admin-routes.server.ts'
import {
  NEW_CATEGORY,
  PRODUCT_DEFAULTS,
  type ProductFormValues,
  type ProductInput,
  validateProductForm,
} from '#app/catalog/product-form.ts'
import {
  browseProducts,
  findProductBySlug,
  findSlugRedirect,
  listFeaturedProducts,
  listProducts,
  listShopCategories,
} from '#app/catalog/products.server.ts'
import { categories, productSlugRedirects, products } from '#app/catalog/schema.ts'
import { takeStock } from '#app/catalog/stock.server.ts'
import { OrderError } from '#app/checkout/place-order.server.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import type { AuditActor } from '#app/platform/audit.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import type { Services } from '#app/platform/services.server.ts'
import { sitemapEntries } from '#app/seo/sitemap.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { ownerPost, ownerServices, settle } from './route-answer.ts'

const owner: AuditActor = { id: 'owner-1', email: 'owner@shop.test', name: 'Shop Owner' }
const PUBLIC_URL = 'http://127.0.0.1:3996'
/** The owner as the stand-in session gives them to the routes. */
const SIGNED_IN_OWNER = {
  id: owner.id,
  email: 'owner@shop.test',
  name: owner.name,
  role: 'admin',
  twoFactorEnabled: false,
}

/** The form as a browser posts it: the defaults, then what the owner typed. */
function form(fields: Partial<ProductFormValues>): ProductFormValues {
  return { ...PRODUCT_DEFAULTS, category: 'Premium Products', ...fields }
}

/** The schema's verdict on a form: the input, or the first message of each field at fault. */
function check(fields: Partial<ProductFormValues>) {
  return validateProductForm(form(fields))
}

function input(fields: Partial<ProductFormValues>): ProductInput {
  const checked = check(fields)
  if (!checked.ok) throw new Error(`the form was refused: ${JSON.stringify(checked.fieldErrors)}`)
  return checked.data
}

/** The admin card of the product given through the context, inside a router (its links and fetchers need one). */
const ShownCard = createContext<AdminProductCardData | null>(null)
const CardStub = createRoutesStub([
  { path: '/', Component: () => createElement(AdminProductCard, { product: useContext(ShownCard)! }) },
])

describe('the product form’s schema', () => {
  it('reads rupees as paise, empty numbers as 0, checkboxes as booleans, and makes the slug from the name', () => {
    const data = input({
      name: '  Double Laung Sev ',
      price250g: '79.5',
      price500g: '1,500',
      price1kg: '',
      stock250g: '12',
      stock500g: '',
      discountPercentage: '',
      isFeatured: 'on',
      isVegetarian: '',
      bestBeforeDays: '90',
    })
    expect(data).toMatchObject({
      name: 'Double Laung Sev',
      slug: 'double-laung-sev',
      price250g: 7950,
      price500g: 150000,
      price1kg: 0,
      stock250g: 12,
      stock500g: 0,
      discountPercentage: 0,
      isFeatured: true,
      isVegetarian: false,
      bestBeforeDays: 90,
      imageUrl: null,
      newCategory: false,
    })
  })

  it('tidies a typed slug by the blog’s rule', () => {
    expect(input({ name: 'Sev', slug: '  Tikhi -- BUNDI!! (New) ' }).slug).toBe('tikhi-bundi-new')
  })

  it.each([
    ['price250g', '-5', 'A price cannot be negative. Use 0 for a size that is not sold.'],
    ['price500g', '100001', 'A price above ₹1,00,000 is surely a typo.'],
    ['price1kg', '12.345', 'Enter the price in rupees, like 80 or 79.50.'],
    ['price250g', 'eighty', 'Enter the price in rupees, like 80 or 79.50.'],
    ['stock250g', '-1', 'Stock cannot be negative.'],
    ['stock500g', '2.5', 'Stock is a whole number of packets, like 0 or 25.'],
    ['stock1kg', '100001', 'Stock above 1,00,000 packets is surely a typo.'],
    ['discountPercentage', '101', 'The discount is a whole number from 0 to 100.'],
    ['discountPercentage', '-1', 'The discount is a whole number from 0 to 100.'],
    ['discountPercentage', '12.5', 'The discount is a whole number from 0 to 100.'],
    ['bestBeforeDays', '0', 'Best before is a whole number of days from 1 to 3,650, or empty.'],
    ['imageUrl', 'https://evil.example/x.png', 'Choose one of the shop’s images, or upload a photo.'],
    ['imageUrl', 'javascript:alert(1)', 'Choose one of the shop’s images, or upload a photo.'],
    ['name', '   ', 'Please enter the product’s name.'],
    ['category', '', 'Please choose a category.'],
  ] as const)('refuses %s = %j with a message next to it', (field, value, message) => {
    const checked = check({ name: 'Ratlami Sev', [field]: value })
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.fieldErrors[field]).toBe(message)
  })

  it('refuses a product with no size priced, a slug with no letters, and a bad new category', () => {
    const unpriced = check({ name: 'Sev', price250g: '0', price500g: '', price1kg: '0' })
    expect(unpriced.ok || unpriced.fieldErrors.price250g).toBe(
      'Give at least one size a price: with none, the product cannot be sold.',
    )
    const noSlug = check({ name: '!!!', slug: '' })
    expect(noSlug.ok || noSlug.fieldErrors.slug).toMatch(/needs letters or numbers/)
    const shortCategory = check({ name: 'Sev', category: NEW_CATEGORY, newCategory: ' x ' })
    expect(shortCategory.ok || shortCategory.fieldErrors.newCategory).toBe(
      'Name the new category in 2 to 40 characters.',
    )
    const oddCategory = check({ name: 'Sev', category: NEW_CATEGORY, newCategory: '<b>Sweets</b>' })
    expect(oddCategory.ok || oddCategory.fieldErrors.newCategory).toMatch(/^Use letters, numbers/)
  })

  it('accepts a bundled image and an upload’s variant', () => {
    expect(input({ name: 'Sev', imageUrl: '/images/products/ratlami-sev-640.webp' }).imageUrl).toBe(
      '/images/products/ratlami-sev-640.webp',
    )
    expect(input({ name: 'Sev', imageUrl: '/uploads/products/abc-123-640.webp' }).imageUrl).toBe(
      '/uploads/products/abc-123-640.webp',
    )
  })
})

describe.each(DATABASE_KINDS)('the owner’s catalogue on %s', (kind) => {
  let database: Database
  let db: Database['db']

  const audits = (entityId: string) =>
    db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id)
  const count = async () => (await db.select({ id: products.id }).from(products)).length
  const edit = (row: ProductRow, fields: Partial<ProductFormValues>, shown?: Partial<Record<string, number>>) =>
    updateProduct(db, owner, {
      id: row.id,
      input: input({
        name: row.name,
        slug: row.slug,
        category: row.category,
        stock250g: String(row.stock250g),
        stock500g: String(row.stock500g),
        stock1kg: String(row.stock1kg),
        ...fields,
      }),
      version: productVersion(row),
      shownStock: { '250g': row.stock250g, '500g': row.stock500g, '1kg': row.stock1kg, ...shown },
    })
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ProductAdminError)
    return error as ProductAdminError
  }
  const order = (productId: string, quantity = 1) => placeGuestOrder(db, [{ productId, size: '250g', quantity }])

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(products)
    await db.delete(auditLog)
  })

  it('adds a product with the form’s values, and records who added it', async () => {
    const row = await createProduct(
      db,
      owner,
      input({ name: 'Ratlami Sev', stock250g: '40', description: 'Clove and pepper.', isFeatured: 'on' }),
    )
    expect(row).toMatchObject({
      slug: 'ratlami-sev',
      category: 'Premium Products',
      price250g: 8000,
      price500g: 15000,
      price1kg: 0,
      stock250g: 40,
      isFeatured: true,
      archivedAt: null,
    })
    expect(await findProductBySlug(db, 'ratlami-sev')).toMatchObject({ id: row.id, name: 'Ratlami Sev' })
    const [audit] = await audits(row.id)
    expect(audit).toMatchObject({
      action: 'product.create',
      entity: 'product',
      actorId: owner.id,
      actorEmail: owner.email,
      label: 'Ratlami Sev',
      before: null,
    })
    expect(audit?.after).toMatchObject({ name: 'Ratlami Sev', price250g: 8000, stock250g: 40 })
  })

  it('adds a new category with its product, at the end of the list, and the shop’s filter shows it', async () => {
    const row = await createProduct(
      db,
      owner,
      input({ name: 'Diwali Box', category: NEW_CATEGORY, newCategory: '  Festive   Boxes ' }),
    )
    expect(row.category).toBe('Festive Boxes')
    expect((await listCategories(db)).at(-1)).toBe('Festive Boxes')
    expect(await listShopCategories(db)).toEqual(['Festive Boxes'])
    expect((await browseProducts(db, { category: 'Festive Boxes', sort: 'name', q: '' })).map((p) => p.name)).toEqual([
      'Diwali Box',
    ])
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'category.create'))).length).toBeGreaterThan(0)
  })

  it('refuses a new category that exists in another letter case, and an unknown category, saving nothing', async () => {
    const before = await listCategories(db)
    const existing = await refusal(
      createProduct(db, owner, input({ name: 'Sev', category: NEW_CATEGORY, newCategory: 'premium PRODUCTS' })),
    )
    expect(existing).toMatchObject({ kind: 'category-exists', field: 'newCategory' })
    expect(existing.message).toBe('There is already a category called “Premium Products”: choose it from the list.')
    const unknown = await refusal(createProduct(db, owner, input({ name: 'Sev', category: 'Sweets' })))
    expect(unknown).toMatchObject({ kind: 'unknown-category', field: 'category' })
    expect(unknown.message).toBe('Choose a category from the list, or add a new one.')
    expect(await count()).toBe(0)
    expect(await listCategories(db)).toEqual(before)
  })

  it('refuses a slug another product has, or had, and saves nothing', async () => {
    const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev' }))
    const taken = await refusal(createProduct(db, owner, input({ name: 'Other', slug: 'Ratlami Sev' })))
    expect(taken).toMatchObject({ kind: 'slug-taken', field: 'slug' })
    expect(taken.message).toBe('The web address “ratlami-sev” is taken by “Ratlami Sev”. Please choose another.')

    await edit(sev, { slug: 'premium-ratlami-sev' })
    const old = await refusal(createProduct(db, owner, input({ name: 'Ratlami Sev' })))
    expect(old.message).toMatch(/^The web address “ratlami-sev” was the address of “Ratlami Sev”/)
    const bundi = await createProduct(db, owner, input({ name: 'Tikhi Bundi' }))
    await refusal(edit(bundi, { slug: 'ratlami-sev' }))
    await refusal(edit(bundi, { slug: 'premium-ratlami-sev' }))
    expect(await count()).toBe(2)
    expect((await db.select().from(products).where(eq(products.id, bundi.id)))[0]?.slug).toBe('tikhi-bundi')
  })

  it('keeps every old address leading straight to the product, and gives an address back when it returns', async () => {
    let sev = await createProduct(db, owner, input({ name: 'Ratlami Sev' }))
    sev = await edit(sev, { slug: 'ratlami-sev-2' })
    sev = await edit(sev, { slug: 'premium-ratlami-sev' })
    expect(await findProductBySlug(db, 'ratlami-sev')).toBeUndefined()
    expect(await findSlugRedirect(db, 'ratlami-sev')).toBe('premium-ratlami-sev')
    expect(await findSlugRedirect(db, 'ratlami-sev-2')).toBe('premium-ratlami-sev')
    // Every redirect names the product itself: no chain of hops.
    const redirects = await db.select().from(productSlugRedirects)
    expect(redirects.map((r) => r.productId)).toEqual([sev.id, sev.id])

    sev = await edit(sev, { slug: 'ratlami-sev' })
    expect(await findProductBySlug(db, 'ratlami-sev')).toMatchObject({ id: sev.id })
    expect(await findSlugRedirect(db, 'ratlami-sev')).toBeUndefined()
    expect(await findSlugRedirect(db, 'premium-ratlami-sev')).toBe('ratlami-sev')
    expect(await findSlugRedirect(db, 'ratlami-sev-2')).toBe('ratlami-sev')
  })

  it('refuses a save from a form opened before someone else changed the product', async () => {
    const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev' }))
    await edit(sev, { description: 'Changed in another tab.' })
    const stale = await refusal(edit(sev, { name: 'Ratlami Sev (fresh)' }))
    expect(stale.kind).toBe('changed-meanwhile')
    expect((await db.select().from(products).where(eq(products.id, sev.id)))[0]).toMatchObject({
      name: 'Ratlami Sev',
      description: 'Changed in another tab.',
    })
  })

  describe('stock, while orders come in during an edit', () => {
    it('keeps the shop’s stock for a size the owner did not touch, and saves the rest', async () => {
      const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev', stock250g: '10', stock500g: '5' }))
      await order(sev.id, 2) // the form still shows 10
      const saved = await edit(sev, { name: 'Ratlami Sev Special' })
      expect(saved).toMatchObject({ name: 'Ratlami Sev Special', stock250g: 8, stock500g: 5 })
    })

    it('refuses a changed figure when orders moved that size, with the current stock, and changes nothing', async () => {
      const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev', stock250g: '10', stock500g: '5' }))
      await db.transaction((tx) => takeStock(tx, [{ productId: sev.id, size: '250g', quantity: 3 }], new Date()))
      const moved = await refusal(edit(sev, { name: 'Renamed', stock250g: '20', stock500g: '6' }))
      expect(moved).toMatchObject({
        kind: 'stock-moved',
        field: 'stock',
        currentStock: { '250g': 7, '500g': 5, '1kg': 0 },
      })
      expect(moved.message).toBe(
        'Orders changed the stock while you were editing (250g: 7 now, 10 when you opened the form). Check the stock figures and save again.',
      )
      const [row] = await db.select().from(products).where(eq(products.id, sev.id))
      expect(row).toMatchObject({ name: 'Ratlami Sev', stock250g: 7, stock500g: 5 })

      // The form now shows 7: the owner's 20 is saved on purpose.
      const saved = await edit(row!, { stock250g: '20', stock500g: '6' }, { '250g': 7 })
      expect(saved).toMatchObject({ stock250g: 20, stock500g: 6 })
    })

    it('sets a changed figure when nothing moved meanwhile, and records before and after', async () => {
      const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev', stock250g: '10' }))
      const saved = await edit(sev, { stock250g: '25', price250g: '85' })
      expect(saved).toMatchObject({ stock250g: 25, price250g: 8500 })
      const update = (await audits(sev.id)).find((row) => row.action === 'product.update')
      expect(update).toMatchObject({
        before: { stock250g: 10, price250g: 8000 },
        after: { stock250g: 25, price250g: 8500 },
      })
    })
  })

  it('deletes a product nobody ordered, with its audit record', async () => {
    const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev' }))
    await edit(sev, { slug: 'old-sev' })
    expect(await deleteProduct(db, owner, sev.id)).toEqual({ outcome: 'deleted', name: 'Ratlami Sev' })
    expect(await count()).toBe(0)
    expect(await db.select().from(productSlugRedirects)).toEqual([])
    expect((await audits(sev.id)).at(-1)).toMatchObject({ action: 'product.delete', after: null })
    await expect(deleteProduct(db, owner, sev.id)).rejects.toMatchObject({ kind: 'not-found' })
  })

  it('archives an ordered product instead: gone from the shop, kept in its orders; restore brings it back', async () => {
    const sev = await createProduct(db, owner, input({ name: 'Ratlami Sev', stock250g: '10', isFeatured: 'on' }))
    const other = await createProduct(db, owner, input({ name: 'Tikhi Bundi', category: 'Satwik Products' }))
    const placed = await order(sev.id)
    await edit(sev, { slug: 'ratlami-sev-classic', stock250g: '9' }, { '250g': 9 })

    expect(await deleteProduct(db, owner, sev.id)).toEqual({ outcome: 'archived', name: 'Ratlami Sev' })
    const [kept] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId))
    expect(kept).toMatchObject({ productId: sev.id, productName: 'Ratlami Sev' })

    expect((await listProducts(db)).map((p) => p.id)).toEqual([other.id])
    expect(await listFeaturedProducts(db)).toEqual([])
    expect((await browseProducts(db, { category: null, sort: 'name', q: 'sev' })).length).toBe(0)
    expect(await findProductBySlug(db, 'ratlami-sev-classic')).toBeUndefined()
    expect(await findSlugRedirect(db, 'ratlami-sev')).toBeUndefined()
    expect(await listShopCategories(db)).toEqual(['Satwik Products'])
    expect((await sitemapEntries(db)).map((entry) => entry.path)).not.toContain('/products/ratlami-sev-classic')
    expect((await listAdminProducts(db)).map((p) => p.id)).toEqual([other.id])
    expect((await listAdminProducts(db, { archived: true })).map((p) => p.id)).toEqual([sev.id])

    // A cart that holds it says so, and checkout refuses it.
    const cookie = {
      id: randomUUID(),
      items: [{ productId: sev.id, size: '250g' as const, quantity: 1 }],
      couponCode: null,
    }
    const [line] = await readCart(db, { userId: null, cookie })
    expect(line?.problem).toBe('Ratlami Sev (250g) is no longer sold.')
    const refused = await order(sev.id).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(OrderError)
    expect((refused as OrderError).message).toBe(
      'An item in your cart is no longer sold. Please remove it and try again.',
    )

    expect((await audits(sev.id)).at(-1)).toMatchObject({ action: 'product.archive' })
    expect(await restoreProduct(db, owner, sev.id)).toEqual({ name: 'Ratlami Sev' })
    expect(await findProductBySlug(db, 'ratlami-sev-classic')).toMatchObject({ id: sev.id })
    expect(await findSlugRedirect(db, 'ratlami-sev')).toBe('ratlami-sev-classic')
    expect(lineProblem({ ...sev, stock250g: 9, archivedAt: null }, '250g', 1)).toBeNull()
    expect((await audits(sev.id)).at(-1)).toMatchObject({ action: 'product.restore', after: { archivedAt: null } })
  })

  it('stores a name with HTML as text, and the admin card shows it escaped', async () => {
    const name = '<img src=x onerror=alert(1)> Sev </script><script>alert(2)</script>'
    const row = await createProduct(db, owner, input({ name, description: '<b>bold</b> & spicy' }))
    const [stored] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, row.id)))
    expect(stored?.name).toBe(name)
    expect(stored?.slug).toBe('img-src-x-onerror-alert-1-sev-script-script-alert-2-script')
    const [card] = await listAdminProducts(db)
    const html = renderToStaticMarkup(
      createElement(ShownCard.Provider, { value: { ...card!, archivedAt: null } }, createElement(CardStub)),
    )
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Sev &lt;/script&gt;')
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; spicy')
  })

  describe('the shipping parcel per size, as the product form posts it', () => {
    let services: Services
    beforeAll(() => {
      services = ownerServices(database, PUBLIC_URL, SIGNED_IN_OWNER)
    })

    const row = async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0]!
    const add = (fields: Partial<ProductFormValues>) =>
      settle(() =>
        createProductAction(ownerPost(services, '/admin/products/new', form({ name: 'Ratlami Sev', ...fields }))),
      )
    /** The edit form as the page opens it for the product. */
    const opened = async (id: string) =>
      (await settle(() => editProductLoader(ownerPost(services, `/admin/products/${id}`, {}, { productId: id }))))
        .body as ProductEditorData
    /** Saves the edit form as opened, with the owner's changes. */
    const save = async (id: string, changes: Partial<ProductFormValues>) => {
      const { values, product } = await opened(id)
      const fields = {
        ...values,
        intent: 'save',
        version: product!.version,
        shownStock250g: String(product!.stock['250g']),
        shownStock500g: String(product!.stock['500g']),
        shownStock1kg: String(product!.stock['1kg']),
        ...changes,
      }
      return settle(() => productAction(ownerPost(services, `/admin/products/${id}`, fields, { productId: id })))
    }

    it('saves the figures the owner typed over the pack’s defaults, keeps only what differs, and audits it', async () => {
      const added = await add({
        parcelWeight250g: '320',
        parcelHeight250g: ' 4.5 cm',
        // The 500g pack's defaults typed out: nothing to keep.
        parcelWeight500g: '560',
        parcelLength500g: '24',
        parcelBreadth500g: '18',
        parcelHeight500g: '6',
      })
      expect(added).toMatchObject({ status: 200, body: { ok: true, title: 'Product added successfully' } })
      const { productId } = added.body as { productId: string }
      expect((await row(productId)).parcels).toEqual({
        '250g': { weightGrams: 320, lengthCm: 20, breadthCm: 15, heightCm: 4.5 },
      })
      expect((await audits(productId))[0]?.after).toMatchObject({
        parcels: { '250g': { weightGrams: 320, lengthCm: 20, breadthCm: 15, heightCm: 4.5 } },
      })

      // The edit form shows the figures that differ, and leaves the defaults empty.
      expect((await opened(productId)).values).toMatchObject({
        parcelWeight250g: '320',
        parcelLength250g: '',
        parcelHeight250g: '4.5',
        parcelWeight500g: '',
      })

      const saved = await save(productId, { parcelWeight500g: '1,000 g', parcelBreadth500g: '19.5' })
      expect(saved).toMatchObject({ status: 200, body: { ok: true, title: 'Product updated successfully' } })
      const parcels = {
        '250g': { weightGrams: 320, lengthCm: 20, breadthCm: 15, heightCm: 4.5 },
        '500g': { weightGrams: 1000, lengthCm: 24, breadthCm: 19.5, heightCm: 6 },
      }
      expect((await row(productId)).parcels).toEqual(parcels)
      const update = (await audits(productId)).find((entry) => entry.action === 'product.update')
      expect(update).toMatchObject({
        actorId: owner.id,
        before: { parcels: { '250g': parcels['250g'] } },
        after: { parcels },
      })
    })

    it('clearing the figures puts every size back to its pack’s default', async () => {
      const added = await add({ parcelWeight250g: '320', parcelLength500g: '25' })
      const { productId } = added.body as { productId: string }
      expect(Object.keys((await row(productId)).parcels)).toEqual(['250g', '500g'])

      const cleared = await save(productId, { parcelWeight250g: '', parcelLength500g: '  ' })
      expect(cleared).toMatchObject({ status: 200, body: { ok: true } })
      expect((await row(productId)).parcels).toEqual({})
      expect((await audits(productId)).at(-1)).toMatchObject({ action: 'product.update', after: { parcels: {} } })
      expect(Object.values((await opened(productId)).values).filter((value) => value === '320')).toEqual([])
    })

    it('refuses bad figures with a message next to each field, and changes nothing', async () => {
      const added = await add({ parcelWeight250g: '320' })
      const { productId } = added.body as { productId: string }
      const before = await row(productId)
      const auditCount = (await audits(productId)).length

      const bad = await save(productId, {
        name: 'Renamed meanwhile',
        parcelWeight250g: '9',
        parcelLength250g: '12.25',
        parcelBreadth250g: '-3',
        parcelHeight500g: 'tall',
        parcelWeight500g: '30001',
        parcelBreadth500g: '121',
      })
      expect(bad).toMatchObject({
        status: 400,
        body: {
          ok: false,
          title: 'Failed to save product',
          message: 'Please correct the 6 fields marked below.',
          fieldErrors: {
            parcelWeight250g: 'Weight is a whole number of grams from 10 to 30,000, like 300.',
            parcelLength250g: 'Length is 1 to 120 cm, with one decimal at most, like 20 or 12.5.',
            parcelBreadth250g: 'Breadth is 1 to 120 cm, with one decimal at most, like 20 or 12.5.',
            parcelHeight500g: 'Height is 1 to 120 cm, with one decimal at most, like 20 or 12.5.',
            parcelWeight500g: 'Weight is a whole number of grams from 10 to 30,000, like 300.',
            parcelBreadth500g: 'Breadth is 1 to 120 cm, with one decimal at most, like 20 or 12.5.',
          },
        },
      })

      // The 1kg pack has no price: a parcel for it is refused next to its first figure.
      const unsold = await save(productId, { parcelLength1kg: '30', parcelHeight1kg: '9' })
      expect(unsold).toMatchObject({
        status: 400,
        body: {
          ok: false,
          fieldErrors: { parcelLength1kg: 'The 1kg pack is not sold: leave its parcel empty, or give it a price.' },
        },
      })
      expect(await row(productId)).toEqual(before)
      expect((await audits(productId)).length).toBe(auditCount)

      // Nor is a new product with one added.
      const refusedNew = await add({ name: 'Tikhi Bundi', parcelWeight1kg: '1200' })
      expect(refusedNew).toMatchObject({
        status: 400,
        body: {
          fieldErrors: { parcelWeight1kg: 'The 1kg pack is not sold: leave its parcel empty, or give it a price.' },
        },
      })
      expect(await count()).toBe(1)
    })
  })

  it('lists the categories the owner added after the spec’s two, in position order', async () => {
    await db.delete(categories).where(eq(categories.name, 'Festive Boxes'))
    await createProduct(db, owner, input({ name: 'Box', category: NEW_CATEGORY, newCategory: 'Gift Packs' }))
    const all = await listCategories(db)
    expect(all.slice(0, 2)).toEqual(['Premium Products', 'Satwik Products'])
    expect(all.at(-1)).toBe('Gift Packs')
  })
})
