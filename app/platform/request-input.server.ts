// What a request carries, read once at the edge (server/app.ts) before React Router sees it: text in
// the address and the body is normalised (control characters out, NFC), and a body that is not what
// the address takes (415), cannot be read (400) or comes from another site (403) is refused here, so
// no loader or action meets it.
import type { MiddlewareFunction } from 'react-router'
import { INPUT_TEXTS, type InputRefusalReason } from './input-texts.ts'
import { requestContext } from './services.server.ts'

/**
 * The refusal for a body the shop cannot take; the root route's middleware throws it as the answer,
 * its sentence written there in the request's language.
 */
export interface InputRefusal {
  status: 400 | 403 | 415
  reason: InputRefusalReason
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const FORM_URLENCODED = /^application\/x-www-form-urlencoded\b/i
const MULTIPART = /^multipart\/form-data\b/i
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i
// C0 controls but tab, line feed and carriage return (a textarea's line ends), DEL, and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g

/**
 * One piece of text as the shop keeps it: control characters (NUL among them, which PostgreSQL
 * refuses in text) removed, lone surrogates made U+FFFD, composed to Unicode NFC.
 */
export function normaliseText(text: string): string {
  return text.toWellFormed().replace(CONTROL, '').normalize('NFC')
}

/**
 * The request React Router should see, or the refusal to answer instead. `publicOrigin` is the shop's
 * own origin (PUBLIC_URL): a change sent from any other site is refused (React Router's own check
 * would throw, and log an error, for what is a refusal).
 */
export async function readRequestInput(request: Request, publicOrigin: string): Promise<Request | InputRefusal> {
  const url = new URL(request.url)
  const address = normaliseAddress(url)
  if (!BODY_METHODS.has(request.method)) {
    return address === request.url ? request : new Request(address, request)
  }
  const origin = request.headers.get('origin')
  if (
    (origin !== null && origin !== url.origin && origin !== publicOrigin) ||
    request.headers.get('sec-fetch-site') === 'cross-site'
  ) {
    return { status: 403, reason: 'otherSite' }
  }
  // Behind a proxy the shop's public origin (https://shop.example) is not the address the server
  // sees (http://...): checked here, it is not shown to React Router, which would refuse it.
  const headers = new Headers(request.headers)
  if (origin !== null && origin !== url.origin) headers.delete('origin')
  const type = request.headers.get('content-type') ?? ''
  const takesJson = url.pathname.startsWith('/api/')
  const isForm = FORM_URLENCODED.test(type) || MULTIPART.test(type)
  const isJson = JSON_TYPE.test(type)
  if (!isForm && !(takesJson && isJson)) {
    return { status: 415, reason: takesJson ? 'notFormOrJson' : 'notAForm' }
  }
  // Read as bytes first: a body over the size limit fails here with the limit's own error (413).
  const bytes = await request.arrayBuffer()
  const body = isJson ? normaliseJson(bytes) : await normaliseForm(bytes, type)
  if (body && 'status' in body) return body
  return rebuild(request, address, headers, body ? body.body : bytes, body ? body.type : type)
}

function rebuild(request: Request, address: string, headers: Headers, body: BodyInit, type: string | null) {
  headers.delete('content-length')
  if (type) headers.set('content-type', type)
  else headers.delete('content-type')
  return new Request(address, { method: request.method, headers, body, signal: request.signal })
}

/** The address with every path segment and query parameter normalised; unchanged when nothing was. */
function normaliseAddress(url: URL): string {
  // The URL parser percent-encodes control characters in a path, so only an encoded path can hold one.
  if (url.pathname.includes('%')) {
    let changed = false
    const segments = url.pathname.split('/').map((segment) => {
      let decoded: string
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        // Not valid percent-encoding: React Router answers it as an unknown page.
        return segment
      }
      const clean = normaliseText(decoded)
      if (clean === decoded) return segment
      changed = true
      return encodeURIComponent(clean)
    })
    if (changed) url.pathname = segments.join('/')
  }
  if (url.search) {
    const params = new URLSearchParams(url.search)
    const clean = new URLSearchParams()
    let paramsChanged = false
    for (const [key, value] of params) {
      const k = normaliseText(key)
      const v = normaliseText(value)
      if (k !== key || v !== value) paramsChanged = true
      clean.append(k, v)
    }
    if (paramsChanged) url.search = clean.toString()
  }
  return url.href
}

type Normalised = { body: BodyInit; type: string | null } | InputRefusal | null

/** A form's text fields (and file names) normalised; null when nothing changed. */
async function normaliseForm(bytes: ArrayBuffer, type: string): Promise<Normalised> {
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    return { status: 400, reason: 'unreadable' }
  }
  let changed = false
  const clean = new FormData()
  for (const [key, value] of form) {
    const k = normaliseText(key)
    if (k !== key) changed = true
    if (typeof value === 'string') {
      const v = normaliseText(value)
      if (v !== value) changed = true
      clean.append(k, v)
    } else {
      const name = normaliseText(value.name)
      if (name !== value.name) changed = true
      clean.append(k, value, name)
    }
  }
  if (!changed) return null
  if (MULTIPART.test(type)) return { body: clean, type: null }
  const params = new URLSearchParams()
  for (const [key, value] of clean) params.append(key, value as string)
  return { body: params, type }
}

/** A JSON body with every string (keys too) normalised; null when nothing changed. */
function normaliseJson(bytes: ArrayBuffer): Normalised {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return { status: 400, reason: 'badJson' }
  }
  let changed = false
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const clean = normaliseText(node)
      if (clean !== node) changed = true
      return clean
    }
    if (Array.isArray(node)) return node.map(walk)
    if (node && typeof node === 'object') {
      // Without a prototype: a "__proto__" key stays a key, as JSON.parse made it.
      const out: Record<string, unknown> = Object.create(null)
      for (const [key, inner] of Object.entries(node)) {
        const k = normaliseText(key)
        if (k !== key) changed = true
        out[k] = walk(inner)
      }
      return out
    }
    return node
  }
  const clean = walk(value)
  return changed ? { body: JSON.stringify(clean), type: 'application/json' } : null
}

/**
 * Root middleware, after the language's: a body refused at the edge is the answer, in the request's
 * language, before any loader or action runs.
 */
export const refuseUnreadableInput: MiddlewareFunction<Response> = ({ context }) => {
  const { refused } = context.get(requestContext)
  if (refused) {
    throw new Response(INPUT_TEXTS[refused.reason](), {
      status: refused.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
}
