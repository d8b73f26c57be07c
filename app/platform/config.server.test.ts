import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import webPush from 'web-push'
import { ConfigError, parseConfig } from './config.server.ts'

/** A complete WhatsApp Cloud API account, as a real shop sets it. */
const WHATSAPP_CLOUD: Record<string, string> = {
  WHATSAPP_PROVIDER: 'cloud',
  WHATSAPP_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBAOtoken',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  WHATSAPP_VERIFY_TOKEN: 'verify-me-please-123',
}

function errorOf(env: Record<string, string | undefined>) {
  try {
    parseConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected a ConfigError')
}

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = parseConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.dataDir).toBe(fileURLToPath(new URL('../../data', import.meta.url)))
    expect(config.databaseUrl).toBeUndefined()
    expect(config.showcaseMode).toBe(true)
    expect(config.seedDemo).toBe(true)
    expect(config.payment.provider).toBe('none')
    expect(config.logLevel).toBe('info')
    expect(config.secure).toBe(false)
  })

  it('derives the public URL from PORT and drops a trailing slash from PUBLIC_URL', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    const config = parseConfig({ PUBLIC_URL: 'https://namkeen.example/' })
    expect(config.publicUrl).toBe('https://namkeen.example')
    expect(config.secure).toBe(true)
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://shop.example' }, 'PUBLIC_URL'],
    [{ SHOWCASE_MODE: 'maybe' }, 'SHOWCASE_MODE'],
    [{ SEED_DEMO: 'sometimes' }, 'SEED_DEMO'],
    [{ PAYMENT_PROVIDER: 'paytm' }, 'PAYMENT_PROVIDER'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ S3_ENDPOINT: 's3.example' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'Shop_Images', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET'],
    [{ S3_REGION: 'Mumbai 1' }, 'S3_REGION'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ SMTP_URL: 'smtp:/mail.example' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'https://shop.example/shop' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://shop.example/?utm=1' }, 'PUBLIC_URL'],
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_ACCOUNT_ID'],
    [{ SMS_PROVIDER: 'twilio', SMS_ACCOUNT_ID: 'AC1', SMS_AUTH_TOKEN: 'token' }, 'SMS_SENDER'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ PAYMENT_PROVIDER: 'phonepe' }, 'PHONEPE_CLIENT_ID'],
    [
      { PAYMENT_PROVIDER: 'phonepe', PHONEPE_CLIENT_ID: 'id', PHONEPE_CLIENT_SECRET: 'secret' },
      'PHONEPE_WEBHOOK_USERNAME',
    ],
    [{ SHIPPING_PROVIDER: 'delhivery' }, 'SHIPPING_PROVIDER'],
    [{ SHIPPING_PROVIDER: 'shiprocket' }, 'SHIPROCKET_EMAIL'],
    [
      {
        SHIPPING_PROVIDER: 'shiprocket',
        SHIPROCKET_EMAIL: 'api@shop.example',
        SHIPROCKET_PASSWORD: 'pw',
        SHIPROCKET_PICKUP_LOCATION: 'Indore Kitchen',
      },
      'SHIPROCKET_WEBHOOK_TOKEN',
    ],
    [{ SHIPROCKET_WEBHOOK_TOKEN: 'short' }, 'SHIPROCKET_WEBHOOK_TOKEN'],
    [{ SHIPROCKET_BASE_URL: 'apiv2.shiprocket.in' }, 'SHIPROCKET_BASE_URL'],
    [{ WHATSAPP_PROVIDER: 'twilio' }, 'WHATSAPP_PROVIDER'],
    [{ WHATSAPP_PROVIDER: 'cloud' }, 'WHATSAPP_ACCESS_TOKEN'],
    [{ ...WHATSAPP_CLOUD, WHATSAPP_PHONE_NUMBER_ID: '' }, 'WHATSAPP_PHONE_NUMBER_ID'],
    [{ ...WHATSAPP_CLOUD, WHATSAPP_PHONE_NUMBER_ID: '+91 98765 43210' }, 'WHATSAPP_PHONE_NUMBER_ID'],
    [{ ...WHATSAPP_CLOUD, WHATSAPP_APP_SECRET: undefined }, 'WHATSAPP_APP_SECRET'],
    [{ ...WHATSAPP_CLOUD, WHATSAPP_VERIFY_TOKEN: undefined }, 'WHATSAPP_VERIFY_TOKEN'],
    [{ ...WHATSAPP_CLOUD, WHATSAPP_VERIFY_TOKEN: 'too-short' }, 'WHATSAPP_VERIFY_TOKEN'],
    [{ ...WHATSAPP_CLOUD, WHATSAPP_ACCESS_TOKEN: 'EAAG with spaces' }, 'WHATSAPP_ACCESS_TOKEN'],
    [{ WHATSAPP_GRAPH_VERSION: '23.0' }, 'WHATSAPP_GRAPH_VERSION'],
    [{ WHATSAPP_GRAPH_VERSION: 'v23.1' }, 'WHATSAPP_GRAPH_VERSION'],
    [{ WHATSAPP_BASE_URL: 'graph.facebook.com' }, 'WHATSAPP_BASE_URL'],
    [{ WHATSAPP_MESSAGES_PER_SECOND: '0' }, 'WHATSAPP_MESSAGES_PER_SECOND'],
    [{ WHATSAPP_MESSAGES_PER_SECOND: '1001' }, 'WHATSAPP_MESSAGES_PER_SECOND'],
    [{ WHATSAPP_MESSAGES_PER_SECOND: '80/s' }, 'WHATSAPP_MESSAGES_PER_SECOND'],
  ])('refuses %j with a message naming %s', (env, name) => {
    const message = errorOf(env)
    expect(message.startsWith(name)).toBe(true)
    expect(message).not.toContain('\n')
  })

  it('shows the refused value so the operator can see the typo', () => {
    expect(errorOf({ PORT: 'abc' })).toBe('PORT must be a whole number from 1 to 65535 (got "abc")')
  })

  it('never repeats a refused secret', () => {
    expect(errorOf({ SHIPROCKET_WEBHOOK_TOKEN: 'my secret token' })).toBe(
      'SHIPROCKET_WEBHOOK_TOKEN must be 24 to 200 letters, digits or symbols, without spaces',
    )
  })

  it('reads the Shiprocket account when shipping goes through it', () => {
    const config = parseConfig({
      SHIPPING_PROVIDER: 'shiprocket',
      SHIPROCKET_EMAIL: 'api@shop.example',
      SHIPROCKET_PASSWORD: 'pw',
      SHIPROCKET_PICKUP_LOCATION: 'Indore Kitchen',
      SHIPROCKET_WEBHOOK_TOKEN: 'a'.repeat(32),
    })
    expect(config.shipping).toEqual({
      provider: 'shiprocket',
      shiprocket: {
        email: 'api@shop.example',
        password: 'pw',
        pickupLocation: 'Indore Kitchen',
        webhookToken: 'a'.repeat(32),
        baseUrl: undefined,
      },
    })
    expect(parseConfig({}).shipping.provider).toBe('none')
  })

  it('sends no WhatsApp updates unless WHATSAPP_PROVIDER says how', () => {
    expect(parseConfig({}).whatsapp).toBeNull()
    expect(parseConfig({ WHATSAPP_PROVIDER: 'none', WHATSAPP_ACCESS_TOKEN: 'ignored' }).whatsapp).toBeNull()
  })

  it('reads the WhatsApp Cloud API account, with the version, address and rate by default', () => {
    expect(parseConfig(WHATSAPP_CLOUD).whatsapp).toEqual({
      provider: 'cloud',
      accessToken: 'EAAGm0PX4ZCpsBAOtoken',
      phoneNumberId: '106540352242922',
      appSecret: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      verifyToken: 'verify-me-please-123',
      graphVersion: 'v23.0',
      baseUrl: 'https://graph.facebook.com',
      messagesPerSecond: 80,
    })
    expect(
      parseConfig({
        ...WHATSAPP_CLOUD,
        WHATSAPP_GRAPH_VERSION: 'v24.0',
        WHATSAPP_BASE_URL: 'http://127.0.0.1:4010/',
        WHATSAPP_MESSAGES_PER_SECOND: '1000',
      }).whatsapp,
    ).toMatchObject({ graphVersion: 'v24.0', baseUrl: 'http://127.0.0.1:4010', messagesPerSecond: 1000 })
    expect(parseConfig({ ...WHATSAPP_CLOUD, WHATSAPP_GRAPH_VERSION: '' }).whatsapp?.graphVersion).toBe('v23.0')
  })

  it('leaves the simulator’s credentials to start-up: only the version and the rate apply', () => {
    expect(parseConfig({ WHATSAPP_PROVIDER: 'simulator', WHATSAPP_MESSAGES_PER_SECOND: '20' }).whatsapp).toEqual({
      provider: 'simulator',
      accessToken: '',
      phoneNumberId: '',
      appSecret: '',
      verifyToken: '',
      graphVersion: 'v23.0',
      baseUrl: '',
      messagesPerSecond: 20,
    })
  })

  it('names what a real WhatsApp account needs, and never repeats its secrets', () => {
    expect(errorOf({ WHATSAPP_PROVIDER: 'cloud' })).toBe(
      'WHATSAPP_ACCESS_TOKEN must be set when WHATSAPP_PROVIDER is cloud',
    )
    for (const name of ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']) {
      const message = errorOf({ ...WHATSAPP_CLOUD, [name]: 'a secret with spaces' })
      expect(message.startsWith(`${name} must be`)).toBe(true)
      expect(message).not.toContain('secret with')
    }
    expect(errorOf({ ...WHATSAPP_CLOUD, WHATSAPP_VERIFY_TOKEN: 'short' })).toBe(
      'WHATSAPP_VERIFY_TOKEN must be 16 to 200 letters, digits or symbols, without spaces',
    )
    // Not a secret: the typo is shown.
    expect(errorOf({ WHATSAPP_GRAPH_VERSION: '23' })).toBe(
      'WHATSAPP_GRAPH_VERSION must be a Graph API version such as v23.0 (got "23")',
    )
  })

  it('asks for the missing half of a pair', () => {
    expect(errorOf({ ADMIN_EMAIL: 'owner@shop.example' })).toBe('ADMIN_PASSWORD must be set when ADMIN_EMAIL is set')
    expect(errorOf({ GOOGLE_CLIENT_ID: 'id' })).toBe('GOOGLE_CLIENT_SECRET must be set when GOOGLE_CLIENT_ID is set')
    expect(errorOf({ PAYMENT_PROVIDER: 'phonepe' })).toMatch(/^PHONEPE_CLIENT_ID must be set/)
  })

  it('reads flags in the usual spellings', () => {
    expect(parseConfig({ SHOWCASE_MODE: 'false' }).showcaseMode).toBe(false)
    expect(parseConfig({ SHOWCASE_MODE: '0' }).showcaseMode).toBe(false)
    expect(parseConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false)
    expect(parseConfig({ SEED_DEMO: 'yes' }).seedDemo).toBe(true)
  })

  it('treats an empty optional variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).databaseUrl).toBeUndefined()
  })

  it('enables a sign-in provider only with both of its keys', () => {
    const config = parseConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })
    expect(config.oauth.google).toEqual({ clientId: 'id', clientSecret: 'secret' })
    expect(config.oauth.facebook).toBeUndefined()
  })

  it('keeps uploads in DATA_DIR unless an S3 bucket is configured', () => {
    expect(parseConfig({}).s3).toBeUndefined()
  })

  it('addresses an AWS bucket by its host, and another S3-compatible service by path', () => {
    const keys = { S3_BUCKET: 'malwa-images', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }
    expect(parseConfig({ ...keys, S3_REGION: 'ap-south-1' }).s3).toEqual({
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      region: 'ap-south-1',
      bucket: 'malwa-images',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    })
    expect(parseConfig({ ...keys, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    })
    expect(
      parseConfig({ ...keys, S3_ENDPOINT: 'https://r2.example', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toMatchObject({ region: 'auto', forcePathStyle: false })
  })

  it('asks for the bucket and its keys together', () => {
    expect(errorOf({ S3_BUCKET: 'malwa-images' })).toBe('S3_ACCESS_KEY_ID must be set when S3_BUCKET is set')
    expect(errorOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toBe('S3_BUCKET must be set when S3_ENDPOINT is set')
  })

  it('leaves the VAPID subject to the shop e-mail unless VAPID_SUBJECT is a mailto: or https: URL', () => {
    expect(parseConfig({}).vapid.subject).toBeUndefined()
    expect(parseConfig({ VAPID_SUBJECT: 'mailto:owner@shop.example' }).vapid.subject).toBe('mailto:owner@shop.example')
    expect(parseConfig({ VAPID_SUBJECT: 'https://shop.example/contact' }).vapid.subject).toBe(
      'https://shop.example/contact',
    )
    expect(errorOf({ VAPID_SUBJECT: 'http://localhost:3000' })).toMatch(/^VAPID_SUBJECT must be a mailto: address/)
    expect(errorOf({ VAPID_SUBJECT: 'owner@shop.example' })).toMatch(/^VAPID_SUBJECT must be a mailto: address/)
  })

  it('takes VAPID keys only as base64url P-256 keys, both together', () => {
    const keys = webPush.generateVAPIDKeys()
    expect(parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid).toMatchObject(
      keys,
    )
    expect(errorOf({ VAPID_PUBLIC_KEY: keys.publicKey })).toBe(
      'VAPID_PRIVATE_KEY must be set when VAPID_PUBLIC_KEY is set',
    )
    expect(errorOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(
      /^VAPID_PUBLIC_KEY must be a base64url P-256 public key/,
    )
    expect(errorOf({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.publicKey })).toMatch(
      /^VAPID_PRIVATE_KEY must be a base64url P-256 private key/,
    )
  })

  it('reads true and false in any case, and an empty flag as unset', () => {
    expect(parseConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true)
    expect(parseConfig({ TRUST_PROXY: ' Yes ' }).trustProxy).toBe(true)
    expect(parseConfig({ SHOWCASE_MODE: 'False' }).showcaseMode).toBe(false)
    expect(parseConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false)
    expect(parseConfig({ SEED_DEMO: '' }).seedDemo).toBe(true)
  })

  it('names what a real PhonePe needs, and takes an SMTP URL with its host', () => {
    expect(errorOf({ PAYMENT_PROVIDER: 'phonepe' })).toBe(
      'PHONEPE_CLIENT_ID must be set when PAYMENT_PROVIDER is phonepe',
    )
    expect(parseConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example:465' }).mail.smtpUrl).toBe(
      'smtps://user:p%40ss@mail.example:465',
    )
    // PostgreSQL on its local socket has no host in the URL.
    expect(parseConfig({ DATABASE_URL: 'postgres:///shop?host=/run/postgresql' }).databaseUrl).toBe(
      'postgres:///shop?host=/run/postgresql',
    )
  })

  it('refuses plain-http and private push endpoints unless PUSH_ALLOW_PRIVATE_ENDPOINTS is on', () => {
    expect(parseConfig({}).push.allowPrivateEndpoints).toBe(false)
    expect(parseConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).push.allowPrivateEndpoints).toBe(true)
    expect(errorOf({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'maybe' })).toMatch(
      /^PUSH_ALLOW_PRIVATE_ENDPOINTS must be true or false/,
    )
  })
})
