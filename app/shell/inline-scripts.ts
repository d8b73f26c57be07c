// Small scripts a page carries inline rather than as files (a Vite plugin, used by vite.config.ts).
// `import script from './x.ts?inline-script'` is, in the server's build, the text of one classic
// script that calls x.ts's default export once: x.ts and what it imports, bundled and minified. In the
// browser's build it is an empty string: the pages that carry such a script do not hydrate
// (page-hydration.ts), and a client-side render of one would not run it anyway (React never runs an
// inline script it inserts). The server renders the text with the page's nonce; the page cache lists
// its hash instead (app/platform/page-cache.server.ts). docs/decisions/028-pages-to-read.md.
import { build } from 'rolldown'
import type { Plugin } from 'vite'

const QUERY = '?inline-script'
/** Rolldown's prefix for a module of a plugin's own, which no other plugin loads. */
const OWN = '\0'
const ENTRY = `${OWN}inline-script-entry`
/** How Vite's development server writes such a module's id in a URL. */
const OWN_URL = '/@id/__x00__'

/**
 * The script that calls the default export of `file` once, as the text of an inline `<script>`.
 * Throws when the text could not sit inside a script element.
 */
export async function inlineScript(file: string): Promise<string> {
  const { output } = await build({
    input: ENTRY,
    write: false,
    logLevel: 'warn',
    // As the browser build (vite.config.ts).
    transform: { target: 'es2022' },
    plugins: [
      {
        name: 'inline-script-entry',
        resolveId: (source) => (source === ENTRY ? ENTRY : null),
        load: (id) => (id === ENTRY ? `import run from ${JSON.stringify(file)}; run()` : null),
      },
    ],
    output: { format: 'iife', minify: true, codeSplitting: false },
  })
  const [chunk, ...more] = output
  if (chunk?.type !== 'chunk' || more.some((part) => part.type === 'chunk'))
    throw new Error(`${file}: an inline script must be one chunk`)
  const text = chunk.code.trim()
  if (/<\/script|<!--/i.test(text)) throw new Error(`${file}: the script's text would end its <script> element`)
  return text
}

export function inlineScripts(): Plugin {
  return {
    name: 'malwa:inline-scripts',
    // Before Vite's own resolver, which would take `x.ts?inline-script` for x.ts itself.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith(QUERY)) return null
      // Its own id again, as the development server's module graph asks for it (by its URL, when
      // React Router collects a page's styles): already resolved.
      if (source.startsWith(OWN)) return source
      if (source.startsWith(OWN_URL)) return `${OWN}${source.slice(OWN_URL.length)}`
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, options)
      if (!resolved) throw new Error(`cannot resolve ${source}`)
      return `${OWN}${resolved.id}${QUERY}`
    },
    async load(id) {
      if (!id.startsWith(OWN) || !id.endsWith(QUERY)) return null
      if (this.environment.config.consumer === 'client') return 'export default ""'
      const file = id.slice(OWN.length, -QUERY.length)
      this.addWatchFile(file)
      return `export default ${JSON.stringify(await inlineScript(file))}`
    },
  }
}
