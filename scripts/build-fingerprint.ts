// The production build's fingerprint: one hash of everything `react-router build` reads (the app's
// sources, public files, build configuration and the lockfile) and of the server's sources, which
// the build bundles (scripts/server-bundle.ts). The build writes it into the build folder (a Vite
// plugin, used by vite.config.ts, so `npm run build`, `npx react-router build` and `npm test` all
// keep it true); `npm start` rebuilds only when it is missing or differs, and server/main.ts runs the
// bundled server only when it matches.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin, ViteBuilder } from 'vite'
import { bundleServer } from './server-bundle.ts'

/** Folders and files, relative to the project root, whose content makes the build. */
export const BUILD_INPUTS = [
  'app',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'tsconfig.sw.json',
  'scripts/build-fingerprint.ts',
  'scripts/precompress.ts',
  // The messages: compiled into app/paraglide by the build itself, so a changed message changes the build.
  'messages',
  'project.inlang/settings.json',
  'scripts/messages.ts',
  // The server's composition, bundled into the build folder by the build (scripts/server-bundle.ts).
  'server',
  'scripts/server-bundle.ts',
]

/** Tests live beside the code they prove, but no build reads them. */
const NOT_READ_BY_THE_BUILD = /\.test\.tsx?$/
/** Written by the build from `messages` (scripts/messages.ts): the messages count, not this copy of them. */
const GENERATED = path.join('app', 'paraglide')

export const FINGERPRINT_FILE = 'fingerprint.json'

/** sha256 over the sorted paths and contents of BUILD_INPUTS (a missing input counts as absent). */
export function computeFingerprint(root: string): string {
  const files: string[] = []
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input)
    if (!existsSync(full)) continue
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name)
        if (entry.isFile() && !NOT_READ_BY_THE_BUILD.test(entry.name) && !isGenerated(root, file)) files.push(file)
      }
    } else files.push(full)
  }
  const hash = createHash('sha256')
  for (const file of files.map((file) => path.relative(root, file).split(path.sep).join('/')).sort()) {
    const content = readFileSync(path.join(root, file))
    hash.update(`${file}\0${content.length}\0`).update(content)
  }
  return hash.digest('hex')
}

function isGenerated(root: string, file: string) {
  const relative = path.relative(root, file)
  return relative === GENERATED || relative.startsWith(`${GENERATED}${path.sep}`)
}

export type BuildState = 'current' | 'missing' | 'stale'

/** Whether `buildDir` holds a build of the sources under `root` as they are now. */
export function buildState(root: string, buildDir: string): BuildState {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) return 'missing'
  let recorded: string | undefined
  try {
    recorded = (JSON.parse(readFileSync(path.join(buildDir, FINGERPRINT_FILE), 'utf8')) as { sources?: string }).sources
  } catch {
    return 'stale'
  }
  return recorded === computeFingerprint(root) ? 'current' : 'stale'
}

/**
 * Vite plugins: before the build, hash the inputs and remove the old fingerprint (a failed build then
 * leaves none); after every environment is built, bundle the server's composition beside them and
 * write the hash into the build folder.
 */
export function buildFingerprint(): Plugin[] {
  let fingerprint = ''
  const buildDirOf = (builder: ViteBuilder) => {
    const client = builder.environments.client
    return client ? path.dirname(path.resolve(client.config.root, client.config.build.outDir)) : null
  }
  return [
    {
      name: 'malwa:build-fingerprint:sources',
      apply: 'build',
      buildApp: {
        order: 'pre',
        async handler(builder) {
          const buildDir = buildDirOf(builder)
          if (!buildDir) return
          fingerprint = computeFingerprint(builder.config.root)
          rmSync(path.join(buildDir, FINGERPRINT_FILE), { force: true })
        },
      },
    },
    {
      name: 'malwa:build-fingerprint:write',
      apply: 'build',
      buildApp: {
        order: 'post',
        async handler(builder) {
          const buildDir = buildDirOf(builder)
          if (!buildDir || !fingerprint) return
          await bundleServer(builder.config.root, buildDir)
          writeFileSync(path.join(buildDir, FINGERPRINT_FILE), `${JSON.stringify({ sources: fingerprint })}\n`)
        },
      },
    },
  ]
}
