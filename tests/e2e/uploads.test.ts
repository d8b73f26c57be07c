// Image uploads over HTTP against the production server: the admin's POST /admin/uploads (through
// the server's body limit and the route), and GET /uploads/* as browsers and caches see it. The
// upload form itself is exercised through the product and blog forms.
import { connect } from 'node:net'
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test'
import sharp from 'sharp'
import { exifHasGps, phonePhotoWithGps, pixelFloodPng, SVG_WITH_SCRIPT, smallPng, TEXT_FILE } from '../images.ts'
import { expect, NOBODY, test } from './orders-desk-helpers.ts'

const baseURL = () => process.env.E2E_BASE_URL!

function upload(api: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }, folder = 'products') {
  return api.post('/admin/uploads', { multipart: { folder, file }, headers: { origin: baseURL() } })
}

/**
 * An upload that declares `bytes` and sends none of them: the server refuses it from its Content-Length
 * alone and closes the connection. (Sending the body races that close: the client may still be writing
 * when the connection goes, and get EPIPE instead of the answer.)
 */
async function declaredUpload(page: Page, bytes: number): Promise<{ status: number; message: string }> {
  const url = new URL('/admin/uploads', baseURL())
  const cookies = await page.context().cookies(url.origin)
  const socket = connect(Number(url.port), url.hostname)
  socket.write(
    [
      `POST ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      `Origin: ${url.origin}`,
      `Cookie: ${cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')}`,
      'Content-Type: multipart/form-data; boundary=declared',
      `Content-Length: ${bytes}`,
      '',
      '',
    ].join('\r\n'),
  )
  const chunks: Buffer[] = []
  for await (const chunk of socket) chunks.push(chunk as Buffer)
  const answer = Buffer.concat(chunks).toString()
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  expect(head, 'an answer with its length, not chunked').toMatch(/\r\ncontent-length: \d+/i)
  return { status: Number(head.split(' ')[1]), message: (JSON.parse(body) as { message: string }).message }
}

test('the admin uploads a phone photo; the shop serves its four variants upright, without GPS, cached for ever', async ({
  page,
}) => {
  const photo = await phonePhotoWithGps(1600, 1200)
  expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true)
  const answer = await upload(page.request, { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo })
  expect(answer.status(), await answer.text()).toBe(201)
  const { url } = (await answer.json()) as { url: string }
  expect(url).toMatch(/^\/uploads\/products\/[a-z0-9]+-[a-z0-9]+-640\.webp$/)

  // Anyone may fetch an image: a shopper's browser, with no cookies.
  const shopper = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: NOBODY })
  try {
    for (const width of [320, 640, 800, 960]) {
      const response = await shopper.get(url.replace('-640.webp', `-${width}.webp`))
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('image/webp')
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
      const metadata = await sharp(await response.body()).metadata()
      expect(metadata).toMatchObject({ format: 'webp', width, height: Math.round((width * 4) / 3) })
      expect(metadata.exif).toBeUndefined()
    }
    const etag = (await shopper.get(url)).headers().etag!
    expect(etag).toMatch(/^".+"$/)
    expect((await shopper.get(url, { headers: { 'If-None-Match': etag } })).status()).toBe(304)
  } finally {
    await shopper.dispose()
  }
})

test('a PNG goes to the blog thumbnails', async ({ page }) => {
  const answer = await upload(
    page.request,
    { name: 'banner.png', mimeType: 'image/png', buffer: await smallPng(1280, 720) },
    'thumbnails',
  )
  expect(answer.status(), await answer.text()).toBe(201)
  const { url } = (await answer.json()) as { url: string }
  expect(url).toMatch(/^\/uploads\/thumbnails\//)
  expect((await page.request.get(url)).status()).toBe(200)
})

test('refused uploads answer with the spec’s texts', async ({ page }) => {
  const refusal = async (response: Awaited<ReturnType<typeof upload>>) => ({
    status: response.status(),
    message: ((await response.json()) as { message: string }).message,
  })
  expect(
    await refusal(await upload(page.request, { name: 'menu.jpg', mimeType: 'image/jpeg', buffer: TEXT_FILE })),
  ).toEqual({ status: 415, message: 'Please select a valid image file' })
  expect(
    await refusal(await upload(page.request, { name: 'logo.png', mimeType: 'image/png', buffer: SVG_WITH_SCRIPT })),
  ).toEqual({ status: 415, message: 'Please select a valid image file' })
  // Refused by the server's body limit from its Content-Length, before the route reads it.
  expect(await declaredUpload(page, 6 * 1024 * 1024)).toEqual({
    status: 413,
    message: 'File size must be less than 5MB',
  })
  const flood = await refusal(
    await upload(page.request, { name: 'flood.png', mimeType: 'image/png', buffer: pixelFloodPng() }),
  )
  expect(flood.status).toBe(422)
  expect(flood.message).toMatch(/^The image has too many pixels/)
  expect(
    await refusal(
      await upload(page.request, { name: 'a.png', mimeType: 'image/png', buffer: await smallPng() }, 'avatars'),
    ),
  ).toEqual({ status: 400, message: 'An image goes to products or to thumbnails.' })
})

test('only the admin may upload, and only from the shop’s own pages', async ({ page }) => {
  const file = { name: 'a.png', mimeType: 'image/png', buffer: await smallPng() }
  const anonymous = await playwrightRequest.newContext({ baseURL: baseURL(), storageState: NOBODY })
  try {
    const answer = await upload(anonymous, file)
    expect(answer.status()).toBe(403)
    expect(await answer.json()).toEqual({ message: 'Admins only' })
  } finally {
    await anonymous.dispose()
  }
  const crossSite = await page.request.post('/admin/uploads', {
    multipart: { folder: 'products', file },
    headers: { origin: 'https://evil.example' },
  })
  expect(crossSite.status()).toBe(403)
})

test('GET /uploads serves only upload variants: unknown ids and crafted paths are 404', async ({ page }) => {
  for (const path of [
    '/uploads/products/nobody-here-640.webp',
    '/uploads/products/nobody-here-640.png',
    '/uploads/products/..%2f..%2fauth-secret',
    '/uploads/products/%2e%2e%2f%2e%2e%2fshop-640.webp',
    '/uploads/../package.json',
  ]) {
    const response = await page.request.get(path)
    expect(response.status(), path).toBe(404)
    expect(response.headers()['content-type'] ?? '', path).not.toContain('image/')
  }
})
