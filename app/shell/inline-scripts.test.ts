import { fileURLToPath } from 'node:url'
import { createContext, Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { inlineScript } from './inline-scripts.ts'

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url))

describe('inlineScript: a module as the text of an inline script', () => {
  it('is one minified classic script: no imports, no exports, small', async () => {
    for (const entry of ['../pwa/register-service-worker.ts', '../blog/share-buttons.ts']) {
      const text = await inlineScript(file(entry))
      expect(() => new Script(text), entry).not.toThrow()
      expect(text, entry).not.toMatch(/\bimport\s*[{(*]|\bexport\s*[{*]|\n/)
      expect(new TextEncoder().encode(text).byteLength, entry).toBeLessThan(2048)
    }
  })

  it('runs the module’s default export once, with nothing from the module’s scope missing', async () => {
    const registered: unknown[][] = []
    const sandbox = {
      navigator: {
        serviceWorker: {
          controller: {},
          register: async (...args: unknown[]) => registered.push(args),
        },
      },
      document: { readyState: 'complete' },
      window: { addEventListener: () => {} },
      console,
    }
    new Script(await inlineScript(file('../pwa/register-service-worker.ts'))).runInContext(createContext(sandbox))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(registered).toEqual([['/sw.js', { scope: '/', updateViaCache: 'none' }]])
  })
})
