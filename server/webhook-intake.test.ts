// The webhook intake over a real loopback socket: which requests it takes, the bytes and headers its
// handlers get, its answers and refusals, and that everything else reaches the shop untouched. The
// webhooks themselves (tokens, signatures, storing) are tests/integration/shiprocket.test.ts's and
// whatsapp-webhook.test.ts's, which post through this intake too.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_WEBHOOK_BYTES, type WebhookHandler, type WebhookRequest, webhookIntake } from './webhook-intake.ts'

describe('the webhook intake', () => {
  const lines: Record<string, unknown>[] = []
  const logger = pino({ base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  const received: WebhookRequest[] = []
  let fails = false
  const handler: WebhookHandler = async (request) => {
    if (fails) throw new Error('database gone')
    received.push(request)
    return { status: request.header('x-api-key') === 'right' ? 200 : 401, body: { outcome: 'stored' } }
  }
  const shop: string[] = []
  let server: Server
  let base: string

  beforeAll(async () => {
    const intake = webhookIntake(new Map([['/api/hooks/test', handler]]), logger, (request, response) => {
      shop.push(`${request.method} ${request.url}`)
      response.writeHead(204).end()
    })
    server = createServer(intake)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  beforeEach(() => {
    lines.length = 0
    received.length = 0
    shop.length = 0
    fails = false
  })

  it('gives the handler the exact bytes and its headers, and answers its JSON, not to be stored', async () => {
    // ज़ as one code point and an escaped emoji: bytes a JSON re-serialising would change.
    const body = '{"text":"\u095bरूर","emoji":"\\ud83d\\ude4f"}'
    const answer = await fetch(`${base}/api/hooks/test?source=panel`, {
      method: 'POST',
      headers: { 'x-api-key': 'right', 'content-type': 'text/plain' },
      body,
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ outcome: 'stored' })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(Buffer.from(received[0]!.body).toString()).toBe(body)
    expect(received[0]!.header('x-api-key')).toBe('right')
    expect(received[0]!.header('x-missing')).toBeNull()
    // Logged as every request is, with the id it answered with.
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        method: 'POST',
        path: '/api/hooks/test',
        status: 200,
        requestId: answer.headers.get('x-request-id'),
      }),
    )
    expect(shop).toEqual([])
  })

  it('answers what the handler says: a refusal too', async () => {
    const answer = await fetch(`${base}/api/hooks/test`, { method: 'POST', body: '{}' })
    expect(answer.status).toBe(401)
  })

  it('leaves a GET of the same address and a POST elsewhere to the shop', async () => {
    expect((await fetch(`${base}/api/hooks/test?hub.challenge=1`)).status).toBe(204)
    expect((await fetch(`${base}/api/hooks/other`, { method: 'POST', body: '{}' })).status).toBe(204)
    expect((await fetch(`${base}/api/hooks/test/`, { method: 'POST', body: '{}' })).status).toBe(204)
    expect(shop).toEqual(['GET /api/hooks/test?hub.challenge=1', 'POST /api/hooks/other', 'POST /api/hooks/test/'])
    expect(received).toEqual([])
  })

  it('refuses a body over the limit unread, said or sent, and closes the connection', async () => {
    const large = 'x'.repeat(MAX_WEBHOOK_BYTES + 1)
    const said = await fetch(`${base}/api/hooks/test`, { method: 'POST', body: large })
    expect(said.status).toBe(413)
    expect(said.headers.get('connection')).toBe('close')
    // Sent in chunks without a length: refused once the bytes pass the limit.
    const chunks = new ReadableStream({
      start(controller) {
        for (let sent = 0; sent <= MAX_WEBHOOK_BYTES; sent += 64 * 1024) controller.enqueue(Buffer.alloc(64 * 1024))
        controller.close()
      },
    })
    const sent = await fetch(`${base}/api/hooks/test`, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit)
    expect(sent.status).toBe(413)
    expect(received).toEqual([])
  })

  it('answers 500 when the event could not be stored, so the provider sends it again, and logs why', async () => {
    fails = true
    const answer = await fetch(`${base}/api/hooks/test`, { method: 'POST', body: '{}' })
    expect(answer.status).toBe(500)
    expect(await answer.json()).toEqual({ error: 'The event could not be stored; send it again.' })
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'webhook could not be stored', level: 50 }))
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', status: 500 }))
  })
})
