// What an uploaded image becomes: judged by its bytes (never by its name or declared type), refused
// before decoding when its header promises more pixels than a photo has, turned upright by its EXIF
// orientation, stripped of every piece of metadata (EXIF, GPS, XMP, ICC after converting to sRGB) and
// re-encoded by sharp into the shop's WebP and AVIF variants. docs/decisions/013-image-uploads.md says
// why.
// sharp (and libvips) is imported with the first upload, not when the server starts.
import type { Sharp, SharpOptions } from 'sharp'
import { IMAGE_WIDTHS, type ImageWidth, VARIANT_FORMATS, type VariantFormat } from '#app/shared/image-variants.ts'
import { UPLOAD_TEXTS } from './upload-rules.ts'

/**
 * 50 megapixels: a 48 MP phone photo (8000 x 6000) passes; a pixel flood or a decompression bomb (a
 * small file whose header claims, say, 20000 x 20000) is refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000

export const IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** WebP and AVIF quality and effort: chosen with scripts/bench-upload.ts (docs/performance.md). */
const ENCODING = {
  webp: { quality: 80, effort: 4 },
  // About half the WebP's bytes at the same look. Effort 2 encodes a 640 px photo in about 0.1 s on one
  // core; effort 6, which the bundled artwork gets, takes 3 s for 5 % fewer bytes.
  avif: { quality: 50, effort: 2 },
} as const

function encoded(pixels: Sharp, format: VariantFormat): Promise<Buffer> {
  return (format === 'avif' ? pixels.avif(ENCODING.avif) : pixels.webp(ENCODING.webp)).toBuffer()
}

/** An image the shop will not take; the message is shown to the owner as it is. */
export class ImageRejected extends Error {
  override name = 'ImageRejected'
}

/** The format the file's first bytes announce, or null for anything that is not JPEG, PNG, GIF or WebP. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte)
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  // 'GIF87a' or 'GIF89a'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif'
  // 'RIFF' <size> 'WEBP'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

export interface ImageVariant {
  /** The width its name carries (320, 640, 800 or 960). */
  width: ImageWidth
  format: VariantFormat
  data: Buffer
}

export interface ProcessedImage {
  /** What the upload was. */
  format: ImageFormat
  /** The upright original's size. */
  width: number
  height: number
  variants: ImageVariant[]
}

/** First frame only: the shop shows still photos, and later frames would multiply the pixels decoded. */
const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 } as const satisfies SharpOptions

let sharpModule: Promise<typeof import('sharp')['default']> | undefined
const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default))

function readFailure(error: unknown): ImageRejected {
  const message = error instanceof Error ? error.message : ''
  if (/pixel limit/i.test(message)) {
    return new ImageRejected(
      `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (for example 8000 x 6000).`,
    )
  }
  return new ImageRejected(UPLOAD_TEXTS.notAnImage)
}

/**
 * Turns an upload into WebP and AVIF variants named 320, 640, 800 and 960. None is wider than the
 * original: a narrow photo gives narrower files under the same names (upscaling adds bytes, not detail).
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes)
  if (!format) throw new ImageRejected(UPLOAD_TEXTS.notAnImage)

  const sharp = await loadSharp()
  // The header alone: sharp refuses here when width x height is over the limit.
  const metadata = await sharp(bytes, INPUT)
    .metadata()
    .catch((error: unknown) => {
      throw readFailure(error)
    })
  // A file may start like a PNG and be something else; sharp's own reading must agree.
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw new ImageRejected(UPLOAD_TEXTS.notAnImage)
  }
  const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height }
  const largest = Math.max(...IMAGE_WIDTHS)

  return withImageSlot(async () => {
    // Decoded once, upright, at the largest width needed (JPEG decodes shrunk on load); the smaller
    // variants are resized from these pixels rather than from the original again.
    const base = await sharp(bytes, INPUT)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw readFailure(error)
      })
    const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } }
    // A narrow original gives the same file under two or three names: encoded once.
    const encodings = new Map<string, Promise<Buffer>>()
    const encode = (width: number, format: VariantFormat) => {
      const actual = Math.min(width, base.info.width)
      const key = `${actual}.${format}`
      let encoding = encodings.get(key)
      if (!encoding) {
        encoding = encoded(sharp(base.data, raw).resize({ width: actual }), format)
        encodings.set(key, encoding)
      }
      return encoding
    }
    const variants = await Promise.all(
      VARIANT_FORMATS.flatMap((format) =>
        IMAGE_WIDTHS.map(async (width) => ({ width, format, data: await encode(width, format) })),
      ),
    )
    return { format, width: upright.width, height: upright.height, variants }
  })
}

/**
 * A variant made from a stored one (our own WebP, already upright and stripped): for a width or a
 * format added after the image was uploaded. Never wider than the stored variant.
 */
export async function resizeVariant(stored: Uint8Array, width: number, format: VariantFormat): Promise<Buffer> {
  const sharp = await loadSharp()
  return withImageSlot(() => encoded(sharp(stored, INPUT).resize({ width, withoutEnlargement: true }), format))
}

/**
 * At most two images are decoded at once per server: a burst of uploads waits its turn instead of
 * holding several decoded photos in memory together.
 */
const MAX_AT_ONCE = 2
let running = 0
const waiting: Array<() => void> = []

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finishing image hands its slot straight to the next in line, so a newcomer cannot slip in between.
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}
