// The browser that placed an order may see its result pages (order success, payment status) without
// an account: a random visitor id in an httpOnly cookie, of which orders keep only a hash.
import { createHash, randomUUID } from 'node:crypto'
import { readCookie, serializeCookie } from '#app/platform/cookies.server.ts'

const VISITOR_COOKIE = 'visitor'
const VISITOR_DAYS = 90

function hashOf(id: string): string {
  return createHash('sha256').update(id).digest('hex')
}

/** This browser's hash, or null when it has no visitor cookie. */
export function visitorHash(request: Request): string | null {
  const id = readCookie(request, VISITOR_COOKIE)
  return id ? hashOf(id) : null
}

/** This browser's hash, creating the cookie (setCookie) when there is none yet. */
export function ensureVisitor(request: Request, secure: boolean): { hash: string; setCookie: string | null } {
  const id = readCookie(request, VISITOR_COOKIE)
  if (id) return { hash: hashOf(id), setCookie: null }
  const fresh = randomUUID()
  return {
    hash: hashOf(fresh),
    setCookie: serializeCookie(VISITOR_COOKIE, fresh, { maxAge: VISITOR_DAYS * 24 * 60 * 60, secure }),
  }
}
