// `npm run bench:server`: the production server's throughput under load, beside a bare Node http
// server in its own process. Runs server/main.ts on the current build (building first if there is
// none) on the embedded database, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set (a database of its own, dropped after). autocannon, 50 connections, a warm-up then a fixed
// duration per path, asking as a browser does (Accept text/html, Accept-Encoding gzip and br): first
// a visitor without cookies, then one with the cookies browsing gives (the language, a remembered PIN
// code), then a shopper with a cart (the guest_cart cookie the cart's answer set). Prints req/s, p50/p99 latency, the ratio to bare http and the server's peak RSS, writes
// bench-results/server.json, stops every process it started by its PID, and fails nothing.
// On PostgreSQL it also measures a page rendered again after a change elsewhere in the shop (a
// product's stock moved, as an order moves it, by another instance): the server's CPU per page.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { GUEST_CART_COOKIE } from '../app/cart/guest-cart.ts'
import { SIZES } from '../app/catalog/sizes.ts'
import { PIN_COOKIE } from '../app/delivery/remembered-pin.ts'
import { LOCALE_COOKIE } from '../app/i18n/locale.ts'
import { createPostgresDatabase } from '../tests/integration/databases.ts'
import { freePort, SERVE_FLAGS } from '../tests/server-process.ts'
import { cpuSeconds } from './drills/lib/process-cpu.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
})
const duration = Number(args.duration)
const warmup = Number(args.warmup)
const connections = Number(args.connections)
const root = fileURLToPath(new URL('..', import.meta.url))
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36',
}

// A benchmark that hangs is worse than one that fails: give up after fifteen minutes.
const deadline = setTimeout(() => {
  console.error('bench:server did not finish in 15 minutes; stopping')
  void stopAll().then(() => process.exit(1))
}, 15 * 60_000)
deadline.unref()

const started = new Set<ChildProcess>()

interface Measure {
  path: string
  visitor: Visitor
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  errors: number
  non2xx: number
  bytesPerRequest: number
  peakRssMb: number | null
}

/** Reads a process's resident set (VmRSS) or its high-water mark (VmHWM) from /proc, in MB. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Math.round(Number(match[1]) / 1024) : null
  } catch {
    return null
  }
}

/** Who asks: the cookies sent with every request of a case. */
type Visitor = 'no cookies' | 'browsing cookies' | 'cart cookie'

async function measure(url: string, pid: number, visitor: Visitor = 'no cookies', cookie = ''): Promise<Measure> {
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS
  await autocannon({ url, connections, duration: warmup, headers })
  let peak: number | null = null
  const sampler = setInterval(() => {
    const now = rssMb(pid, 'VmRSS')
    if (now !== null) peak = Math.max(peak ?? 0, now)
  }, 200)
  const result = await autocannon({ url, connections, duration, headers })
  clearInterval(sampler)
  return {
    path: new URL(url).pathname,
    visitor,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total
      ? Math.round((result.throughput.average * duration) / result.requests.total)
      : 0,
    peakRssMb: peak,
  }
}

/** Spawns a Node process and waits until `readyPath` answers 200; its output is drained, the last few KB kept for errors. */
async function startProcess(
  argv: string[],
  env: Record<string, string>,
  url: string,
  readyPath: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  started.add(child)
  let tail = ''
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const until = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${argv.join(' ')} exited with ${child.exitCode}:\n${tail}`)
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return child
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${argv.join(' ')} was not ready in 180 s:\n${tail}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** SIGTERM by PID, SIGKILL if it has not exited 15 s later. */
async function stop(child: ChildProcess) {
  started.delete(child)
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  process.kill(child.pid!, 'SIGTERM')
  const force = setTimeout(() => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'), 15_000)
  await exited
  clearTimeout(force)
}

async function stopAll() {
  await Promise.all([...started].map((child) => stop(child)))
}

const BARE_SERVER = `
const http = require('node:http')
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': '2' })
  res.end('ok')
})
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
`

async function benchBare(): Promise<Measure> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = await startProcess(['-e', BARE_SERVER], { PATH: process.env.PATH ?? '', PORT: String(port) }, url, '/')
  try {
    return await measure(`${url}/`, child.pid!)
  } finally {
    await stop(child)
  }
}

/** A guest cart with one packet of the product, as the Add to Cart form's answer sets it: the cookie to send back. */
async function cartCookie(url: string, productPath: string): Promise<string> {
  const page = await (await fetch(`${url}${productPath}`)).text()
  const productId = /name="productId" value="([^"]+)"/.exec(page)?.[1]
  if (!productId) throw new Error(`no Add to Cart form on ${productPath}`)
  for (const size of SIZES) {
    const answer = await fetch(`${url}/cart`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'add', productId, size }),
      redirect: 'manual',
    })
    const cookie = answer.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${GUEST_CART_COOKIE}=`) && pair.length > GUEST_CART_COOKIE.length + 1)
    if (cookie) return cookie
  }
  throw new Error(`no size of ${productPath} could be added to a cart`)
}

/** A page asked for after each of a series of changes that leave it as it was. */
interface Renewal {
  path: string
  /** The server's CPU (all its threads) per page, in ms. */
  cpuMs: number
  /** Distinct ETags the page was served with: 1 when each render gave the same page. */
  etags: number
}

const RENEWALS = 200

/**
 * The server's CPU for a page rendered again after a change that leaves it as it was: another
 * instance's order took stock from a product that has plenty (here a packet added, so it never runs
 * out), which moves the page cache's version. One request at a time, so the figure is the page's.
 */
async function renewals(url: string, pid: number, databaseUrl: string, pagePath: string): Promise<Renewal> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const change = () =>
      client.query(
        'update products set stock_250g = stock_250g + 1 where id = (select id from products order by id limit 1)',
      )
    const ask = async () => {
      const answer = await fetch(`${url}${pagePath}`, { headers: BROWSER_HEADERS })
      await answer.arrayBuffer()
      return answer.headers.get('etag')
    }
    for (let i = 0; i < 20; i++) {
      await change()
      await ask()
    }
    const etags = new Set<string | null>()
    const before = cpuSeconds([pid])
    for (let i = 0; i < RENEWALS; i++) {
      await change()
      etags.add(await ask())
    }
    return { path: pagePath, cpuMs: ((cpuSeconds([pid]) - before) * 1000) / RENEWALS, etags: etags.size }
  } finally {
    await client.end()
  }
}

interface ServerRun {
  database: 'pglite' | 'postgres'
  measures: Measure[]
  /** PostgreSQL only: pages rendered again after a change elsewhere. */
  renewals: Renewal[]
  /** After start-up and one page, before any load. */
  restRssMb: number | null
  /** VmHWM: the measured process's high-water mark, its start-up included. */
  peakRssMb: number | null
}

async function benchShop(database: 'pglite' | 'postgres'): Promise<ServerRun> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'))
  let drop = async () => {}
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    // An open shop: a showcase has no cart.
    SHOWCASE_MODE: 'false',
  }
  if (database === 'postgres') {
    process.env.TEST_DATABASE_URL = postgresUrl
    const created = await createPostgresDatabase()
    drop = created.drop
    env.DATABASE_URL = created.url
  }
  let child: ChildProcess | null = null
  try {
    // Measured as a shop runs after its first day: the first start (which creates and seeds the
    // database) is one process, the measured server the next one, on Node's flags from `npm run serve`.
    await stop(await startProcess([...SERVE_FLAGS, 'server/main.ts'], env, url, '/readyz'))
    child = await startProcess([...SERVE_FLAGS, 'server/main.ts'], env, url, '/readyz')
    const listing = await (await fetch(`${url}/products`)).text()
    const productPath = /href="(\/products\/[^"?#/]+)"/.exec(listing)?.[1]
    if (!productPath) throw new Error('no product link on /products')
    const restRssMb = rssMb(child.pid!, 'VmRSS')
    const cases: [Visitor, string, string[]][] = [
      ['no cookies', '', ['/healthz', '/', '/products', productPath, '/about', '/hi', '/hi/products']],
      ['browsing cookies', `${LOCALE_COOKIE}=hi; ${PIN_COOKIE}=452001`, ['/hi/products']],
      ['cart cookie', await cartCookie(url, productPath), ['/', '/products', productPath, '/about']],
    ]
    const measures: Measure[] = []
    for (const [visitor, cookie, paths] of cases) {
      for (const pagePath of paths) {
        measures.push(await measure(`${url}${pagePath}`, child.pid!, visitor, cookie))
        console.error(`  ${database} ${pagePath} (${visitor}): ${measures.at(-1)!.requestsPerSecond} req/s`)
      }
    }
    const peakRssMb = rssMb(child.pid!, 'VmHWM')
    const renewed: Renewal[] = []
    if (env.DATABASE_URL) {
      for (const pagePath of ['/', '/products', productPath, '/about']) {
        renewed.push(await renewals(url, child.pid!, env.DATABASE_URL, pagePath))
      }
    }
    return { database, measures, renewals: renewed, restRssMb, peakRssMb }
  } finally {
    if (child) await stop(child)
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

try {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) {
    console.error('No production build: building first')
    const built = spawnSync(process.execPath, [path.join(root, 'node_modules/.bin/react-router'), 'build'], {
      cwd: root,
      // The table is the output: the build's log goes to stderr with the progress lines.
      stdio: ['ignore', process.stderr, process.stderr],
    })
    if (built.status !== 0) throw new Error('the build failed')
  }
  console.error(`bench:server: ${connections} connections, ${warmup} s warm-up, ${duration} s per path`)
  const bare = await benchBare()
  console.error(`  bare http: ${bare.requestsPerSecond} req/s`)
  const runs: ServerRun[] = [await benchShop('pglite')]
  if (postgresUrl) runs.push(await benchShop('postgres'))
  else console.error('BENCH_DATABASE_URL / TEST_DATABASE_URL not set: measured the embedded database only')

  const rows: Record<string, string | number | null>[] = runs.flatMap((run) =>
    run.measures.map((m) => ({
      database: run.database,
      path: m.path,
      visitor: m.visitor,
      'req/s': m.requestsPerSecond,
      'x bare': (m.requestsPerSecond / bare.requestsPerSecond).toFixed(3),
      'p50 ms': m.p50Ms,
      'p99 ms': m.p99Ms,
      'bytes/req': m.bytesPerRequest,
      'errors+non2xx': m.errors + m.non2xx,
      'RSS under load MB': m.peakRssMb,
    })),
  )
  rows.unshift({
    database: '-',
    path: 'bare node:http',
    visitor: '-',
    'req/s': bare.requestsPerSecond,
    'x bare': '1.000',
    'p50 ms': bare.p50Ms,
    'p99 ms': bare.p99Ms,
    'bytes/req': bare.bytesPerRequest,
    'errors+non2xx': bare.errors + bare.non2xx,
    'RSS under load MB': bare.peakRssMb,
  })
  console.table(rows)
  for (const run of runs) {
    const underLoad = Math.max(...run.measures.map((m) => m.peakRssMb ?? 0))
    console.log(
      `${run.database}: server RSS at rest ${run.restRssMb} MB, peak under load ${underLoad} MB, high-water mark since start (VmHWM) ${run.peakRssMb} MB`,
    )
  }
  for (const run of runs.filter((candidate) => candidate.renewals.length > 0)) {
    console.log(
      `${run.database}: a page rendered again after a change elsewhere (${RENEWALS} changes, one request each)`,
    )
    console.table(
      run.renewals.map(({ path: page, cpuMs, etags }) => ({
        path: page,
        'server CPU ms': cpuMs.toFixed(1),
        ETags: etags,
      })),
    )
  }
  mkdirSync(path.join(root, 'bench-results'), { recursive: true })
  writeFileSync(
    path.join(root, 'bench-results/server.json'),
    `${JSON.stringify({ date: new Date().toISOString(), connections, warmupSeconds: warmup, durationSeconds: duration, bare, runs }, null, 2)}\n`,
  )
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await stopAll()
}
