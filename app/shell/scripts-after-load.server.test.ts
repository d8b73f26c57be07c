import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { INERT_TYPE, loaderScript, scriptsAfterLoad } from './scripts-after-load.server.ts'

// The shape React renders for React Router's <Scripts> (nonce on every tag), around a page's content.
const HEAD =
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>'
const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/framework-B.js" nonce="n0nce"/>'
const BODY =
  '</head><body><main><h1>Sev — ₹120</h1></main><script nonce="n0nce">window.__reactRouterContext = {};</script><script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script></body></html>'

const LOADER = `<script nonce="n0nce">${loaderScript(['/assets/entry.client-A.js', '/assets/framework-B.js'])}</script>`

async function transform(chunks: (string | Buffer)[], nonce = 'n0nce'): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(scriptsAfterLoad(nonce)))
}

describe('scriptsAfterLoad', () => {
  it('takes the module preloads out of the head and hands them to a loader that runs after the load event', async () => {
    const page = await transform([HEAD + PRELOADS + BODY])
    expect(page).not.toContain('rel="modulepreload"')
    expect(page).toContain(`${HEAD}${LOADER}</head>`)
    expect(loaderScript(['/a.js'])).toContain("addEventListener('load'")
  })

  it('makes the module script inert and leaves every other byte as it was', async () => {
    const page = await transform([HEAD + PRELOADS + BODY])
    expect(page).toContain(`<script nonce="n0nce" type="${INERT_TYPE}" async="">import * as route0`)
    expect(page).not.toContain('type="module"')
    expect(page.replace(LOADER, '')).toBe(HEAD + BODY.replace('type="module"', `type="${INERT_TYPE}"`))
  })

  it('finds the tags when the stream splits them, and keeps characters split between chunks whole', async () => {
    const whole = Buffer.from(HEAD + PRELOADS + BODY)
    const expected = await transform([whole])
    // Every split point: tags, attribute values and the bytes of multi-byte characters (— and ₹).
    for (let at = 1; at < whole.length; at += 7) {
      expect(await transform([whole.subarray(0, at), whole.subarray(at)])).toBe(expected)
    }
    const bytes = [...whole].map((byte) => Buffer.from([byte]))
    expect(await transform(bytes)).toBe(expected)
  })

  it('leaves a page without React Router scripts untouched', async () => {
    const page = `${HEAD}</head><body><script type="module" async="">import "/x.js"</script></body></html>`
    expect(await transform([page])).toBe(page)
  })

  it('gives the loader no nonce attribute when the page has none', async () => {
    const page = await transform([HEAD + PRELOADS.replaceAll(' nonce="n0nce"', '') + BODY], '')
    expect(page).toContain(`${HEAD}<script>(function(hrefs`)
  })

  it('keeps a module path from closing the loader script', () => {
    expect(loaderScript(['/assets/</script>.js'])).not.toContain('</script>')
  })
})
