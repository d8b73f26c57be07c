// A shop that ships through Shiprocket, as the shipping drill and `npm run bench:shipping` run it: the
// production server configured for Shiprocket (SHIPPING_PROVIDER=shiprocket) and pointed at the
// simulator in this process, whose tracking webhooks come back to the server; `orders` cash-on-delivery
// orders placed and confirmed before it starts, their stock counted; the admin signed in, booking as
// the Shipping tab does.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { users } from '../../../app/accounts/schema.ts'
import { changeOrderStatus } from '../../../app/orders/order-desk.server.ts'
import type { IndianState } from '../../../app/shared/india-states.ts'
import { COURIER_WEBHOOK_PATH } from '../../../app/shipping/courier-webhook.server.ts'
import {
  type ShiprocketSimulator,
  type ShiprocketSimulatorOptions,
  startShiprocketSimulator,
} from '../../../server/shiprocket-simulator.ts'
import { deliveryDetails } from '../../../tests/delivery-details.ts'
import { placeGuestOrder } from '../../../tests/integration/guest-order.ts'
import { rows, type StockSnapshot, stockSnapshot } from './invariants.ts'
import { createShopServer, type ShopServer } from './shop-server.ts'
import { Shopper } from './shopper.ts'

export interface Destination {
  city: string
  state: IndianState
  pincode: string
}

/** Where the orders go, in turn: cities of four zones, each PIN in its state. */
const DESTINATIONS: readonly Destination[] = [
  { city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  { city: 'New Delhi', state: 'Delhi', pincode: '110001' },
  { city: 'Indore', state: 'Madhya Pradesh', pincode: '452010' },
  { city: 'Pune', state: 'Maharashtra', pincode: '411001' },
]

export interface ShippingShop {
  shop: ShopServer
  simulator: ShiprocketSimulator
  /** The admin, signed in. */
  owner: Shopper
  orderIds: string[]
  /** The shop's stock before any order was placed. */
  initial: StockSnapshot
  /** The x-api-key Shiprocket's webhooks carry. */
  webhookToken: string
  dispose(): Promise<void>
}

export async function startShippingShop(options: {
  databaseUrl: string | null
  orders: number
  /** Where each order goes, by its index; the destinations in turn by default. */
  pincodeOf?: (index: number) => Destination
  simulator?: Partial<ShiprocketSimulatorOptions>
  /** Every order's packets: three packs of one of the first products. */
  quantity?: number
}): Promise<ShippingShop> {
  const account = { email: 'api-user@shop.example', password: randomBytes(12).toString('hex') }
  const token = randomBytes(24).toString('base64url')
  let simulator: ShiprocketSimulator | undefined
  let initial: StockSnapshot = new Map()
  const orderIds: string[] = []
  const shop = await createShopServer({
    databaseUrl: options.databaseUrl,
    async env(url) {
      simulator = await startShiprocketSimulator({
        ...account,
        webhook: { url: `${url}${COURIER_WEBHOOK_PATH}`, token },
        ...options.simulator,
      })
      return {
        SHIPPING_PROVIDER: 'shiprocket',
        SHIPROCKET_EMAIL: account.email,
        SHIPROCKET_PASSWORD: account.password,
        SHIPROCKET_PICKUP_LOCATION: 'Indore Kitchen',
        SHIPROCKET_WEBHOOK_TOKEN: token,
        SHIPROCKET_BASE_URL: simulator.url,
        ORDER_RATE_LIMIT: '0',
      }
    },
    async prepare({ db }) {
      const picked = await rows<{ id: string }>(
        db,
        sql`select id from products where archived_at is null order by name limit 3`,
      )
      await db.execute(
        sql`update products set stock_250g = 100000 where id in ${sql.raw(`('${picked.map((row) => row.id).join("','")}')`)}`,
      )
      initial = await stockSnapshot(db)
      const [owner] = await db
        .insert(users)
        .values({ id: 'drill-owner', name: 'Drill owner', email: 'drill-owner@shop.example', role: 'admin' })
        .returning()
      const admin = { id: owner!.id, email: owner!.email, name: owner!.name }
      for (let index = 0; index < options.orders; index++) {
        const destination = options.pincodeOf?.(index) ?? DESTINATIONS[index % DESTINATIONS.length]!
        const placed = await placeGuestOrder(
          db,
          [{ productId: picked[index % picked.length]!.id, size: '250g', quantity: options.quantity ?? 3 }],
          { details: deliveryDetails({ ...destination, email: `shopper${index}@example.in` }) },
        )
        const [order] = await rows<{ updated_at: Date }>(
          db,
          sql`select updated_at from orders where id = ${placed.orderId}`,
        )
        await changeOrderStatus(
          db,
          { orderId: placed.orderId, to: 'confirmed', version: new Date(order!.updated_at).toISOString() },
          { admin, otpKey: 'drill', notices: { publicUrl: 'http://shop.example', whatsapp: false } },
        )
        orderIds.push(placed.orderId)
      }
    },
  })
  await shop.start()
  const owner = new Shopper(shop.url)
  await owner.signInAsAdmin(shop.admin)
  return {
    shop,
    simulator: simulator!,
    owner,
    orderIds,
    initial,
    webhookToken: token,
    async dispose() {
      await shop.stop()
      await shop.dispose()
      await simulator?.close()
    },
  }
}

/** The owner's booking of one order, as the Shipping tab posts it: whether it is booked, and what was said. */
export async function bookOne(
  owner: Shopper,
  orderId: string,
): Promise<{ ok: boolean; status: number; message: string }> {
  const answer = await owner.post(`/admin/orders/${orderId}/book`, {})
  let message = answer.text
  try {
    message = (JSON.parse(answer.text) as { message?: string }).message ?? answer.text
  } catch {}
  return { ok: answer.status === 200, status: answer.status, message }
}
