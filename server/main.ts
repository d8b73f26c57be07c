// The server's entry (`npm run serve`, `npm start` through scripts/start.ts, the tests' server): runs
// the composition (server/composition.ts) from its bundle in the build folder when the build is
// current, one file instead of the hundred-odd TypeScript modules and Hono's that Node would otherwise
// resolve, strip and compile at every start; from the sources otherwise (development, a build older
// than the sources, a build without the bundle). Both are the same code (scripts/server-bundle.ts).
import './node-env.ts'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildState } from '../scripts/build-fingerprint.ts'
import { BUILD_CHECKED, COMPOSITION_BUNDLE, SOURCE_ROOT } from '../scripts/server-bundle.ts'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
const bundle = path.join(buildDir, COMPOSITION_BUNDLE)
const globals = globalThis as Record<symbol, unknown>

if (!process.argv.includes('--dev') && existsSync(bundle) && buildIsCurrent()) {
  // The bundled modules' import.meta.url stands for their source file under this checkout.
  globals[SOURCE_ROOT] = pathToFileURL(`${root}${path.sep}`).href
  await import(pathToFileURL(bundle).href)
} else {
  await import('./composition.ts')
}

/** scripts/start.ts has just checked (and made) the build; otherwise the fingerprint says (about 20 ms). */
function buildIsCurrent(): boolean {
  return globals[BUILD_CHECKED] === buildDir || buildState(root, buildDir) === 'current'
}
