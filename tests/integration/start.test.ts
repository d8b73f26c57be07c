// What `npm start` serves: the existing build when it was made from the sources as they are, a new
// build when it is missing or stale (scripts/start.ts, scripts/build-fingerprint.ts); and a restart
// after an unclean stop of the embedded database still serves, seeding nothing twice.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '#app/catalog/schema.ts'
import { openDatabase } from '#app/platform/db.server.ts'
import { buildState, computeFingerprint, FINGERPRINT_FILE } from '../../scripts/build-fingerprint.ts'
import { COMPOSITION_BUNDLE } from '../../scripts/server-bundle.ts'
import { startServer, temporaryDataDir } from '../server-process.ts'
import { migratedDataDir } from './databases.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the build-or-serve decision', () => {
  let tree: string
  let buildDir: string
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true })
    writeFileSync(path.join(tree, file), content)
  }
  const recordBuild = () => {
    write('build/server/index.js', 'export {}')
    writeFileSync(path.join(buildDir, FINGERPRINT_FILE), JSON.stringify({ sources: computeFingerprint(tree) }))
  }

  beforeAll(() => {
    tree = mkdtempSync(path.join(tmpdir(), 'shop-sources-'))
    buildDir = path.join(tree, 'build')
    write('app/root.tsx', 'export default function Root() {}')
    write('app/catalog/sizes.ts', 'export const SIZES = [250, 500, 1000]')
    write('app/catalog/sizes.test.ts', 'test("sizes")')
    write('public/favicon.ico', 'icon')
    write('package-lock.json', '{"lockfileVersion": 3}')
    write('vite.config.ts', 'export default {}')
    write('messages/hi.json', '{"nav_home": "होम"}')
    write('project.inlang/settings.json', '{"baseLocale": "en", "locales": ["en", "hi"]}')
  })
  afterAll(() => rmSync(tree, { recursive: true, force: true }))

  it('builds when there is no build', () => {
    expect(buildState(tree, buildDir)).toBe('missing')
  })

  it('serves a build made from the sources as they are', () => {
    recordBuild()
    expect(buildState(tree, buildDir)).toBe('current')
  })

  it('builds again after a source, a public file, the lockfile, the build configuration or a message changed', () => {
    for (const [file, content] of [
      ['app/catalog/sizes.ts', 'export const SIZES = [250, 500]'],
      ['public/favicon.ico', 'a new icon'],
      ['package-lock.json', '{"lockfileVersion": 3, "packages": {}}'],
      ['vite.config.ts', 'export default { build: {} }'],
      ['app/catalog/new-rule.ts', 'export const rule = 1'],
      ['messages/hi.json', '{"nav_home": "मुखपृष्ठ"}'],
      ['project.inlang/settings.json', '{"baseLocale": "en", "locales": ["en", "hi", "mr"]}'],
    ] as const) {
      recordBuild()
      write(file, content)
      expect(buildState(tree, buildDir), file).toBe('stale')
    }
  })

  it('builds again when the build has no fingerprint (an interrupted or older build)', () => {
    recordBuild()
    rmSync(path.join(buildDir, FINGERPRINT_FILE))
    expect(buildState(tree, buildDir)).toBe('stale')
  })

  it('does not build again for the compiled messages (app/paraglide) or the compiler cache, which the build writes itself', () => {
    recordBuild()
    write('app/paraglide/messages/nav_home.js', 'export const nav_home = () => "Home"')
    write('project.inlang/cache/paraglide-js/1.json', '{}')
    expect(buildState(tree, buildDir)).toBe('current')
  })

  it('does not build again for a changed test, which no build reads', () => {
    recordBuild()
    write('app/catalog/sizes.test.ts', 'test("sizes, again")')
    expect(buildState(tree, buildDir)).toBe('current')
  })
})

describe('npm start (scripts/start.ts)', () => {
  // A build folder of this test's own inside the project (the server build finds node_modules there).
  let buildDir: string
  let env: Record<string, string>
  beforeAll(() => {
    buildDir = mkdtempSync(path.join(root, 'build-start-test-'))
    env = { BUILD_DIR: buildDir, DATA_DIR: temporaryDataDir() }
  })
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }))

  it('builds a missing build, records its fingerprint, and serves it', async () => {
    const server = await startServer(env, 'scripts/start.ts')
    try {
      expect((await fetch(server.url)).status).toBe(200)
      expect(server.output()).toContain('No production build')
      const recorded = JSON.parse(readFileSync(path.join(buildDir, FINGERPRINT_FILE), 'utf8'))
      expect(recorded.sources).toBe(computeFingerprint(root))
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('serves a current build without building it again', async () => {
    const server = await startServer(env, 'scripts/start.ts')
    try {
      expect((await fetch(server.url)).status).toBe(200)
      expect(server.output()).not.toContain('building')
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  // Names every module of the composition the server loads, its bundle's or its sources'.
  const TELL_COMPOSITION = `--import=data:text/javascript,${encodeURIComponent(String.raw`
    import { registerHooks } from 'node:module'
    registerHooks({
      load(url, context, next) {
        if (/server-composition\/composition\.js$|server\/composition\.ts$/.test(url)) process.stderr.write('composition: ' + url + '\n')
        return next(url, context)
      },
    })`)}`

  it('runs the server from the build’s bundle of it when the build is current, and from its sources when not', async () => {
    expect(existsSync(path.join(buildDir, COMPOSITION_BUNDLE))).toBe(true)
    const bundled = await startServer(env, 'scripts/start.ts', [TELL_COMPOSITION])
    try {
      expect((await fetch(bundled.url)).status).toBe(200)
      expect(bundled.output()).toContain(`composition: ${pathToFileURL(path.join(buildDir, COMPOSITION_BUNDLE)).href}`)
      expect(bundled.output()).not.toContain('server/composition.ts')
    } finally {
      expect(await bundled.stop()).toBe(0)
    }
    // A build older than the sources (npm run serve does not rebuild): the sources run.
    const fingerprint = path.join(buildDir, FINGERPRINT_FILE)
    const recorded = readFileSync(fingerprint, 'utf8')
    writeFileSync(fingerprint, '{"sources":"other sources"}\n')
    const fromSources = await startServer(env, 'server/main.ts', [TELL_COMPOSITION])
    try {
      expect((await fetch(fromSources.url)).status).toBe(200)
      expect(fromSources.output()).toContain('server/composition.ts')
      expect(fromSources.output()).not.toContain('server-composition')
    } finally {
      expect(await fromSources.stop()).toBe(0)
      writeFileSync(fingerprint, recorded)
    }
  })
})

describe('a restart after the embedded database was killed', () => {
  let env: { DATA_DIR: string }
  beforeAll(async () => {
    env = { DATA_DIR: migratedDataDir() }
  })
  const countProducts = async () => {
    const database = await openDatabase({ dataDir: env.DATA_DIR })
    try {
      return await database.db.$count(products)
    } finally {
      await database.close()
    }
  }

  it('serves the shop again with its data, seeding nothing twice', async () => {
    const first = await startServer(env)
    expect((await fetch(first.url)).status).toBe(200)
    first.process.kill('SIGKILL')
    expect(await first.stop()).toBeNull()

    const again = await startServer(env)
    try {
      const response = await fetch(again.url)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('Premium Ratlami Sev')
    } finally {
      expect(await again.stop()).toBe(0)
    }
    expect(await countProducts()).toBe(12)
  })
})
