// The Web Push adapter: encrypts one message for one subscription (RFC 8291, aes128gcm) and posts it
// to the subscription's push service with a VAPID signature (RFC 8292), using web-push for the
// cryptography. It never throws: every answer becomes an outcome the caller can count and act on.
// web-push (with its ASN.1 and big-number libraries) is imported at the first push, not at start-up.
import { createECDH } from 'node:crypto'
import { type LookupAddress, lookup } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isPublicAddress } from './public-address.server.ts'

export interface VapidKeys {
  /** base64url, 65 bytes (uncompressed P-256 point): what browsers subscribe with. */
  publicKey: string
  /** base64url, 32 bytes: never leaves the server. */
  privateKey: string
}

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushOptions {
  /** The VAPID subject: mailto: or https: (push services contact the sender there). */
  subject: string
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds?: number
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
  /** Replaces an undelivered message with the same topic (push service side). */
  topic?: string
}

/**
 * delivered: the push service took it (2xx). gone: the subscription no longer exists (404/410), so
 * it should be deleted. retry: worth trying again later (timeout, network error, 429, 5xx). rejected:
 * the push service refused this message for good (another 4xx, or keys that do not encrypt).
 */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status?: number; reason: string }
  | { kind: 'rejected'; status?: number; reason: string }

export interface PushSender {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>
  /** Closes the kept-alive connections (at shutdown). */
  close(): void
}

/** A VAPID JWT may live 24 h; ours live 12 h and are signed again an hour before they expire. */
const JWT_LIFETIME_S = 12 * 60 * 60
const JWT_RENEW_BEFORE_S = 60 * 60

type WebPush = typeof import('web-push')
let webPushModule: Promise<WebPush> | undefined
const loadWebPush = () => (webPushModule ??= import('web-push').then((module) => module.default))

class PrivateAddress extends Error {
  override name = 'PrivateAddress'
}

/**
 * DNS lookup that refuses a host with any non-public address. Endpoints were checked when they were
 * subscribed; checking again on the connection itself means a host whose DNS later points inward
 * (rebinding) still cannot lead the shop into its own network.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const refused = addresses.find((entry) => !isPublicAddress(entry.address))
    if (refused || addresses.length === 0) {
      return callback(new PrivateAddress(`${hostname} resolves to a non-public address`), '', 0)
    }
    if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
    const [first] = addresses as [LookupAddress]
    callback(null, first.address, first.family)
  })
}

export interface PushSenderOptions {
  keys: VapidKeys
  /** How long a push service may take to answer before the push counts as worth retrying. */
  timeoutMs?: number
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: plain http and private addresses (tests, private deployments). */
  allowPrivate?: boolean
  /** Connections kept per push service: the fan-out's concurrency. */
  maxSockets?: number
}

export function createPushSender({
  keys,
  timeoutMs = 10_000,
  allowPrivate = false,
  maxSockets = 64,
}: PushSenderOptions): PushSender {
  // Kept-alive connections per push service (a handful of hosts serve every browser).
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets, ...(allowPrivate ? {} : { lookup: publicOnlyLookup }) }),
    'http:': new http.Agent({ keepAlive: true, maxSockets }),
  }

  // Signing is the costly half of a push; one JWT per push service origin (and subject) serves every
  // subscription there until it nears its expiry.
  const authorizations = new Map<string, { header: string; renewAt: number }>()

  function authorization(webPush: WebPush, audience: string, subject: string): string {
    const key = `${audience} ${subject}`
    const now = Math.floor(Date.now() / 1000)
    const cached = authorizations.get(key)
    if (cached && cached.renewAt > now) return cached.header
    const expiration = now + JWT_LIFETIME_S
    const headers = webPush.getVapidHeaders(
      audience,
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    ) as { Authorization: string }
    authorizations.set(key, { header: headers.Authorization, renewAt: expiration - JWT_RENEW_BEFORE_S })
    return headers.Authorization
  }

  return {
    async send(target, payload, { subject, ttlSeconds = 24 * 60 * 60, urgency = 'normal', topic }) {
      let url: URL
      let body: Buffer
      let headers: Record<string, string>
      try {
        const webPush = await loadWebPush()
        url = new URL(target.endpoint)
        if (!allowPrivate) {
          if (url.protocol !== 'https:') throw new PrivateAddress('push endpoints must be https')
          const host = url.hostname.replace(/^\[|\]$/g, '')
          // An address written in the URL is connected to without a lookup: check it here.
          if (isIP(host) && !isPublicAddress(host)) throw new PrivateAddress(`${host} is not a public address`)
        }
        body = webPush.encrypt(target.p256dh, target.auth, payload, 'aes128gcm').cipherText
        headers = {
          Authorization: authorization(webPush, url.origin, subject),
          TTL: String(ttlSeconds),
          Urgency: urgency,
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          'Content-Length': String(body.length),
          ...(topic ? { Topic: topic } : {}),
        }
      } catch (error) {
        return { kind: 'rejected', reason: error instanceof Error ? error.message : String(error) }
      }
      const agent = url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null
      if (!agent) return { kind: 'rejected', reason: `push endpoints are http(s), not ${url.protocol}` }
      return new Promise<PushOutcome>((resolve) => {
        const request = (url.protocol === 'https:' ? https : http).request(
          url,
          { method: 'POST', headers, agent },
          (response) => {
            // The body is not needed, but reading it frees the connection for the next push.
            response.resume()
            response.on('end', () => resolve(outcomeOf(response.statusCode ?? 0)))
            response.on('error', (error) => resolve({ kind: 'retry', reason: error.message }))
          },
        )
        // No answer in time (a push service that hangs): give the connection up and try again later.
        request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)))
        request.on('error', (error) =>
          resolve(
            error instanceof PrivateAddress
              ? { kind: 'rejected', reason: error.message }
              : { kind: 'retry', reason: error.message },
          ),
        )
        request.end(body)
      })
    },
    close() {
      agents['https:'].destroy()
      agents['http:'].destroy()
    },
  }
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status >= 500) return { kind: 'retry', status, reason: `push service answered ${status}` }
  return { kind: 'rejected', status, reason: `push service answered ${status}` }
}

/** A new VAPID key pair (base64url), for a shop that has none: a P-256 key, as web-push makes one. */
export function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1')
  curve.generateKeys()
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    // getPrivateKey() drops leading zero bytes: padded back to the 32 bytes VAPID expects.
    privateKey: Buffer.concat([Buffer.alloc(32), curve.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  }
}
