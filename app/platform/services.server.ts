// Services are created once at start-up (server/main.ts) and reach loaders and actions through
// React Router's context. The context keys live in the server build; server/main.ts fills them
// through createLoadContext, exported by entry.server.tsx, so both sides use the same keys.
import { createContext, RouterContextProvider } from 'react-router'
import type { Auth } from '../accounts/auth.server.ts'
import type { PhonePe } from '../payments/phonepe.server.ts'
import type { ShippingServices } from '../shipping/booking.server.ts'
import type { WhatsAppClient } from '../whatsapp/graph-api.server.ts'
import type { Config } from './config.server.ts'
import type { Database, Db } from './db.server.ts'
import type { EventBus } from './event-bus.server.ts'
import type { FileStore } from './file-store.ts'
import type { Logger } from './logger.server.ts'
import type { Mailer } from './mailer.server.ts'
import type { VapidKeys } from './push-sender.server.ts'
import type { InputRefusal } from './request-input.server.ts'
import type { Sms } from './sms.server.ts'

export interface Services {
  config: Config
  database: Database
  db: Db
  logger: Logger
  mailer: Mailer
  /** Tells live screens (the admin's Server-Sent Events) that the shop's change feed has news. */
  events: EventBus
  /** The key delivery OTPs are hashed with: derived from the shop's secret, never stored. */
  otpKey: string
  /** better-auth on the shop's database: sessions, sign-in, second factor (app/accounts). */
  auth: Auth
  sms: Sms
  /** The payment gateway (PhonePe or its simulator), or null: cash on delivery only. */
  payments: PaymentServices | null
  /** Shiprocket (or its simulator), or null: parcels are shipped by hand only (SHIPPING_PROVIDER=none). */
  shipping: ShippingServices | null
  /** WhatsApp's Cloud API (or its simulator), or null: no WhatsApp anywhere (WHATSAPP_PROVIDER=none). */
  whatsapp: WhatsAppServices | null
  /** Uploaded images: DATA_DIR/uploads, or an S3-compatible bucket when S3_* is set. */
  files: FileStore
  /** Web Push keys (VAPID_*, or generated once into the database); only the public one reaches browsers. */
  vapid: VapidKeys
}

export interface PaymentServices {
  gateway: PhonePe
  /** The credentials PhonePe's webhook is signed with. */
  webhook: { username: string; password: string }
}

export interface WhatsAppServices {
  /** The settings in force; for the simulator, with the secrets generated at start. */
  config: NonNullable<Config['whatsapp']>
  client: WhatsAppClient
  /** The webhook's stored events (statuses, replies), applied in order by one worker per process. */
  events: { kick(): void; idle(): Promise<void>; stop(): Promise<void> }
}

export interface RequestInfo {
  requestId: string
  /** Per-request Content-Security-Policy nonce for the inline scripts React Router renders. */
  nonce: string
  /** The client's address, as seen through a configured proxy (TRUST_PROXY) or the socket. */
  clientIp: string
  log: Logger
  /** Set when the body could not be taken (app/platform/request-input.server.ts); the root middleware answers it. */
  refused?: InputRefusal
}

export const servicesContext = createContext<Services>()
export const requestContext = createContext<RequestInfo>()

export function createLoadContext(services: Services, request: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(servicesContext, services)
  context.set(requestContext, request)
  return context
}

export type CreateLoadContext = typeof createLoadContext
