// `npm run bench:start`: how long `npm start` takes from launch to the first 200 on `/`, and the
// server's memory (RSS) at rest after a handful of page loads, in each case:
//   pglite             a current build and an existing embedded database (after a clean stop)
//   pglite-after-kill  the same after the server was killed with SIGKILL (an unclean stop)
//   postgres           a current build on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a
//                      database of its own, dropped after)
//   stale-build        the build's sources changed (its fingerprint made wrong: npm start builds
//                      again, into the project's build folder), on the embedded database
// and the first start on an empty database of each kind. `--dir <folder>` measures another checkout
// (e.g. the code before a change); `--runs N` (default 3) repeats each case and reports the median;
// `--skip-stale` leaves out the stale build (three builds on a busy machine take minutes).
// Writes bench-results/start.json (start-<folder>.json for --dir), with where the memory at rest is
// (/proc/<pid>/smaps: the node binary, WebAssembly memory, the rest). Measures, asserts nothing;
// stops every process it starts by PID.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createPostgresDatabase } from '../tests/integration/databases.ts'
import { freePort } from '../tests/server-process.ts'

const here = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const { values: args } = parseArgs({
  options: { dir: { type: 'string' }, runs: { type: 'string', default: '3' }, 'skip-stale': { type: 'boolean' } },
})
const project = path.resolve(args.dir ?? here)
const runs = Number(args.runs)
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const PAGES = ['/', '/products', '/blog', '/about', '/faq']
/** Idle time before RSS is read: long enough for the collector to settle after the page loads. */
const REST_MS = 5000
/** /proc reports CPU time in clock ticks: 100 a second on Linux. */
const CLOCK_TICKS = 100

interface Measure {
  firstOkMs: number
  /** CPU time (user + system) of the server process by its first 200: steadier than wall time on a busy machine. */
  serverCpuMs: number
  rssMb: number
  /** Where the RSS at rest is (MB), from /proc/<pid>/smaps. */
  split: MemorySplit
}

/**
 * The resident memory by kind of mapping: the `node` binary's pages (its code, built-ins and ICU
 * data), other files, WebAssembly memories (their pages in use, below a reservation of 8 GB or more:
 * PGlite's PostgreSQL, and Node's TypeScript stripper when it ran), glibc's main heap, and the other anonymous
 * memory (V8's heap and compiled code, compiled WebAssembly, thread stacks, allocator arenas).
 */
interface MemorySplit {
  nodeBinaryMb: number
  otherFilesMb: number
  webAssemblyMemoryMb: number
  mallocHeapMb: number
  otherAnonymousMb: number
}

function memorySplit(pid: number): MemorySplit {
  const mappings: { start: number; end: number; perms: string; name: string; rssKb: number }[] = []
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (mapping) {
      const [, start, end, perms, name] = mapping as unknown as [string, string, string, string, string]
      mappings.push({ start: Number.parseInt(start, 16), end: Number.parseInt(end, 16), perms, name, rssKb: 0 })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && mappings.length) mappings.at(-1)!.rssKb += Number(rss[1])
  }
  const kb = { nodeBinaryMb: 0, otherFilesMb: 0, webAssemblyMemoryMb: 0, mallocHeapMb: 0, otherAnonymousMb: 0 }
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1]
    // A WebAssembly memory: its accessible pages, then the rest of its reservation (guard pages).
    const webAssembly =
      !mapping.name &&
      mapping.perms.startsWith('rw') &&
      next !== undefined &&
      next.start === mapping.end &&
      !next.name &&
      next.perms.startsWith('---') &&
      next.end - mapping.start >= 4 * 1024 ** 3
    const kind: keyof MemorySplit =
      mapping.name === '[heap]'
        ? 'mallocHeapMb'
        : mapping.name.startsWith('/')
          ? path.basename(mapping.name) === 'node'
            ? 'nodeBinaryMb'
            : 'otherFilesMb'
          : webAssembly
            ? 'webAssemblyMemoryMb'
            : 'otherAnonymousMb'
    kb[kind] += mapping.rssKb
  })
  return Object.fromEntries(
    Object.entries(kb).map(([name, value]) => [name, Math.round(value / 1024)]),
  ) as unknown as MemorySplit
}

/** The fields of /proc/<pid>/stat after the command name (state, parent, ...: field 3 onwards). */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** The process ids under `pid` (children first seen in /proc), deepest last. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const parent = Number(statFields(entry)[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = []
  const walk = (id: number) => {
    for (const child of children.get(id) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

function cpuMs(pid: number): number {
  const [utime, stime] = statFields(pid).slice(11, 13).map(Number)
  return Math.round(((utime! + stime!) * 1000) / CLOCK_TICKS)
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** The shop's server: the deepest `node` under npm (npm, then sh, then node). */
function serverPid(npm: ChildProcess): number {
  const nodes = descendants(npm.pid!).filter((pid) => {
    try {
      return path.basename(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!) === 'node'
    } catch {
      return false
    }
  })
  const pid = nodes.at(-1)
  if (pid === undefined) throw new Error('no server process under npm start')
  return pid
}

const killQuietly = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal)
  } catch {
    // already gone
  }
}

/** Runs `npm start` in the project, waits for a 200 on `/`, loads pages, rests, reads the server's RSS. */
async function measureStart(env: Record<string, string>, stop: 'clean' | 'kill'): Promise<Measure> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const npm = spawn('npm', ['start'], {
    cwd: project,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  npm.stderr!.on('data', (chunk) => (errors += chunk))
  const exited = once(npm, 'exit')
  try {
    let firstOkMs = 0
    let serverCpuMs = 0
    while (!firstOkMs) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${errors}`)
      if (performance.now() - started > 180_000) throw new Error(`no 200 on / in 180 s:\n${errors}`)
      try {
        const response = await fetch(url)
        await response.arrayBuffer()
        if (response.status === 200) {
          firstOkMs = Math.round(performance.now() - started)
          serverCpuMs = cpuMs(serverPid(npm))
        }
      } catch {
        // not listening yet
      }
      if (!firstOkMs) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    for (let round = 0; round < 3; round++) {
      for (const page of PAGES) await (await fetch(url + page)).arrayBuffer()
    }
    await new Promise((resolve) => setTimeout(resolve, REST_MS))
    const server = serverPid(npm)
    const rss = rssMb(server)
    const split = memorySplit(server)
    killQuietly(server, stop === 'kill' ? 'SIGKILL' : 'SIGTERM')
    return { firstOkMs, serverCpuMs, rssMb: rss, split }
  } finally {
    const timer = setTimeout(() => {
      for (const pid of [...descendants(npm.pid!), npm.pid!]) killQuietly(pid, 'SIGKILL')
    }, 15_000)
    if (npm.exitCode === null) {
      for (const pid of descendants(npm.pid!)) killQuietly(pid, 'SIGTERM')
      await exited
    }
    clearTimeout(timer)
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2)
}

async function repeat(
  name: string,
  times: number,
  measure: () => Promise<Measure>,
): Promise<Measure & { runs: Measure[] }> {
  const measured: Measure[] = []
  for (let run = 0; run < times; run++) measured.push(await measure())
  const result = {
    firstOkMs: median(measured.map((m) => m.firstOkMs)),
    serverCpuMs: median(measured.map((m) => m.serverCpuMs)),
    rssMb: median(measured.map((m) => m.rssMb)),
    split: Object.fromEntries(
      Object.keys(measured[0]!.split).map((name) => [
        name,
        median(measured.map((m) => m.split[name as keyof MemorySplit])),
      ]),
    ) as unknown as MemorySplit,
    runs: measured,
  }
  console.log(
    `${name.padEnd(24)} first 200 on / ${String(result.firstOkMs).padStart(6)} ms   server CPU ${String(result.serverCpuMs).padStart(5)} ms   RSS at rest ${String(result.rssMb).padStart(4)} MB   (runs: ${measured.map((m) => `${m.firstOkMs} ms, ${m.serverCpuMs} ms CPU, ${m.rssMb} MB`).join('; ')})`,
  )
  const { split } = result
  console.log(
    `${''.padEnd(24)} at rest: node binary ${split.nodeBinaryMb} MB, WebAssembly memory ${split.webAssemblyMemoryMb} MB, other anonymous (V8 heap and code, compiled WebAssembly, stacks) ${split.otherAnonymousMb} MB, malloc heap ${split.mallocHeapMb} MB, other files ${split.otherFilesMb} MB`,
  )
  return result
}

const temporary = mkdtempSync(path.join(tmpdir(), 'bench-start-'))
const results: Record<string, unknown> = {
  project,
  date: new Date().toISOString(),
  cores: (await import('node:os')).availableParallelism(),
  loadAverageBefore: loadavg().map((load) => Math.round(load * 100) / 100),
}
try {
  console.log(`npm start in ${project}, ${runs} run(s) a case, load average ${results.loadAverageBefore}`)
  const pgliteEnv = { DATA_DIR: path.join(temporary, 'data') }
  // The first start also builds when the build is missing or stale: a warm-up for what follows.
  results['pglite-first-start'] = await repeat('pglite, first start', 1, () => measureStart(pgliteEnv, 'clean'))
  results.pglite = await repeat('pglite', runs, () => measureStart(pgliteEnv, 'clean'))
  await measureStart(pgliteEnv, 'kill')
  results['pglite-after-kill'] = await repeat('pglite after kill -9', runs, () => measureStart(pgliteEnv, 'kill'))

  if (postgresServer) {
    process.env.TEST_DATABASE_URL = postgresServer
    const { url, drop } = await createPostgresDatabase()
    try {
      const postgresEnv = { DATABASE_URL: url, DATA_DIR: path.join(temporary, 'data-postgres') }
      results['postgres-first-start'] = await repeat('postgres, first start', 1, () =>
        measureStart(postgresEnv, 'clean'),
      )
      results.postgres = await repeat('postgres', runs, () => measureStart(postgresEnv, 'clean'))
    } finally {
      await drop()
    }
  } else console.log('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')

  // The build's fingerprint made wrong: npm start builds again, into the project's own build folder.
  const fingerprint = path.resolve(project, process.env.BUILD_DIR ?? 'build', 'fingerprint.json')
  if (!args['skip-stale']) {
    results['stale-build'] = await repeat('stale build', runs, () => {
      if (existsSync(fingerprint)) writeFileSync(fingerprint, '{"sources":"not these sources"}\n')
      return measureStart(pgliteEnv, 'clean')
    })
  }
} finally {
  rmSync(temporary, { recursive: true, force: true })
}

results.loadAverageAfter = loadavg().map((load) => Math.round(load * 100) / 100)
// Another checkout's figures go beside this one's, named after its folder.
const output = `bench-results/${project === here ? 'start' : `start-${path.basename(project)}`}.json`
mkdirSync(path.join(here, 'bench-results'), { recursive: true })
writeFileSync(path.join(here, output), `${JSON.stringify(results, null, 2)}\n`)
console.log(`wrote ${output}`)
