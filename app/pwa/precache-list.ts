// Which build files the service worker precaches: the shell every page runs on (the browser entry
// and the root route, their imports and styles), and the parts the browsing pages hydrate later
// (app/shell/hydrate-later.tsx). Route modules are not precached: a shopper would download every
// page's code at install, on a 3G phone; the worker keeps each page's modules when the page is
// visited instead (cache first, they are hashed), which is all a page read offline needs. A part
// hydrated later is fetched only when the shopper comes near it, perhaps after going offline.
// Pure: it reads React Router's browser manifest, which the build writes as
// `assets/manifest-<hash>.js` (`window.__reactRouterManifest={...}`).

interface ManifestModule {
  module: string
  imports?: string[]
  css?: string[]
}

export interface BrowserManifest {
  entry: ManifestModule
  routes: Record<string, ManifestModule & { id: string }>
}

/** Reads the manifest out of the script the build wrote. */
export function parseBrowserManifest(script: string): BrowserManifest {
  const start = script.indexOf('{')
  const end = script.lastIndexOf('}')
  if (start < 0 || end < start) throw new Error('not a React Router browser manifest')
  return JSON.parse(script.slice(start, end + 1)) as BrowserManifest
}

/** The shell's files, relative to the browser build folder (no leading slash), sorted. */
export function shellAssetFiles(manifest: BrowserManifest): string[] {
  const root = manifest.routes.root
  if (!root) throw new Error('the browser manifest has no root route')
  const files = new Set<string>()
  for (const part of [manifest.entry, root]) {
    for (const file of [part.module, ...(part.imports ?? []), ...(part.css ?? [])]) files.add(file.replace(/^\//, ''))
  }
  return [...files].sort()
}

/** The pages a visitor browses first: their later parts are precached. */
export const BROWSING_ROUTES = ['routes/home', 'routes/products', 'routes/product']

/**
 * The files a built module loads later (its dynamic imports with what they import, as Vite's preload
 * list `__vite__mapDeps` names them), relative to the browser build folder.
 */
export function laterFiles(module: string): string[] {
  const list = /__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)/.exec(module)
  return list ? (JSON.parse(list[1]!) as string[]) : []
}

/** The modules of the browsing pages, relative to the browser build folder. */
export function browsingModules(manifest: BrowserManifest): string[] {
  return BROWSING_ROUTES.map((id) => {
    const route = manifest.routes[id]
    if (!route) throw new Error(`the browser manifest has no ${id}`)
    return route.module.replace(/^\//, '')
  })
}
