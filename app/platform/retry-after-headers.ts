// A rate limiter's Retry-After reaches the browser only through a route's `headers` export: React
// Router keeps only the cookies of an action's or loader's own headers on a page.
import type { HeadersArgs } from 'react-router'

/** The route's document headers (its parent's, or `base`) with the Retry-After of a refusal. */
export function withRetryAfter(
  { parentHeaders, actionHeaders, loaderHeaders }: HeadersArgs,
  base: HeadersInit = parentHeaders,
): Headers {
  const headers = new Headers(base)
  const retryAfter = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
