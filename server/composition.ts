// The server's composition: configuration, database (migrated explicitly), first-start data, the
// services, the HTTP server and shutdown. Started by server/main.ts, from these sources or, with a
// current build, from their bundle in the build folder (scripts/server-bundle.ts): the same code.
import './node-env.ts'
import { createHmac, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer, type RequestListener } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import type { ServerBuild } from 'react-router'
import { resolveAuthSecret } from '../app/accounts/auth-secret.server.ts'
import { createUploadStore } from '../app/media/upload-store.server.ts'
import { pruneShopEvents } from '../app/notifications/live-events.server.ts'
import { createPushHandler } from '../app/notifications/push-fanout.server.ts'
import { resolveVapidKeys } from '../app/notifications/vapid.server.ts'
import { noticeSetup } from '../app/orders/order-notices.server.ts'
import { startOrderStatsCompactor } from '../app/orders/order-stats.server.ts'
import { createPhonePe, PHONEPE_HOSTS } from '../app/payments/phonepe.server.ts'
import { startPaymentReconciler } from '../app/payments/reconciler.server.ts'
import { PHONEPE_WEBHOOK_PATH } from '../app/payments/webhook.ts'
import { type Config, ConfigError, parseConfig } from '../app/platform/config.server.ts'
import { DatabaseInUseError } from '../app/platform/database-lock.server.ts'
import { DamagedDatabaseError, type Database, openDatabase } from '../app/platform/db.server.ts'
import { startEventBus } from '../app/platform/event-bus.server.ts'
import { initialiseShop } from '../app/platform/first-start.server.ts'
import { createLogger } from '../app/platform/logger.server.ts'
import { createMailer } from '../app/platform/mailer.server.ts'
import { startOutboxWorker } from '../app/platform/outbox.server.ts'
import { startPoller } from '../app/platform/poller.server.ts'
import { createPushSender } from '../app/platform/push-sender.server.ts'
import type { PaymentServices, Services, WhatsAppServices } from '../app/platform/services.server.ts'
import { createSms } from '../app/platform/sms.server.ts'
import {
  checkListenAddress,
  databaseError,
  listenError,
  prepareDataDir,
  StartError,
} from '../app/platform/start-checks.server.ts'
import { getSettings } from '../app/settings/settings.server.ts'
import type { ShippingServices } from '../app/shipping/booking.server.ts'
import { COURIER_WEBHOOK_PATH, startCourierEventWorker } from '../app/shipping/courier-webhook.server.ts'
import { startShippingReconciler } from '../app/shipping/reconciler.server.ts'
import { createShiprocket, SHIPROCKET_BASE_URL } from '../app/shipping/shiprocket.server.ts'
import { createWhatsAppClient } from '../app/whatsapp/graph-api.server.ts'
import { createWhatsAppSender, PAIR_WINDOW_MS } from '../app/whatsapp/sender.server.ts'
import { WHATSAPP_WEBHOOK_PATH } from '../app/whatsapp/webhook-path.ts'
import { startWhatsAppEventWorker } from '../app/whatsapp/whatsapp-events.server.ts'
import { answerClientError, createApp, SLOW_CLIENT_LIMITS } from './app.ts'
import type { PhonePeSimulator } from './phonepe-simulator.ts'
import type { ShiprocketSimulator } from './shiprocket-simulator.ts'
import { shopWebhooks, webhookIntake } from './webhook-intake.ts'
import type { WhatsAppSimulator } from './whatsapp-simulator.ts'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
/** Where `react-router build` wrote the app (BUILD_DIR, as in react-router.config.ts). */
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
const dev = process.argv.includes('--dev')
// Vite's server build imports React Router's development build (the "development" condition). The
// server's own imports must name the same copy: with another, the router refuses the server's load
// context ("Invalid `context` value") and every page answers 500.
if (dev && !import.meta.resolve('react-router').includes('/development/')) {
  console.error('--dev needs Node started with --conditions=development, as `npm run dev` does')
  process.exit(1)
}

function readConfig(): Config {
  try {
    return parseConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}

const config = readConfig()
/** What the customer's and the owner's notices need of the configuration (the desk's routes work it out the same way). */
const notices = noticeSetup(config)
/** How long start-up waits for PostgreSQL's first answer. */
const DATABASE_ANSWER_MS = 20_000
const logger = createLogger(config.logLevel)
// The server build loads while the database opens: each takes a few hundred milliseconds.
const serverBuild = dev ? undefined : loadServerBuild()
const { dataDir } = config
/** The database once open: closed (and the embedded one's lock released) if start-up stops. */
let opened: Database | undefined
// What the shop needs from the machine, asked before anything starts: one sentence and exit 1 if not.
await startCheck(async () => {
  prepareDataDir(dataDir)
  await checkListenAddress(config.host, config.port)
})
const database = await startCheck(() =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    serving: { host: config.host, port: config.port },
    onConnectionLost: (error) =>
      logger.warn({ err: error }, 'PostgreSQL closed an idle connection: the next request opens another'),
  }),
)
opened = database
await startCheck(async () => {
  // A PostgreSQL that takes the connection and never answers would hold start-up for ever.
  if (config.databaseUrl) {
    const { host } = new URL(config.databaseUrl)
    await withDeadline(
      database.ping(),
      DATABASE_ANSWER_MS,
      () => new StartError(`DATABASE_URL: PostgreSQL at ${host} did not answer within ${DATABASE_ANSWER_MS / 1000} s`),
    )
  }
  await database.migrate()
})
if (await initialiseShop(database.db, { seedDemo: config.seedDemo, showcaseMode: config.showcaseMode })) {
  logger.info({ seedDemo: config.seedDemo }, 'initialised an empty database')
}
const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir, logger })
const sms = createSms({ sms: config.sms, dataDir, logger })
// Loaded after the configuration is read: a refused configuration stops start-up without loading it.
const { createAuth } = await import('../app/accounts/auth.server.ts')
const { ensureAdmin, ensureFirstRunAdmin } = await import('../app/admin/bootstrap.server.ts')
const secret = resolveAuthSecret(config.authSecret, dataDir)
const auth = createAuth({
  config,
  db: database.db,
  logger,
  mailer,
  sms,
  secret,
  shopName: (await getSettings(database.db)).shopName,
})
await bootstrapAdmin()
const { payments, simulator } = await createPayments()
const { shipping, shippingSimulator } = await createShipping()
const { whatsapp, whatsappSimulator } = await createWhatsApp()
const events = await startEventBus(database, logger)
const otpKey = createHmac('sha256', secret).update('delivery-otp').digest('hex')
const files = createUploadStore(config, dataDir)
const vapid = await resolveVapidKeys(database.db, config)
const pushSender = createPushSender({ keys: vapid, allowPrivate: config.push.allowPrivateEndpoints })
const services: Services = {
  config,
  database,
  db: database.db,
  logger,
  mailer,
  events,
  otpKey,
  auth,
  sms,
  payments,
  shipping,
  whatsapp,
  files,
  vapid,
}
// Registered without WhatsApp too: a notice queued before WHATSAPP_PROVIDER became none fails and falls back.
const whatsappSender = createWhatsAppSender({
  db: database.db,
  client: whatsapp?.client ?? null,
  messagesPerSecond: config.whatsapp?.messagesPerSecond ?? 1,
  logger,
})
const outbox = startOutboxWorker(
  database.db,
  {
    mail: (message, { key }) => mailer.send(message, { key }),
    sms: (message, { key }) => sms.send(message, { key }),
    push: createPushHandler({ db: database.db, sender: pushSender, config, logger }),
    whatsapp: whatsappSender.handle,
  },
  logger,
)
const feedPruner = startPoller(() => pruneShopEvents(database.db), {
  intervalMs: 60 * 60_000,
  logger,
  name: 'change feed pruner',
})
const statsCompactor = startOrderStatsCompactor(database, logger)
const reconciler = payments ? startPaymentReconciler(database.db, payments.gateway, { log: logger, notices }) : null
const shippingReconciler = shipping ? startShippingReconciler(database.db, shipping, { notices, log: logger }) : null

const listener = serverBuild ? createProductionListener(await serverBuild) : await createDevListener()
const server = createServer(SLOW_CLIENT_LIMITS, webhookIntake(shopWebhooks(services), logger, listener))
server.on('clientError', (error, socket) => answerClientError(error, socket, logger))
server.on('error', (error) => {
  // Taken since the check at start-up (another process was quicker): stop, as at start-up.
  if (!server.listening) {
    console.error(`Cannot start: ${listenError(error, config.host, config.port).message}`)
    process.exit(1)
  }
  // Once listening, a failure to accept a connection (out of file descriptors) passes; the shop serves on.
  logger.error({ err: error }, 'server error')
})
server.listen(config.port, config.host, () => {
  logger.info(
    { port: config.port, database: database.kind, publicUrl: config.publicUrl },
    `shop listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  )
})

/**
 * PAYMENT_PROVIDER=phonepe talks to PhonePe (PHONEPE_BASE_URL, or PhonePe's host for PHONEPE_ENV);
 * phonepe-simulator starts the local simulator on a loopback port and talks to it the same way.
 */
async function createPayments(): Promise<{ payments: PaymentServices | null; simulator: PhonePeSimulator | null }> {
  const { provider, phonepe } = config.payment
  if (provider === 'none') return { payments: null, simulator: null }
  if (provider === 'phonepe') {
    const hosts = PHONEPE_HOSTS[phonepe.environment]
    const gateway = createPhonePe({
      clientId: phonepe.clientId!,
      clientSecret: phonepe.clientSecret!,
      clientVersion: phonepe.clientVersion,
      baseUrl: phonepe.baseUrl ?? hosts.pg,
      oauthBaseUrl: phonepe.baseUrl ?? hosts.oauth,
    })
    const webhook = { username: phonepe.webhookUsername!, password: phonepe.webhookPassword! }
    return { payments: { gateway, webhook }, simulator: null }
  }
  const { startPhonePeSimulator } = await import('./phonepe-simulator.ts')
  const credentials = { clientId: 'SIMULATOR', clientSecret: randomBytes(16).toString('hex') }
  const webhook = { username: 'simulator', password: randomBytes(16).toString('hex') }
  const simulator = await startPhonePeSimulator({
    ...credentials,
    webhook: { url: `${config.publicUrl}${PHONEPE_WEBHOOK_PATH}`, ...webhook },
  })
  logger.info({ url: simulator.url }, 'PhonePe simulator listening: online payments go to its test payment page')
  const gateway = createPhonePe({ ...credentials, clientVersion: 1, baseUrl: simulator.url })
  return { payments: { gateway, webhook }, simulator }
}

/**
 * SHIPPING_PROVIDER=shiprocket talks to Shiprocket (SHIPROCKET_BASE_URL, or its API host);
 * shiprocket-simulator starts the local simulator on a loopback port, whose webhooks come back here.
 */
async function createShipping(): Promise<{
  shipping: ShippingServices | null
  shippingSimulator: ShiprocketSimulator | null
}> {
  const { provider, shiprocket } = config.shipping
  if (provider === 'none') return { shipping: null, shippingSimulator: null }
  const tracking = { notices, log: logger }
  if (provider === 'shiprocket') {
    const adapter = createShiprocket({
      email: shiprocket.email!,
      password: shiprocket.password!,
      baseUrl: shiprocket.baseUrl ?? SHIPROCKET_BASE_URL,
    })
    const shipping = {
      shiprocket: adapter,
      pickupLocation: shiprocket.pickupLocation!,
      webhookToken: shiprocket.webhookToken!,
      events: startCourierEventWorker(database.db, tracking),
    }
    return { shipping, shippingSimulator: null }
  }
  const { startShiprocketSimulator } = await import('./shiprocket-simulator.ts')
  const account = { email: 'api-user@simulator.local', password: randomBytes(16).toString('hex') }
  const webhookToken = randomBytes(24).toString('base64url')
  const pickup = { name: 'Indore Kitchen', pincode: '452001' }
  const shippingSimulator = await startShiprocketSimulator({
    ...account,
    pickupLocations: [pickup],
    webhook: { url: `${config.publicUrl}${COURIER_WEBHOOK_PATH}`, token: webhookToken },
  })
  logger.info(
    { url: shippingSimulator.origin },
    'Shiprocket simulator listening: parcels booked here move on through its /__sim/advance control API',
  )
  const shipping = {
    shiprocket: createShiprocket({ ...account, baseUrl: shippingSimulator.url }),
    pickupLocation: pickup.name,
    webhookToken,
    events: startCourierEventWorker(database.db, tracking),
  }
  return { shipping, shippingSimulator }
}

/**
 * WHATSAPP_PROVIDER=cloud talks to Meta's Graph API (WHATSAPP_BASE_URL, or graph.facebook.com);
 * simulator starts the local simulator on a loopback port with secrets made here, whose signed status
 * webhooks come back to the shop's webhook route. None: no WhatsApp at all.
 */
async function createWhatsApp(): Promise<{
  whatsapp: WhatsAppServices | null
  whatsappSimulator: WhatsAppSimulator | null
}> {
  const settings = config.whatsapp
  if (!settings) return { whatsapp: null, whatsappSimulator: null }
  const events = startWhatsAppEventWorker(database.db, { log: logger, publicUrl: config.publicUrl })
  if (settings.provider === 'cloud') {
    const client = createWhatsAppClient(settings)
    return { whatsapp: { config: settings, client, events }, whatsappSimulator: null }
  }
  const { startWhatsAppSimulator } = await import('./whatsapp-simulator.ts')
  const filled = {
    ...settings,
    accessToken: randomBytes(24).toString('base64url'),
    appSecret: randomBytes(24).toString('hex'),
    verifyToken: randomBytes(24).toString('base64url'),
    phoneNumberId: '106540352242922',
  }
  const whatsappSimulator = await startWhatsAppSimulator({
    accessToken: filled.accessToken,
    appSecret: filled.appSecret,
    phoneNumberId: filled.phoneNumberId,
    graphVersion: filled.graphVersion,
    webhookUrl: `${config.publicUrl}${WHATSAPP_WEBHOOK_PATH}`,
    // The account as the configuration describes it: its throughput, and Meta's pair rate.
    throughputPerSecond: filled.messagesPerSecond,
    pairRateWindowMs: PAIR_WINDOW_MS,
  })
  logger.info(
    { url: whatsappSimulator.url },
    'WhatsApp simulator listening: order notices go to it, its /__sim/ control API shows them',
  )
  const full = { ...filled, baseUrl: whatsappSimulator.url }
  return {
    whatsapp: { config: full, client: createWhatsAppClient(full), events },
    whatsappSimulator,
  }
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create or update the admin; without them the first start makes one. */
async function bootstrapAdmin() {
  if (config.admin) {
    const result = await ensureAdmin(auth, database.db, config.admin)
    if (result !== 'unchanged') logger.info({ email: config.admin.email, result }, 'admin account from ADMIN_EMAIL')
    return
  }
  const firstRun = await ensureFirstRunAdmin(auth, database.db, config.publicUrl)
  if (firstRun) {
    // Printed once, on the first start only: sign in at /admin and change it on /account. A log
    // level above warn would swallow it, and it is not shown again: then it goes to stderr as it is.
    if (!logger.isLevelEnabled('warn')) {
      console.error(
        `first-run admin created: sign in at /admin as ${firstRun.email} with the one-time password ${firstRun.password}, then change it on /account (it is not shown again)`,
      )
    }
    logger.warn(
      { email: firstRun.email, oneTimePassword: firstRun.password },
      'first-run admin created: sign in at /admin with this e-mail and one-time password, then change the password on /account (it is not shown again)',
    )
  }
}

/**
 * Runs a start-up step; a failure the operator can act on (a setting, the machine, the database)
 * ends the process with one line, anything else with its stack trace.
 */
async function startCheck<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const known =
      error instanceof StartError || error instanceof DamagedDatabaseError || error instanceof DatabaseInUseError
        ? error
        : config.databaseUrl && !(error instanceof TypeError)
          ? databaseError(error, config.databaseUrl)
          : null
    if (!known) throw error
    console.error(known instanceof StartError ? `Cannot start: ${known.message}` : known.message)
    // Closing releases the embedded database's lock; a pool still waiting on a silent PostgreSQL would
    // never finish closing.
    if (opened) await withDeadline(opened.close(), 2_000, () => new Error('not closed')).catch(() => {})
    process.exit(1)
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

function loadServerBuild(): Promise<ServerBuild> {
  const buildFile = path.join(buildDir, 'server/index.js')
  if (!existsSync(buildFile)) {
    console.error('No production build found: run `npm run build` first (npm start does it for you).')
    process.exit(1)
  }
  const loading = import(buildFile) as Promise<ServerBuild>
  // Awaited, and so reported, once the database is ready; until then a failure waits its turn.
  loading.catch(() => {})
  return loading
}

function createProductionListener(build: ServerBuild): RequestListener {
  const clientDir = path.relative(process.cwd(), path.join(buildDir, 'client'))
  return getRequestListener(createApp({ services, build, mode: 'production', clientDir }).fetch)
}

/** Development: Vite serves the browser modules and reloads the server build on change. */
async function createDevListener(): Promise<RequestListener> {
  const vite = await import('vite')
  const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: 'custom' })
  const app = createApp({
    services,
    mode: 'development',
    build: () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  })
  const appListener = getRequestListener(app.fetch)
  return (req, res) => devServer.middlewares(req, res, () => appListener(req, res))
}

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => {
    logger.warn('in-flight requests did not finish in 10 s; closing anyway')
    process.exit(1)
  }, 10_000)
  force.unref()
  // Live streams would hold the server open: end them first (browsers reconnect to another instance).
  await events.close()
  await new Promise<void>((resolve) => {
    // A connection whose request is still in flight is kept alive after its answer (65 s, longer than
    // the 10 s allowed here): close each one as soon as it is idle.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 200)
    server.close(() => {
      clearInterval(closeIdle)
      resolve()
    })
    server.closeIdleConnections()
  })
  await outbox.stop()
  pushSender.close()
  await whatsapp?.events.stop()
  await whatsappSimulator?.close()
  await feedPruner.stop()
  await statsCompactor.stop()
  await reconciler?.stop()
  await shippingReconciler?.stop()
  await shipping?.events.stop()
  await simulator?.stop()
  await shippingSimulator?.close()
  await database.close()
  logger.info('stopped')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
