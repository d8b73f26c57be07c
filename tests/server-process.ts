// Starts the production server (server/main.ts on the project's Node) on a free loopback port, and
// stops it by its PID. Used by the integration suite and by the end-to-end global setup.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The first port the kernel hands out for outgoing connections (Linux's default; IANA's elsewhere). */
const EPHEMERAL_FROM = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768
  } catch {
    return 49_152
  }
})()

/**
 * A loopback port nothing listens on, from below the kernel's ephemeral range: a port from inside it
 * (what `listen(0)` gives) can be taken as the local end of any outgoing connection on the machine
 * while a server is between a stop and its restart, and its next start then fails as "in use".
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * (EPHEMERAL_FROM - 10_000))
    const server = createServer()
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (!listening) continue
    server.close()
    await once(server, 'close')
    return port
  }
}

export function temporaryDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'shop-data-'))
}

/** What `npm run <script>` gives Node after its name, without the .env file a test must not read. */
export function scriptArguments(script: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [node, ...words] = scripts[script]!.split(/\s+/)
  if (node !== 'node') throw new Error(`npm run ${script} does not run node`)
  return words.filter((word) => !word.startsWith('--env-file'))
}

/** Node's own flags in `npm run serve` (memory and compilers). */
export const SERVE_FLAGS = scriptArguments('serve').filter((word) => word.startsWith('--'))

export interface RunningServer {
  url: string
  process: ChildProcess
  output: () => string
  stop: () => Promise<number | null>
}

/**
 * Runs server/main.ts (or `entry`, such as scripts/start.ts) with the given environment (on top of a
 * clean one), Node flags (SERVE_FLAGS: as `npm run serve` runs) and the entry's own arguments, and
 * waits until it is ready.
 */
export async function startServer(
  env: Record<string, string> = {},
  entry = 'server/main.ts',
  nodeFlags: string[] = [],
  args: string[] = [],
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...nodeFlags, entry, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: temporaryDataDir(),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = once(child, 'exit')

  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not become ready in 180 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const [code] = await exited
      return code as number | null
    },
  }
}

/**
 * Runs server/main.ts expecting it to exit (a refused configuration); returns its exit code and output,
 * or a null code if it was still running `killAfterMs` later.
 */
export async function runServerToExit(
  env: Record<string, string>,
  killAfterMs = 30_000,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/main.ts', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      DATA_DIR: temporaryDataDir(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
  const [code] = await once(child, 'exit')
  clearTimeout(timer)
  return { code: code as number | null, output }
}
