import { randomBytes } from 'node:crypto'
import { startServer, temporaryDataDir } from '../server-process.ts'

/**
 * One production server for the whole run; its address reaches the tests through E2E_BASE_URL, its
 * data folder (development mailbox and SMS outbox) through E2E_DATA_DIR, and the admin account and
 * auth secret it was started with through E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD and E2E_AUTH_SECRET.
 */
export default async function globalSetup() {
  const dataDir = temporaryDataDir()
  const admin = { email: 'e2e-admin@shop.example', password: `admin-${randomBytes(12).toString('hex')}` }
  const authSecret = `e2e-secret-${randomBytes(24).toString('hex')}`
  const server = await startServer({
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_SECRET: authSecret,
    // The shop is open: buying is tested here; showcase.test.ts runs a showcase shop of its own.
    SHOWCASE_MODE: 'false',
    // Push tests subscribe endpoints on a local push service (http://127.0.0.1): allowed here only.
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    // The whole run orders from one address, far more often than a shopper may.
    ORDER_RATE_LIMIT: '0',
    // Every test checks delivery OTPs as the one admin, from one address: the run's share of the
    // owner's 30 checks in 15 minutes must not depend on what the other tests used (nor on
    // --repeat-each). limits.test.ts tests the limit itself.
    DELIVERY_OTP_VERIFY_LIMIT: '100000',
    // New accounts are made each from an address of their own (X-Forwarded-For, accounts-helpers.ts):
    // the run makes more than the shop lets one address make in an hour. Without the header a request
    // is counted by its socket's address, as before.
    TRUST_PROXY: 'true',
  })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_DATA_DIR = dataDir
  process.env.E2E_ADMIN_EMAIL = admin.email
  process.env.E2E_ADMIN_PASSWORD = admin.password
  process.env.E2E_AUTH_SECRET = authSecret
  return async () => {
    await server.stop()
  }
}
