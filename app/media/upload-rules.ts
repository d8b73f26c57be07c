// The rules of an image upload that the browser and the server share: the spec's 5 MB limit and its
// texts (sections 5, 8 and 9), the accepted kinds, and the shape of an upload's URL and storage key.
// The browser's checks are only early feedback: the server judges the file by its content.
import { IMAGE_WIDTH_PATTERN, VARIANT_FORMATS, type VariantFormat } from '#app/shared/image-variants.ts'
import { UPLOAD_FOLDERS, type UploadFolder } from './image-url.ts'

export const MAX_UPLOAD_MB = 5
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
/**
 * The whole multipart body may carry the file plus its part headers and the folder field; a body
 * larger than this cannot hold an acceptable file and is refused before it is read.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

export const UPLOAD_PATH = '/admin/uploads'

export const UPLOAD_TEXTS = {
  tooLarge: `File size must be less than ${MAX_UPLOAD_MB}MB`,
  notAnImage: 'Please select a valid image file',
  hint: `JPG, PNG, GIF, WebP (max ${MAX_UPLOAD_MB}MB)`,
  failed: 'Failed to upload image',
  uploaded: 'Image uploaded successfully',
} as const

/** What the file picker offers; the server still decides by the bytes. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export const ACCEPT_ATTRIBUTE = `${ACCEPTED_IMAGE_TYPES.join(',')},.jpg,.jpeg,.png,.gif,.webp`

/** The browser's early check of a picked file: the spec's message, or null to go ahead. */
export function checkPickedFile(file: { size: number; type: string }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_TEXTS.notAnImage
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TEXTS.tooLarge
  return null
}

export function isUploadFolder(value: unknown): value is UploadFolder {
  return typeof value === 'string' && (UPLOAD_FOLDERS as readonly string[]).includes(value)
}

/** An upload's storage key: '<folder>/<id>-<width>.webp', or '.avif' for its AVIF twin. */
export function uploadKey(folder: UploadFolder, id: string, width: number, format: VariantFormat = 'webp'): string {
  return `${folder}/${id}-${width}.${format}`
}

/** A variant's Content-Type, from its key's extension. */
export function variantContentType(key: string): string {
  return key.endsWith('.avif') ? 'image/avif' : 'image/webp'
}

/** The URL a form stores for an upload: its 640 px variant, like the bundled artwork. */
export function uploadUrl(folder: UploadFolder, id: string): string {
  return `/uploads/${uploadKey(folder, id, 640)}`
}

const SERVED = new RegExp(
  `^/uploads/((?:${UPLOAD_FOLDERS.join('|')})/[a-z0-9-]+-(?:${IMAGE_WIDTH_PATTERN})\\.(?:${VARIANT_FORMATS.join('|')}))$`,
)

/**
 * The storage key a GET /uploads/... path names, or null for anything else. Only this one shape is
 * ever served: no dots, slashes or encodings in the id, so no path can leave the uploads.
 */
export function uploadKeyFromPath(pathname: string): string | null {
  return SERVED.exec(pathname)?.[1] ?? null
}
