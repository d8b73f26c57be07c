// The owner's Hindi product and post texts against a real database (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set): the admin's form actions save them, refuse one too long with its field's
// message and change nothing, and a cleared text falls back to English; the shop's readers give a
// Hindi page the Hindi where there is some and the English where not, and English pages only English.
// docs/decisions/024-hindi.md.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editBlogAction, newBlogAction } from '#app/blog/blog-admin-routes.server.ts'
import { findPost, listPublishedSummaries } from '#app/blog/posts.server.ts'
import { blogs } from '#app/blog/schema.ts'
import { readCart } from '#app/cart/cart.server.ts'
import { productVersion } from '#app/catalog/admin-products.server.ts'
import { createProductAction, productAction } from '#app/catalog/product-admin-routes.server.ts'
import { PRODUCT_LIMITS } from '#app/catalog/product-form.ts'
import { browseProducts, findProductBySlug, listFeaturedProducts } from '#app/catalog/products.server.ts'
import { products } from '#app/catalog/schema.ts'
import { localeMiddleware } from '#app/i18n/locale.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { ownerPost, ownerServices, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3997'
const ADMIN = { id: 'hindi-owner', name: 'Owner', email: 'owner@shop.test', role: 'admin', twoFactorEnabled: false }

/** Runs `work` as a request for `path` does: /hi/... in Hindi (the root middleware's locale). */
async function asRequestFor<T>(path: string, work: () => Promise<T>): Promise<T> {
  let result: T | undefined
  const context = createLoadContext({} as Services, {
    requestId: 't',
    nonce: '',
    clientIp: '203.0.113.9',
    log: createLogger('silent'),
  })
  await localeMiddleware(
    {
      request: new Request(`${PUBLIC_URL}${path}`),
      url: new URL(`${PUBLIC_URL}${path}`),
      context,
      params: {},
      unstable_pattern: '',
    } as never,
    async () => {
      result = await work()
      return new Response(null)
    },
  )
  return result as T
}

describe.each(DATABASE_KINDS)('the owner’s Hindi texts on %s', (kind) => {
  let database: Database
  let services: Services

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: true, showcaseMode: false })
    services = ownerServices(database, PUBLIC_URL, ADMIN)
  })

  afterAll(async () => {
    await database?.close()
  })

  const post = (path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
    ownerPost(services, path, fields, params)

  const productForm = (fields: Record<string, string>) => ({
    name: 'Khari Sev',
    category: 'Premium Products',
    price250g: '80',
    price500g: '150',
    price1kg: '0',
    stock250g: '10',
    stock500g: '0',
    stock1kg: '0',
    description: 'Salted sev, crisp and plain.',
    ...fields,
  })

  async function productRow(slug: string) {
    const [row] = await database.db.select().from(products).where(eq(products.slug, slug))
    return row!
  }

  /** The edit form as it was opened for this row, with the owner's changes. */
  function editForm(row: typeof products.$inferSelect, version: string, fields: Record<string, string>) {
    return productForm({
      intent: 'save',
      version,
      shownStock250g: String(row.stock250g),
      shownStock500g: String(row.stock500g),
      shownStock1kg: String(row.stock1kg),
      name: row.name,
      slug: row.slug,
      nameHi: row.nameHi,
      descriptionHi: row.descriptionHi,
      ...fields,
    })
  }

  it('saves a product’s Hindi texts, trimmed, with their audit record', async () => {
    const answer = await settle(() =>
      createProductAction(
        post(
          '/admin/products/new',
          productForm({ slug: 'khari-sev', nameHi: '  खारी सेव ', descriptionHi: 'नमकीन सेव,\r\nकुरकुरी और सादी।' }),
        ),
      ),
    )
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: 'Product added successfully' } })
    const row = await productRow('khari-sev')
    expect(row).toMatchObject({ nameHi: 'खारी सेव', descriptionHi: 'नमकीन सेव,\nकुरकुरी और सादी।', ingredientsHi: '' })
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id))
    expect(audit?.after).toMatchObject({ nameHi: 'खारी सेव' })
  })

  it('refuses a Hindi name too long with its field’s message, and changes nothing', async () => {
    const before = await productRow('khari-sev')
    // What the edit form was opened with.
    const version = productVersion(before)
    const answer = await settle(() =>
      productAction(
        post(
          `/admin/products/${before.id}`,
          editForm(before, version, { nameHi: 'स'.repeat(PRODUCT_LIMITS.name + 1) }),
          {
            productId: before.id,
          },
        ),
      ),
    )
    expect(answer).toMatchObject({
      status: 400,
      body: {
        ok: false,
        title: 'Failed to save product',
        fieldErrors: { nameHi: 'Please keep the name in Hindi to 120 characters or fewer.' },
      },
    })
    expect(await productRow('khari-sev')).toEqual(before)

    // A Hindi edit makes a form opened before it stale, as an English edit does.
    const saved = await settle(() =>
      productAction(
        post(`/admin/products/${before.id}`, editForm(before, version, { nameHi: 'खारी सेव ख़ास' }), {
          productId: before.id,
        }),
      ),
    )
    expect(saved).toMatchObject({ status: 200, body: { ok: true } })
    const stale = await settle(() =>
      productAction(
        post(`/admin/products/${before.id}`, editForm(before, version, { nameHi: 'खारी सेव' }), {
          productId: before.id,
        }),
      ),
    )
    expect(stale).toMatchObject({ status: 409 })
    expect((await productRow('khari-sev')).nameHi).toBe('खारी सेव ख़ास')
  })

  it('shows the Hindi on Hindi pages, the English on English ones, and the English again once the Hindi is cleared', async () => {
    const { db } = database
    const hindi = await findProductBySlug(db, 'khari-sev', 'hi')
    expect(hindi).toMatchObject({ name: 'खारी सेव ख़ास', description: 'नमकीन सेव,\nकुरकुरी और सादी।' })
    // One language reaches the page: no Hindi columns beside the English.
    expect(Object.keys(hindi!).filter((key) => key.endsWith('Hi'))).toEqual([])
    expect(await findProductBySlug(db, 'khari-sev', 'en')).toMatchObject({ name: 'Khari Sev' })

    // Search: a Hindi query finds it on Hindi pages, an English query on both; English pages read English only.
    const search = (q: string, locale: 'en' | 'hi') =>
      browseProducts(db, { category: null, sort: 'name', q }, locale).then((rows) => rows.map((row) => row.name))
    expect(await search('खारी', 'hi')).toEqual(['खारी सेव ख़ास'])
    expect(await search('Khari', 'hi')).toEqual(['खारी सेव ख़ास'])
    expect(await search('Khari', 'en')).toEqual(['Khari Sev'])
    expect(await search('खारी', 'en')).toEqual([])

    // The demo's bestsellers have their Hindi names.
    expect((await listFeaturedProducts(db, 'hi')).map((row) => row.name)).toContain('प्रीमियम रतलामी सेव')

    // The cart names its lines in the request's language.
    const cookie = {
      id: crypto.randomUUID(),
      couponCode: null,
      items: [{ productId: hindi!.id, size: '250g' as const, quantity: 1 }],
    }
    const hindiLines = await asRequestFor('/hi/cart', () => readCart(db, { userId: null, cookie }))
    expect(hindiLines.map((line) => line.name)).toEqual(['खारी सेव ख़ास'])
    const englishLines = await asRequestFor('/cart', () => readCart(db, { userId: null, cookie }))
    expect(englishLines.map((line) => line.name)).toEqual(['Khari Sev'])

    // Cleared: the Hindi page falls back to the English.
    const row = await productRow('khari-sev')
    const version = productVersion(row)
    const cleared = await settle(() =>
      productAction(
        post(`/admin/products/${row.id}`, editForm(row, version, { nameHi: ' ', descriptionHi: '' }), {
          productId: row.id,
        }),
      ),
    )
    expect(cleared).toMatchObject({ status: 200, body: { ok: true } })
    expect(await findProductBySlug(db, 'khari-sev', 'hi')).toMatchObject({
      name: 'Khari Sev',
      description: 'Salted sev, crisp and plain.',
    })
  })

  it('saves a post’s Hindi version, refuses one too long, and the blog falls back to English without it', async () => {
    const { db } = database
    const created = await settle(() =>
      newBlogAction(
        post('/admin/blogs/new', {
          intent: 'save',
          enhanced: '1',
          title: 'Sev at Sarafa',
          slug: 'sev-at-sarafa',
          excerpt: 'A night at the market.',
          content: 'The stalls open at ten.',
          author: 'Malwa Namkeen Team',
          isPublished: 'on',
          titleHi: 'सराफ़ा में सेव',
          excerptHi: 'बाज़ार की एक रात।',
          contentHi: 'दुकानें रात दस बजे खुलती हैं।',
        }),
      ),
    )
    expect(created).toMatchObject({ status: 200, body: { ok: true, intent: 'save' } })
    const blogId = (created.body as { blogId: string }).blogId

    const hindi = await findPost(db, 'sev-at-sarafa', { locale: 'hi' })
    expect(hindi).toMatchObject({ title: 'सराफ़ा में सेव', excerpt: 'बाज़ार की एक रात।', content: 'दुकानें रात दस बजे खुलती हैं।' })
    expect(Object.keys(hindi!).filter((key) => key.endsWith('Hi'))).toEqual([])
    expect(await findPost(db, 'sev-at-sarafa')).toMatchObject({ title: 'Sev at Sarafa' })
    const cards = await listPublishedSummaries(db, { locale: 'hi' })
    expect(cards.find((card) => card.slug === 'sev-at-sarafa')?.title).toBe('सराफ़ा में सेव')
    // A demo post without a Hindi version shows in English on the Hindi blog.
    expect(cards.find((card) => card.slug === 'the-story-of-ratlami-sev')?.title).toMatch(/Ratlami Sev/)

    const [stored] = await db.select().from(blogs).where(eq(blogs.id, blogId))
    const edit = (fields: Record<string, string>) =>
      settle(() =>
        editBlogAction(
          post(
            `/admin/blogs/${blogId}`,
            {
              intent: 'save',
              enhanced: '1',
              version: stored!.updatedAt.toISOString(),
              title: stored!.title,
              slug: stored!.slug,
              excerpt: stored!.excerpt,
              content: stored!.content,
              author: stored!.author,
              isPublished: 'on',
              titleHi: stored!.titleHi,
              excerptHi: stored!.excerptHi,
              contentHi: stored!.contentHi,
              ...fields,
            },
            { blogId },
          ),
        ),
      )
    const tooLong = await edit({ excerptHi: 'स'.repeat(301) })
    expect(tooLong).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { excerptHi: 'Please keep the excerpt in Hindi to 300 characters or fewer.' } },
    })
    const [unchanged] = await db.select().from(blogs).where(eq(blogs.id, blogId))
    expect(unchanged).toEqual(stored)

    expect(await edit({ titleHi: '', excerptHi: '', contentHi: '' })).toMatchObject({ status: 200, body: { ok: true } })
    expect(await findPost(db, 'sev-at-sarafa', { locale: 'hi' })).toMatchObject({
      title: 'Sev at Sarafa',
      excerpt: 'A night at the market.',
      content: 'The stalls open at ten.',
    })
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'blog.update'))
    expect(audit).toMatchObject({ before: { titleHi: 'सराफ़ा में सेव' }, after: { titleHi: '' } })
  })
})
