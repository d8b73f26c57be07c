// A local Web Push service for tests and the benchmark (node:http on 127.0.0.1, a free port). It does
// what a browser's push service and the browser together do to a message: checks the VAPID JWT
// (RFC 8292: ES256 with the key in `k=`, audience = this origin, expiry in the future and at most
// 24 h away, subject mailto: or https:), then decrypts the body (RFC 8291, aes128gcm) with the
// subscriber's own private key and auth secret. It keeps what it received, and can be told to answer
// an endpoint with 404, 410, 500 or not at all.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TestSubscriber {
  id: string
  endpoint: string
  /** As a browser's PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  subscriberId: string
  /** The decrypted payload, parsed when it is JSON. */
  payload: unknown
  text: string
  ttl: string | undefined
  urgency: string | undefined
  claims: { aud: string; exp: number; sub: string }
}

/** What an endpoint answers: 'hang' keeps the request open and never answers. */
export type Behaviour = 404 | 410 | 500 | 'hang'

interface Subscriber {
  ecdh: ECDH
  publicKey: Buffer
  auth: Buffer
}

export interface PushService {
  origin: string
  received: ReceivedPush[]
  /** Requests refused for a bad signature or body, with the reason. */
  refused: { subscriberId: string; reason: string }[]
  /** Every request that reached an endpoint, answered or not. */
  attempts: Map<string, number>
  subscriber(): TestSubscriber
  /** Answer this subscriber with `behaviour`, `times` times (default: always), then normally again. */
  answer(subscriberId: string, behaviour: Behaviour, times?: number): void
  /** Keep no decrypted copies (the benchmark's thousands), only the count. */
  countOnly: boolean
  delivered: number
  close(): Promise<void>
}

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url')
}

/** Checks the `vapid t=..., k=...` header; returns the claims or the reason it is refused. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { claims: ReceivedPush['claims'] } | { reason: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '')
  if (!match) return { reason: 'no vapid Authorization header' }
  const params = new Map(
    match[1]!.split(',').map((part) => {
      const [key, ...rest] = part.trim().split('=')
      return [key!.trim(), rest.join('=').trim()] as const
    }),
  )
  const token = params.get('t')
  const key = params.get('k')
  if (!token || !key) return { reason: 'vapid header lacks t= or k=' }
  const publicKey = Buffer.from(key, 'base64url')
  if (publicKey.length !== 65 || publicKey[0] !== 4) return { reason: 'k= is not an uncompressed P-256 point' }
  const [head, body, signature] = token.split('.')
  if (!head || !body || !signature) return { reason: 'the JWT does not have three parts' }
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string }
  if (alg !== 'ES256') return { reason: `the JWT is signed with ${alg}, not ES256` }
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: base64url(publicKey.subarray(1, 33)),
    y: base64url(publicKey.subarray(33, 65)),
  }
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) return { reason: 'the JWT signature does not match k=' }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims']
  const now = Math.floor(Date.now() / 1000)
  if (claims.aud !== origin) return { reason: `aud is ${claims.aud}, not ${origin}` }
  if (!(claims.exp > now)) return { reason: 'the JWT has expired' }
  if (claims.exp > now + 24 * 60 * 60) return { reason: 'the JWT expires more than 24 hours ahead' }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { reason: `sub ${claims.sub} is not mailto: or https:` }
  return { claims }
}

/** RFC 8291 + RFC 8188: the subscriber's side of aes128gcm, in one record. */
function decrypt(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20]!
  const senderPublicKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  if (idLength !== 65) throw new Error('the key id is not a P-256 public key')
  if (record.length > recordSize) throw new Error('more than one record')
  const secret = subscriber.ecdh.computeSecret(senderPublicKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublicKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscriber.auth, keyInfo, 32))
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The plaintext ends with the last-record delimiter 2, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

export async function startPushService(): Promise<PushService> {
  const subscribers = new Map<string, Subscriber>()
  const behaviours = new Map<string, { behaviour: Behaviour; times: number }>()
  const hanging = new Set<ServerResponse>()
  let origin = ''

  const service: PushService = {
    origin: '',
    received: [],
    refused: [],
    attempts: new Map(),
    countOnly: false,
    delivered: 0,
    subscriber() {
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = randomUUID()
      subscribers.set(id, { ecdh, publicKey, auth })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: base64url(publicKey), auth: base64url(auth) } }
    },
    answer(subscriberId, behaviour, times = Number.POSITIVE_INFINITY) {
      behaviours.set(subscriberId, { behaviour, times })
    },
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    // Control routes for a push service in another process (the benchmark's): make subscribers, read counts.
    const url = new URL(request.url ?? '/', origin)
    if (request.method === 'GET' && url.pathname === '/_control/subscribers') {
      const count = Math.min(Number(url.searchParams.get('count') ?? 1), 100_000)
      const made = Array.from({ length: count }, () => service.subscriber())
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(made))
      return
    }
    if (request.method === 'GET' && url.pathname === '/_control/stats') {
      const stats = {
        delivered: service.delivered,
        refused: service.refused.length,
        reasons: service.refused.slice(0, 5),
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(stats))
      return
    }
    const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1]
    const subscriber = id ? subscribers.get(id) : undefined
    if (request.method !== 'POST' || !id || !subscriber) {
      response.writeHead(404).end()
      return
    }
    service.attempts.set(id, (service.attempts.get(id) ?? 0) + 1)
    const planned = behaviours.get(id)
    if (planned && planned.times > 0) {
      planned.times--
      if (planned.behaviour === 'hang') {
        hanging.add(response)
        response.on('close', () => hanging.delete(response))
        return
      }
      response.writeHead(planned.behaviour).end()
      return
    }
    const vapid = checkVapid(request.headers.authorization, origin)
    if ('reason' in vapid) {
      service.refused.push({ subscriberId: id, reason: vapid.reason })
      response.writeHead(403).end(vapid.reason)
      return
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      service.refused.push({ subscriberId: id, reason: 'Content-Encoding is not aes128gcm' })
      response.writeHead(415).end()
      return
    }
    let text: string
    try {
      text = decrypt(body, subscriber)
    } catch (error) {
      service.refused.push({ subscriberId: id, reason: `could not decrypt: ${(error as Error).message}` })
      response.writeHead(400).end()
      return
    }
    service.delivered++
    if (!service.countOnly) {
      let payload: unknown = text
      try {
        payload = JSON.parse(text)
      } catch {}
      service.received.push({
        subscriberId: id,
        payload,
        text,
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        claims: vapid.claims,
      })
    }
    response.writeHead(201).end()
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => handle(request, response, Buffer.concat(chunks)))
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  service.origin = origin
  return service
}
