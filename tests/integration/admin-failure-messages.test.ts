// The admin panel's failure toasts (spec section 8) as its actions answer them when the database
// refuses the change (a trigger that raises, as a full disk would): the spec's title with a 500, and
// nothing changed. Signing in is not what these tests are about: the session lookup answers with the owner.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { blogVersion } from '#app/blog/blog-admin.server.ts'
import { editBlogAction } from '#app/blog/blog-admin-routes.server.ts'
import { blogs } from '#app/blog/schema.ts'
import { productAction } from '#app/catalog/product-admin-routes.server.ts'
import { products } from '#app/catalog/schema.ts'
import { type DeskContext, generateDeliveryOtp } from '#app/orders/order-desk.server.ts'
import { orderAction } from '#app/orders/order-desk-routes.server.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import type { Services } from '#app/platform/services.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus } from './order-status.ts'
import { ratlamiSev } from './product-rows.ts'
import { ownerPost, ownerServices, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3998'
const OWNER = { id: 'failing-owner', name: 'Owner', email: 'owner@shop.test', role: 'admin', twoFactorEnabled: false }

describe.each(DATABASE_KINDS)('admin failure messages on %s', (kind) => {
  let database: Database
  let services: Services

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: false })
    await database.db.insert(users).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: 'admin' })
    await database.db.execute(sql`create or replace function disk_full() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$`)
    services = ownerServices(database, PUBLIC_URL, OWNER)
  })

  afterAll(async () => {
    await database?.close()
  })

  const post = (path: string, fields: Record<string, string>, params: Record<string, string>) =>
    ownerPost(services, path, fields, params) as never

  /** Runs `work` while every `event` on `table` fails as a full disk would. */
  async function whileFailing<T>(table: string, event: 'insert' | 'update' | 'delete', work: () => Promise<T>) {
    await database.db.execute(
      sql.raw(`create trigger disk_full before ${event} on ${table} for each row execute function disk_full()`),
    )
    try {
      return await work()
    } finally {
      await database.db.execute(sql.raw(`drop trigger disk_full on ${table}`))
    }
  }

  it('a product that cannot be deleted says Failed to delete product, and stays', async () => {
    const [row] = await database.db
      .insert(products)
      .values(ratlamiSev({ slug: 'failing-sev' }))
      .returning()
    const answer = await whileFailing('products', 'delete', () =>
      settle(() => productAction(post(`/admin/products/${row!.id}`, { intent: 'delete' }, { productId: row!.id }))),
    )
    expect(answer).toMatchObject({
      status: 500,
      body: { ok: false, title: 'Failed to delete product', message: 'Something went wrong. Please try again.' },
    })
    expect(await database.db.$count(products, eq(products.id, row!.id))).toBe(1)
  })

  it('a blog that cannot be deleted says Failed to delete blog, and stays', async () => {
    const [row] = await database.db
      .insert(blogs)
      .values({ title: 'Sev Stories', slug: 'sev-stories', excerpt: 'Why sev.', content: 'Because.' })
      .returning()
    const answer = await whileFailing('blogs', 'delete', () =>
      settle(() =>
        editBlogAction(
          post(
            `/admin/blogs/${row!.id}`,
            { intent: 'delete', version: blogVersion(row!), enhanced: '1' },
            { blogId: row!.id },
          ),
        ),
      ),
    )
    expect(answer).toMatchObject({
      status: 500,
      body: { ok: false, intent: 'delete', message: 'Failed to delete blog' },
    })
    expect(await database.db.$count(blogs, eq(blogs.id, row!.id))).toBe(1)
  })

  it('a delivery OTP that cannot be made or checked says Failed to generate OTP / Failed to verify OTP', async () => {
    const [product] = await database.db
      .insert(products)
      .values(ratlamiSev({ slug: 'otp-sev', stock250g: 5 }))
      .returning()
    const { orderId } = await placeGuestOrder(database.db, [{ productId: product!.id, size: '250g', quantity: 1 }])
    const desk: DeskContext = {
      admin: { id: OWNER.id, email: OWNER.email, name: OWNER.name },
      otpKey: services.otpKey,
      notices: { publicUrl: PUBLIC_URL, whatsapp: false },
    }
    await changeStatus(database.db, orderId, 'shipped', desk)
    const { code } = await generateDeliveryOtp(database.db, orderId, desk)
    const act = (fields: Record<string, string>) =>
      settle(() => orderAction(post(`/admin/orders/${orderId}`, fields, { orderId })))

    const [generated, verified] = await whileFailing('orders', 'update', async () => [
      await act({ intent: 'otp-generate' }),
      await act({ intent: 'otp-verify', otp: code }),
    ])
    expect(generated).toMatchObject({
      status: 500,
      body: { ok: false, title: 'Failed to generate OTP. Please try again.' },
    })
    expect(verified).toMatchObject({
      status: 500,
      body: { ok: false, title: 'Error', message: 'Failed to verify OTP. Please try again.' },
    })
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({ status: 'shipped', deliveryOtpVerified: false })
  })
})
