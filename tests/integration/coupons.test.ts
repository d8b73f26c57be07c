// Coupons against a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set): the owner
// creates, edits, disables and enables them (audited, stale forms refused, bad input refused with
// nothing changed), and checkout honours each term: flat or percent, minimum order, dates, uses in all
// (also under concurrent orders) and once per customer.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { cartItems } from '#app/cart/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { type CouponFormValues, couponFormDefaults, validateCouponForm } from '#app/checkout/coupon-form.ts'
import { checkCoupon } from '#app/checkout/coupons.server.ts'
import {
  CouponAdminError,
  createCoupon,
  findCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from '#app/checkout/coupons-admin.server.ts'
import { OrderError, placeOrder } from '#app/checkout/place-order.server.ts'
import { orderTotals } from '#app/checkout/totals.ts'
import { couponRedemptions, coupons, orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const owner = { id: 'coupon-owner', name: 'Shop Owner', email: 'owner@shop.test' }

/** A coupon form as the owner fills it in. */
const form = (fields: Partial<CouponFormValues> = {}): CouponFormValues => ({
  ...couponFormDefaults(null),
  code: 'DIWALI25',
  description: '25% off for Diwali',
  percentOff: '25',
  ...fields,
})

function terms(fields: Partial<CouponFormValues> = {}) {
  const parsed = validateCouponForm(form(fields), { withCode: true })
  if (!parsed.ok) throw new Error(`the form was refused: ${JSON.stringify(parsed.fieldErrors)}`)
  return parsed
}

describe.each(DATABASE_KINDS)('coupons on %s', (kind) => {
  let database: Database
  let db: Database['db']
  /** Ten products of ₹80 (250g), so concurrent orders do not queue on one product's lock. */
  let productIds: string[]
  let phoneCounter = 0
  const newPhone = () => `+9198765${String(10000 + phoneCounter++).slice(-5)}`

  const order = (
    code: string | null,
    phone: string,
    { quantity = 1, product = 0, userId = null as string | null, accountPhone = null as string | null } = {},
  ) => {
    const item = { productId: productIds[product]!, size: '250g' as const, quantity }
    // A signed-in shopper's cart lives in the database.
    const stored = userId ? db.insert(cartItems).values({ userId, ...item }) : Promise.resolve()
    return stored.then(() =>
      placeOrder(db, {
        scope: {
          userId,
          cookie: {
            id: randomUUID(),
            items: [{ productId: productIds[product]!, size: '250g', quantity }],
            couponCode: code,
          },
        },
        details: deliveryDetails({ phone }),
        idempotencyKey: randomUUID(),
        sessionHash: 'session-hash',
        onlinePaymentAvailable: false,
        notices: { publicUrl: 'http://shop.test', whatsapp: false },
        accountPhone,
      }),
    )
  }
  const create = async (fields: Partial<CouponFormValues> = {}) => {
    const parsed = terms(fields)
    return createCoupon(db, owner, parsed.code, parsed.data)
  }
  const storedOrder = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values([
      { ...owner, role: 'admin' },
      { id: 'buyer-1', name: 'Asha', email: 'asha@example.in' },
    ])
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(products)
    await db.delete(auditLog)
    await db.delete(couponRedemptions)
    await db.delete(coupons)
    const rows = await db
      .insert(products)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          slug: `sev-${i}`,
          name: `Sev ${i}`,
          category: 'Premium Products',
          price250g: 8000,
          price500g: 15000,
          price1kg: 0,
          stock250g: 50,
          stock500g: 50,
          stock1kg: 0,
        })),
      )
      .returning({ id: products.id })
    productIds = rows.map((row) => row.id)
  })

  describe('the owner', () => {
    it('creates a coupon with its terms in paise and days in India, audited', async () => {
      const created = await create({
        code: ' diwali25 ',
        kind: 'flat',
        percentOff: '',
        amountOff: '100.50',
        minOrder: '999',
        maxUses: '50',
        startsOn: '2026-10-20',
        endsOn: '2026-11-05',
        firstOrderOnly: 'on',
        onePerCustomer: '',
      })
      expect(created).toMatchObject({
        code: 'DIWALI25',
        kind: 'flat',
        amountOff: 10050,
        percentOff: null,
        minOrderAmount: 99900,
        maxUses: 50,
        firstOrderOnly: true,
        onePerCustomer: false,
        isActive: true,
      })
      expect(created.startsAt?.toISOString()).toBe('2026-10-19T18:30:00.000Z')
      // The moment after the last day ends in India.
      expect(created.endsAt?.toISOString()).toBe('2026-11-05T18:30:00.000Z')
      expect(couponFormDefaults(created)).toMatchObject({ amountOff: '100.50', minOrder: '999', endsOn: '2026-11-05' })
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, 'DIWALI25'))
      expect(audit).toMatchObject({ action: 'coupon.create', entity: 'coupon', actorId: owner.id, before: null })
      expect(audit?.after).toMatchObject({ code: 'DIWALI25', amountOff: 10050 })
    })

    it('refuses a code that is taken, and changes nothing', async () => {
      await create()
      const again = terms({ description: 'Something else' })
      await expect(createCoupon(db, owner, again.code, again.data)).rejects.toThrow(
        'A coupon DIWALI25 already exists: choose another code.',
      )
      expect((await findCoupon(db, 'DIWALI25'))?.description).toBe('25% off for Diwali')
    })

    it.each([
      [{ code: '' }, 'code', 'Please enter a code, like DIWALI25.'],
      [{ code: 'DIWALI-25' }, 'code', 'A code has letters A-Z and digits only, like DIWALI25.'],
      [{ code: 'AB' }, 'code', 'A code has at least 3 characters.'],
      [{ code: 'A'.repeat(21) }, 'code', 'A code has at most 20 characters.'],
      [{ description: '' }, 'description', 'Please describe the offer for shoppers, like “₹100 off orders over ₹999”.'],
      [{ kind: 'free' }, 'kind', 'Please choose a percentage or a flat amount.'],
      [{ percentOff: '0' }, 'percentOff', 'The percentage off is a whole number from 1 to 100.'],
      [{ percentOff: '101' }, 'percentOff', 'The percentage off is a whole number from 1 to 100.'],
      [{ percentOff: '12.5' }, 'percentOff', 'The percentage off is a whole number from 1 to 100.'],
      [{ kind: 'flat', amountOff: '0' }, 'amountOff', 'The amount off must be between ₹1 and ₹10,000.'],
      [{ kind: 'flat', amountOff: '10000.01' }, 'amountOff', 'The amount off must be between ₹1 and ₹10,000.'],
      [{ kind: 'flat', amountOff: '-5' }, 'amountOff', 'The amount off must be between ₹1 and ₹10,000.'],
      [{ kind: 'flat', amountOff: '' }, 'amountOff', 'Please enter the amount off in rupees.'],
      [
        { minOrder: '12.345' },
        'minOrder',
        'The minimum order must be an amount in rupees with at most two decimals, like 50 or 49.50.',
      ],
      [{ minOrder: '100001' }, 'minOrder', 'The minimum order must be between ₹0 and ₹1,00,000.'],
      [{ maxUses: '0' }, 'maxUses', 'Uses in all is a whole number from 1 to 10,00,000, or empty for no limit.'],
      [{ maxUses: 'lots' }, 'maxUses', 'Uses in all is a whole number from 1 to 10,00,000, or empty for no limit.'],
      [{ startsOn: '2026-02-30' }, 'startsOn', 'Please enter the first day as a date.'],
      [{ endsOn: '0001-01-01' }, 'endsOn', 'Please enter the last day from 2000 to 2099.'],
      [{ startsOn: '2026-11-05', endsOn: '2026-11-04' }, 'endsOn', 'The last day must not come before the first day.'],
      [{ firstOrderOnly: 'yes' }, 'firstOrderOnly', 'Please tick the box or leave it empty.'],
    ] as const)('refuses %o with a message on %s', async (fields, field, message) => {
      const result = validateCouponForm(form(fields as Partial<CouponFormValues>), { withCode: true })
      expect(result).toEqual({ ok: false, fieldErrors: expect.objectContaining({ [field]: message }) })
      // Nothing reached the database.
      expect(await listCoupons(db)).toEqual([])
    })

    it('names every field to correct at once, the discount included', () => {
      expect(validateCouponForm(form({ description: '', percentOff: '' }), { withCode: true })).toEqual({
        ok: false,
        fieldErrors: {
          description: 'Please describe the offer for shoppers, like “₹100 off orders over ₹999”.',
          percentOff: 'The percentage off is a whole number from 1 to 100.',
        },
      })
    })

    it('edits a coupon with the version it showed, and refuses a stale form without changing anything', async () => {
      const created = await create()
      const seen = created.updatedAt.toISOString()
      const edit = terms({ description: '30% off for Diwali', percentOff: '30', maxUses: '5' })
      const saved = await updateCoupon(db, owner, { code: 'DIWALI25', version: seen, terms: edit.data })
      expect(saved).toMatchObject({ percentOff: 30, maxUses: 5, description: '30% off for Diwali' })

      const stale = terms({ percentOff: '90' })
      await expect(
        updateCoupon(db, owner, { code: 'DIWALI25', version: seen, terms: stale.data }),
      ).rejects.toMatchObject({
        kind: 'stale',
      })
      await expect(
        setCouponActive(db, owner, { code: 'DIWALI25', version: seen, active: false }),
      ).rejects.toMatchObject({ kind: 'stale' })
      expect(await findCoupon(db, 'DIWALI25')).toMatchObject({ percentOff: 30, isActive: true })

      const [update] = await db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'))
      // Only what changed is kept.
      expect(update?.before).toEqual({ description: '25% off for Diwali', percentOff: 25, maxUses: null })
      expect(update?.after).toEqual({ description: '30% off for Diwali', percentOff: 30, maxUses: 5 })
    })

    it('disables and enables a coupon: shoppers are refused meanwhile, and its uses stay counted', async () => {
      const created = await create({ onePerCustomer: '' })
      await order('DIWALI25', newPhone())
      const disabled = await setCouponActive(db, owner, {
        code: 'DIWALI25',
        version: created.updatedAt.toISOString(),
        active: false,
      })
      expect(disabled.isActive).toBe(false)
      await expect(
        setCouponActive(db, owner, { code: 'DIWALI25', version: disabled.updatedAt.toISOString(), active: false }),
      ).rejects.toBeInstanceOf(CouponAdminError)
      const phone = newPhone()
      await expect(order('DIWALI25', phone)).rejects.toThrow(
        'DIWALI25 is no longer available. Remove the code to order without it.',
      )
      const [listed] = await listCoupons(db)
      expect(listed).toMatchObject({ code: 'DIWALI25', isActive: false, uses: 1 })

      await setCouponActive(db, owner, { code: 'DIWALI25', version: disabled.updatedAt.toISOString(), active: true })
      await expect(order('DIWALI25', phone)).resolves.toMatchObject({ replayed: false })
      const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action)
      expect(actions.sort()).toEqual(['coupon.create', 'coupon.disable', 'coupon.enable'])
      await expect(
        setCouponActive(db, owner, { code: 'NOSUCH', version: disabled.updatedAt.toISOString(), active: true }),
      ).rejects.toMatchObject({ kind: 'not-found' })
    })
  })

  describe('at checkout', () => {
    it('takes a flat coupon off the subtotal, and the drawer, the order and its redemption agree', async () => {
      await create({ code: 'FLAT100', kind: 'flat', percentOff: '', amountOff: '100' })
      const phone = newPhone()
      // 3 × ₹80 = ₹240: ₹100 off, ₹50 delivery.
      const check = await checkCoupon(db, 'FLAT100', { userId: null, phone }, { subtotal: 24000 })
      expect(check.ok).toBe(true)
      const drawer = orderTotals(
        [{ unitPrice: 8000, quantity: 3 }],
        { deliveryFee: 5000, freeDeliveryThreshold: 50000 },
        check.ok ? check.terms : null,
      )
      const placed = await order('FLAT100', phone, { quantity: 3 })
      const stored = await storedOrder(placed.orderId)
      expect(stored).toMatchObject({
        subtotalAmount: 24000,
        discountAmount: 10000,
        deliveryFee: 5000,
        totalAmount: 19000,
        couponCode: 'FLAT100',
      })
      expect(drawer.total).toBe(stored.totalAmount)
      expect(placed.total).toBe(19000)
    })

    it('never takes more than the subtotal', async () => {
      await create({ code: 'BIG', kind: 'flat', percentOff: '', amountOff: '500' })
      const placed = await order('BIG', newPhone())
      expect(await storedOrder(placed.orderId)).toMatchObject({
        subtotalAmount: 8000,
        discountAmount: 8000,
        totalAmount: 5000,
      })
    })

    it('says how much more a minimum order needs, and applies from exactly the minimum', async () => {
      await create({ code: 'MIN300', minOrder: '300', percentOff: '10' })
      const phone = newPhone()
      expect(await checkCoupon(db, 'MIN300', { userId: null, phone }, { subtotal: 24000 })).toEqual({
        ok: false,
        code: 'MIN300',
        reason: 'Add ₹60.00 more to use MIN300.',
      })
      await expect(order('MIN300', phone, { quantity: 3 })).rejects.toThrow('Add ₹60.00 more to use MIN300.')
      expect(await db.$count(orders)).toBe(0)
      // 4 × ₹80 = ₹320 reaches ₹300.
      const placed = await order('MIN300', phone, { quantity: 4 })
      expect(await storedOrder(placed.orderId)).toMatchObject({ subtotalAmount: 32000, discountAmount: 3200 })
    })

    it('applies only between its first and last day', async () => {
      await create({ code: 'LATER', startsOn: '2099-01-01' })
      await create({ code: 'OVER', startsOn: '2020-01-01', endsOn: '2020-01-31' })
      const phone = newPhone()
      await expect(order('LATER', phone)).rejects.toThrow('LATER can be used from 1 Jan 2099.')
      await expect(order('OVER', phone)).rejects.toThrow('OVER expired on 31 Jan 2020.')
      // The last day counts until midnight in India.
      const lastDay = new Date('2020-01-31T18:29:59.000Z')
      expect(await checkCoupon(db, 'OVER', { userId: null, phone }, { subtotal: 8000, now: lastDay })).toMatchObject({
        ok: true,
      })
      expect(
        await checkCoupon(
          db,
          'OVER',
          { userId: null, phone },
          { subtotal: 8000, now: new Date('2020-01-31T18:30:00.000Z') },
        ),
      ).toMatchObject({ ok: false })
      expect(await db.$count(orders)).toBe(0)
    })

    it('gives a one-use coupon to exactly one of ten concurrent orders by different customers', async () => {
      await create({ code: 'ONCE', maxUses: '1', onePerCustomer: '' })
      const results = await Promise.allSettled(productIds.map((_, product) => order('ONCE', newPhone(), { product })))
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(result.reason).toBeInstanceOf(OrderError)
          expect((result.reason as OrderError).message).toBe(
            'ONCE has been used as many times as it can be. Remove the code to order without it.',
          )
        }
      }
      expect(await db.$count(couponRedemptions)).toBe(1)
      expect(await db.$count(orders)).toBe(1)
      expect((await listCoupons(db))[0]).toMatchObject({ code: 'ONCE', uses: 1, maxUses: 1 })
    })

    it('refuses a one-per-customer coupon the second time, by phone number and by account', async () => {
      await create({ code: 'HELLO50', kind: 'flat', percentOff: '', amountOff: '50' })
      const phone = newPhone()
      await order('HELLO50', phone)
      await expect(order('HELLO50', phone)).rejects.toThrow(
        'You have already used HELLO50. Remove the code to order without it.',
      )
      await order('HELLO50', newPhone(), { userId: 'buyer-1' })
      await expect(order('HELLO50', newPhone(), { userId: 'buyer-1' })).rejects.toThrow(
        'You have already used HELLO50.',
      )
      expect(await db.$count(couponRedemptions)).toBe(2)
      const rows = await db.select().from(couponRedemptions)
      expect(rows.every((row) => row.oncePerCustomer)).toBe(true)
    })

    it('judges a first-order coupon by the account’s phone too, as the cart does, when the order gives another', async () => {
      await create({ code: 'FIRSTBUY', firstOrderOnly: 'on' })
      const accountPhone = newPhone()
      await order(null, accountPhone)
      // The cart, which knows only the account, refuses FIRSTBUY; the order typed with a new phone does too.
      expect(
        await checkCoupon(db, 'FIRSTBUY', { userId: 'buyer-1', phone: accountPhone }, { subtotal: 8000 }),
      ).toMatchObject({ ok: false })
      await expect(order('FIRSTBUY', newPhone(), { userId: 'buyer-1', accountPhone })).rejects.toMatchObject({
        kind: 'coupon',
      })
      // An account whose phone has no order yet gets it.
      const placed = await order('FIRSTBUY', newPhone(), { userId: 'buyer-1', accountPhone: newPhone(), product: 1 })
      expect((await storedOrder(placed.orderId)).couponCode).toBe('FIRSTBUY')
    })

    it('accepts a reusable coupon twice from the same customer', async () => {
      await create({ code: 'SNACK5', percentOff: '5', onePerCustomer: '' })
      const phone = newPhone()
      await order('SNACK5', phone)
      const second = await order('SNACK5', phone)
      expect(await storedOrder(second.orderId)).toMatchObject({ couponCode: 'SNACK5', discountAmount: 400 })
      expect(await db.$count(couponRedemptions, eq(couponRedemptions.couponCode, 'SNACK5'))).toBe(2)
      expect((await db.select().from(couponRedemptions)).every((row) => !row.oncePerCustomer)).toBe(true)
    })
  })
})
