// PhonePe for a drill: the simulator (server/phonepe-simulator.ts) in the drill's own process, so it
// outlives the shop's server when a drill kills it, with the shop configured to use it as it would
// use PhonePe (PAYMENT_PROVIDER=phonepe, its address, credentials and webhook credentials).
import { randomBytes } from 'node:crypto'
import { PHONEPE_WEBHOOK_PATH } from '../../../app/payments/webhook.ts'
import { type PhonePeSimulator, startPhonePeSimulator } from '../../../server/phonepe-simulator.ts'

export interface PaymentGateway {
  simulator: PhonePeSimulator
  /** The shop server's environment for this gateway. */
  env: Record<string, string>
}

/** Starts the simulator, sending its webhooks to the shop at `shopUrl`. */
export async function startPaymentGateway(shopUrl: string): Promise<PaymentGateway> {
  const credentials = { clientId: 'DRILL', clientSecret: randomBytes(16).toString('hex') }
  const webhook = { username: 'drill', password: randomBytes(16).toString('hex') }
  const simulator = await startPhonePeSimulator({
    ...credentials,
    webhook: { url: `${shopUrl}${PHONEPE_WEBHOOK_PATH}`, ...webhook },
  })
  return {
    simulator,
    env: {
      PAYMENT_PROVIDER: 'phonepe',
      PHONEPE_CLIENT_ID: credentials.clientId,
      PHONEPE_CLIENT_SECRET: credentials.clientSecret,
      PHONEPE_BASE_URL: simulator.url,
      PHONEPE_WEBHOOK_USERNAME: webhook.username,
      PHONEPE_WEBHOOK_PASSWORD: webhook.password,
    },
  }
}

/** The merchant order id in a redirect to the gateway (…/pay/MN-<order id>-<attempt>), or null. */
export function merchantOrderIdIn(location: string): string | null {
  const match = /\/pay\/([A-Za-z0-9_-]+)$/.exec(new URL(location, 'http://shop').pathname)
  return match ? decodeURIComponent(match[1]!) : null
}
