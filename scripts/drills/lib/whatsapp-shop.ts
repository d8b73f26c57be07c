// A shop that sends its order notices on WhatsApp, as the WhatsApp drill and `npm run bench:whatsapp`
// run it: the production server configured for Meta's Cloud API (WHATSAPP_PROVIDER=cloud) and pointed
// at the Graph API simulator in this process, whose signed status webhooks come back to the server.
// Before it starts, each customer's orders are placed (opted in to WhatsApp or not, in their language)
// and taken through the desk, so their notices wait in the outbox: the server sends them all at once.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { users } from '../../../app/accounts/schema.ts'
import type { Locale } from '../../../app/i18n/locale.ts'
import { WHATSAPP_WEBHOOK_PATH } from '../../../app/whatsapp/webhook-path.ts'
import { type SimSettings, startWhatsAppSimulator, type WhatsAppSimulator } from '../../../server/whatsapp-simulator.ts'
import { placeGuestOrder } from '../../../tests/integration/guest-order.ts'
import { changeStatus } from '../../../tests/integration/order-status.ts'
import { rows } from './invariants.ts'
import { createShopServer, type ShopServer } from './shop-server.ts'
import { Shopper } from './shopper.ts'

/** What the desk does with an order: confirms it, and then ships it by courier and marks it delivered, or cancels it. */
export type OrderJourney = 'confirmed' | 'delivered' | 'cancelled'

/** The WhatsApp templates each journey sends, in order. */
export const JOURNEY_TEMPLATES: Record<OrderJourney, readonly string[]> = {
  confirmed: ['order_placed'],
  delivered: ['order_placed', 'order_shipped', 'order_delivered'],
  cancelled: ['order_placed', 'order_cancelled'],
}

export interface WhatsAppCustomer {
  /** '+91XXXXXXXXXX' */
  phone: string
  name: string
  locale: Locale
  optIn: boolean
  /** Their orders, placed and moved one after the other. */
  journeys: readonly OrderJourney[]
}

export interface WhatsAppShop {
  shop: ShopServer
  simulator: WhatsAppSimulator
  /** The admin, signed in (after start). */
  owner: Shopper
  /** Each customer's orders, by phone, in the order placed. */
  ordersOf: Map<string, string[]>
  /** The app secret the webhooks are signed with. */
  appSecret: string
  /** Starts the server: it begins sending what waits in the outbox. */
  start(): Promise<void>
  dispose(): Promise<void>
}

/** `count` customers with numbers of their own: +9190000xxxxx. */
export function customerPhone(index: number): string {
  return `+9190${String(index).padStart(8, '0')}`
}

export async function startWhatsAppShop(options: {
  databaseUrl: string | null
  customers: readonly WhatsAppCustomer[]
  /** WHATSAPP_MESSAGES_PER_SECOND, and the simulator's throughput. */
  messagesPerSecond: number
  simulator?: Partial<SimSettings>
}): Promise<WhatsAppShop> {
  const secrets = {
    accessToken: randomBytes(24).toString('base64url'),
    appSecret: randomBytes(24).toString('hex'),
    verifyToken: randomBytes(24).toString('base64url'),
    phoneNumberId: '106540352242922',
  }
  const graphVersion = 'v23.0'
  let simulator: WhatsAppSimulator | undefined
  const ordersOf = new Map<string, string[]>()
  const shop = await createShopServer({
    databaseUrl: options.databaseUrl,
    async env(url) {
      simulator = await startWhatsAppSimulator({
        ...secrets,
        graphVersion,
        webhookUrl: `${url}${WHATSAPP_WEBHOOK_PATH}`,
        throughputPerSecond: options.messagesPerSecond,
        ...options.simulator,
      })
      return {
        WHATSAPP_PROVIDER: 'cloud',
        WHATSAPP_ACCESS_TOKEN: secrets.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: secrets.phoneNumberId,
        WHATSAPP_APP_SECRET: secrets.appSecret,
        WHATSAPP_VERIFY_TOKEN: secrets.verifyToken,
        WHATSAPP_GRAPH_VERSION: graphVersion,
        WHATSAPP_BASE_URL: simulator.url,
        WHATSAPP_MESSAGES_PER_SECOND: String(options.messagesPerSecond),
        ORDER_RATE_LIMIT: '0',
      }
    },
    async prepare({ db }) {
      const [product] = await rows<{ id: string }>(
        db,
        sql`select id from products where archived_at is null order by name limit 1`,
      )
      await db.execute(sql`update products set stock_250g = 1000000 where id = ${product!.id}`)
      const [owner] = await db
        .insert(users)
        .values({ id: 'drill-owner', name: 'Drill owner', email: 'drill-owner@shop.example', role: 'admin' })
        .returning()
      const desk = {
        admin: { id: owner!.id, email: owner!.email, name: owner!.name },
        otpKey: 'drill',
        // As the server writes them: WhatsApp is configured (the notices wait for it in the outbox).
        notices: { publicUrl: 'http://shop.example', whatsapp: true },
      }
      for (const [index, customer] of options.customers.entries()) {
        const placed: string[] = []
        for (const journey of customer.journeys) {
          const { orderId } = await placeGuestOrder(db, [{ productId: product!.id, size: '250g', quantity: 1 }], {
            locale: customer.locale,
            whatsappOptIn: customer.optIn,
            details: { phone: customer.phone, fullName: customer.name, email: `customer${index}@example.in` },
          })
          await changeStatus(db, orderId, 'confirmed', desk)
          if (journey === 'delivered') {
            await changeStatus(db, orderId, 'shipped', desk, {
              courier: 'delhivery',
              awb: `1904${String(index).padStart(6, '0')}${placed.length}`,
            })
            await changeStatus(db, orderId, 'delivered', desk)
          } else if (journey === 'cancelled') {
            await changeStatus(db, orderId, 'cancelled', desk)
          }
          placed.push(orderId)
        }
        ordersOf.set(customer.phone, placed)
      }
    },
  })
  const owner = new Shopper(shop.url)
  return {
    shop,
    simulator: simulator!,
    owner,
    ordersOf,
    appSecret: secrets.appSecret,
    async start() {
      await shop.start()
      await owner.signInAsAdmin(shop.admin)
    },
    async dispose() {
      await shop.stop()
      await shop.dispose()
      await simulator?.close()
    },
  }
}
