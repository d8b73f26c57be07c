// The route manifest the browser loads on every page (React Router's assets/manifest-<hash>.js,
// `window.__reactRouterManifest={...};`) without the import lists of the owner's desk's routes. A
// route's `imports` serve only to preload its modules: in a server-rendered page's head, and in the
// browser for a `<Link prefetch>`. The desk's pages are rendered with the server build's own manifest
// (they have no Hindi twin, whose pages read the browser's copy: hindi-build.server.ts), and no link
// prefetches them, so on a shop page the lists were bytes for nothing: 0.6 of the manifest's 4 KB
// (Brotli) in 29 routes, growing with each screen the desk gains. The routes themselves stay, with
// their modules: a navigation from a shop page to the desk needs them. docs/performance.md.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { parseBrowserManifest } from '#app/pwa/precache-list.ts'

const MANIFEST_FILE = /^manifest-[\w-]+\.js$/
const PREFIX = 'window.__reactRouterManifest='

/** A route of the owner's desk (app/routes/admin*.tsx). */
export function isDeskRoute(id: string): boolean {
  return id === 'routes/admin' || id.startsWith('routes/admin.')
}

/** The manifest's script with the desk's routes' import lists emptied; everything else as it was. */
export function withoutDeskImports(script: string): string {
  if (!script.startsWith(PREFIX)) throw new Error('not a React Router browser manifest')
  const manifest = parseBrowserManifest(script)
  for (const route of Object.values(manifest.routes)) if (isDeskRoute(route.id)) route.imports = []
  return `${PREFIX}${JSON.stringify(manifest)};`
}

/** A Vite plugin: rewrites the browser build's manifest after the build (before its language copies). */
export function routeManifest(): Plugin {
  return {
    name: 'malwa:route-manifest',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client
        if (!client) return
        const assets = path.resolve(client.config.root, client.config.build.outDir, 'assets')
        const files = (await readdir(assets)).filter((file) => MANIFEST_FILE.test(file))
        if (files.length !== 1)
          throw new Error(`expected one React Router manifest in ${assets}, found ${files.length}`)
        const file = path.join(assets, files[0]!)
        await writeFile(file, withoutDeskImports(await readFile(file, 'utf8')))
      },
    },
  }
}
