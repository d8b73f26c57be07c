// The PDFs the shop draws (tax invoices, packing slips): pdfkit with Noto Sans, whose Latin file has
// the letters and whose Devanagari file has Hindi and the rupee sign, and text split between them.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type PDFDocument from 'pdfkit'

const require = createRequire(import.meta.url)
const FONT_FILES = {
  latin: 'noto-sans-devanagari-latin-400-normal.woff',
  latinBold: 'noto-sans-devanagari-latin-700-normal.woff',
  devanagari: 'noto-sans-devanagari-devanagari-400-normal.woff',
  devanagariBold: 'noto-sans-devanagari-devanagari-700-normal.woff',
} as const
type FontName = keyof typeof FONT_FILES

let fonts: Record<FontName, Buffer> | null = null
function loadFonts(): Record<FontName, Buffer> {
  fonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/${file}`)),
    ]),
  ) as Record<FontName, Buffer>
  return fonts
}

export type Pdf = InstanceType<typeof PDFDocument>

// pdfkit (with fontkit and its tables, about 10 MB of the server's memory once loaded) is imported with
// the first PDF the shop draws, not when the server starts: most starts never draw one.
let pdfkit: Promise<typeof PDFDocument> | null = null

/** A document with the shop's fonts registered under their FontName, and its bytes once it ends. */
export async function shopPdf(options: PDFKit.PDFDocumentOptions): Promise<{ pdf: Pdf; bytes: Promise<Buffer> }> {
  pdfkit ??= import('pdfkit').then((module) => module.default)
  const Document = await pdfkit
  const pdf = new Document(options)
  for (const [name, data] of Object.entries(loadFonts())) pdf.registerFont(name, data)
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  return { pdf, bytes }
}

/** The rupee sign and the Devanagari blocks come from the Devanagari file, everything else from the Latin one. */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\u20B9\uA8E0-\uA8FF]/

/** Splits text into runs of one font each. */
export function runs(text: string) {
  const out: { text: string; latin: boolean }[] = []
  for (const char of text) {
    const isLatin = !DEVANAGARI.test(char)
    const last = out.at(-1)
    if (last && last.latin === isLatin) last.text += char
    else out.push({ text: char, latin: isLatin })
  }
  return out
}
