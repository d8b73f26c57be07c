// The browser build written once per language (used by browser-messages.ts after the build). A change
// of language is a full page load (page-locale.ts), so a page needs its own language's texts only:
// every message module of the browser build is `message(mark, English, Hindi)`, and each copy of the
// build keeps one of the two. The English copy is the build's own files (assets/x.js); the Hindi copy
// is assets/hi/x.js, of the chunks that carry texts or load one that does (directly, lazily, or by
// name in Vite's preload list or React Router's manifest). The others (the framework, libraries)
// stay one file that both copies load, as the stylesheet and the fonts do. Hindi pages name the Hindi
// copy (hindi-build.server.ts reads its manifest). A chunk of a shape the rewrite does not expect fails
// the build. docs/performance.md, "Round ten".
//
// The file names keep the hashes of the build's output (both texts): a copy is a function of that
// file, so a name still names one content. The messages that keep both texts are taken out of the
// marking before hashing (browser-messages.ts, renderChunk), so they count in the hash.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseSync } from 'vite'
import { HINDI_FOLDER } from './hindi-build.server.ts'
import type { Locale } from './locale.ts'

/** The first argument of each message function's call, before its texts: the mark and the message's key. */
export const MESSAGE_MARK = 'malwa-message:'
/** The placeholder of browser-runtime.ts for the language of a copy. */
export const BUILD_LOCALE_MARK = 'malwa-build-locale'

/** A chunk's name in assets/ (`shell-B3OiS3xs.js`), as a script or a string names it. */
const RELATIVE_IMPORT = /^\.\/([\w.-]+\.js)$/
const ASSET_URL = /^(\/?assets\/)([\w.-]+\.js)$/

/** A node of the syntax tree Vite's parser gives (ESTree, with offsets). */
export interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

interface Edit {
  start: number
  end: number
  text: string
}

/** What a chunk holds that the copies depend on, found once in its syntax tree. */
interface ChunkFacts {
  messages: { call: Node; key: string; texts: [Node, Node] }[]
  locales: Node[]
  /** Import sources (`./x.js`): static, re-exports and `import()`. */
  imports: { node: Node; file: string }[]
  /** Strings naming a chunk by its URL (`assets/x.js`, `/assets/x.js`). */
  urls: { node: Node; prefix: string; file: string }[]
}

/** A string literal's value (a template literal without expressions counts), or null. */
function stringValue(node: Node): string | null {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
    return ((node.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? null) as string | null
  return null
}

/** Visits every node of a syntax tree, parents before their children. */
export function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit)
    return
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return
  visit(node as Node)
  for (const child of Object.values(node)) if (child && typeof child === 'object') walk(child, visit)
}

function chunkFacts(code: string, file: string, chunks: ReadonlySet<string>): ChunkFacts {
  const parsed = parseSync(file, code, { sourceType: 'module' })
  if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0]!.message}`)
  const facts: ChunkFacts = { messages: [], locales: [], imports: [], urls: [] }
  const sources = new Set<Node>()
  const marks = new Set<Node>()
  walk(parsed.program, (node) => {
    if (node.type === 'CallExpression') {
      const [first, ...texts] = node.arguments as Node[]
      const mark = first && stringValue(first)
      if (mark?.startsWith(MESSAGE_MARK)) {
        if (texts.length !== 2) throw new Error(`${file}: a message call without its two texts`)
        facts.messages.push({ call: node, key: mark.slice(MESSAGE_MARK.length), texts: texts as [Node, Node] })
        marks.add(first!)
      }
    }
    const isImport = node.type === 'ImportDeclaration' || node.type === 'ImportExpression'
    if (isImport || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') {
      const source = node.source as Node | null
      const value = source && stringValue(source)
      // A computed address: React Router's import of a route module, named by the manifest (a string below).
      if (!source || (value === null && node.type === 'ImportExpression')) return
      const imported = value === null ? null : RELATIVE_IMPORT.exec(value)?.[1]
      if (!imported || !chunks.has(imported)) throw new Error(`${file}: imports ${value}, not a chunk of the build`)
      facts.imports.push({ node: source, file: imported })
      sources.add(source)
    }
  })
  walk(parsed.program, (node) => {
    const value = stringValue(node)
    if (value === null || sources.has(node) || marks.has(node)) return
    if (value === BUILD_LOCALE_MARK) facts.locales.push(node)
    else if (value.includes(MESSAGE_MARK) || value.includes(BUILD_LOCALE_MARK))
      throw new Error(`${file}: a message's mark where the rewrite does not expect it`)
    const url = ASSET_URL.exec(value)
    if (!url) return
    if (!chunks.has(url[2]!)) throw new Error(`${file}: names ${value}, not a chunk of the build`)
    facts.urls.push({ node, prefix: url[1]!, file: url[2]! })
  })
  return facts
}

/** `code` with the edits (which must not overlap) made. */
function applyEdits(code: string, edits: Edit[], file: string): string {
  let result = ''
  let at = 0
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at) throw new Error(`${file}: overlapping rewrites`)
    result += code.slice(at, edit.start) + edit.text
    at = edit.end
  }
  return result + code.slice(at)
}

export interface LanguageCopies {
  /** The build's own files (assets/x.js) as English pages load them, by file name; the chunks without texts are as they were. */
  english: Map<string, string>
  /** The Hindi copy (assets/hi/x.js), by file name: only the chunks that differ from one language to the other. */
  hindi: Map<string, string>
}

/**
 * The two copies of the browser build's chunks (`chunks`: file name in assets/ to code, minified as
 * the build wrote them; `bothTexts`: the messages whose mark was taken out). A message keeps the text of its copy's language. In the Hindi copy, imports
 * of a chunk left out of it go up a folder (`../x.js`), and a chunk's URL in a string (Vite's preload
 * list, React Router's manifest) names the Hindi copy when there is one.
 */
export function languageCopies(chunks: ReadonlyMap<string, string>, bothTexts: ReadonlySet<string>): LanguageCopies {
  const names = new Set(chunks.keys())
  const facts = new Map([...chunks].map(([file, code]) => [file, chunkFacts(code, file, names)]))
  for (const [file, fact] of facts)
    for (const { key } of fact.messages)
      if (bothTexts.has(key)) throw new Error(`${file}: ${key} is given a locale but marked for one language`)
  if (![...facts.values()].some((fact) => fact.locales.length))
    throw new Error(`the browser runtime's placeholder (${BUILD_LOCALE_MARK}) is in no chunk`)

  // The chunks with texts, and those that load or name one of them, until there is no more.
  const inCopy = new Set(
    [...facts].filter(([, fact]) => fact.messages.length || fact.locales.length).map(([file]) => file),
  )
  for (let grown = true; grown; ) {
    grown = false
    for (const [file, fact] of facts) {
      if (inCopy.has(file)) continue
      if ([...fact.imports, ...fact.urls].some((reference) => inCopy.has(reference.file))) {
        inCopy.add(file)
        grown = true
      }
    }
  }

  const copy = (file: string, locale: Locale): string => {
    const code = chunks.get(file)!
    const fact = facts.get(file)!
    const edits: Edit[] = [
      ...fact.messages.map(({ call, texts }) => {
        const kept = texts[locale === 'en' ? 0 : 1]
        const [mark] = call.arguments as Node[]
        return { start: mark!.start, end: texts[1].end, text: code.slice(kept.start, kept.end) }
      }),
      ...fact.locales.map((node) => ({ start: node.start, end: node.end, text: JSON.stringify(locale) })),
    ]
    if (locale === 'hi') {
      for (const { node, file: imported } of fact.imports)
        if (!inCopy.has(imported))
          edits.push({ start: node.start, end: node.end, text: JSON.stringify(`../${imported}`) })
      for (const { node, prefix, file: named } of fact.urls)
        if (inCopy.has(named))
          edits.push({ start: node.start, end: node.end, text: JSON.stringify(`${prefix}${HINDI_FOLDER}/${named}`) })
    }
    const result = applyEdits(code, edits, file)
    if (result.includes(MESSAGE_MARK) || result.includes(BUILD_LOCALE_MARK))
      throw new Error(`${file}: a message's mark is left in the ${locale} copy`)
    return result
  }

  const english = new Map<string, string>()
  const hindi = new Map<string, string>()
  for (const file of chunks.keys()) {
    english.set(file, inCopy.has(file) ? copy(file, 'en') : chunks.get(file)!)
    if (inCopy.has(file)) hindi.set(file, copy(file, 'hi'))
  }
  return { english, hindi }
}

/**
 * Writes the two copies into `clientDir` (the browser build's folder): the English one over the
 * build's files, the Hindi one into assets/hi. Returns how many files each has.
 */
export async function writeLanguageCopies(
  clientDir: string,
  bothTexts: ReadonlySet<string>,
): Promise<{ english: number; hindi: number }> {
  const assets = path.join(clientDir, 'assets')
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js'))
  const chunks = new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(assets, file), 'utf8')] as const)),
  )
  const { english, hindi } = languageCopies(chunks, bothTexts)
  await mkdir(path.join(assets, HINDI_FOLDER), { recursive: true })
  await Promise.all([
    ...[...english]
      .filter(([file, code]) => code !== chunks.get(file))
      .map(([file, code]) => writeFile(path.join(assets, file), code)),
    ...[...hindi].map(([file, code]) => writeFile(path.join(assets, HINDI_FOLDER, file), code)),
  ])
  return { english: english.size, hindi: hindi.size }
}
