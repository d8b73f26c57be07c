// The backup drill: shoppers place cash-on-delivery orders over HTTP while `npm run backup` runs
// against the serving shop; then the database is wiped, `npm run restore` puts the backup back, and
// every order acknowledged before the backup began must be there with its lines, its payment state
// and the stock it took, and the restored shop must serve it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { products } from '#app/catalog/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Db } from '#app/platform/db.server.ts'
import { type Drill, invariant } from './drill.ts'
import { runScript } from './lib/run-script.ts'
import { createShopServer, type ShopServer } from './lib/shop-server.ts'
import { deliveryDetails, type ProductOnSale, Shopper } from './lib/shopper.ts'

interface Acknowledged {
  orderId: string
  phone: string
  product: ProductOnSale
  quantity: number
  /** performance.now() when the shop answered with the order. */
  at: number
}

export const drill: Drill = {
  about: 'npm run backup under an order load, wipe, npm run restore: every acknowledged order is back, whole',
  async run({ scale, databaseUrl, log }) {
    const shop = await createShopServer({ databaseUrl })
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-backup-drill-'))
    const file = path.join(folder, 'shop.backup')
    const scriptEnv = {
      DATA_DIR: shop.env.DATA_DIR ?? '',
      PORT: shop.env.PORT ?? '',
      HOST: '127.0.0.1',
      ...(shop.env.DATABASE_URL ? { DATABASE_URL: shop.env.DATABASE_URL } : {}),
    }
    const script = (name: string, args: string[]) => runScript(name, args, scriptEnv)
    try {
      await shop.start()
      const catalogue = await new Shopper(shop.url).findProducts()
      const shoppers = Math.max(2, Math.round(20 * scale))
      const perShopper = Math.max(3, Math.round(15 * scale))
      log(`${shoppers} shoppers placing ${perShopper} orders each while the shop is backed up`)

      const acknowledged: Acknowledged[] = []
      let refused = 0
      const failures: string[] = []
      let backupStartedAt = Number.POSITIVE_INFINITY
      let backupEndedAt = Number.POSITIVE_INFINITY
      const shopper = async (index: number) => {
        for (let n = 0; n < perShopper; n++) {
          const product = catalogue[(index * 7 + n) % catalogue.length] as ProductOnSale
          const quantity = 1 + ((index + n) % 2)
          const phone = `9${String(index).padStart(3, '0')}${String(n).padStart(6, '0')}`
          const visitor = new Shopper(shop.url, {
            ...deliveryDetails(index),
            fullName: `Backup Drill ${String.fromCharCode(65 + (index % 26))}`,
            email: `backup-${index}-${n}@example.com`,
            phone,
            address: `${index}/${n} Khajrana Road, Indore`,
          })
          try {
            await visitor.addToCart(product.id, product.size, quantity)
            const placement = await visitor.placeOrder(await visitor.openCheckout(), 'cod')
            // Out of stock is the shop's answer, not a failure; anything 5xx or unreachable is.
            if (placement.outcome === 'placed' && placement.orderId) {
              acknowledged.push({ orderId: placement.orderId, phone, product, quantity, at: performance.now() })
            } else if (placement.outcome === 'refused') refused++
            else failures.push(JSON.stringify(placement).slice(0, 200))
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error)
            if (message.includes('(409)')) refused++
            else failures.push(message.slice(0, 200))
          }
        }
      }
      const backup = (async () => {
        // The backup starts once the load is under way.
        while (acknowledged.length < (shoppers * perShopper) / 3 && failures.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        backupStartedAt = performance.now()
        const result = await script('backup', [file])
        backupEndedAt = performance.now()
        log(result.output)
        return result
      })()
      await Promise.all(Array.from({ length: shoppers }, (_, index) => shopper(index)))
      const backedUp = await backup
      const before = acknowledged.filter((order) => order.at < backupStartedAt)
      const during = acknowledged.filter((order) => order.at >= backupStartedAt && order.at <= backupEndedAt)
      log(
        `${acknowledged.length} orders acknowledged (${before.length} before the backup, ${during.length} during its ${seconds(backupEndedAt - backupStartedAt)} s), ${refused} refused, ${failures.length} failed`,
      )

      // What the shop held when it stopped: every order and its lines, and each pack's stock.
      await shop.stop()
      const original = await readShop(shop)

      // Wipe the database, restore the backup into it.
      await wipe(shop)
      const restore = await script('restore', [file])
      log(restore.output)
      const restored = restore.code === 0 ? await readShop(shop) : null

      const missing: string[] = []
      const different: string[] = []
      for (const order of before) {
        const back = restored?.orders.get(order.orderId)
        if (!back) {
          missing.push(order.orderId)
          continue
        }
        const line = back.lines[0]
        if (
          back.lines.length !== 1 ||
          line?.productId !== order.product.id ||
          line.size !== order.product.size ||
          line.quantity !== order.quantity
        ) {
          different.push(`${order.orderId}: lines ${JSON.stringify(back.lines)}`)
        }
      }
      // Every restored order is the one the shop had: same lines, totals, status and payment.
      for (const [id, back] of restored?.orders ?? []) {
        if (JSON.stringify(back) !== JSON.stringify(original.orders.get(id))) different.push(`${id} differs`)
      }
      const halfOrders = [...(restored?.orders.values() ?? [])].filter(
        (order) =>
          order.lines.length === 0 ||
          order.subtotal !== order.lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
      )
      // Stock + packets sold is the same fixed amount in the shop and in the restored copy.
      const stockDrift: string[] = []
      for (const [pack, stock] of restored?.stock ?? []) {
        const initial = (original.stock.get(pack) ?? 0) + (original.sold.get(pack) ?? 0)
        const back = stock + (restored?.sold.get(pack) ?? 0)
        if (back !== initial) stockDrift.push(`${pack}: ${back} of ${initial}`)
      }

      // The restored shop serves: it starts on the restored database and finds an order by number and phone.
      let served = 'not tried'
      if (restored && before.length) {
        await shop.start()
        const sample = before[Math.floor(before.length / 2)] as Acknowledged
        const answer = await new Shopper(shop.url).post('/track-order', {
          orderNumber: orderNumber(sample.orderId),
          phone: sample.phone,
        })
        served =
          answer.status === 200 &&
          answer.text.includes('Status history') &&
          answer.text.includes(orderNumber(sample.orderId))
            ? `order #${orderNumber(sample.orderId)} tracked after the restart`
            : `track-order answered ${answer.status} without the order`
      }

      return [
        invariant(
          'the shop kept taking orders while it was backed up, and no request failed',
          backedUp.code === 0 && failures.length === 0,
          `backup ${backedUp.code === 0 ? `written in ${seconds(backupEndedAt - backupStartedAt)} s (the command's start included)` : `failed: ${backedUp.output}`}; ${during.length} orders acknowledged during it; ${failures.length} failures ${failures.slice(0, 3).join('; ')}`,
        ),
        invariant('restore puts the backup into the wiped database', restore.code === 0, restore.output),
        invariant(
          'every order acknowledged before the backup began is restored, with its lines',
          missing.length === 0 && before.length > 0,
          `${before.length - missing.length} of ${before.length} found; missing ${missing.slice(0, 5).join(', ')}`,
        ),
        invariant(
          'every restored order is as the shop had it (lines, totals, status, payment)',
          different.length === 0,
          `${restored?.orders.size ?? 0} orders compared; ${different.length} differ ${different.slice(0, 3).join('; ')}`,
        ),
        invariant(
          'no half order: every restored order has its lines and they add up',
          halfOrders.length === 0,
          `${halfOrders.length}`,
        ),
        invariant(
          'stock + packets sold is the same in the restored shop as in the shop',
          stockDrift.length === 0 && (restored?.stock.size ?? 0) > 0,
          `${restored?.stock.size ?? 0} packs; ${stockDrift.slice(0, 5).join('; ')}`,
        ),
        invariant('the restored shop starts and serves its orders', served.startsWith('order #'), served),
      ]
    } finally {
      await shop.dispose()
      rmSync(folder, { recursive: true, force: true })
    }
  },
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1)
}

interface ShopState {
  orders: Map<
    string,
    {
      subtotal: number
      total: number
      status: string
      paymentMethod: string
      paymentStatus: string
      lines: { productId: string | null; size: string; quantity: number; price: number }[]
    }
  >
  /** Stock per product and size ("id/size"). */
  stock: Map<string, number>
  /** Packets in orders that are not cancelled, per product and size. */
  sold: Map<string, number>
}

async function readShop(shop: ShopServer): Promise<ShopState> {
  const database = await shop.open()
  try {
    return await readState(database.db)
  } finally {
    await database.close()
  }
}

async function readState(db: Db): Promise<ShopState> {
  const state: ShopState = { orders: new Map(), stock: new Map(), sold: new Map() }
  for (const order of await db.select().from(orders).orderBy(orders.id)) {
    state.orders.set(order.id, {
      subtotal: order.subtotalAmount,
      total: order.totalAmount,
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      lines: [],
    })
  }
  const lines = await db.select().from(orderItems).orderBy(orderItems.orderId, orderItems.productId, orderItems.size)
  for (const line of lines) {
    const order = state.orders.get(line.orderId)
    order?.lines.push({ productId: line.productId, size: line.size, quantity: line.quantity, price: line.price })
    if (order && order.status !== 'cancelled') {
      const pack = `${line.productId}/${line.size}`
      state.sold.set(pack, (state.sold.get(pack) ?? 0) + line.quantity)
    }
  }
  for (const product of await db.select().from(products)) {
    state.stock.set(`${product.id}/250g`, product.stock250g)
    state.stock.set(`${product.id}/500g`, product.stock500g)
    state.stock.set(`${product.id}/1kg`, product.stock1kg)
  }
  return state
}

/** Empties the shop's database as a lost disk would: nothing of the shop is left in it. */
async function wipe(shop: ShopServer) {
  if (shop.env.DATABASE_URL) {
    const database = await shop.open()
    try {
      await database.db.execute(sql`drop schema if exists drizzle cascade`)
      await database.db.execute(sql`drop schema public cascade`)
      await database.db.execute(sql`create schema public`)
    } finally {
      await database.close()
    }
  } else {
    rmSync(path.join(shop.dataDir, 'pgdata'), { recursive: true, force: true })
  }
}
