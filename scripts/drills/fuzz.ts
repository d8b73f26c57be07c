// The fuzz drill: property-based requests (fast-check) against every route, form action and API of
// app/routes.ts, as anonymous, two customers and the admin, with malformed and huge bodies, wrong
// content types, Unicode edge cases, numbers out of range, other people's ids, SQL and HTML fragments.
// Invariants: no answer is a 5xx (or missing), nothing in the database changes for requests that were
// refused, no error is logged for them, and the server's memory comes back to its baseline.
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { type Drill, invariant } from './drill.ts'
import { type Role, type ShopIds, signInRoles } from './lib/fuzz-roles.ts'
import { type RouteEntry, routeInventory } from './lib/route-inventory.ts'
import { createShopServer, type ShopServer } from './lib/shop-server.ts'
import { changedTables, tableDigests } from './lib/table-digests.ts'

/** Requests at scale 1 (the issue asks for at least 10,000). */
const FULL_REQUESTS = 12_000
const CONCURRENCY = 8
/**
 * Refused writes whose database is compared before and after, at scale 1: the embedded database is
 * read with the server stopped, so it gets fewer (each costs a restart).
 */
const FULL_COMPARISONS = { postgres: 60, pglite: 10 }
/**
 * Rate-limit counters exist to count refused tries: their rows change for a refused request by design.
 * Everything else must not.
 */
const COUNTERS = ['rate_limits']

interface FuzzRequest {
  /** The route of app/routes.ts: its module at its path (a layout and its index share a path; an
   * English page and its Hindi twin share a module). */
  route: string
  role: Role['name']
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array<ArrayBuffer> | string
  /** What the body is, for the report. */
  kind: string
}

interface Answer {
  request: FuzzRequest
  status: number
  error?: string
}

export const drill: Drill = {
  about:
    'property-based requests against every route, action and API: no 5xx, no change for refused requests, memory back to baseline',
  async run({ scale, databaseUrl, log }) {
    const shop = await createShopServer({ databaseUrl, env: () => ({ PAYMENT_PROVIDER: 'phonepe-simulator' }) })
    /** What the servers stopped so far logged (the embedded database's checks restart it). */
    const logs: string[] = []
    const stop = async () => {
      await shop.stop()
      logs.push(shop.output())
    }
    try {
      await shop.start()
      const routes = await routeInventory()
      const { roles, ids } = await signInRoles(shop.url, shop.admin)
      const arbitrary = requestArbitrary(routes, roles, ids)
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
      const total = Math.max(200, Math.round(FULL_REQUESTS * scale))
      log(`${routes.length} routes, ${roles.length} roles, seed ${seed} (FUZZ_SEED=${seed} repeats this run)`)

      // Warm-up: every route once per role, then half as many fuzzed requests as the run, so the baseline
      // holds what a serving shop holds. The embedded database's WebAssembly memory grows to the most its
      // largest query needed and never shrinks; a tenth of the run left it short of that (239 MB at the
      // baseline, 473 MB after, on a scale 1 run that leaked nothing: at scale 2 the same drill ends where
      // it began).
      const warmUp = routes.flatMap((route) => roles.map((role) => plainGet(route, role, ids)))
      const answers: Answer[] = await send(shop.url, roles, warmUp)
      answers.push(...(await send(shop.url, roles, fc.sample(arbitrary, { numRuns: Math.round(total / 2), seed }))))
      const baseline = await settledRss(shop)
      log(`baseline RSS ${mb(baseline)} after ${answers.length} warm-up requests`)

      const started = performance.now()
      const main = fc.sample(arbitrary, { numRuns: total, seed: seed + 1 })
      answers.push(...(await send(shop.url, roles, main, (done) => log(`${done} of ${total} requests`))))
      const seconds = (performance.now() - started) / 1000
      const margin = Math.max(128 * 1024 * 1024, baseline * 0.5)
      const after = await settledRss(shop, baseline + margin)
      log(`${total} requests in ${seconds.toFixed(1)} s; RSS ${mb(after)} after (baseline ${mb(baseline)})`)

      // Refused writes, one at a time: the database before and after each write that was refused must
      // be the same. Writes that were taken are skipped; at most four tries per comparison wanted.
      const wanted = Math.max(2, Math.round(FULL_COMPARISONS[shop.kind] * scale))
      const writes = fc.sample(
        arbitrary.filter((request) => request.method !== 'GET' && request.method !== 'HEAD'),
        { numRuns: wanted * 4, seed: seed + 2 },
      )
      let compared = 0
      const changes: string[] = []
      let before = await quietChecksum(shop, stop)
      for (const write of writes) {
        if (compared === wanted) break
        if (shop.kind === 'pglite') await shop.start()
        const [answer] = await send(shop.url, roles, [write])
        answers.push(answer!)
        const afterWrite = await quietChecksum(shop, stop)
        if (answer!.status >= 400 && answer!.status < 500) {
          compared++
          const changed = changedTables(before, afterWrite)
          if (changed.length) changes.push(`${changed.join(', ')} changed after ${describeAnswer(answer!)}`)
        }
        before = afterWrite
      }
      if (shop.kind === 'pglite') await shop.start()

      const fuzzedRoutes = new Set(main.map((request) => request.route)).size
      const failures = answers.filter((answer) => answer.status >= 500 || answer.status === 0)
      const refused = answers.filter((answer) => answer.status >= 400 && answer.status < 500).length
      const errorLines = [...logs, shop.output()]
        .join('\n')
        .split('\n')
        .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50)
      const statusCounts = countBy(answers.map((answer) => String(answer.status)))
      log(`answers by status: ${JSON.stringify(statusCounts)}`)
      for (const failure of failures.slice(0, 5)) log(`5xx: ${describeAnswer(failure)}`)
      for (const line of errorLines.slice(0, 5)) log(`error logged: ${line.slice(0, 400)}`)
      return [
        invariant(
          'at least 10,000 requests at scale 1, over every route',
          main.length >= Math.min(10_000, total) && (scale < 1 || fuzzedRoutes === routes.length),
          `${answers.length} requests (${total} fuzzed at scale ${scale}, over ${fuzzedRoutes} of ${routes.length} routes; every route also read once per role), ${refused} refused with 4xx`,
        ),
        invariant(
          'no answer is a 5xx or missing',
          failures.length === 0,
          failures.length
            ? `${failures.length} failed; first: ${failures.slice(0, 3).map(describeAnswer).join(' | ')}`
            : `0 of ${answers.length}`,
        ),
        invariant(
          'nothing in the database changes for refused requests',
          compared > 0 && changes.length === 0,
          changes.length
            ? `${changes.length} of ${compared} refused writes changed something: ${changes.slice(0, 2).join(' | ')}`
            : `${compared} refused writes, each compared over every table but ${COUNTERS.join(', ')}`,
        ),
        invariant(
          'no error is logged for bad input',
          errorLines.length === 0,
          errorLines.length
            ? `${errorLines.length} error lines; first: ${errorLines[0]!.slice(0, 300)}`
            : '0 error lines',
        ),
        invariant(
          'server memory back to baseline afterwards',
          after <= baseline + margin,
          `RSS ${mb(after)} after, ${mb(baseline)} baseline, margin ${mb(margin)} (the larger of 128 MB and 50%)`,
        ),
      ]
    } finally {
      await shop.dispose()
    }
  },
}

/** A checksum of every table but the counters, taken once the shop's background work is done. */
async function quietChecksum(shop: ShopServer, stop: () => Promise<void>) {
  if (shop.kind === 'pglite') {
    // The embedded database is the server's alone: stopped (gracefully: its outbox finishes first).
    await stop()
    return tableDigests(shop.open, COUNTERS)
  }
  // Two equal readings a moment apart: mail and SMS jobs of earlier requests have been delivered.
  let last = await tableDigests(shop.open, COUNTERS)
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const next = await tableDigests(shop.open, COUNTERS)
    if (changedTables(last, next).length === 0) return next
    last = next
  }
  return last
}

/**
 * The server's resident memory once it has been idle: V8's memory reducer collects and gives pages
 * back some seconds into an idle spell, so the lowest reading over up to 30 s, ending once 10 s pass
 * without a new low, or as soon as a reading is at most `enough` (the bound an invariant checks: a
 * lower reading would not change its outcome).
 */
async function settledRss(server: ShopServer, enough = 0): Promise<number> {
  let lowest = rss(server)
  let lowAt = Date.now()
  const started = Date.now()
  while (lowest > enough && Date.now() - started < 30_000 && Date.now() - lowAt < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const next = rss(server)
    if (next < lowest) {
      lowest = next
      lowAt = Date.now()
    }
  }
  return lowest
}

function rss(server: ShopServer): number {
  const status = readFileSync(`/proc/${server.pid()}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

function countBy(values: string[]) {
  const counts: Record<string, number> = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

function describeAnswer({ request, status, error }: Answer): string {
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.kind}) ${JSON.stringify(
          typeof request.body === 'string'
            ? request.body.slice(0, 160)
            : Buffer.from(request.body.slice(0, 80)).toString('latin1'),
        )}`
  return `${status}${error ? ` (${error})` : ''} ${request.role} ${request.method} ${request.path.slice(0, 160)} ${request.headers['content-type'] ?? ''}${body}`
}

/** Sends the requests, `concurrency` at a time, each as its role from an address of a small pool. */
async function send(
  baseUrl: string,
  roles: Role[],
  requests: FuzzRequest[],
  progress?: (done: number) => void,
  concurrency = CONCURRENCY,
): Promise<Answer[]> {
  const cookies = new Map(roles.map((role) => [role.name, role.cookie]))
  const answers: Answer[] = new Array(requests.length)
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < requests.length) {
      const index = next++
      const request = requests[index]!
      answers[index] = await sendOne(baseUrl, cookies.get(request.role) ?? '', request)
      if (++done % 2000 === 0) progress?.(done)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return answers
}

/**
 * One request on a connection of its own (node:http, no keep-alive): a reused connection the server
 * is closing for idleness at that instant fails in the client, which browsers retry unseen; that is
 * not the server's answer to the input, so the drill never meets it.
 */
function sendOne(baseUrl: string, cookie: string, request: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers }
  if (cookie) headers.cookie = cookie
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body))
  return new Promise<Answer>((resolve) => {
    const failed = (error: Error) => resolve({ request, status: 0, error: `${error.name}: ${error.message}` })
    const outgoing = httpRequest(
      `${baseUrl}${request.path}`,
      { method: request.method, headers, agent: false, timeout: 30_000 },
      (response) => {
        const status = response.statusCode ?? 0
        // A live stream (the admin's events) never ends: its headers are the answer.
        if (response.headers['content-type']?.startsWith('text/event-stream')) {
          response.destroy()
          resolve({ request, status })
          return
        }
        response.resume()
        response.on('end', () => resolve({ request, status }))
        response.on('error', failed)
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in 30 s')))
    outgoing.on('error', failed)
    outgoing.end(request.body)
  }).catch((error: Error) => ({ request, status: 0, error: `${error.name}: ${error.message}` }))
}

// --- What is sent -----------------------------------------------------------------------------

const EDGE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'sev\u0000namkeen',
  '\u0007\u001b[31m\u007f\u0085',
  '\u202Eevil.exe\u202C',
  'نمکین ראטלאמי',
  '👨‍👩‍👧‍👦🌶️🥨',
  'e\u0301\u0302\u0303\u0304\u0305',
  'Z̴̛̤̈́a̸̦͝l̷̰̇g̵̱̓ǒ̶̜',
  '\uFEFF\uFFFE\uFFFF',
  "' OR '1'='1",
  "'; drop table orders; --",
  '1; select pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '%C0%80',
  // A template injection probe, sent as typed.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is the point
  '${7*7}{{7*7}}',
  '-1',
  '0',
  '-0',
  '1e309',
  '-1e309',
  '99999999999999999999999999',
  '9007199254740993',
  '2147483648',
  'NaN',
  'Infinity',
  // Dates JavaScript reads and PostgreSQL's timestamps do not hold (the desk's and coupons' date fields).
  '0001-01-01',
  '0000-01-01',
  '275760-09-13',
  '0x1F',
  '1.5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
]

/** Raw path and query pieces no string encoder makes: bad escapes and invalid or overlong UTF-8. */
const RAW_PIECES = ['%00', '%C0%80', '%ED%A0%80', '%FF%FE', '%', '%zz', '%E2%80%AE', '..%2F..%2F', '%2e%2e']

function requestArbitrary(routes: RouteEntry[], roles: Role[], ids: ShopIds): fc.Arbitrary<FuzzRequest> {
  const idValues = [...ids.productIds, ids.otherOrderId, randomUUID(), ...ids.slugs]
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_TEXTS, ...idValues) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
  )
  const allFields = [...new Set(routes.flatMap((route) => route.fields))]
  const route = fc.constantFrom(...routes)
  return route.chain((entry) => {
    const field = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(entry.fields.length ? entry.fields : allFields)) },
      { weight: 1, arbitrary: fc.constantFrom(...allFields) },
      { weight: 1, arbitrary: text },
    )
    const intent = entry.intents.length ? fc.constantFrom(...entry.intents) : text
    const fields = fc.tuple(intent, fc.dictionary(field, text, { maxKeys: 6 })).map(([value, rest]) => ({
      intent: value,
      ...rest,
    }))
    return fc
      .record({
        role: fc.constantFrom(...roles.map((role) => role.name)),
        method: fc.oneof(
          { weight: 4, arbitrary: fc.constant('GET') },
          { weight: entry.action ? 6 : 2, arbitrary: fc.constant('POST') },
          { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') },
        ),
        path: pathArbitrary(entry, text, idValues),
        query: fc.oneof(
          fc.constant(''),
          fc.dictionary(field, text, { maxKeys: 3 }).map((params) => safeQuery(params)),
          fc.constantFrom(...RAW_PIECES).map((piece) => `?q=${piece}&orderId=${piece}`),
        ),
        body: bodyArbitrary(fields, text),
        address: fc.integer({ min: 1, max: 250 }).map((n) => `198.18.${n % 5}.${n}`),
        origin: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, fc.constantFrom('https://evil.example', 'null')),
      })
      .map(({ role, method, path, query, body, address, origin }) => {
        const hasBody = method !== 'GET' && method !== 'HEAD' && body.kind !== 'none'
        const headers: Record<string, string> = { 'x-forwarded-for': address }
        if (hasBody && body.type) headers['content-type'] = body.type
        if (origin) headers.origin = origin
        return {
          route: routeName(entry),
          role,
          method,
          path: `${path}${query}`,
          headers,
          body: hasBody ? body.body : undefined,
          kind: hasBody ? body.kind : 'none',
        }
      })
  })
}

function pathArbitrary(entry: RouteEntry, text: fc.Arbitrary<string>, idValues: string[]): fc.Arbitrary<string> {
  const param = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...idValues) },
    { weight: 2, arbitrary: text.map((value) => encodeURIComponent(value.toWellFormed())) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PIECES) },
  )
  if (!entry.params.length) return fc.constant(entry.pattern)
  return fc.array(param, { minLength: entry.params.length, maxLength: entry.params.length }).map((values) => {
    let index = 0
    return entry.pattern.replace(/:\w+|\*/g, () => values[index++] ?? '')
  })
}

function safeQuery(params: Record<string, string>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) search.append(key.toWellFormed(), value.toWellFormed())
  const text = search.toString()
  return text ? `?${text}` : ''
}

interface Body {
  kind: string
  type: string | null
  body: Uint8Array<ArrayBuffer> | string | undefined
}

function bodyArbitrary(fields: fc.Arbitrary<Record<string, string>>, text: fc.Arbitrary<string>): fc.Arbitrary<Body> {
  const encoder = new TextEncoder()
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fields.map((values) => ({
        kind: 'form',
        type: 'application/x-www-form-urlencoded',
        body: safeQuery(values).slice(1),
      })),
    },
    {
      weight: 2,
      arbitrary: fields.map((values) => {
        const boundary = `----fuzz${randomBytes(6).toString('hex')}`
        const parts = Object.entries(values).map(
          ([key, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, '')}"\r\n\r\n${value}\r\n`,
        )
        const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x\u0000.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n`
        return {
          kind: 'multipart',
          type: `multipart/form-data; boundary=${boundary}`,
          body: `${parts.join('')}${file}--${boundary}--\r\n`,
        }
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fields, fc.jsonValue())
        .map((value) => ({ kind: 'json', type: 'application/json', body: JSON.stringify(value) ?? 'null' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'no body', type: null, body: undefined },
        { kind: 'none', type: null, body: undefined },
        { kind: 'bad boundary', type: 'multipart/form-data; boundary=nothing', body: '--other\r\n\r\nx\r\n--other--' },
        { kind: 'no boundary', type: 'multipart/form-data', body: 'intent=add' },
        { kind: 'broken JSON', type: 'application/json', body: '{"intent":' },
        { kind: 'JSON with lone surrogate', type: 'application/json', body: '{"intent":"\\ud800","name":"a\\u0000b"}' },
        {
          kind: 'overlong UTF-8',
          type: 'application/x-www-form-urlencoded',
          body: new Uint8Array([0x69, 0x3d, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0xff]),
        },
        {
          kind: 'raw bytes as a form',
          type: 'application/x-www-form-urlencoded',
          body: new Uint8Array(randomBytes(64)),
        },
        { kind: 'image', type: 'image/png', body: new Uint8Array(randomBytes(64)) },
        { kind: 'charset', type: 'application/x-www-form-urlencoded; charset=utf-16', body: 'intent=add' },
        {
          kind: 'huge form',
          type: 'application/x-www-form-urlencoded',
          body: `message=${'x'.repeat(1024 * 1024 + 10)}`,
        },
      ),
    },
    { weight: 1, arbitrary: text.map((value) => ({ kind: 'text', type: 'text/plain', body: encoder.encode(value) })) },
  )
}

function routeName(entry: RouteEntry): string {
  return `${entry.file} at ${entry.pattern}`
}

function plainGet(route: RouteEntry, role: Role, ids: ShopIds): FuzzRequest {
  const values: Record<string, string> = {
    slug: ids.slugs[0] ?? 'x',
    productId: ids.productIds[0] ?? 'x',
    orderId: ids.otherOrderId,
    '*': 'x',
  }
  const path = route.pattern.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => values[name ?? '*'] ?? 'x')
  return { route: routeName(route), role: role.name, method: 'GET', path, headers: {}, kind: 'none' }
}
