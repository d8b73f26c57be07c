import { PassThrough, pipeline } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { isRouteErrorResponse, ServerRouter } from 'react-router'
import { requestContext } from './platform/services.server.ts'
import { isPublicPage } from './pwa/cache-rules.ts'
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and link previews get the whole page at once.
    const readyOption = userAgent && isbot(userAgent) ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The shop's public pages, there to be read, request their scripts once the page has loaded;
          // the pages a shopper acts on (cart, checkout, account) and the admin panel keep React
          // Router's preloads. pipeline: a stream that fails ends the answer instead of leaving it open.
          const page = isPublicPage(new URL(request.url).pathname)
            ? pipeline(body, scriptsAfterLoad(nonce), () => {})
            : body
          pipe(body)
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) log.error({ err: error }, 'error while streaming a page')
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
