import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { hindiAssetUrl, hindiManifest } from './hindi-build.server.ts'

const manifest = {
  entry: { module: '/assets/framework-F.js', imports: [] },
  routes: { root: { id: 'root', module: '/assets/root-R.js' } },
  url: '/assets/manifest-M.js',
  version: 'M',
} as unknown as ServerBuild['assets']

describe('the server build for Hindi pages', () => {
  it('takes the entry, routes and address of the Hindi copy’s manifest, the rest of the build’s', () => {
    const copy = {
      entry: manifest.entry,
      routes: { root: { id: 'root', module: '/assets/hi/root-R.js' } },
      url: '/assets/hi/manifest-M.js',
      version: 'M',
    }
    const hindi = hindiManifest(manifest, `window.__reactRouterManifest=${JSON.stringify(copy)};`)
    expect(hindi.routes.root?.module).toBe('/assets/hi/root-R.js')
    expect(hindi.entry.module).toBe('/assets/framework-F.js')
    expect(hindi.url).toBe('/assets/hi/manifest-M.js')
    expect(hindi.version).toBe('M')
  })

  it('refuses a manifest of another build', () => {
    const other = { entry: manifest.entry, routes: manifest.routes, url: '/assets/hi/manifest-N.js', version: 'N' }
    expect(() => hindiManifest(manifest, `window.__reactRouterManifest=${JSON.stringify(other)};`)).toThrow(
      /not of this build/,
    )
    expect(() => hindiAssetUrl('/images/x.js')).toThrow()
  })
})
