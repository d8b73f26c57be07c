// A tiny reader for the PDFs the shop writes (pdfkit, compression off): the pages and the text drawn
// on them, decoded through each embedded font's ToUnicode map (one byte a letter for the standard
// fonts, which have none: the Shiprocket simulator's labels). Enough to check that an invoice PDF
// opens and carries its numbers; not a general PDF parser.

interface PdfObject {
  dict: string
  stream: string | null
}

function objects(pdf: string): Map<number, PdfObject> {
  const found = new Map<number, PdfObject>()
  for (const match of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2] ?? ''
    const streamAt = body.indexOf('stream')
    const dict = streamAt === -1 ? body : body.slice(0, streamAt)
    const stream =
      streamAt === -1
        ? null
        : body
            .slice(streamAt + 'stream'.length)
            .replace(/^\r?\n/, '')
            .replace(/\r?\nendstream\s*$/, '')
    found.set(Number(match[1]), { dict, stream })
  }
  return found
}

/** A ToUnicode CMap: 4-hex-digit codes to text. */
function readCmap(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)))
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, value] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set((code ?? '').toLowerCase().padStart(4, '0'), text(value ?? ''))
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = Number.parseInt(lo ?? '0', 16)
      const end = Number.parseInt(hi ?? '0', 16)
      const targets = (rest ?? '').startsWith('[')
        ? [...(rest ?? '').matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => m[1] ?? '')
        : null
      for (let code = start; code <= end; code++) {
        const key = code.toString(16).padStart(4, '0')
        if (targets) map.set(key, text(targets[code - start] ?? ''))
        else {
          const base = Number.parseInt(rest?.slice(1, -1) ?? '0', 16)
          map.set(key, String.fromCodePoint(base + code - start))
        }
      }
    }
  }
  return map
}

export interface PdfText {
  header: string
  pageCount: number
  /** Each text object's text, in drawing order, per page. */
  pages: string[]
}

export function readPdfText(bytes: Uint8Array): PdfText {
  const pdf = Buffer.from(bytes).toString('latin1')
  const all = objects(pdf)
  const cmaps = new Map<number, Map<string, string>>()
  for (const [id, object] of all) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dict)
    if (/\/Type \/Font/.test(object.dict) && toUnicode) {
      cmaps.set(id, readCmap(all.get(Number(toUnicode[1]))?.stream ?? ''))
    }
  }
  const pages: string[] = []
  for (const object of all.values()) {
    if (!/\/Type \/Page\b/.test(object.dict)) continue
    /** Each font's ToUnicode map; null for a standard font, whose codes are single bytes. */
    const fonts = new Map<string, Map<string, string> | null>()
    const resources = /\/Resources (\d+) 0 R/.exec(object.dict)
    const resourceDict = resources ? (all.get(Number(resources[1]))?.dict ?? '') : object.dict
    for (const [, name, id] of resourceDict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      fonts.set(name ?? '', cmaps.get(Number(id)) ?? null)
    }
    const contents = [...(/\/Contents (\d+) 0 R/.exec(object.dict) ?? [])].slice(1)
    let text = ''
    for (const id of contents) {
      const stream = all.get(Number(id))?.stream ?? ''
      let cmap: Map<string, string> | null = new Map()
      for (const token of stream.matchAll(
        /\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\] TJ|<([0-9a-fA-F]*)> Tj|ET/g,
      )) {
        if (token[1]) cmap = fonts.has(token[1]) ? fonts.get(token[1])! : new Map()
        else if (token[0] === 'ET') text += '\n'
        else {
          const hexes =
            token[2] !== undefined
              ? [...token[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '')
              : [token[3] ?? '']
          for (const hex of hexes) {
            if (cmap === null) text += Buffer.from(hex, 'hex').toString('latin1')
            else for (const code of hex.match(/.{4}/g) ?? []) text += cmap.get(code.toLowerCase()) ?? '\uFFFD'
          }
        }
      }
    }
    pages.push(text)
  }
  return { header: pdf.slice(0, 8), pageCount: pages.length, pages }
}
