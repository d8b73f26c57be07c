import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  animatedGif,
  exifHasGps,
  lyingJpeg,
  phonePhotoWithGps,
  photoJpeg,
  pixelFloodPng,
  SVG_WITH_SCRIPT,
  smallPng,
  TEXT_FILE,
} from '../../tests/images.ts'
import { ImageRejected, processImage, sniffImageFormat } from './image-processing.server.ts'

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await processImage(bytes).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ImageRejected)
  return (error as Error).message
}

describe('image processing', () => {
  it('judges a file by its first bytes', async () => {
    expect(sniffImageFormat(await photoJpeg(40, 30))).toBe('jpeg')
    expect(sniffImageFormat(await smallPng())).toBe('png')
    expect(sniffImageFormat(await animatedGif(40, 30))).toBe('gif')
    expect(
      sniffImageFormat(
        await sharp(await smallPng())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp')
    expect(sniffImageFormat(SVG_WITH_SCRIPT)).toBeNull()
    expect(sniffImageFormat(TEXT_FILE)).toBeNull()
    expect(sniffImageFormat(new Uint8Array())).toBeNull()
  })

  it('refuses a text file and an SVG with a script with the spec’s message', async () => {
    expect(await refusal(TEXT_FILE)).toBe('Please select a valid image file')
    expect(await refusal(SVG_WITH_SCRIPT)).toBe('Please select a valid image file')
  })

  it('refuses a file that starts like a PNG but is not one', async () => {
    const fake = Buffer.concat([(await smallPng()).subarray(0, 8), TEXT_FILE])
    expect(await refusal(fake)).toBe('Please select a valid image file')
  })

  it('refuses a pixel flood and a JPEG whose header promises 3.6 gigapixels, from the header alone', async () => {
    const flood = pixelFloodPng()
    expect(flood.length).toBeLessThan(100_000)
    const started = performance.now()
    expect(await refusal(flood)).toMatch(/^The image has too many pixels: at most 50 megapixels/)
    expect(await refusal(await lyingJpeg())).toMatch(/^The image has too many pixels/)
    // Refused before decoding: 400 megapixels would take far longer (and gigabytes) to decode.
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('turns a phone photo upright and strips its EXIF and GPS position from every variant', async () => {
    const photo = await phonePhotoWithGps(800, 600)
    const original = await sharp(photo).metadata()
    expect(original.orientation).toBe(6)
    expect(exifHasGps(original.exif)).toBe(true)

    const image = await processImage(photo)
    expect(image).toMatchObject({ format: 'jpeg', width: 600, height: 800 })
    for (const variant of image.variants) {
      const stored = await sharp(variant.data).metadata()
      // libvips reads AVIF as HEIF with AV1 inside.
      expect(stored.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      expect(stored.exif).toBeUndefined()
      expect(stored.xmp).toBeUndefined()
      expect(stored.icc).toBeUndefined()
      expect(stored.orientation).toBeUndefined()
      // Upright: taller than wide, as the photo was held.
      expect(stored.height).toBeGreaterThan(stored.width)
    }
    expect(image.variants.map((variant) => `${variant.width}.${variant.format}`)).toEqual([
      '320.webp',
      '640.webp',
      '800.webp',
      '960.webp',
      '320.avif',
      '640.avif',
      '800.avif',
      '960.avif',
    ])
  })

  it('makes variants 320, 640, 800 and 960 wide in WebP and in AVIF of fewer bytes, from a large photo', async () => {
    const image = await processImage(await photoJpeg(1200, 900))
    const widths = await Promise.all(
      image.variants.map(async (variant) => (await sharp(variant.data).metadata()).width),
    )
    expect(widths).toEqual([320, 640, 800, 960, 320, 640, 800, 960])
    const bytes = (format: string) =>
      image.variants.filter((variant) => variant.format === format).map((variant) => variant.data.length)
    const webp = bytes('webp')
    for (const [i, avif] of bytes('avif').entries()) expect(avif).toBeLessThan(webp[i]!)
  })

  it('never enlarges a small image: the larger names hold the original width', async () => {
    const image = await processImage(await smallPng(400, 300))
    const sizes = await Promise.all(
      image.variants.map(async (variant) => {
        const { width, height, hasAlpha } = await sharp(variant.data).metadata()
        return { width, height, hasAlpha }
      }),
    )
    const eachFormat = [
      { width: 320, height: 240, hasAlpha: true },
      { width: 400, height: 300, hasAlpha: true },
      { width: 400, height: 300, hasAlpha: true },
      { width: 400, height: 300, hasAlpha: true },
    ]
    expect(sizes).toEqual([...eachFormat, ...eachFormat])
  })

  it('accepts a GIF (its first frame) and a WebP', async () => {
    const gif = await processImage(await animatedGif(500, 400))
    expect(gif.format).toBe('gif')
    const still = await sharp(gif.variants[0]!.data).metadata()
    expect(still.pages ?? 1).toBe(1)
    expect(still.height).toBe(256)
    const webp = await processImage(
      await sharp(await photoJpeg(700, 700))
        .webp()
        .toBuffer(),
    )
    expect(webp).toMatchObject({ format: 'webp', width: 700, height: 700 })
  })
})
