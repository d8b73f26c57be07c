import { pipeline, Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { pathWithoutLocale } from './i18n/locale.ts'
import { requestContext } from './platform/services.server.ts'
import { isPublicPage } from './pwa/cache-rules.ts'
import { withPageStyles } from './shell/page-styles.server.ts'
import { scriptsAfterLoad } from './shell/scripts-after-load.server.ts'

export { createLoadContext } from './platform/services.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const { nonce, log } = loadContext.get(requestContext)

  // The page is rendered whole, then answered as one body: no page of the shop streams data it waits
  // for (no loader defers), and a body in one piece is compressed in one call instead of chunk by chunk
  // through three kinds of stream (half the server's time on a checkout page; docs/performance.md).
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const chunks: Buffer[] = []
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        timeoutId = undefined
        resolve(
          new Response(withPageStyles(Buffer.concat(chunks), log), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
        callback()
      },
    })

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every Suspense boundary's HTML stays where it is drawn: React 19.2 otherwise moves a finished one
        // (over 500 bytes, after the first 12.8 KB) to the end of the page, hidden until a script puts it
        // back, and without JavaScript it would stay hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The shop's public pages, there to be read, and checkout, whose form hydrates when the shopper
          // starts on it (app/shell/hydrate-later.tsx), request their scripts once the page has loaded;
          // the other pages a shopper acts on (cart, account, sign-in) and the admin panel keep React
          // Router's preloads. pipeline: a stream that fails ends the answer instead of leaving it open.
          const { pathname } = new URL(request.url)
          if (isPublicPage(pathname) || pathWithoutLocale(pathname) === '/checkout') {
            const afterLoad = scriptsAfterLoad(nonce)
            pipeline(afterLoad, body, (error) => error && reject(error))
            pipe(afterLoad)
          } else {
            pipe(body)
          }
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId)
          reject(error)
        },
        onError(error: unknown) {
          // An error in the shell is the error page's (500); one inside a boundary is drawn by the browser.
          if (!shellRendered) responseStatusCode = 500
          else log.error({ err: error }, 'error while rendering a page')
        },
      },
    )
  })
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  const { log } = context.get(requestContext)
  // A refusal (a 405 for a page without that method, a thrown 4xx Response) is an answer, not a fault.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ status: error.status, url: request.url }, 'request refused')
    return
  }
  log.error({ err: error, url: request.url }, 'unhandled error in a loader or action')
}
