// An admin's image upload: judged and re-encoded (image-processing.server.ts), stored under a fresh
// random id in the configured store, and written to the audit trail. The client's file name is only
// a label in the trail: it never becomes part of a key or a URL.
import { randomBytes } from 'node:crypto'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { FileStore } from '#app/platform/file-store.ts'
import { IMAGE_WIDTHS } from '#app/shared/image-variants.ts'
import {
  type ImageFormat,
  ImageRejected,
  type ImageVariant,
  processImage,
  resizeVariant,
} from './image-processing.server.ts'
import type { UploadFolder } from './image-url.ts'
import { MAX_UPLOAD_BYTES, UPLOAD_TEXTS, uploadKey, uploadUrl, variantContentType } from './upload-rules.ts'

/** Why an upload was refused, with the HTTP status that says so. */
export class UploadRefused extends Error {
  override name = 'UploadRefused'
  readonly status: 400 | 413 | 415 | 422
  constructor(status: UploadRefused['status'], message: string) {
    super(message)
    this.status = status
  }
}

/**
 * A millisecond timestamp and 80 random bits, as the spec names uploads (a timestamp and a random
 * string), in lower-case base 36 so the URL matches isShopImageUrl. Nobody can guess another's id.
 */
export function newUploadId(now = Date.now()): string {
  const random = randomBytes(10).toString('hex')
  return `${now.toString(36)}-${BigInt(`0x${random}`).toString(36)}`
}

export interface SavedUpload {
  id: string
  /** The 640 px variant's URL, what a form stores. */
  url: string
  folder: UploadFolder
  format: ImageFormat
  width: number
  height: number
}

export interface UploadInput {
  bytes: Uint8Array
  folder: UploadFolder
  /** The name the browser sent, for the audit trail only. */
  fileName: string
}

/** A name fit for a one-line label: no control characters, at most 120 characters. */
function labelOf(fileName: string): string {
  const clean = [...fileName.normalize('NFC')]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
  return clean.slice(0, 120) || 'image'
}

/** Stores an image's variants under an upload's id, each with its format's Content-Type. */
export async function storeVariants(
  store: FileStore,
  folder: UploadFolder,
  id: string,
  variants: ImageVariant[],
): Promise<void> {
  await Promise.all(
    variants.map((variant) => {
      const key = uploadKey(folder, id, variant.width, variant.format)
      return store.put(key, variant.data, variantContentType(key))
    }),
  )
}

export async function saveUpload(
  db: Db,
  store: FileStore,
  actor: AuditActor,
  input: UploadInput,
): Promise<SavedUpload> {
  if (input.bytes.byteLength > MAX_UPLOAD_BYTES) throw new UploadRefused(413, UPLOAD_TEXTS.tooLarge)
  const image = await processImage(input.bytes).catch((error: unknown) => {
    if (error instanceof ImageRejected) {
      throw new UploadRefused(error.message === UPLOAD_TEXTS.notAnImage ? 415 : 422, error.message)
    }
    throw error
  })
  const id = newUploadId()
  await storeVariants(store, input.folder, id, image.variants)
  const saved: SavedUpload = {
    id,
    url: uploadUrl(input.folder, id),
    folder: input.folder,
    format: image.format,
    width: image.width,
    height: image.height,
  }
  // The files are stored first: if this write fails, they are unreferenced and harmless, while a
  // record of an upload whose files never arrived would point at nothing.
  await db.transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: 'upload.create',
      entity: 'upload',
      entityId: id,
      label: labelOf(input.fileName),
      before: null,
      after: { ...saved, bytes: input.bytes.byteLength },
    })
  })
  return saved
}

const WIDEST = Math.max(...IMAGE_WIDTHS)
const STORED_KEY = /^(.+)-(\d+)\.(webp|avif)$/
/** Variants being made right now, by key: a burst of requests for one makes it once. */
const making = new Map<string, Promise<boolean>>()

/**
 * Makes a variant missing from the store out of the upload's widest WebP, and stores it: uploads stored
 * before a width joined IMAGE_WIDTHS (800) or before AVIF get it on its first request, nothing runs at
 * start-up. False when the upload has no widest WebP either (no such upload). `key` is a served key
 * (uploadKeyFromPath).
 */
export function makeMissingVariant(store: FileStore, key: string): Promise<boolean> {
  const match = STORED_KEY.exec(key)
  const width = Number(match?.[2])
  const format = match?.[3] === 'avif' ? 'avif' : 'webp'
  if (!match || (format === 'webp' && width >= WIDEST)) return Promise.resolve(false)
  let made = making.get(key)
  if (!made) {
    made = (async () => {
      const source = await store.get(`${match[1]}-${WIDEST}.webp`)
      if (!source) return false
      const bytes = new Uint8Array(await new Response(source.body).arrayBuffer())
      await store.put(key, await resizeVariant(bytes, width, format), variantContentType(key))
      return true
    })().finally(() => making.delete(key))
    making.set(key, made)
  }
  return made
}
