// `npm run drill -- oversell`: 1,000 shoppers (guests and accounts, cash on delivery and online mixed)
// check out at the same moment for a product with 10 packets; then 100 shoppers use one single-use
// coupon at the same moment. Exactly 10 packets and one coupon use may be sold; everyone else is told
// why, in the spec's words ('Order Error' with the reason), and nothing else happens.
import { sql } from 'drizzle-orm'
import { coupons } from '../../app/orders/schema.ts'
import { type Drill, invariant } from './drill.ts'
import { inParallel } from './lib/concurrency.ts'
import {
  couponUses,
  noHalfOrders,
  noNegativeStock,
  rows,
  type StockSnapshot,
  stockIsConserved,
  stockSnapshot,
} from './lib/invariants.ts'
import { createShopServer } from './lib/shop-server.ts'
import { deliveryDetails, type PaymentMethod, type Placement, Shopper } from './lib/shopper.ts'

const PACKETS = 10
const COUPON = 'ONLYONCE'
/** Every fifth shopper has an account; every other one pays online. */
const ACCOUNT_EVERY = 5

export const drill: Drill = {
  about: `1,000 concurrent checkouts for ${PACKETS} packets, then 100 concurrent uses of a single-use coupon`,
  async run({ scale, databaseUrl, log }) {
    const shoppers = Math.max(PACKETS * 2, Math.round(1000 * scale))
    const couponShoppers = Math.max(5, Math.round(100 * scale))
    let scarce = { id: '', name: '' }
    let plenty = { id: '', name: '' }
    let initial: StockSnapshot = new Map()
    const shop = await createShopServer({
      databaseUrl,
      env: () => ({ PAYMENT_PROVIDER: 'phonepe-simulator' }),
      async prepare({ db }) {
        const picked = await rows<{ id: string; name: string }>(
          db,
          sql`select id, name from products where archived_at is null and name !~ '[''&<>"]' order by name limit 2`,
        )
        ;[scarce, plenty] = picked as [typeof scarce, typeof plenty]
        await db.execute(sql`update products set stock_250g = ${PACKETS} where id = ${scarce.id}`)
        await db.execute(sql`update products set stock_250g = ${couponShoppers * 10} where id = ${plenty.id}`)
        await db.insert(coupons).values({
          code: COUPON,
          description: '20% off, for the first shopper only',
          percentOff: 20,
          onePerCustomer: false,
          maxUses: 1,
        })
        initial = await stockSnapshot(db)
      },
    })
    try {
      await shop.start()
      log(`shop on ${shop.kind} at ${shop.url}; ${shoppers} shoppers for ${PACKETS} packets of ${scarce.name}`)

      // Everyone fills a cart and opens the checkout page before anyone submits.
      const ready = async (index: number, productId: string, coupon?: string) => {
        const shopper = new Shopper(shop.url, deliveryDetails(index))
        if (index % ACCOUNT_EVERY === 0) {
          await shopper.signUpAndSignIn(`shopper${index}@example.in`, `drill-password-${index}-long`, 'Asha Verma')
        }
        await shopper.addToCart(productId)
        if (coupon) await shopper.applyCoupon(coupon)
        const paymentMethod: PaymentMethod = index % 2 ? 'online' : 'cod'
        return { shopper, paymentMethod, key: await shopper.openCheckout() }
      }
      const startedAt = performance.now()
      const crowd = await inParallel(
        Array.from({ length: shoppers }, (_, i) => i),
        16,
        (i) => ready(i, scarce.id),
      )
      log(`${shoppers} carts ready in ${seconds(startedAt)} s`)

      const rush = async (group: { shopper: Shopper; paymentMethod: PaymentMethod; key: string }[]) => {
        const began = performance.now()
        const placements = await Promise.all(
          group.map(({ shopper, paymentMethod, key }) => shopper.placeOrder(key, paymentMethod)),
        )
        return { placements, seconds: seconds(began) }
      }
      const oversell = await rush(crowd)
      log(`${shoppers} checkouts answered in ${oversell.seconds} s`)

      const couponCrowd = await inParallel(
        Array.from({ length: couponShoppers }, (_, i) => shoppers + i),
        16,
        (i) => ready(i, plenty.id, COUPON),
      )
      const couponRush = await rush(couponCrowd)
      log(`${couponShoppers} coupon checkouts answered in ${couponRush.seconds} s`)

      await shop.stop()
      const database = await shop.open()
      try {
        const { db } = database
        const [sold] = await rows<{ packets: number; orders: number }>(
          db,
          sql`select coalesce(sum(i.quantity), 0)::int as packets, count(distinct i.order_id)::int as orders
              from order_items i where i.product_id = ${scarce.id}`,
        )
        const [left] = await rows<{ stock: number }>(
          db,
          sql`select stock_250g as stock from products where id = ${scarce.id}`,
        )
        const placed = count(oversell.placements, 'placed')
        const outOfStock = `${scarce.name} (250g) is out of stock. Please change your cart and try again.`
        const refusals = oversell.placements.filter((p) => p.outcome === 'refused')
        const toldOutOfStock = refusals.filter((p) => p.title === 'Order Error' && p.message === outOfStock)
        const uses = await couponUses(db, COUPON)
        const usedUp = `${COUPON} has been used as many times as it can be. Remove the code to order without it.`
        const couponRefusals = couponRush.placements.filter((p) => p.outcome === 'refused')
        const toldUsedUp = couponRefusals.filter((p) => p.title === 'Order Error' && p.message === usedUp)
        return [
          invariant(
            `exactly ${PACKETS} packets sold`,
            sold!.packets === PACKETS && sold!.orders === PACKETS && placed === PACKETS,
            `${sold!.packets} packets in ${sold!.orders} orders, ${placed} shoppers told their order was placed`,
          ),
          invariant('the product ends at 0 packets, never below', left!.stock === 0, `${left!.stock} left`),
          await noNegativeStock(db),
          invariant(
            "every refused shopper is told 'Order Error: … is out of stock'",
            toldOutOfStock.length === shoppers - PACKETS,
            `${toldOutOfStock.length} of ${shoppers - PACKETS} told so; ${otherAnswers(oversell.placements, outOfStock)}`,
          ),
          invariant(
            'the single-use coupon is used exactly once',
            uses.orders === 1 && uses.redemptions === 1 && count(couponRush.placements, 'placed') === 1,
            `${uses.orders} orders and ${uses.redemptions} redemptions from ${couponShoppers} tries`,
          ),
          invariant(
            'every other coupon shopper is told it has been used up',
            toldUsedUp.length === couponShoppers - 1,
            `${toldUsedUp.length} of ${couponShoppers - 1} told so; ${otherAnswers(couponRush.placements, usedUp)}`,
          ),
          await stockIsConserved(db, initial),
          await noHalfOrders(db),
        ]
      } finally {
        await database.close()
      }
    } finally {
      await shop.dispose()
    }
  },
}

function count(placements: Placement[], outcome: Placement['outcome']) {
  return placements.filter((placement) => placement.outcome === outcome).length
}

/** The answers other than the expected ones, for the detail of a failed invariant. */
function otherAnswers(placements: Placement[], expected: string): string {
  const others = new Map<string, number>()
  for (const placement of placements) {
    const what =
      placement.outcome === 'placed'
        ? 'placed'
        : placement.outcome === 'refused'
          ? placement.message === expected
            ? null
            : `${placement.status} ${placement.title}: ${placement.message}`
          : `${placement.status} ${placement.error.slice(0, 120)}`
    if (what) others.set(what, (others.get(what) ?? 0) + 1)
  }
  return [...others].map(([what, n]) => `${n} × ${what}`).join('; ') || 'no other answers'
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1)
}
