// How the shop's messages (messages/{locale}.json, project.inlang) are compiled into message functions
// (app/paraglide, generated, not in git): one set of options for the Vite build (the plugin), Vitest's
// global setup and `npm run messages` (which `npm run typecheck` runs first). docs/decisions/024-hindi.md.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { type CompilerOptions, compile } from '@inlang/paraglide-js'

export const MESSAGE_OPTIONS = {
  project: './project.inlang',
  outdir: './app/paraglide',
  // The locale is never found by Paraglide's own strategies: app/i18n sets getLocale (per request on
  // the server, from the page's address in the browser); baseLocale keeps cookie and URL code out.
  strategy: ['baseLocale'],
  emitReadme: false,
  emitPrettierIgnore: false,
  includeEslintDisableComment: false,
} satisfies CompilerOptions

/**
 * Vitest's global setup (vitest.config.ts): compiled in a child process, since the compiler's project
 * store keeps handles open that would hold the test run open after its last test. `npm test` has
 * compiled them already (MESSAGES_COMPILED): compiling empties the folder first, which would pull the
 * files from under the type-check running beside the tests.
 */
export function setup() {
  if (process.env.MESSAGES_COMPILED === '1') return
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: 'inherit' })
  if (run.status !== 0) throw new Error('compiling the messages failed')
}

if (import.meta.main) {
  await compile(MESSAGE_OPTIONS)
  // Everything is written; the compiler's project store leaves a score of timers that held the process
  // (and so the type-check and each Vitest run) about 30 s longer, doing nothing.
  process.exit(0)
}
