import { describe, expect, it } from 'vitest'
import { parseBrowserManifest, shellAssetFiles } from './precache-list.ts'

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
})
