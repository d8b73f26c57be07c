// Image uploads against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
// admin's POST /admin/uploads as its action answers it (refusals with the spec's texts, nothing
// stored for them), what is stored (WebP variants without EXIF or GPS), the audit trail, and GET
// /uploads/*. The S3 store runs against a local S3-compatible server that checks signatures.

import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from '@20minutes/s3rver'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Auth, createAuth } from '#app/accounts/auth.server.ts'
import { ensureAdmin } from '#app/admin/bootstrap.server.ts'
import { isShopImageUrl } from '#app/media/image-url.ts'
import { S3Error } from '#app/media/s3-store.server.ts'
import { UPLOAD_LIMIT, uploadAction, uploadedImageLoader } from '#app/media/upload-routes.server.ts'
import { createUploadStore } from '#app/media/upload-store.server.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { startEventBus } from '#app/platform/event-bus.server.ts'
import type { FileStore } from '#app/platform/file-store.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer } from '#app/platform/mailer.server.ts'
import { generateVapidKeys } from '#app/platform/push-sender.server.ts'
import { auditLog, rateLimits } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { createSms } from '#app/platform/sms.server.ts'
import {
  animatedGif,
  exifHasGps,
  noisePng,
  phonePhotoWithGps,
  pixelFloodPng,
  SVG_WITH_SCRIPT,
  smallPng,
  TEXT_FILE,
} from '../images.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { type RouteAnswer, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3998'
const logger = createLogger('silent')

/** A picked file as the browser sends it: a name and a declared type that prove nothing. */
function fileOf(bytes: Uint8Array, name: string, { type }: { type: string }): File {
  return new File([new Uint8Array(bytes)], name, { type })
}

async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

/** A local S3-compatible server (it checks Signature V4) with one bucket, on a free loopback port. */
async function startS3(): Promise<{ url: string; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'malwa-images' }],
  })
  const { port } = await server.run()
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

const S3_KEYS = { S3_BUCKET: 'malwa-images', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }

describe('the S3 store against a local S3-compatible server', () => {
  let s3: Awaited<ReturnType<typeof startS3>>
  beforeAll(async () => {
    s3 = await startS3()
  })
  afterAll(async () => {
    await s3?.stop()
  })

  const storeWith = (env: Record<string, string> = {}) =>
    createUploadStore(parseConfig({ S3_ENDPOINT: s3.url, ...S3_KEYS, ...env }), '/nonexistent')

  it('puts, finds and streams back a file with its size and ETag', async () => {
    const store = storeWith()
    expect(store.kind).toBe('s3')
    const data = await sharp(await smallPng(64, 48))
      .webp()
      .toBuffer()
    expect(await store.exists('products/s3test-640.webp')).toBe(false)
    await store.put('products/s3test-640.webp', data, 'image/webp')
    expect(await store.exists('products/s3test-640.webp')).toBe(true)
    const stored = await store.get('products/s3test-640.webp')
    expect(stored).not.toBeNull()
    expect(stored!.size).toBe(data.length)
    expect(stored!.etag).toMatch(/^"[0-9a-f]+"$/)
    expect((await streamBytes(stored!.body)).equals(data)).toBe(true)
  })

  it('answers null and false for a file that is not there', async () => {
    const store = storeWith()
    expect(await store.get('products/nothing-here-320.webp')).toBeNull()
    expect(await store.exists('products/nothing-here-320.webp')).toBe(false)
  })

  it('is refused by the service with a wrong secret (the requests are really signed)', async () => {
    const store = storeWith({ S3_SECRET_ACCESS_KEY: 'not-the-secret' })
    const error = await store.put('products/refused-640.webp', Buffer.from('x'), 'image/webp').catch((e) => e)
    expect(error).toBeInstanceOf(S3Error)
    expect((error as Error).message).toMatch(/answered 403: .*SignatureDoesNotMatch/s)
    expect(await storeWith().exists('products/refused-640.webp')).toBe(false)
  })

  it('refuses a key the shop would never make', async () => {
    await expect(storeWith().put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a storage key/)
  })
})

describe.each(DATABASE_KINDS)('image uploads on %s', (kind) => {
  let database: Database
  let auth: Auth
  let services: Services
  let disk: FileStore
  let uploadsDir: string
  let adminId: string
  let adminCookie: string
  let customerCookie: string

  async function signIn(email: string, password: string): Promise<string> {
    const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true })
    return headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }

  function contextWith(files: FileStore) {
    return createLoadContext(
      { ...services, files },
      { requestId: 'test', nonce: '', clientIp: '203.0.113.7', log: logger },
    )
  }

  function form(file: File | null, folder = 'products'): FormData {
    const body = new FormData()
    if (file) body.set('file', file)
    body.set('folder', folder)
    return body
  }

  function upload(
    body: BodyInit,
    { cookie = adminCookie, origin = PUBLIC_URL, files = disk, headers = {} as Record<string, string> } = {},
  ) {
    const request = new Request(`${PUBLIC_URL}/admin/uploads`, {
      method: 'POST',
      body,
      headers: { ...(cookie ? { cookie } : {}), origin, ...headers },
      // @ts-expect-error Node's fetch needs `duplex` to stream a request body.
      duplex: 'half',
    })
    return settle(() => uploadAction({ request, context: contextWith(files) }))
  }

  function fetchUpload(url: string, headers: Record<string, string> = {}, files = disk) {
    const request = new Request(`${PUBLIC_URL}${url}`, { headers })
    return uploadedImageLoader({ request, context: contextWith(files) }) as Promise<Response>
  }

  /** Every file the disk store holds, and every upload the audit trail knows. */
  async function stored() {
    const files = ['products', 'thumbnails'].flatMap((folder) => {
      try {
        return readdirSync(path.join(uploadsDir, folder))
      } catch {
        return []
      }
    })
    const audited = await database.db.$count(auditLog, eq(auditLog.entity, 'upload'))
    return { files: files.length, audited }
  }

  async function expectRefused(answer: Promise<RouteAnswer>, status: number, message: string | RegExp) {
    const before = await stored()
    const { status: got, body, headers } = await answer
    expect(got).toBe(status)
    expect((body as { message: string }).message).toMatch(message)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(await stored()).toEqual(before)
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: true })
    const dataDir = temporaryDataDir()
    uploadsDir = path.join(dataDir, 'uploads')
    const config = parseConfig({ PUBLIC_URL, DATA_DIR: dataDir })
    const mailer = createMailer({ from: 'shop@example.com', dataDir, logger })
    const sms = createSms({ sms: config.sms, dataDir, logger })
    auth = createAuth({
      config,
      db: database.db,
      logger,
      mailer,
      sms,
      secret: 'u'.repeat(40),
      shopName: 'Malwa Namkeen',
    })
    disk = createUploadStore(config, dataDir)
    expect(disk.kind).toBe('disk')
    services = {
      config,
      database,
      db: database.db,
      logger,
      mailer,
      events: await startEventBus(database, logger),
      otpKey: 'k'.repeat(64),
      sms,
      auth,
      payments: null,
      shipping: null,
      whatsapp: null,
      files: disk,
      vapid: generateVapidKeys(),
    }
    await ensureAdmin(auth, database.db, { email: 'owner@shop.example', password: 'first-long-password' })
    adminCookie = await signIn('owner@shop.example', 'first-long-password')
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Ravi', email: 'ravi@example.com', password: 'ravi-secret-words' },
    })
    adminId = (await auth.api.getSession({ headers: new Headers({ cookie: adminCookie }) }))!.user.id
    expect(user.id).not.toBe(adminId)
    customerCookie = await signIn('ravi@example.com', 'ravi-secret-words')
  })
  afterAll(async () => {
    await services?.events.close()
    await database?.close()
  })

  it('stores a phone photo as four upright widths in WebP and AVIF without its GPS position, and audits it', async () => {
    const photo = await phonePhotoWithGps(1600, 1200)
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true)
    const answer = await upload(form(fileOf(photo, 'IMG_2031.jpg', { type: 'image/jpeg' })))
    expect(answer.status).toBe(201)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    const { url } = answer.body as { url: string }
    expect(url).toMatch(/^\/uploads\/products\/[a-z0-9]+-[a-z0-9]+-640\.webp$/)
    expect(isShopImageUrl(url)).toBe(true)
    expect(url).not.toContain('IMG')

    for (const [extension, format] of [
      ['webp', 'webp'],
      // libvips reads AVIF as HEIF with AV1 inside.
      ['avif', 'heif'],
    ]) {
      for (const width of [320, 640, 800, 960]) {
        const response = await fetchUpload(url.replace('-640.webp', `-${width}.${extension}`))
        expect(response.status).toBe(200)
        expect(response.headers.get('Content-Type')).toBe(`image/${extension}`)
        const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
        expect(metadata).toMatchObject({ format, width })
        expect(metadata.exif).toBeUndefined()
        expect(metadata.xmp).toBeUndefined()
        // Held upright: the 1600 x 1200 photo with orientation 6 is 1200 x 1600.
        expect(metadata.height).toBe(Math.round((width * 4) / 3))
      }
    }

    const id = /([a-z0-9]+-[a-z0-9]+)-640\.webp$/.exec(url)![1]!
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'upload'), eq(auditLog.entityId, id)))
    expect(entry).toMatchObject({
      action: 'upload.create',
      actorId: adminId,
      actorEmail: 'owner@shop.example',
      label: 'IMG_2031.jpg',
      before: null,
    })
    expect(entry!.after).toMatchObject({ url, folder: 'products', format: 'jpeg', width: 1200, height: 1600 })
  })

  it('accepts a PNG for a blog thumbnail and a GIF for a product', async () => {
    const png = await upload(form(fileOf(await smallPng(800, 450), 'banner.png', { type: 'image/png' }), 'thumbnails'))
    expect(png.status).toBe(201)
    expect((png.body as { url: string }).url).toMatch(/^\/uploads\/thumbnails\//)
    const gif = await upload(form(fileOf(await animatedGif(), 'sev.gif', { type: 'image/gif' })))
    expect(gif.status).toBe(201)
  })

  it('refuses a text file renamed to .jpg, whatever type the browser declared', async () => {
    await expectRefused(
      upload(form(fileOf(TEXT_FILE, 'namkeen.jpg', { type: 'image/jpeg' }))),
      415,
      /^Please select a valid image file$/,
    )
  })

  it('refuses an SVG with a script in it, even named .png', async () => {
    await expectRefused(
      upload(form(fileOf(SVG_WITH_SCRIPT, 'logo.png', { type: 'image/png' }))),
      415,
      /^Please select a valid image file$/,
    )
  })

  it('refuses a 6 MB image with the spec’s message', async () => {
    const big = await noisePng(6 * 1024 * 1024)
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024)
    await expectRefused(
      upload(form(fileOf(big, 'big.png', { type: 'image/png' }))),
      413,
      /^File size must be less than 5MB$/,
    )
  })

  it('refuses a body over the limit without reading it all, declared or streamed', async () => {
    const declared = upload('x', {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '7000000' },
    })
    await expectRefused(declared, 413, /^File size must be less than 5MB$/)
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    await expectRefused(
      upload(endless, { headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
      413,
      /^File size must be less than 5MB$/,
    )
    expect(sent).toBeLessThan(6 * 1024 * 1024)
  })

  it('refuses a pixel flood before decoding it', async () => {
    await expectRefused(
      upload(form(fileOf(pixelFloodPng(), 'flood.png', { type: 'image/png' }))),
      422,
      /^The image has too many pixels: at most 50 megapixels/,
    )
  })

  it('refuses a wrong folder, a missing file and a form that is not multipart', async () => {
    const photo = fileOf(await smallPng(), 'a.png', { type: 'image/png' })
    await expectRefused(upload(form(photo, 'avatars')), 400, 'An image goes to products or to thumbnails.')
    await expectRefused(upload(form(photo, '../products')), 400, 'An image goes to products or to thumbnails.')
    await expectRefused(upload(form(null)), 400, /^Please select a valid image file$/)
    await expectRefused(upload(new URLSearchParams({ folder: 'products' })), 400, /multipart\/form-data/)
  })

  it('refuses anyone but the admin, and a post from another site', async () => {
    const photo = () => form(fileOf(Buffer.alloc(10), 'a.png', { type: 'image/png' }))
    for (const cookie of ['', customerCookie, 'malwa.session_token=forged.value']) {
      const before = await stored()
      const answer = await upload(photo(), { cookie })
      expect(answer.status).toBe(403)
      expect(answer.body).toEqual({ message: 'Admins only' })
      expect(await stored()).toEqual(before)
    }
    const before = await stored()
    expect((await upload(photo(), { origin: 'https://evil.example' })).status).toBe(403)
    expect(await stored()).toEqual(before)
  })

  it('answers 429 once the admin has uploaded its share for the window', async () => {
    const key = `${UPLOAD_LIMIT.name}:${adminId.toLowerCase()}`
    await database.db
      .insert(rateLimits)
      .values({ id: 'upload-limit-test', key, count: UPLOAD_LIMIT.limit, lastRequest: Date.now() })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: UPLOAD_LIMIT.limit, lastRequest: Date.now() } })
    try {
      const answer = upload(form(fileOf(await smallPng(), 'a.png', { type: 'image/png' })))
      await expectRefused(answer, 429, /^Too many attempts\. Please try again in 10 minutes\.$/)
      expect((await answer).headers.get('Retry-After')).toMatch(/^\d+$/)
    } finally {
      await database.db.delete(rateLimits).where(eq(rateLimits.key, key))
    }
  })

  it('serves a variant with long caching and an ETag, and 404 for anything else', async () => {
    const answer = await upload(form(fileOf(await smallPng(), 'a.png', { type: 'image/png' })))
    const { url } = answer.body as { url: string }
    const response = await fetchUpload(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const etag = response.headers.get('ETag')!
    expect(etag).toMatch(/^".+"$/)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(Number(response.headers.get('Content-Length'))).toBe(bytes.length)

    const again = await fetchUpload(url, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    for (const missing of [
      url.replace(/[a-z0-9]+-640/, 'nobody-640'),
      '/uploads/products/../../auth-secret',
      '/uploads/products/%2e%2e%2f%2e%2e%2fauth-secret-640.webp',
      url.replace('.webp', '.png'),
    ]) {
      const notFound = await fetchUpload(missing)
      expect(notFound.status, missing).toBe(404)
    }
  })

  it('makes the 800 px variant and the AVIF twins of an upload stored before them on their first request, once', async () => {
    const answer = await upload(form(fileOf(await phonePhotoWithGps(1600, 1200), 'old.jpg', { type: 'image/jpeg' })))
    const { url } = answer.body as { url: string }
    // As an upload stored by an earlier version of the shop: 320, 640 and 960 only.
    const file = path.join(uploadsDir, url.replace(/^\/uploads\//, '').replace('-640.webp', '-800.webp'))
    rmSync(file)
    const wide = url.replace('-640.webp', '-800.webp')

    const first = await fetchUpload(wide)
    expect(first.status).toBe(200)
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const metadata = await sharp(Buffer.from(await first.arrayBuffer())).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 800, height: Math.round((800 * 4) / 3) })
    expect(metadata.exif).toBeUndefined()
    expect(readdirSync(path.dirname(file))).toContain(path.basename(file))
    // Kept in the store: the next request is served as stored, with the same validator.
    const second = await fetchUpload(wide)
    expect(second.status).toBe(200)
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'))

    // A narrow picture's variant is never wider than the picture; an unknown upload stays a 404.
    const small = await upload(form(fileOf(await smallPng(400, 300), 'small.png', { type: 'image/png' })))
    const smallUrl = (small.body as { url: string }).url
    rmSync(path.join(uploadsDir, smallUrl.replace(/^\/uploads\//, '').replace('-640.webp', '-800.webp')))
    const narrow = await fetchUpload(smallUrl.replace('-640.webp', '-800.webp'))
    expect(await sharp(Buffer.from(await narrow.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 300 })
    expect((await fetchUpload(url.replace(/[a-z0-9]+-640/, 'nobody-800'))).status).toBe(404)

    // An upload stored before AVIF: WebP only. Each AVIF twin is made from the widest WebP.
    const folder = path.dirname(file)
    const id = /([a-z0-9]+-[a-z0-9]+)-640\.webp$/.exec(url)![1]!
    for (const name of readdirSync(folder).filter((name) => name.startsWith(id) && name.endsWith('.avif'))) {
      rmSync(path.join(folder, name))
    }
    for (const width of [320, 960]) {
      const twin = await fetchUpload(url.replace('-640.webp', `-${width}.avif`))
      expect(twin.status).toBe(200)
      expect(twin.headers.get('Content-Type')).toBe('image/avif')
      const made = await sharp(Buffer.from(await twin.arrayBuffer())).metadata()
      expect(made).toMatchObject({ format: 'heif', width, height: Math.round((width * 4) / 3) })
      expect(readdirSync(folder)).toContain(`${id}-${width}.avif`)
    }
    expect((await fetchUpload(url.replace(/[a-z0-9]+-640\.webp/, 'nobody-960.avif'))).status).toBe(404)
  })

  it('stores an upload in the S3 bucket when one is configured, and serves it from there', async () => {
    const s3 = await startS3()
    try {
      const bucket = createUploadStore(parseConfig({ S3_ENDPOINT: s3.url, ...S3_KEYS }), '/nonexistent')
      const before = await stored()
      const photo = await phonePhotoWithGps(1000, 750)
      const answer = await upload(form(fileOf(photo, 'photo.jpg', { type: 'image/jpeg' })), { files: bucket })
      expect(answer.status).toBe(201)
      const { url } = answer.body as { url: string }
      // Nothing on the disk; one more upload in the trail.
      expect(await stored()).toEqual({ files: before.files, audited: before.audited + 1 })
      const response = await fetchUpload(url.replace('-640', '-320'), {}, bucket)
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 427 })
      expect(metadata.exif).toBeUndefined()
      expect((await fetchUpload(url.replace(/[a-z0-9]+-640/, 'nobody-640'), {}, bucket)).status).toBe(404)
    } finally {
      await s3.stop()
    }
  })
})
