// The server build as Hindi pages use it: the same build, whose manifest names the browser build's
// Hindi copy (written by language-copies.ts into assets/hi, with its own React Router manifest), so
// a Hindi page's preloads, its module script and the routes it loads later are the Hindi copies.
// server/app.ts hands the pages under /hi to a request handler of this build.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { parseBrowserManifest } from '#app/pwa/precache-list.ts'

/** The Hindi copy's folder, inside the browser build's assets. */
export const HINDI_FOLDER = 'hi'

type AssetsManifest = ServerBuild['assets']

/** `/assets/x.js` in the Hindi copy. */
export function hindiAssetUrl(url: string): string {
  if (!url.startsWith('/assets/')) throw new Error(`${url} is not a file of the browser build`)
  return `/assets/${HINDI_FOLDER}/${url.slice('/assets/'.length)}`
}

/** The build's manifest with the Hindi copy's entry and routes (`script`: the copy's manifest file). */
export function hindiManifest(manifest: AssetsManifest, script: string): AssetsManifest {
  const copy = parseBrowserManifest(script) as unknown as Partial<AssetsManifest>
  if (copy.version !== manifest.version || copy.url !== hindiAssetUrl(manifest.url) || !copy.entry || !copy.routes)
    throw new Error(`the Hindi copy's manifest is not of this build (${manifest.url})`)
  return { ...manifest, entry: copy.entry, routes: copy.routes, url: copy.url }
}

/** The build for Hindi pages; `clientDir`: the browser build's folder. */
export function hindiBuild(build: ServerBuild, clientDir: string): ServerBuild {
  const file = path.join(clientDir, hindiAssetUrl(build.assets.url))
  return { ...build, assets: hindiManifest(build.assets, readFileSync(file, 'utf8')) }
}
