// The page cache: the rendered HTML of public pages asked for without cookies that change them, kept in this process
// and compressed once, served while nothing it shows has changed. docs/decisions/017-page-cache.md.
//
// - Freshness: database triggers add one to page_cache_version in every transaction that changes what
//   a public page shows, and announce it on the 'page_cache' channel. A stored page is served only if
//   it was rendered at the version current when the request arrived, so a committed change shows on
//   the next request: with PostgreSQL every instance reads the version from the database (reads that
//   started after the request arrived, shared by the requests waiting at that moment); the embedded
//   database lives in this process and announces a commit before the commit returns, so the notice
//   alone keeps the count. A safety TTL bounds what depends on the clock alone.
// - Content-Security-Policy: a page for the cache is rendered with a nonce of its own, like any page;
//   its policy then lists the SHA-256 of each inline script carrying that nonce instead of the nonce,
//   so no nonce is ever replayed, and a script that came in with the content (no nonce) still may not run.
// - Only complete 200 text/html answers without Set-Cookie and without private/no-store are stored.
// - A guest with a cart gets the copy of the page with their cart's count in the header (the only part of
//   a public page a guest's cart changes): `variantOf` names that variant, part of the key. What it
//   says of a request's cookies is kept until the version changes (a product's change, an order's
//   stock), so a shopper browsing with a cart costs no query either.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib'
import { isbot } from 'isbot'
import { GUEST_CART_COOKIE } from '#app/cart/guest-cart.ts'
import { PIN_COOKIE } from '#app/delivery/remembered-pin.ts'
import { resolveLocale } from '#app/i18n/locale.server.ts'
import { LOCALE_COOKIE, toLocale } from '#app/i18n/locale.ts'
import { ifNoneMatchHits } from './conditional-get.ts'
import { readCookie } from './cookies.server.ts'
import type { Database } from './db.server.ts'
import { freshReader } from './fresh-reader.ts'
import { pageCacheVersion } from './schema.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The channel the page_cache_version triggers notify on. */
const PAGE_CACHE_CHANNEL = 'page_cache'
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024
const DEFAULT_TTL_MS = 60_000
const MAX_URL_LENGTH = 1024
/** Cookie headers whose variant is kept (at one version). */
const MAX_VARIANTS = 10_000
/** Headers of one rendered answer that a stored page does not repeat. */
const PER_REQUEST_HEADERS = new Set(['x-request-id', 'content-length', 'content-encoding', 'date', 'transfer-encoding'])

export interface PageCacheOptions {
  /** The version of what public pages show, as of a moment after the call; see pageCacheVersions. */
  currentVersion: () => Promise<number>
  /**
   * What, beyond the address, a request with cookies sees on a page (a guest's cart count): requests
   * of one variant share a stored page; null when the page must be rendered for this request alone.
   * It may change only with the version. Without it, a request with cookies gets the page without them.
   */
  variantOf?: (request: Request) => Promise<string | null>
  /** What the stored pages may take in memory. */
  maxBytes?: number
  /** A stored page is rendered again after this long even if nothing changed (dates, times). */
  ttlMs?: number
  now?: () => number
}

export interface PageCache {
  /**
   * Answers a GET or HEAD for a public page from the cache, or with `render` and stores the answer
   * when it may be stored. Call it only for requests `isCacheableRequest` accepts; `render` must
   * not compress the page (the cache replaces its nonce by its scripts' hashes and compresses it, also
   * when it is not stored).
   */
  serve(request: Request, render: () => Promise<Response>): Promise<Response>
}

type Encoding = 'br' | 'gzip' | 'identity'
/** zlib's buffers own their (non-shared) memory, as a Response body needs. */
type Body = Uint8Array<ArrayBuffer>

interface PreparedPage {
  version: number
  storedAt: number
  status: number
  etag: string
  /** Compressed bodies; the identity body (rarely asked for) is unzipped from gzip when asked. */
  br: Body
  gzip: Body
  headers: Record<string, string>
  setCookies: string[]
}

/**
 * Whether a request may be answered from the cache: GET/HEAD, no credentials, a short URL, and no cookie
 * that may change the page beyond a variant. Two never do: the remembered PIN code (read by the page in
 * the browser; the drawer asks for its quote with the cart) and the remembered language, except where
 * it sends the visitor to the other language's page. A guest's cart changes only the header's count,
 * which the caller names as the variant. Any other cookie may (the signed-in viewer): such requests are
 * rendered.
 */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (request.headers.has('authorization')) return false
  if (request.url.length > MAX_URL_LENGTH) return false
  const names = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('=')[0])
    .filter(Boolean)
  if (!names.every((name) => name === PIN_COOKIE || name === LOCALE_COOKIE || name === GUEST_CART_COOKIE)) return false
  // The remembered language changes the answer only where the locale middleware would send the visitor
  // to the other language's page instead.
  const cookieLocale = toLocale(readCookie(request, LOCALE_COOKIE))
  return resolveLocale(new URL(request.url), 'GET', cookieLocale).redirectTo === undefined
}

/**
 * The current version of what public pages show. PostgreSQL (maybe several instances): read from
 * page_cache_version, each call answered by a read that started after it. The embedded database
 * (this process only): a count of the triggers' notices, which arrive before the commit returns.
 */
export async function pageCacheVersions(database: Database): Promise<() => Promise<number>> {
  if (database.kind === 'pglite') {
    let version = 0
    const bump = () => {
      version++
    }
    await database.listen(PAGE_CACHE_CHANNEL, bump, bump)
    return async () => version
  }
  return freshReader(async () => {
    const [row] = await database.db.select({ version: pageCacheVersion.version }).from(pageCacheVersion)
    return row?.version ?? 0
  })
}

export function createPageCache({
  currentVersion,
  variantOf = async () => '',
  maxBytes = DEFAULT_MAX_BYTES,
  ttlMs = DEFAULT_TTL_MS,
  now = Date.now,
}: PageCacheOptions): PageCache {
  // Insertion order is recency: a hit moves its page to the end, eviction takes from the start.
  const pages = new Map<string, PreparedPage>()
  const rendering = new Map<string, { version: number; page: Promise<PreparedPage | null> }>()
  let bytes = 0
  // By cookie header, at the version it was worked out at.
  const variants = new Map<string, { version: number; variant: string | null }>()

  const variantAt = async (request: Request, version: number): Promise<string | null> => {
    const cookies = request.headers.get('cookie')
    if (!cookies) return ''
    const known = variants.get(cookies)
    if (known && known.version === version) return known.variant
    const variant = await variantOf(request).catch(() => null)
    variants.delete(cookies)
    if (variants.size >= MAX_VARIANTS) variants.delete(variants.keys().next().value as string)
    variants.set(cookies, { version, variant })
    return variant
  }

  const store = (key: string, page: PreparedPage) => {
    const old = pages.get(key)
    // A slow render of an older version must not replace the page of a newer one.
    if (old && old.version > page.version) return
    if (old) {
      bytes -= sizeOf(old)
      pages.delete(key)
    }
    if (sizeOf(page) > maxBytes / 8) return
    pages.set(key, page)
    bytes += sizeOf(page)
    for (const [oldest, evicted] of pages) {
      if (bytes <= maxBytes) break
      pages.delete(oldest)
      bytes -= sizeOf(evicted)
    }
  }

  return {
    async serve(request, render) {
      const version = await currentVersion().catch(() => null)
      const variant = version === null ? null : await variantAt(request, version)
      if (version === null || variant === null) {
        // Without the version nothing is served from or kept in the cache, nor a page that is this
        // request's alone; the page is still prepared.
        const result = await prepare(await render(), null, 0)
        return result.kind === 'page' ? answer(request, result.page) : result.response
      }
      const key = `${cacheKey(request)}\n${variant}`
      const stored = pages.get(key)
      if (stored && stored.version === version && now() - stored.storedAt < ttlMs) {
        pages.delete(key)
        pages.set(key, stored)
        return answer(request, stored)
      }
      const pending = rendering.get(key)
      if (pending && pending.version === version) {
        // Another request that read the same version is rendering this page: share its answer.
        const shared = await pending.page.catch(() => null)
        if (shared) return answer(request, shared)
      }
      if (request.method === 'HEAD') return render()
      const prepared = render().then((response) => prepare(response, version, now(), stored))
      const page = prepared.then((result) => (result.kind === 'page' && result.storable ? result.page : null))
      const mine = { version, page }
      rendering.set(key, mine)
      page
        .then((built) => {
          if (built) store(key, built)
        })
        .catch(() => {})
        .finally(() => {
          if (rendering.get(key) === mine) rendering.delete(key)
        })
      const result = await prepared
      return result.kind === 'page' ? answer(request, result.page) : result.response
    },
  }
}

function sizeOf(page: PreparedPage): number {
  return page.br.byteLength + page.gzip.byteLength
}

/** Host, crawler or browser (crawlers get the whole page at once), and the path with its query. */
function cacheKey(request: Request): string {
  const url = new URL(request.url)
  const agent = request.headers.get('user-agent')
  return `${url.host}\n${agent && isbot(agent) ? 'bot' : 'browser'}\n${url.pathname}${url.search}`
}

function chosenEncoding(acceptEncoding: string | null): Encoding {
  if (!acceptEncoding) return 'identity'
  let gzipAccepted = false
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue
    if (name === 'br') return 'br'
    if (name === 'gzip' || name === '*') gzipAccepted = true
  }
  return gzipAccepted ? 'gzip' : 'identity'
}

function answer(request: Request, page: PreparedPage): Response {
  if (page.etag && ifNoneMatchHits(request.headers.get('if-none-match'), page.etag)) {
    const { 'content-type': _type, ...headers } = page.headers
    return new Response(null, { status: 304, headers })
  }
  const encoding = chosenEncoding(request.headers.get('accept-encoding'))
  const body = encoding === 'identity' ? (gunzipSync(page.gzip) as Body) : page[encoding]
  const headers: Record<string, string> = { ...page.headers, 'content-length': String(body.byteLength) }
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  const init = { status: page.status, headers: withCookies(headers, page.setCookies) }
  return new Response(request.method === 'HEAD' ? null : body, init)
}

function withCookies(headers: Record<string, string>, setCookies: string[]): HeadersInit {
  if (setCookies.length === 0) return headers
  const all = new Headers(headers)
  for (const cookie of setCookies) all.append('set-cookie', cookie)
  return all
}

type Prepared = { kind: 'page'; page: PreparedPage; storable: boolean } | { kind: 'other'; response: Response }

/**
 * A rendered HTML page made ready to send: its policy lists the hashes of the inline scripts that
 * carry its nonce instead of the nonce, which is taken out of the page; its bodies are compressed,
 * unless it is the `previous` page's HTML again (a change elsewhere in the shop), whose bodies it
 * keeps. `storable` when it may be served to others. Anything but HTML passes as it is.
 */
async function prepare(
  response: Response,
  version: number | null,
  storedAt: number,
  previous?: PreparedPage,
): Promise<Prepared> {
  const { headers } = response
  const csp = headers.get('content-security-policy')
  if (
    !response.body ||
    !csp ||
    !headers.get('content-type')?.startsWith('text/html') ||
    headers.has('content-encoding')
  )
    return { kind: 'other', response }
  const setCookies = headers.getSetCookie()
  const storable =
    version !== null &&
    response.status === 200 &&
    setCookies.length === 0 &&
    !/private|no-store/i.test(headers.get('cache-control') ?? '')

  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  const { html: text, hashes } = withoutNonce(await response.text(), nonce)
  const html = new TextEncoder().encode(text)
  const etag = storable ? `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` : ''
  const [br, gzipped] =
    etag && previous?.etag === etag
      ? [previous.br, previous.gzip]
      : await Promise.all([
          brotli(html, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: html.byteLength,
            },
          }),
          gzipAsync(html, { level: 9 }),
        ])

  const kept: Record<string, string> = {}
  for (const [name, value] of headers) {
    if (PER_REQUEST_HEADERS.has(name) || name === 'set-cookie') continue
    kept[name] = name === 'content-security-policy' ? policyWithHashes(value, hashes) : value
  }
  if (storable) {
    // Browsers and shared caches may keep the page but must ask again before each use (an admin's
    // change shows at once); the ETag makes that a 304. A request with cookies gets another page.
    kept['cache-control'] = 'public, no-cache'
    kept.vary = 'Accept-Encoding, Cookie'
    kept.etag = etag
  } else {
    kept.vary = kept.vary ? `${kept.vary}, Accept-Encoding` : 'Accept-Encoding'
    // This request's alone (a guest cart emptied because it was ordered, say), as server/app.ts marks
    // the pages it renders outside the cache.
    kept['cache-control'] ??= 'private, no-cache'
  }
  const page: PreparedPage = {
    version: version ?? -1,
    storedAt,
    status: response.status,
    etag,
    br: br as Body,
    gzip: gzipped as Body,
    headers: kept,
    setCookies,
  }
  return { kind: 'page', page, storable }
}

/**
 * The page without its nonce, and 'sha256-...' sources for each inline script that carried it: the
 * scripts the shop rendered, which the nonce would have allowed (one that came in with the content has
 * none). The nonce goes from those scripts' text too (the root's loader data, which React Router writes
 * into one), so a page rendered again as it was is the same page, with the same ETag.
 */
export function withoutNonce(page: string, nonce: string | undefined): { html: string; hashes: string[] } {
  if (!nonce) return { html: page, hashes: [] }
  const attribute = ` nonce="${nonce}"`
  const hashes = new Set<string>()
  const html = page
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi, (script, attributes: string, text: string) => {
      if (!attributes.includes(attribute)) return script
      const own = text.replaceAll(nonce, '')
      if (!/\bsrc=/i.test(attributes)) hashes.add(`'sha256-${createHash('sha256').update(own).digest('base64')}'`)
      return `<script${attributes.replace(attribute, '')}>${own}</script>`
    })
    .replaceAll(attribute, '')
  return { html, hashes: [...hashes] }
}

/** The rendered page's policy with its nonce source replaced by the hashes of its scripts. */
function policyWithHashes(policy: string, hashes: string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim()
      if (!/^script-src\s/i.test(trimmed)) return trimmed
      return [...trimmed.split(/\s+/).filter((source) => !source.startsWith("'nonce-")), ...hashes].join(' ')
    })
    .join('; ')
}
