// The HTTP layer: health, the page cache, request ids and logs, security headers, compression, static
// assets, and everything else handed to React Router.
import type { ServerOptions } from 'node:http'
import type { Duplex } from 'node:stream'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { type RequestIdVariables, requestId } from 'hono/request-id'
import { NONCE, type SecureHeadersVariables, secureHeaders } from 'hono/secure-headers'
import type { RouterContextProvider, ServerBuild } from 'react-router'
import { createRequestHandler } from 'react-router'
import { guestCartVariant } from '../app/cart/cart-session.server.ts'
import { hindiBuild } from '../app/i18n/hindi-build.server.ts'
import { LOCALES, type Locale, localeOfPath } from '../app/i18n/locale.ts'
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_PATH, UPLOAD_TEXTS } from '../app/media/upload-rules.ts'
import { m } from '../app/paraglide/messages.js'
import { createPageCache, isCacheableRequest, pageCacheVersions } from '../app/platform/page-cache.server.ts'
import { readRequestInput } from '../app/platform/request-input.server.ts'
import type { CreateLoadContext, Services } from '../app/platform/services.server.ts'
import { isPublicPage } from '../app/pwa/cache-rules.ts'

export interface AppOptions {
  services: Services
  /** The React Router server build, or a function loading it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'production' | 'development'
  /** Folder of the built browser assets (production only). */
  clientDir?: string
}

const YEAR = 60 * 60 * 24 * 365
const WEEK = 60 * 60 * 24 * 7
type Variables = RequestIdVariables & SecureHeadersVariables & { pageCache?: boolean }

export function createApp({ services, build, mode, clientDir }: AppOptions) {
  const { config, database, logger } = services
  const app = new Hono<{ Variables: Variables }>()
  const handle = createRequestHandler(build, mode)
  // Hindi pages name the browser build's Hindi copy (app/i18n/language-copies.ts); in development
  // the browser's modules carry both languages.
  const handleHindi =
    typeof build === 'function' || !clientDir ? handle : createRequestHandler(hindiBuild(build, clientDir), mode)
  const publicOrigin = new URL(config.publicUrl).origin
  const loadBuild = typeof build === 'function' ? build : async () => build

  // Probes answer before any middleware: no log line, no headers to build.
  app.get('/healthz', (c) => c.text('ok'))
  app.get('/readyz', async (c) => {
    try {
      await database.ping()
      return c.text('ready')
    } catch (error) {
      logger.error({ err: error }, 'readiness check failed: database unreachable')
      return c.text('database unreachable', 503)
    }
  })

  // A stored page is answered here, before the request id, the log line and the headers are made.
  // In development the build changes under the server, so nothing is stored.
  const versions = mode === 'production' ? pageCacheVersions(database) : null
  versions?.catch((error) => logger.error({ err: error }, 'the page cache cannot follow changes: pages are rendered'))
  const pageCache = versions
    ? createPageCache({
        currentVersion: async () => (await versions)(),
        // A guest's cart shows on public pages as the header's count only.
        variantOf: (request) => guestCartVariant(database.db, request),
      })
    : null
  if (pageCache) {
    app.use(async (c, next) => {
      if (!isPublicPage(c.req.path) || !isCacheableRequest(c.req.raw)) return next()
      // Not compressed here: the cache lists its nonced scripts' hashes instead of the nonce, and compresses it.
      c.set('pageCache', true)
      const response = await pageCache.serve(c.req.raw, async () => {
        await next()
        const rendered = c.res
        // Unset first: Hono's setter would otherwise copy the rendered answer's headers over.
        c.res = undefined
        return rendered
      })
      c.res = response
    })
  }

  // The build's hashed files (scripts, the stylesheet, fonts) answered here, before the request id, the
  // log line and the headers meant for documents: a script needs only these two, and a page loads
  // seven to nine such files (about 580 bytes of headers each). A hashed file never changes, so its
  // date says nothing (no Last-Modified), and a module script is UTF-8 whatever its type says.
  if (clientDir) {
    app.use(
      '/assets/*',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (path, c) => {
          c.header('Cache-Control', `public, max-age=${YEAR}, immutable`)
          c.header('X-Content-Type-Options', 'nosniff')
          c.header('Cross-Origin-Resource-Policy', 'same-origin')
          c.header('Last-Modified', undefined)
          if (/\.js(\.br|\.gz)?$/.test(path)) c.header('Content-Type', 'text/javascript')
        },
      }),
    )
  }

  app.use(requestId())
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    c.res.headers.set('X-Request-Id', c.get('requestId'))
    // Pages for a signed-in or carted visitor are theirs alone: a shared cache must not keep them, and
    // a browser asks again before reusing one. Routes that say more (admin: no-store) keep theirs.
    if (
      !c.get('pageCache') &&
      !c.res.headers.has('Cache-Control') &&
      c.res.headers.get('Content-Type')?.startsWith('text/html')
    )
      c.res.headers.set('Cache-Control', 'private, no-cache')
    // A 5xx is the shop's fault: its line shows at LOG_LEVEL=error too (its cause is logged before it).
    logger[c.res.status >= 500 ? 'error' : 'info'](
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE, ...(mode === 'development' ? ["'unsafe-inline'"] : [])],
        // Toasts inject their stylesheet at run time; style attributes carry image aspect ratios.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // blob: for the admin's image field: Chrome checks its preview of a picked file that is not a
        // picture (a renamed text file) against connect-src and logs a violation otherwise.
        connectSrc: ["'self'", 'blob:', ...(mode === 'development' ? ['ws:'] : [])],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secure ? { upgradeInsecureRequests: [] } : {}),
      },
      strictTransportSecurity: config.secure ? 'max-age=31536000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
    }),
  )
  const compression = compress({
    // Feeds (application/rss+xml) too; not Server-Sent Events, which must reach the browser at once.
    contentTypeFilter: (type) =>
      /^(text\/(?!event-stream)|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg)/.test(type),
  })
  app.use((c, next) => (c.get('pageCache') ? next() : compression(c, next)))

  // Forms and JSON are small; a larger body is refused before anything reads it. An image upload
  // may carry up to the spec's 5 MB and is answered in JSON, as its form expects. The rest of a
  // refused body is never read, so the connection closes: a client must not send its next request
  // after it. The sentence is in the address's language (/hi/...: Hindi), as the page's would be.
  const formLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.text(m.input_too_large({}, { locale: localeOfPath(c.req.path) }), 413, { Connection: 'close' }),
  })
  const uploadLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BODY_BYTES,
    onError: (c) =>
      c.json({ message: UPLOAD_TEXTS.tooLarge }, 413, { 'Cache-Control': 'no-store', Connection: 'close' }),
  })
  app.use((c, next) => (c.req.path === UPLOAD_PATH ? uploadLimit(c, next) : formLimit(c, next)))

  // Browser files come with Brotli and gzip copies made by the build (scripts/precompress.ts), sent as
  // the browser accepts; anything without one is compressed by the middleware above.
  if (clientDir) {
    // The service worker must be checked on every visit so a new build is found at once (browsers
    // also never keep it more than a day); its precached files carry their own revisions.
    app.use(
      '/sw.js',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    )
    app.use(
      '*',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', `public, max-age=${WEEK}`),
      }),
    )
  }

  app.all('*', async (c) => {
    const serverBuild = await loadBuild()
    const createLoadContext = (serverBuild.entry.module as unknown as { createLoadContext: CreateLoadContext })
      .createLoadContext
    const requestIdValue = c.get('requestId')
    // A refused body still goes through React Router, whose root middleware answers it: a page shows
    // the refusal in its error page, an API route answers it as text.
    const input = await readRequestInput(c.req.raw, publicOrigin)
    const refused = input instanceof Request ? undefined : input
    const context: RouterContextProvider = createLoadContext(services, {
      requestId: requestIdValue,
      nonce: c.get('secureHeadersNonce') ?? '',
      clientIp: clientIp(c.req.header('x-forwarded-for'), getConnInfo(c).remote.address, config.trustProxy),
      log: logger.child({ requestId: requestIdValue }),
      refused,
    })
    const pages = localeOfPath(c.req.path) === 'hi' ? handleHindi : handle
    return pages(input instanceof Request ? input : withoutBody(c.req.raw), context)
  })

  return app
}

/**
 * The refused request as React Router sees it: its address and headers, its body left unread, and no
 * Origin (React Router would refuse another site's before the root middleware could answer).
 */
function withoutBody(request: Request) {
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  headers.delete('content-type')
  headers.delete('origin')
  return new Request(request.url, { method: request.method, headers, signal: request.signal })
}

/** Behind a configured proxy the client is the last address the proxy appended; otherwise the socket's. */
export function clientIp(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxy: boolean) {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').at(-1)?.trim()
    if (last) return last
  }
  return socketAddress ?? 'unknown'
}

/**
 * How long a client may take (the options of node:http's createServer): the headers within 10 s (a
 * slowloris holds connections by never finishing them), the whole request within 2 minutes (a 5 MB
 * image over a poor mobile link takes about one), checked every 2 s. Node answers a late one with 408.
 *
 * An idle kept-alive connection is kept 65 s (Node's default is 5 s), as long as the reverse proxies in
 * front of shops keep theirs (nginx's upstream keepalive, 60 s), so a proxy never reuses a connection the
 * shop has just closed. And a client reusing a connection after a few seconds must be answered even when
 * the server does not run for a while: a backup holding the embedded database, a loaded machine. When a
 * stalled process runs again, Node checks its timers before it reads its sockets: with a 5 s limit an
 * idle connection's time had run out under a request already sent on it, and the server reset it unread
 * (the backup drill's "fetch failed (ECONNRESET)", server/keep-alive.test.ts).
 */
export const SLOW_CLIENT_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  connectionsCheckingInterval: 2_000,
  keepAliveTimeout: 65_000,
} as const satisfies ServerOptions

type Sentence = (inputs: Record<string, never>, options: { locale: Locale }) => string
const CLIENT_ERRORS: Record<string, readonly [number, string, Sentence]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', m.input_too_slow],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', m.input_headers_too_large],
}

/**
 * node:http's 'clientError' (a request that never became one: too slow, malformed, too large
 * headers), answered with a sentence instead of Node's empty answer, and logged as the client's fault.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, logger: Services['logger']) {
  const message = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || message?.headersSent) {
    socket.destroy()
    return
  }
  const [status, reason, sentence] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', m.input_unreadable]
  logger.info({ status, code: error.code }, 'client error')
  // The request was never read, so neither is the page's language: the sentence in each of the shop's.
  const text = LOCALES.map((locale) => sentence({}, { locale })).join('\n')
  const body = Buffer.from(text)
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${text}`,
  )
}
