// Builds the service worker after React Router's browser build (a Vite plugin, used by
// vite.config.ts): bundles app/pwa/sw.ts with the Workbox modules it imports into one classic script,
// then lets workbox-build inject this build's precache list and write it to <client>/sw.js.
// Runs in `react-router build` (and so in `npm run build`, `npm start` and `npm test`); the
// development server has no service worker.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { HINDI_FOLDER } from '../i18n/hindi-build.server.ts'
import { browsingModules, laterFiles, parseBrowserManifest, shellAssetFiles } from './precache-list.ts'

const SOURCE = fileURLToPath(new URL('./sw.ts', import.meta.url))

/**
 * Files outside the shell's modules that the worker precaches: what notifications and the offline
 * page show, and the stand-in for pictures not loaded before going offline.
 */
const STATIC_FILES = [
  'icons/icon-192.png',
  'icons/badge-96.png',
  'icons/icon.svg',
  'favicon.ico',
  'images/offline-picture.svg',
]

export function serviceWorker(): Plugin {
  return {
    name: 'malwa:service-worker',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client
        if (!client) return
        const clientDir = path.resolve(client.config.root, client.config.build.outDir)
        await buildServiceWorker(clientDir, client.config.logger.info.bind(client.config.logger))
      },
    },
  }
}

async function buildServiceWorker(clientDir: string, log: (message: string) => void) {
  const [{ build }, { injectManifest }] = await Promise.all([import('vite'), import('workbox-build')])
  const manifestFile = (await readdir(path.join(clientDir, 'assets'))).find((file) => /^manifest-.*\.js$/.test(file))
  if (!manifestFile) throw new Error(`no React Router browser manifest in ${clientDir}/assets`)
  // The shell in each language (app/i18n/language-copies.ts): the Hindi copy's own files and the
  // files both share, which the English list already has.
  const manifests = [`assets/${manifestFile}`, `assets/${HINDI_FOLDER}/${manifestFile}`]
  const precachedFiles = new Set<string>()
  for (const manifest of manifests) {
    const parsed = parseBrowserManifest(await readFile(path.join(clientDir, manifest), 'utf8'))
    for (const file of shellAssetFiles(parsed)) precachedFiles.add(file)
    // What the browsing pages hydrate later, so that it works offline on a page visited before.
    for (const module of browsingModules(parsed))
      for (const file of laterFiles(await readFile(path.join(clientDir, module), 'utf8'))) precachedFiles.add(file)
  }

  const temporary = await mkdtemp(path.join(tmpdir(), 'sw-build-'))
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      // Workbox's modules log in development builds only.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: temporary,
        emptyOutDir: true,
        target: 'es2022',
        minify: true,
        copyPublicDir: false,
        lib: { entry: SOURCE, formats: ['iife'], name: 'shopServiceWorker', fileName: () => 'sw.js' },
      },
    })
    const { count, size, warnings } = await injectManifest({
      swSrc: path.join(temporary, 'sw.js'),
      swDest: path.join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      // The stylesheet: pages that hydrate link it (app/shell/page-styles.tsx), outside the manifest.
      // The route manifests: every page imports its language's (react-router.config.ts, routeDiscovery 'initial').
      globPatterns: [...STATIC_FILES, ...precachedFiles, ...manifests, 'assets/*.css'],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    })
    for (const warning of warnings) log(`service worker: ${warning}`)
    log(`service worker: sw.js precaches ${count} files (${Math.round(size / 1024)} kB)`)
  } finally {
    await rm(temporary, { recursive: true, force: true })
  }
}
