import { describe, expect, it } from 'vitest'
import { parseBrowserManifest } from '#app/pwa/precache-list.ts'
import { isDeskRoute, withoutDeskImports } from './route-manifest.ts'

const route = (id: string, parentId: string, imports: string[]) => ({
  id,
  parentId,
  hasLoader: true,
  module: `/assets/${id.replace('routes/', '')}-A.js`,
  imports,
  css: [],
})
const manifest = {
  entry: { module: '/assets/framework-F.js', imports: ['/assets/runtime-R.js'], css: [] },
  routes: {
    root: { id: 'root', module: '/assets/root-B.js', imports: ['/assets/shell-S.js'], css: [] },
    'routes/home': route('routes/home', 'root', ['/assets/shell-S.js']),
    'routes/administrators': route('routes/administrators', 'root', ['/assets/shell-S.js']),
    'routes/admin': route('routes/admin', 'root', ['/assets/shell-S.js', '/assets/admin-orders-O.js']),
    'routes/admin.sales': route('routes/admin.sales', 'routes/admin', ['/assets/chart-C.js']),
  },
  url: '/assets/manifest-M.js',
  version: 'M',
}
const script = `window.__reactRouterManifest=${JSON.stringify(manifest)};`

describe("the shop's route manifest", () => {
  it("keeps the desk's routes and modules but not their import lists", () => {
    const trimmed = withoutDeskImports(script)
    const { routes } = parseBrowserManifest(trimmed)
    expect(routes['routes/admin']).toEqual({ ...manifest.routes['routes/admin'], imports: [] })
    expect(routes['routes/admin.sales']).toEqual({ ...manifest.routes['routes/admin.sales'], imports: [] })
    expect(trimmed).toBe(
      `window.__reactRouterManifest=${JSON.stringify({
        ...manifest,
        routes: {
          ...manifest.routes,
          'routes/admin': { ...manifest.routes['routes/admin'], imports: [] },
          'routes/admin.sales': { ...manifest.routes['routes/admin.sales'], imports: [] },
        },
      })};`,
    )
  })

  it('knows a desk route by its file, not by a name that starts alike', () => {
    expect(['routes/admin', 'routes/admin.sales', 'routes/admin.orders.$orderId.slip'].every(isDeskRoute)).toBe(true)
    expect(['routes/administrators', 'routes/home', 'root', 'hi/about'].some(isDeskRoute)).toBe(false)
  })

  it('refuses a file that is not the manifest', () => {
    expect(() => withoutDeskImports('console.log(1)')).toThrow('not a React Router browser manifest')
  })
})
