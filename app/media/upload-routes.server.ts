// The uploads' HTTP side: POST /admin/uploads (the admin's upload, answered as JSON `{ url }` or a
// 4xx `{ message }` with the spec's texts) and GET /uploads/* (a stored variant, cached for ever).

import { data, type RouterContextProvider } from 'react-router'
import { enforceLimits, TooManyAttempts } from '#app/accounts/limits.server.ts'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { requireAdmin } from '#app/admin/guard.server.ts'
import { ifNoneMatchHits } from '#app/platform/conditional-get.ts'
import type { RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import {
  isUploadFolder,
  MAX_UPLOAD_BODY_BYTES,
  MAX_UPLOAD_BYTES,
  UPLOAD_TEXTS,
  uploadKeyFromPath,
  variantContentType,
} from './upload-rules.ts'
import { makeMissingVariant, saveUpload, UploadRefused } from './uploads.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }
const YEAR = 60 * 60 * 24 * 365

/** Enough for a morning of cataloguing; each upload is about a second of both cores. */
export const UPLOAD_LIMIT = { name: 'upload:admin', limit: 60, windowMs: 10 * 60_000 } as const satisfies RateLimitRule

function refuse(status: number, message: string, headers: Record<string, string> = {}) {
  return data({ message }, { status, headers: { ...NO_STORE, ...headers } })
}

/**
 * The body, read up to the limit and no further: a body that says (Content-Length) or turns out
 * (a chunked stream) to be larger cannot hold an acceptable image, so it is refused unread.
 */
async function readCappedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > MAX_UPLOAD_BODY_BYTES) return null
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_UPLOAD_BODY_BYTES) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

async function readUploadForm(request: Request): Promise<FormData | UploadRefused> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;/i.test(type)) {
    return new UploadRefused(400, 'Send the image as a form upload (multipart/form-data) with a file and a folder.')
  }
  const body = await readCappedBody(request)
  if (!body) return new UploadRefused(413, UPLOAD_TEXTS.tooLarge)
  try {
    return await new Response(body, { headers: { 'Content-Type': type } }).formData()
  } catch {
    return new UploadRefused(400, 'The upload could not be read. Please try again.')
  }
}

export async function uploadAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, files, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  if (request.method !== 'POST') return refuse(405, 'Uploads are sent with POST.', { Allow: 'POST' })
  try {
    await enforceLimits(db, [[UPLOAD_LIMIT, admin.id]])
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error
    return refuse(429, error.message, { 'Retry-After': String(error.retryAfterSeconds) })
  }

  const form = await readUploadForm(request)
  if (form instanceof UploadRefused) return refuse(form.status, form.message)
  const folder = form.get('folder')
  if (!isUploadFolder(folder)) return refuse(400, 'An image goes to products or to thumbnails.')
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) return refuse(400, UPLOAD_TEXTS.notAnImage)
  if (file.size > MAX_UPLOAD_BYTES) return refuse(413, UPLOAD_TEXTS.tooLarge)

  try {
    const saved = await saveUpload(db, files, admin, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      folder,
      fileName: file.name,
    })
    return data({ url: saved.url }, { status: 201, headers: NO_STORE })
  } catch (error) {
    if (error instanceof UploadRefused) return refuse(error.status, error.message)
    logger.error({ err: error, folder }, 'an image upload failed')
    return refuse(500, 'The image could not be stored. Please try again.')
  }
}

export async function uploadedImageLoader({ request, context }: Args) {
  const key = uploadKeyFromPath(new URL(request.url).pathname)
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain', ...NO_STORE } })
  if (!key) return notFound()
  const { files } = context.get(servicesContext)
  let stored = await files.get(key)
  // An upload older than one of the widths (800) or than AVIF gets that variant made now, and kept.
  if (!stored && (await makeMissingVariant(files, key))) stored = await files.get(key)
  if (!stored) return notFound()
  // An id is never reused, so what a URL names never changes.
  const headers = {
    'Content-Type': variantContentType(key),
    'Cache-Control': `public, max-age=${YEAR}, immutable`,
    ETag: stored.etag,
  }
  if (ifNoneMatchHits(request.headers.get('if-none-match'), stored.etag)) {
    await stored.body.cancel()
    return new Response(null, { status: 304, headers })
  }
  return new Response(stored.body, { headers: { ...headers, 'Content-Length': String(stored.size) } })
}
