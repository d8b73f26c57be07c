import { describe, expect, it } from 'vitest'
import { browsingModules, laterFiles, parseBrowserManifest, shellAssetFiles } from './precache-list.ts'

const script = `window.__reactRouterManifest=${JSON.stringify({
  entry: { module: '/assets/entry.client-A.js', imports: ['/assets/jsx-runtime-B.js'], css: [] },
  routes: {
    root: {
      id: 'root',
      module: '/assets/root-C.js',
      imports: ['/assets/jsx-runtime-B.js'],
      css: ['/assets/root-D.css'],
    },
    'routes/admin': { id: 'routes/admin', module: '/assets/admin-E.js', imports: ['/assets/chart-F.js'] },
  },
  version: 'abc',
})};`

describe('what a build precaches', () => {
  it('is the shell: the entry and the root route with their imports and styles, never a page of its own', () => {
    expect(shellAssetFiles(parseBrowserManifest(script))).toEqual([
      'assets/entry.client-A.js',
      'assets/jsx-runtime-B.js',
      'assets/root-C.js',
      'assets/root-D.css',
    ])
  })

  it('refuses something that is not the manifest', () => {
    expect(() => parseBrowserManifest('console.log(1)')).toThrow()
  })

  it("takes the files a browsing page loads later from Vite's preload list in its module", () => {
    const module =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/hi/pin-code-box-A.js","assets/framework-B.js"])))=>i.map(i=>d[i]);\nimport{h as e}from"./framework-B.js";'
    expect(laterFiles(module)).toEqual(['assets/hi/pin-code-box-A.js', 'assets/framework-B.js'])
    expect(laterFiles('import{h as e}from"./framework-B.js";')).toEqual([])
  })

  it('knows the browsing pages by their route ids, and fails the build if one is missing', () => {
    const routes = Object.fromEntries(
      ['routes/home', 'routes/products', 'routes/product'].map((id) => [
        id,
        { id, module: `/assets/${id.slice(7)}-X.js` },
      ]),
    )
    const manifest = { ...parseBrowserManifest(script), routes }
    expect(browsingModules(manifest)).toEqual(['assets/home-X.js', 'assets/products-X.js', 'assets/product-X.js'])
    expect(() => browsingModules(parseBrowserManifest(script))).toThrow(/routes\/home/)
  })
})
