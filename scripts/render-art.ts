/**
 * Renders the shop's original SVG artwork (art/) into the raster formats the
 * site serves (public/images, public/icons, favicon, apple-touch-icon).
 *
 *   node art/generate.ts        # (re)generate the SVG sources, deterministic
 *   node scripts/render-art.ts  # render them; same input -> same bytes
 *
 * Uses only erasable TypeScript so it runs with Node's built-in type stripping.
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp, { type Sharp } from 'sharp'
import { IMAGE_WIDTHS } from '../app/shared/image-variants.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ART = join(ROOT, 'art')
const PUBLIC = join(ROOT, 'public')
const IMAGES = join(PUBLIC, 'images')
const ICONS = join(PUBLIC, 'icons')

const CREAM = '#FFF6E5'
const BROWN = '#5A2E1A'
const SAFFRON = '#D9822B'
const CHILLI = '#B8322A'
const TURMERIC = '#E8A33D'
const SERIF = 'DejaVu Serif, Noto Serif, serif'
const SANS = 'DejaVu Sans, Noto Sans, sans-serif'

/** The logo's heap, rim and bowl, drawn as one white shape for the notification badge. */
const BADGE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">' +
    '<g transform="translate(256 276)" fill="#FFFFFF">' +
    '<path d="M-156 22C-150-70-86-136 0-138C86-136 150-70 156 22Z"/>' +
    '<rect x="-192" y="-6" width="384" height="28" rx="14"/>' +
    '<path d="M-184 8H184C176 104 96 156 0 156C-96 156-176 104-184 8Z"/>' +
    '<path d="M-64 154h128l16 30H-80Z"/></g></svg>',
)

const WEBP = { quality: 78, effort: 6, smartSubsample: true } as const
/** About half WebP's bytes at the same look (docs/performance.md); browsers without AVIF take the WebP. */
const AVIF = { quality: 50, effort: 6 } as const
const JPEG = { quality: 80, mozjpeg: true } as const
const PNG = { compressionLevel: 9, adaptiveFiltering: true } as const

const written: string[] = []

async function ensureDir(file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
}

function note(file: string): void {
  written.push(file)
}

/** Read the intrinsic width/height of an SVG from its viewBox. */
function svgSize(svg: Buffer): { width: number; height: number } {
  const m = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg.toString('utf8', 0, 600))
  if (!m) throw new Error('SVG without viewBox')
  return { width: Number(m[1]), height: Number(m[2]) }
}

/** Rasterise an SVG so that it comes out exactly width x height pixels. */
function rasterise(svg: Buffer, width: number, height: number): Sharp {
  const size = svgSize(svg)
  // render the vector at the target scale (72 dpi = 1 SVG unit per pixel), then pin the exact size
  const density = 72 * Math.max(width / size.width, height / size.height)
  return sharp(svg, { density }).resize(width, height, { fit: 'cover' })
}

/** The picture as '<out>.webp' and '<out>.avif', from the same pixels. */
async function writeVariants(pixels: Sharp, out: string): Promise<void> {
  await ensureDir(out)
  await Promise.all([pixels.clone().webp(WEBP).toFile(`${out}.webp`), pixels.clone().avif(AVIF).toFile(`${out}.avif`)])
  note(`${out}.webp`)
  note(`${out}.avif`)
}

async function toVariants(svg: Buffer, width: number, height: number, out: string): Promise<void> {
  await writeVariants(rasterise(svg, width, height), out)
}

/**
 * The hero for a phone's tall hero box: the 1280 px picture's 720 px height, cut 540 px wide where
 * the page shows it (object-position 70 %, as in app/home/hero.tsx), so a phone draws it as sharp as
 * the 1280 px file from two fifths of its pixels.
 */
async function heroPortrait(svg: Buffer, out: string): Promise<void> {
  const [width, height, cut] = [1280, 720, 540]
  await writeVariants(
    sharp(await rasterise(svg, width, height).png().toBuffer()).extract({
      left: Math.round((width - cut) * 0.7),
      top: 0,
      width: cut,
      height,
    }),
    out,
  )
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function titleCase(key: string): string {
  return key
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}

/** Greedy word wrap using an approximate glyph width (DejaVu Serif Bold ~0.64em). */
function wrap(text: string, fontSize: number, maxWidth: number, em = 0.64): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (line && next.length * fontSize * em > maxWidth) {
      lines.push(line)
      line = word
    } else {
      line = next
    }
  }
  if (line) lines.push(line)
  return lines
}

// ---------------------------------------------------------------------------
// Product social card: product art on the right, name + shop on the left
// ---------------------------------------------------------------------------
async function productOg(key: string, svg: Buffer, logoSvg: Buffer, out: string): Promise<void> {
  const W = 1200
  const H = 630
  const name = titleCase(key)
  let fontSize = 72
  let lines = wrap(name, fontSize, 520)
  while (lines.length > 2 || lines.some((l) => l.length * fontSize * 0.64 > 540)) {
    fontSize -= 4
    lines = wrap(name, fontSize, 520)
  }
  const lineH = fontSize * 1.12
  const nameTop = Math.round(250 + (2 - lines.length) * lineH * 0.45)
  const nameSvg = lines
    .map(
      (l, i) =>
        `<text x="72" y="${Math.round(nameTop + i * lineH)}" font-family="${SERIF}" font-weight="bold" font-size="${fontSize}" fill="${BROWN}">${escapeXml(l)}</text>`,
    )
    .join('')
  const afterName = Math.round(nameTop + (lines.length - 1) * lineH + 46)
  const card = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs><radialGradient id="bg" cx=".74" cy=".45" r=".85"><stop offset="0" stop-color="#FFFBF3"/><stop offset=".6" stop-color="${CREAM}"/><stop offset="1" stop-color="#F6E0BA"/></radialGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      `<rect x="0" y="0" width="14" height="${H}" fill="${SAFFRON}"/><rect x="14" y="0" width="5" height="${H}" fill="${CHILLI}"/>` +
      `<text x="152" y="112" font-family="${SERIF}" font-weight="bold" font-size="34" fill="${BROWN}">Malwa Namkeen</text>` +
      `<text x="153" y="142" font-family="${SANS}" font-size="17" letter-spacing="2.5" fill="${SAFFRON}">AUTHENTIC INDORI NAMKEEN</text>` +
      nameSvg +
      `<rect x="74" y="${afterName - 6}" width="120" height="6" rx="3" fill="${SAFFRON}"/><circle cx="212" cy="${afterName - 3}" r="5" fill="${CHILLI}"/><rect x="230" y="${afterName - 6}" width="40" height="6" rx="3" fill="${TURMERIC}"/>` +
      `<text x="72" y="${afterName + 52}" font-family="${SANS}" font-size="27" fill="${BROWN}">Fresh From Indore To Your Doorstep</text>` +
      `</svg>`,
  )
  // product art: crop the empty margin, then feather the edges into the card
  const S = 630
  const full = await rasterise(svg, 960, 960).png().toBuffer()
  const art = await sharp(full)
    .extract({ left: 40, top: 80, width: 880, height: 880 })
    .resize(S, S)
    .ensureAlpha()
    .png()
    .toBuffer()
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><defs><radialGradient id="m" cx=".5" cy=".5" r=".5"><stop offset=".78" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="${S}" height="${S}" fill="url(#m)"/></svg>`,
  )
  const feathered = await sharp(art)
    .composite([{ input: await sharp(mask).png().toBuffer(), blend: 'dest-in' }])
    .png()
    .toBuffer()
  const logo = await rasterise(logoSvg, 68, 68).png().toBuffer()
  await ensureDir(out)
  await sharp(await sharp(card).png().toBuffer())
    .composite([
      { input: feathered, left: W - S, top: 0 },
      { input: logo, left: 70, top: 70 },
    ])
    .flatten({ background: CREAM })
    .jpeg(JPEG)
    .toFile(out)
  note(out)
}

// ---------------------------------------------------------------------------
// Icons
// ---------------------------------------------------------------------------
async function iconOnCream(logoSvg: Buffer, size: number, logoSize: number, out: string): Promise<void> {
  const logo = await rasterise(logoSvg, logoSize, logoSize).png().toBuffer()
  const off = Math.round((size - logoSize) / 2)
  await ensureDir(out)
  await sharp({ create: { width: size, height: size, channels: 4, background: CREAM } })
    .composite([{ input: logo, left: off, top: off }])
    .png(PNG)
    .toFile(out)
  note(out)
}

/** ICO container holding PNG-compressed images (valid since Windows Vista). */
function buildIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  const entries: Buffer[] = []
  let offset = 6 + 16 * images.length
  for (const img of images) {
    const e = Buffer.alloc(16)
    e.writeUInt8(img.size >= 256 ? 0 : img.size, 0) // width
    e.writeUInt8(img.size >= 256 ? 0 : img.size, 1) // height
    e.writeUInt8(0, 2) // palette colours
    e.writeUInt8(0, 3) // reserved
    e.writeUInt16LE(1, 4) // colour planes
    e.writeUInt16LE(32, 6) // bits per pixel
    e.writeUInt32LE(img.png.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += img.png.length
    entries.push(e)
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)])
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
async function main(): Promise<void> {
  const productFiles = (await readdir(join(ART, 'products'))).filter((f) => f.endsWith('.svg')).sort()
  const logoSvg = await readFile(join(ART, 'logo.svg'))

  for (const file of productFiles) {
    const key = file.replace(/\.svg$/, '')
    const svg = await readFile(join(ART, 'products', file))
    await Promise.all(IMAGE_WIDTHS.map((w) => toVariants(svg, w, w, join(IMAGES, 'products', `${key}-${w}`))))
    await productOg(key, svg, logoSvg, join(IMAGES, 'og', 'products', `${key}.jpg`))
  }

  const hero = await readFile(join(ART, 'hero.svg'))
  await Promise.all([
    ...[640, 1280, 1920].map((w) => toVariants(hero, w, Math.round((w * 9) / 16), join(IMAGES, `hero-${w}`))),
    heroPortrait(hero, join(IMAGES, 'hero-portrait-540')),
  ])

  const blog = await readFile(join(ART, 'blog-fallback.svg'))
  await Promise.all(
    IMAGE_WIDTHS.map((w) => toVariants(blog, w, Math.round((w * 9) / 16), join(IMAGES, `blog-fallback-${w}`))),
  )

  const og = await readFile(join(ART, 'og-default.svg'))
  const ogOut = join(IMAGES, 'og', 'default.jpg')
  await ensureDir(ogOut)
  await rasterise(og, 1200, 630).flatten({ background: CREAM }).jpeg(JPEG).toFile(ogOut)
  note(ogOut)

  // icons
  await mkdir(ICONS, { recursive: true })
  await copyFile(join(ART, 'logo.svg'), join(ICONS, 'icon.svg'))
  note(join(ICONS, 'icon.svg'))
  for (const size of [192, 512]) {
    const out = join(ICONS, `icon-${size}.png`)
    await rasterise(logoSvg, size, size).png(PNG).toFile(out)
    note(out)
  }
  // maskable: the logo must stay inside the central 80% safe circle
  await iconOnCream(logoSvg, 512, 384, join(ICONS, 'maskable-512.png'))
  await iconOnCream(logoSvg, 180, 156, join(PUBLIC, 'apple-touch-icon.png'))
  // notification badge: Android draws only its alpha channel, so a white silhouette of the logo's
  // bowl of namkeen on transparency (the full-colour logo would become a white disc)
  const badge = join(ICONS, 'badge-96.png')
  await rasterise(BADGE_SVG, 96, 96).png(PNG).toFile(badge)
  note(badge)

  const icoImages = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, png: await rasterise(logoSvg, size, size).png(PNG).toBuffer() })),
  )
  await writeFile(join(PUBLIC, 'favicon.ico'), buildIco(icoImages))
  note(join(PUBLIC, 'favicon.ico'))

  for (const f of written) console.log(f.slice(ROOT.length + 1))
  console.log(`${written.length} files written`)
}

await main()
