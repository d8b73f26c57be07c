// What a browser may send to /api/push/subscriptions: a PushSubscription's JSON (endpoint, keys) and
// whether it is one of the owner's devices. Strict: an unknown field is refused, and the keys must be
// what RFC 8291 encrypts for (a 65-byte uncompressed P-256 point and a 16-byte secret).
import { z } from 'zod'

/** The bytes of a base64url string (unpadded, as browsers give it; padding tolerated), or null. */
export function base64urlBytes(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return null
  const bare = value.replace(/=+$/, '')
  if (bare.length % 4 === 1) return null
  return new Uint8Array(Buffer.from(bare, 'base64url'))
}

const MAX_ENDPOINT = 2048

const endpoint = z
  .string('The subscription needs an endpoint.')
  .trim()
  .min(1, 'The subscription needs an endpoint.')
  .max(MAX_ENDPOINT, `The endpoint can be at most ${MAX_ENDPOINT} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    } catch {
      return false
    }
  }, 'The endpoint must be a URL.')

export const subscribeSchema = z
  .object({
    endpoint,
    expirationTime: z.number('expirationTime must be a time in milliseconds, or null.').int().nonnegative().nullish(),
    keys: z
      .object({
        p256dh: z.string('keys.p256dh is required.').refine((value) => {
          const bytes = base64urlBytes(value)
          return bytes !== null && bytes.length === 65 && bytes[0] === 0x04
        }, 'keys.p256dh must be a 65-byte uncompressed P-256 public key in base64url.'),
        auth: z.string('keys.auth is required.').refine((value) => {
          const bytes = base64urlBytes(value)
          return bytes !== null && bytes.length === 16
        }, 'keys.auth must be a 16-byte secret in base64url.'),
      })
      .strict(),
    owner: z.boolean('owner must be true or false.').optional(),
    /** The endpoint this subscription takes over from (the service worker's pushsubscriptionchange). */
    replaces: endpoint.optional(),
  })
  .strict()

export type SubscribeBody = z.infer<typeof subscribeSchema>

export const unsubscribeSchema = z.object({ endpoint }).strict()

/** The first problem, as a sentence naming the field (unknown fields included). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Bad request.'
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length ? `${issue.path.join('.')}.` : ''
    return `Unknown field: ${issue.keys.map((key) => where + key).join(', ')}.`
  }
  return issue.message
}
