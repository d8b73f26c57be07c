// `npm start`: serves the production build in BUILD_DIR (default build/), building it first only when
// it is missing or was built from other sources than the ones here (scripts/build-fingerprint.ts),
// then runs the server (server/main.ts, which runs the build's bundle of it) in this process. `npm run serve` skips the check.
import { spawnSync } from 'node:child_process'
import { enableCompileCache } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError, parseConfig } from '../app/platform/config.server.ts'
import { buildState } from './build-fingerprint.ts'
import { BUILD_CHECKED } from './server-bundle.ts'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')

// A refused configuration is told before a build the server would not use.
try {
  parseConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`Configuration error: ${error.message}`)
  process.exit(1)
}

const state = buildState(root, buildDir)
if (state !== 'current') {
  console.log(
    state === 'missing'
      ? `No production build in ${path.relative(root, buildDir)}/: building it first.`
      : 'The sources changed since the last build: building again first.',
  )
  // A child process: the build's memory is given back before the server starts.
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/.bin/react-router'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// server/main.ts need not hash the sources again: it runs the bundled server from this build.
;(globalThis as Record<symbol, unknown>)[BUILD_CHECKED] = buildDir
// V8 keeps the code it compiles for the server's thousand-odd modules (and the TypeScript it strips)
// on disk, in the system's temporary folder, and later starts reuse it.
enableCompileCache()
await import('../server/main.ts')
