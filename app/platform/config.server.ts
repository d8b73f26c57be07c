// The configuration contract (docs/architecture.md): every variable, validated once at start-up.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** The project's folder: a relative DATA_DIR is the same folder whatever folder a process started in. */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url))

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const FLAG_VALUES = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const

/** true/false (yes/no, on/off, 1/0), in any case: TRUE and False are what people type; empty is unset. */
const flagValue = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
  z.enum(FLAG_VALUES, { error: 'must be true or false' }).optional(),
)

const flag = (fallback: boolean) =>
  flagValue.transform((value) => (value === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(value)))

/** A URL of one of `protocols`; with a host unless the protocol may go without (mailto:, postgres' socket). */
const url = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const parsed = new URL(value)
        const hostless = ['mailto:', 'postgres:', 'postgresql:'].includes(parsed.protocol)
        return protocols.includes(parsed.protocol) && (hostless || parsed.hostname !== '')
      } catch {
        return false
      }
    }, `must be ${what}`)

const optionalUrl = (protocols: string[], what: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), url(protocols, what).optional())

const base64urlKey = (bytes: number, what: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .refine(
        (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
        `must be ${what}`,
      )
      .optional(),
  )

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback
      const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN
      if (!(number >= min && number <= max)) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` })
        return z.NEVER
      }
      return number
    })

/** A credential: `min` to `max` printable characters without spaces; empty is unset. */
const secretText = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(new RegExp(`^[\\x21-\\x7e]{${min},${max}}$`), message)
      .optional(),
  )

const envSchema = z.object({
  PORT: integer(3000, 1, 65535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  // An origin: the shop answers at the root of its host (links, cookies and the service worker assume it).
  PUBLIC_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    url(['http:', 'https:'], 'an http(s) URL such as https://shop.example')
      .refine((value) => {
        const { pathname, search, hash } = new URL(value)
        return pathname.replace(/\/+$/, '') === '' && search === '' && hash === ''
      }, "must be the shop's origin only, such as https://shop.example (the shop is served at the root of its host)")
      .optional(),
  ),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('./data')
    .transform((folder) => path.resolve(PROJECT_ROOT, folder)),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'a postgres:// connection URL'),
  ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
  SHOWCASE_MODE: flag(true),
  SEED_DEMO: flag(true),
  TRUST_PROXY: flag(false),
  ORDER_RATE_LIMIT: integer(20, 0, 1_000_000),
  DELIVERY_OTP_VERIFY_LIMIT: integer(30, 1, 1_000_000),
  AUTH_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  PAYMENT_PROVIDER: z
    .enum(['none', 'phonepe', 'phonepe-simulator'], { error: 'must be none, phonepe or phonepe-simulator' })
    .default('none'),
  PHONEPE_CLIENT_ID: optional,
  PHONEPE_CLIENT_SECRET: optional,
  PHONEPE_CLIENT_VERSION: integer(1, 1, 1000),
  PHONEPE_ENV: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).default('sandbox'),
  PHONEPE_BASE_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL'),
  PHONEPE_WEBHOOK_USERNAME: optional,
  PHONEPE_WEBHOOK_PASSWORD: optional,
  SHIPPING_PROVIDER: z
    .enum(['none', 'shiprocket', 'shiprocket-simulator'], {
      error: 'must be none, shiprocket or shiprocket-simulator',
    })
    .default('none'),
  SHIPROCKET_EMAIL: optional,
  SHIPROCKET_PASSWORD: optional,
  SHIPROCKET_PICKUP_LOCATION: optional,
  SHIPROCKET_WEBHOOK_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 letters, digits or symbols, without spaces')
      .optional(),
  ),
  SHIPROCKET_BASE_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL'),
  WHATSAPP_PROVIDER: z
    .enum(['none', 'cloud', 'simulator'], { error: 'must be none, cloud or simulator' })
    .default('none'),
  WHATSAPP_ACCESS_TOKEN: secretText(1, 2000, 'must be the access token as Meta shows it, without spaces'),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,30}$/, "must be the phone number's id from Meta's dashboard: digits only (not the number itself)")
      .optional(),
  ),
  WHATSAPP_APP_SECRET: secretText(1, 200, "must be the Meta app's secret as its dashboard shows it, without spaces"),
  WHATSAPP_VERIFY_TOKEN: secretText(16, 200, 'must be 16 to 200 letters, digits or symbols, without spaces'),
  WHATSAPP_GRAPH_VERSION: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^v\d{2}\.0$/, 'must be a Graph API version such as v23.0')
      .default('v23.0'),
  ),
  WHATSAPP_BASE_URL: optionalUrl(['http:', 'https:'], 'an http(s) URL'),
  WHATSAPP_MESSAGES_PER_SECOND: integer(80, 1, 1000),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: optional,
  SMS_PROVIDER: z.enum(['log', 'twilio'], { error: 'must be log or twilio' }).default('log'),
  SMS_ACCOUNT_ID: optional,
  SMS_AUTH_TOKEN: optional,
  SMS_SENDER: optional,
  VAPID_PUBLIC_KEY: base64urlKey(65, 'a base64url P-256 public key (65 bytes, as web-push generate-vapid-keys prints)'),
  VAPID_PRIVATE_KEY: base64urlKey(
    32,
    'a base64url P-256 private key (32 bytes, as web-push generate-vapid-keys prints)',
  ),
  // Push services (Apple's among them) refuse a JWT whose subject is neither; http://localhost is refused here.
  VAPID_SUBJECT: optionalUrl(
    ['mailto:', 'https:'],
    'a mailto: address or an https: URL, such as mailto:owner@shop.example',
  ),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: flag(false),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  APPLE_CLIENT_ID: optional,
  APPLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: optionalUrl(['http:', 'https:'], 'an http(s) URL'),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_NAME: optional,
  OIDC_CONNECTION: optional,
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'an http(s) URL such as https://s3.eu-central-1.amazonaws.com'),
  S3_REGION: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-south-1 (or auto)')
      .optional(),
  ),
  S3_BUCKET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flagValue,
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
})

/** Variables that only make sense together: if one is set, the others must be too. */
const GROUPS: string[][] = [
  ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['APPLE_CLIENT_ID', 'APPLE_CLIENT_SECRET'],
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
  ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
  ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
]

/** Settings of the S3 store that mean nothing without a bucket. */
const S3_EXTRAS = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const

/** Variables whose refused value is not repeated in the message: it would reach the log. */
const SECRETS = new Set([
  'ADMIN_PASSWORD',
  'AUTH_SECRET',
  'VAPID_PRIVATE_KEY',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
])

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = z.infer<typeof envSchema>

function requireTogether(env: Env, names: string[], because?: string) {
  const values = env as Record<string, unknown>
  const set = names.filter((name) => values[name] !== undefined)
  const missing = names.filter((name) => values[name] === undefined)
  if (set.length > 0 && missing.length > 0) {
    throw new ConfigError(
      `${missing[0]} must be set when ${because ?? `${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set`}`,
    )
  }
}

/** Reads the environment into the typed configuration, or throws a ConfigError naming the variable. */
export function parseConfig(source: Record<string, string | undefined>) {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]!
    const name = String(issue.path[0])
    const got = source[name]
    const shown = got === undefined || SECRETS.has(name) ? '' : ` (got ${JSON.stringify(got)})`
    throw new ConfigError(`${name} ${issue.message}${shown}`)
  }
  const env = result.data
  for (const group of GROUPS) requireTogether(env, group)
  for (const name of S3_EXTRAS) {
    if (env[name] !== undefined && env.S3_BUCKET === undefined) {
      throw new ConfigError(`S3_BUCKET must be set when ${name} is set`)
    }
  }
  if (env.SMS_PROVIDER === 'twilio') {
    requireTogether(env, ['SMS_PROVIDER', 'SMS_ACCOUNT_ID', 'SMS_AUTH_TOKEN', 'SMS_SENDER'], 'SMS_PROVIDER is twilio')
  }
  if (env.PAYMENT_PROVIDER === 'phonepe') {
    const because = 'PAYMENT_PROVIDER is phonepe'
    requireTogether(env, ['PAYMENT_PROVIDER', 'PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET'], because)
    requireTogether(env, ['PAYMENT_PROVIDER', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD'], because)
  }
  if (env.SHIPPING_PROVIDER === 'shiprocket') {
    requireTogether(
      env,
      [
        'SHIPPING_PROVIDER',
        'SHIPROCKET_EMAIL',
        'SHIPROCKET_PASSWORD',
        'SHIPROCKET_PICKUP_LOCATION',
        'SHIPROCKET_WEBHOOK_TOKEN',
      ],
      'SHIPPING_PROVIDER is shiprocket',
    )
  }
  if (env.WHATSAPP_PROVIDER === 'cloud') {
    requireTogether(
      env,
      [
        'WHATSAPP_PROVIDER',
        'WHATSAPP_ACCESS_TOKEN',
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ],
      'WHATSAPP_PROVIDER is cloud',
    )
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secure: publicUrl.startsWith('https:'),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    showcaseMode: env.SHOWCASE_MODE,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    /** Orders one client address may place in 10 minutes (app/checkout); 0: no limit. */
    orderRateLimit: env.ORDER_RATE_LIMIT,
    /** Delivery OTPs one admin account may check in 15 minutes, twice that one address (app/orders). */
    deliveryOtpVerifyLimit: env.DELIVERY_OTP_VERIFY_LIMIT,
    authSecret: env.AUTH_SECRET,
    payment: {
      provider: env.PAYMENT_PROVIDER,
      phonepe: {
        clientId: env.PHONEPE_CLIENT_ID,
        clientSecret: env.PHONEPE_CLIENT_SECRET,
        clientVersion: env.PHONEPE_CLIENT_VERSION,
        environment: env.PHONEPE_ENV,
        baseUrl: env.PHONEPE_BASE_URL,
        webhookUsername: env.PHONEPE_WEBHOOK_USERNAME,
        webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD,
      },
    },
    shipping: {
      provider: env.SHIPPING_PROVIDER,
      shiprocket: {
        email: env.SHIPROCKET_EMAIL,
        password: env.SHIPROCKET_PASSWORD,
        pickupLocation: env.SHIPROCKET_PICKUP_LOCATION,
        webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN,
        baseUrl: env.SHIPROCKET_BASE_URL,
      },
    },
    whatsapp: whatsappSettings(env),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? 'Malwa Namkeen <orders@localhost>' },
    sms: {
      provider: env.SMS_PROVIDER,
      accountId: env.SMS_ACCOUNT_ID,
      authToken: env.SMS_AUTH_TOKEN,
      sender: env.SMS_SENDER,
    },
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      /** Unset: mailto: the shop's e-mail from settings, read when a push is sent. */
      subject: env.VAPID_SUBJECT,
    },
    push: {
      /**
       * Accept subscriptions whose endpoint is plain http or resolves to a loopback, private or
       * link-local address: for tests and private deployments only (it lets a visitor make the
       * server post to internal addresses).
       */
      allowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    oauth: {
      google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      facebook: pair(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
      apple: pair(env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET),
      oidc:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              name: env.OIDC_NAME ?? 'Single sign-on',
              connection: env.OIDC_CONNECTION,
            }
          : undefined,
    },
    s3: env.S3_BUCKET ? s3Settings(env, env.S3_BUCKET) : undefined,
    logLevel: env.LOG_LEVEL,
  }
}

/**
 * WhatsApp order updates (app/whatsapp), or null: none are sent and nothing about WhatsApp shows
 * (WHATSAPP_PROVIDER=none). With the simulator the credentials and the base URL are made at start
 * (server/), so they are empty strings here; only the version and the rate apply.
 */
export interface WhatsAppConfig {
  provider: 'cloud' | 'simulator'
  accessToken: string
  /** Meta's id of the business number (digits), in the send URL. */
  phoneNumberId: string
  /** Keys the webhook's X-Hub-Signature-256. */
  appSecret: string
  /** The webhook handshake's token, typed into Meta's dashboard too. */
  verifyToken: string
  /** 'v23.0' */
  graphVersion: string
  /** Without a trailing slash: 'https://graph.facebook.com'. */
  baseUrl: string
  /** The business number's throughput (80 by default, up to 1,000 once Meta raises it). */
  messagesPerSecond: number
}

function whatsappSettings(env: Env): WhatsAppConfig | null {
  if (env.WHATSAPP_PROVIDER === 'none') return null
  const common = { graphVersion: env.WHATSAPP_GRAPH_VERSION, messagesPerSecond: env.WHATSAPP_MESSAGES_PER_SECOND }
  if (env.WHATSAPP_PROVIDER === 'simulator') {
    return {
      provider: 'simulator',
      accessToken: '',
      phoneNumberId: '',
      appSecret: '',
      verifyToken: '',
      baseUrl: '',
      ...common,
    }
  }
  return {
    provider: 'cloud',
    accessToken: env.WHATSAPP_ACCESS_TOKEN!,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
    appSecret: env.WHATSAPP_APP_SECRET!,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
    baseUrl: (env.WHATSAPP_BASE_URL ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    ...common,
  }
}

/**
 * Without S3_ENDPOINT the bucket is on AWS, addressed as <bucket>.s3.<region>.amazonaws.com; with one
 * (MinIO, Cloudflare R2, a local test server) addresses are path-style (<endpoint>/<bucket>/<key>)
 * unless S3_FORCE_PATH_STYLE=false. us-east-1 is what AWS, MinIO and R2 all accept by default.
 */
function s3Settings(env: Env, bucket: string) {
  const region = env.S3_REGION ?? 'us-east-1'
  const endpoint = (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '')
  const pathStyle = env.S3_FORCE_PATH_STYLE
  return {
    endpoint,
    region,
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle:
      pathStyle === undefined ? env.S3_ENDPOINT !== undefined : ['true', '1', 'yes', 'on'].includes(pathStyle),
  }
}

export type S3Settings = ReturnType<typeof s3Settings>

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined
}

export type Config = ReturnType<typeof parseConfig>
