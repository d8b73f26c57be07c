// The Web Push adapter: encrypts one message for one subscription (RFC 8291, aes128gcm) and posts it
// to the subscription's push service with a VAPID signature (RFC 8292), using web-push for the
// cryptography. It never throws: every answer becomes an outcome the caller can count and act on.
import webPush from 'web-push'

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
}

/** A VAPID JWT may live 24 h; ours live 12 h and are signed again an hour before they expire. */
const JWT_LIFETIME_S = 12 * 60 * 60
const JWT_RENEW_BEFORE_S = 60 * 60

export function createPushSender({ keys, timeoutMs = 10_000 }: { keys: VapidKeys; timeoutMs?: number }): PushSender {
  // Signing is the costly half of a push; one JWT per push service origin (and subject) serves every
  // subscription there until it nears its expiry.
  const authorizations = new Map<string, { header: string; renewAt: number }>()

  function authorization(audience: string, subject: string): string {
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
      let body: Buffer
      let headers: Record<string, string>
      try {
        const audience = new URL(target.endpoint).origin
        body = webPush.encrypt(target.p256dh, target.auth, payload, 'aes128gcm').cipherText
        headers = {
          Authorization: authorization(audience, subject),
          TTL: String(ttlSeconds),
          Urgency: urgency,
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          ...(topic ? { Topic: topic } : {}),
        }
      } catch (error) {
        return { kind: 'rejected', reason: error instanceof Error ? error.message : String(error) }
      }
      try {
        const response = await fetch(target.endpoint, {
          method: 'POST',
          headers,
          body: new Uint8Array(body),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        })
        // The body is not needed, but reading it frees the connection for the next push.
        await response.arrayBuffer().catch(() => undefined)
        const status = response.status
        if (status >= 200 && status < 300) return { kind: 'delivered', status }
        if (status === 404 || status === 410) return { kind: 'gone', status }
        if (status === 429 || status >= 500) return { kind: 'retry', status, reason: `push service answered ${status}` }
        return { kind: 'rejected', status, reason: `push service answered ${status}` }
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
        return {
          kind: 'retry',
          reason: timedOut ? `no answer in ${timeoutMs} ms` : error instanceof Error ? error.message : String(error),
        }
      }
    },
  }
}

/** A new VAPID key pair (base64url), for a shop that has none. */
export function generateVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys()
}
