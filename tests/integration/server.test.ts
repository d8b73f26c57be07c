// The production server as a newcomer runs it: start-up on each database, restarts, refused
// configuration, headers, health, static assets and shutdown. Needs `npm run build` first.
import { once } from 'node:events'
import { existsSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { connect, createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { products } from '#app/catalog/schema.ts'
import { openDatabase } from '#app/platform/db.server.ts'
import { freePort, type RunningServer, runServerToExit, startServer, temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, migratedDataDir, serverDatabaseEnv } from './databases.ts'

const buildFile = path.resolve(
  fileURLToPath(new URL('../..', import.meta.url)),
  process.env.BUILD_DIR ?? 'build',
  'server/index.js',
)
if (!existsSync(buildFile)) {
  throw new Error('No production build: run `npm run build` before the integration tests (npm test does).')
}

/** Whether something accepts connections on the loopback `port`. */
async function listening(port: number): Promise<boolean> {
  const socket = connect(port, '127.0.0.1')
  // once() rejects on 'error': here ECONNREFUSED.
  const accepted = await once(socket, 'connect').then(
    () => true,
    () => false,
  )
  socket.destroy()
  return accepted
}

const BESTSELLERS = ['Premium Ratlami Sev', 'Satwik Khatta Meetha', 'Navratna Mixture', 'Tikhi Bundi']

describe.each(DATABASE_KINDS)('the shop server on %s', (kind) => {
  let env: Record<string, string>
  let countProducts: () => Promise<number>
  let cleanup = async () => {}
  let server: RunningServer | undefined

  beforeAll(async () => {
    const store = await serverDatabaseEnv(kind, { empty: true })
    env = store.env
    cleanup = store.drop
    countProducts = async () => {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? null })
      try {
        return await database.db.$count(products)
      } finally {
        await database.close()
      }
    }
  })
  afterAll(async () => {
    await server?.stop()
    await cleanup()
  })

  it('migrates and seeds an empty database, then serves the home page with the catalogue', async () => {
    server = await startServer(env)
    const response = await fetch(server.url)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Authentic Indori Namkeen')
    expect(html).toContain('Fresh From Indore To Your Doorstep')
    for (const name of BESTSELLERS) expect(html).toContain(name)
    expect(html).toMatch(/<title>[^<]+<\/title>/)
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toContain(`<meta property="og:image" content="${server.url}/images/og/default.jpg"/>`)
    expect(html).toContain(`<link rel="canonical" href="${server.url}/"/>`)
    expect(html).toContain('"@type":"Organization"')
  })

  it('keeps its data across a restart and seeds nothing twice', async () => {
    expect(await server!.stop()).toBe(0)
    const before = await countProducts()
    expect(before).toBeGreaterThan(0)
    server = await startServer(env)
    expect((await fetch(server.url)).status).toBe(200)
    await server.stop()
    server = undefined
    expect(await countProducts()).toBe(before)
  })
})

describe.concurrent('a refused configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'postgres//missing-colon' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'perhaps' }, 'SEED_DEMO'],
  ])('%j stops start-up with one line naming %s', async (env, name) => {
    const { code, output } = await runServerToExit(env)
    expect(code).not.toBe(0)
    const lines = output.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${name} `))
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)(
  'PostgreSQL closing the shop’s connections (a restart, a failover)',
  () => {
    it('keeps the shop running: it logs the loss and serves again on new connections', async () => {
      const { env, drop } = await serverDatabaseEnv('postgres')
      const url = env.DATABASE_URL!
      const server = await startServer(env)
      try {
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
        const name = new URL(url).pathname.slice(1)
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        await admin.connect()
        try {
          const { rowCount } = await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          )
          expect(rowCount).toBeGreaterThan(0)
        } finally {
          await admin.end()
        }
        // The idle connections were closed under the pool, each a moment after its backend was told to
        // end (a request in that moment fails, as during any restart); then requests open new ones.
        await vi.waitFor(() => expect(server.output()).toContain('PostgreSQL closed an idle connection'), {
          timeout: 10_000,
        })
        await vi.waitFor(async () => expect((await fetch(`${server.url}/readyz`)).status).toBe(200), {
          timeout: 10_000,
        })
        expect((await fetch(`${server.url}/products`)).status).toBe(200)
        expect(server.process.exitCode).toBeNull()
      } finally {
        expect(await server.stop()).toBe(0)
        await drop()
      }
    })
  },
)

describe('the first-run admin', () => {
  it('has its one-time password shown even when LOG_LEVEL hides warnings, and it signs in', async () => {
    const server = await startServer({ DATA_DIR: migratedDataDir(), LOG_LEVEL: 'error' })
    try {
      const shown = /sign in at \/admin as (\S+) with the one-time password (\S+),/.exec(server.output())
      expect(shown).not.toBeNull()
      const response = await fetch(`${server.url}/admin`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: shown![1]!, password: shown![2]! }),
      })
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/admin')
    } finally {
      await server.stop()
    }
  })
})

// Side by side: each test has its own port and folder, and one waits 20 s for a silent PostgreSQL.
describe.concurrent('a machine the shop cannot start on', () => {
  /** One line saying why, naming the setting, and a non-zero exit. */
  async function refusal(env: Record<string, string>) {
    const { code, output } = await runServerToExit({ HOST: '127.0.0.1', PORT: String(await freePort()), ...env })
    expect(code).not.toBe(0)
    const lines = output.trim().split('\n')
    expect(lines).toHaveLength(1)
    return lines[0]
  }

  it('stops with one line naming PORT when the port is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1')
    await once(taken, 'listening')
    const { port } = taken.address() as { port: number }
    const dataDir = temporaryDataDir()
    try {
      expect(await refusal({ PORT: String(port), DATA_DIR: dataDir })).toMatch(
        new RegExp(`^Cannot start: PORT ${port} on 127.0.0.1 is in use`),
      )
    } finally {
      taken.close()
    }
    // Nothing was started on the way: no database made, no first-run admin whose password is lost.
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false)
  })

  it('stops with one line naming HOST when it is not an address of this machine', async () => {
    expect(await refusal({ HOST: 'no-such-host.invalid' })).toMatch(/^Cannot start: HOST no-such-host.invalid /)
  })

  it('stops with one line naming DATA_DIR when it is not a writable folder', async () => {
    const file = path.join(temporaryDataDir(), 'a-file')
    writeFileSync(file, '')
    expect(await refusal({ DATA_DIR: file })).toMatch(/^Cannot start: DATA_DIR .* is not a folder this user/)
  })

  it('stops with one line naming DATABASE_URL when PostgreSQL cannot be reached or used', async () => {
    const closed = await freePort()
    expect(await refusal({ DATABASE_URL: `postgres://shop:shop@127.0.0.1:${closed}/shop` })).toBe(
      `Cannot start: DATABASE_URL: nothing answers as PostgreSQL at 127.0.0.1:${closed} (connection refused): is PostgreSQL running there?`,
    )
  })

  it('stops with one line naming DATABASE_URL when PostgreSQL takes the connection and never answers', async () => {
    const silent = createServer(() => {}).listen(0, '127.0.0.1')
    await once(silent, 'listening')
    const { port } = silent.address() as { port: number }
    try {
      const env = {
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://shop:shop@127.0.0.1:${port}/shop`,
      }
      // It exits by itself: the pool's connection still waiting does not hold it (null: killed a minute later).
      const { code, output } = await runServerToExit(env, 60_000)
      expect(code).toBe(1)
      expect(output.trim()).toBe(
        `Cannot start: DATABASE_URL: PostgreSQL at 127.0.0.1:${port} did not answer within 20 s`,
      )
    } finally {
      silent.close()
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)('names a missing PostgreSQL database and how to create it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = '/no_such_shop_database'
    expect(await refusal({ DATABASE_URL: url.toString() })).toMatch(
      /^Cannot start: DATABASE_URL: database no_such_shop_database does not exist .*createdb no_such_shop_database/,
    )
  })

  it('refuses a second process on a running shop’s embedded database, which keeps serving', async () => {
    const env = { DATA_DIR: migratedDataDir() }
    const first = await startServer(env)
    try {
      const line = await refusal(env)
      expect(line).toMatch(/^The embedded database in .* is open in another process \(pid \d+, the shop on port \d+\)/)
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200)
    } finally {
      expect(await first.stop()).toBe(0)
    }
    // Stopped, the shop leaves no lock behind; killed, its lock names a process that is gone and is taken over.
    expect(existsSync(path.join(env.DATA_DIR, 'database.lock'))).toBe(false)
    const killed = await startServer(env)
    killed.process.kill('SIGKILL')
    await killed.stop()
    expect(existsSync(path.join(env.DATA_DIR, 'database.lock'))).toBe(true)
    const again = await startServer(env)
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200)
    expect(await again.stop()).toBe(0)
  })
})

describe('the HTTP layer', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: migratedDataDir(), PUBLIC_URL: 'https://namkeen.example' })
  })
  afterAll(async () => {
    await server.stop()
  })

  it('answers health and readiness', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).text()).toBe('ok')
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
  })

  it('sends security headers, with a nonce for the inline scripts of a visitor’s own page and HSTS on an https origin', async () => {
    // A request with a session cookie is rendered for its visitor; pages for guests come from the page
    // cache with hashes instead (tests/integration/page-cache.test.ts).
    const response = await fetch(server.url, { headers: { cookie: 'malwa.session_token=none' } })
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    const html = await response.text()
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    expect(response.headers.get('x-request-id')).toBeTruthy()
  })

  it('compresses pages for browsers that accept it', async () => {
    const response = await fetch(server.url, { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers.get('content-encoding')).toBe('gzip')
  })

  it("caches fingerprinted assets for a year, with a script's few headers and not a document's", async () => {
    const html = await (await fetch(server.url)).text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
    expect(asset).toBeTruthy()
    const response = await fetch(`${server.url}${asset}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(response.headers.get('content-type')).toBe('text/javascript')
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-request-id'])
      expect(response.headers.get(documentOnly)).toBeNull()
    // A hashed file never changes: its date would only make each of a page's scripts longer.
    expect(response.headers.get('last-modified')).toBeNull()
    // The worker keeps its policy: it is a document of its own kind.
    expect((await fetch(`${server.url}/sw.js`)).headers.get('content-security-policy')).toContain("default-src 'self'")
  })

  it('serves a real favicon', async () => {
    const response = await fetch(`${server.url}/favicon.ico`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/icon/)
  })

  it('refuses a request body over 1 MB before reading it', async () => {
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'x'.repeat(1024 * 1024 + 1)}`,
    })
    expect(response.status).toBe(413)
  })

  it('answers an unknown path with the 404 page', async () => {
    const response = await fetch(`${server.url}/no-such-page`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Oops! Page not found')
  })

  it('stops gracefully on SIGTERM', async () => {
    const other = await startServer({ DATA_DIR: migratedDataDir() })
    expect(await other.stop()).toBe(0)
    expect(other.output()).not.toMatch(/error/i)
  })

  it('on SIGTERM answers a request in flight, then closes its kept-alive connection and the database', async () => {
    const dataDir = migratedDataDir()
    const other = await startServer({ DATA_DIR: dataDir })
    const { port } = new URL(other.url)
    const agent = new http.Agent({ keepAlive: true })
    const body = 'name=Asha&email=asha%40example.in&message=Is+the+sev+fresh%3F'
    const request = http.request(`${other.url}/contact`, {
      method: 'POST',
      agent,
      headers: {
        origin: other.url,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    })
    request.flushHeaders()
    // The server has read the request's head: it is in flight.
    await once(request, 'continue')
    const stopped = other.stop()
    // The server stops listening once it is shutting down; only then does the body arrive.
    while (await listening(Number(port))) await new Promise((resolve) => setTimeout(resolve, 50))
    request.end(body)
    const [response] = (await once(request, 'response')) as [http.IncomingMessage]
    response.resume()
    expect(response.headers.connection).toBe('keep-alive')
    // Kept alive (65 s), the connection would hold the server past its 10 s and exit 1 without closing PGlite.
    expect(await stopped).toBe(0)
    expect(existsSync(path.join(dataDir, 'database.lock'))).toBe(false)
    agent.destroy()
  })
})
