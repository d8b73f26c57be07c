// The browser build's message modules and Paraglide runtime, smaller than Paraglide's own (a Vite
// plugin, used by vite.config.ts; the server build keeps Paraglide's). docs/performance.md, "Round nine".
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** One language's text in a Paraglide message module: `const en_name = (i) => { return (text) }`, typed in comments. */
const MESSAGE_TEXT =
  /const (en|hi)_(\w+) = \/\*\* @type \{.*?\} \*\/ \((i)?\) => \{\n\treturn \/\*\* @type \{LocalizedString\} \*\/ \((`(?:[^`\\]|\\.)*`)\)\n\};/gs
/** The message function choosing between them by the locale asked for, or the page's. */
const MESSAGE_CHOICE =
  /export const (\w+) = [^\n]*\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n\tif \(locale === "hi"\) return hi_\1\(inputs\)\n\treturn en_\1\(inputs\)\n\}\);/

/**
 * A Paraglide message module as the browser build has it: `message(English, Hindi)` from the
 * browser's runtime (browser-runtime.ts), each text a template literal, or a function of the
 * message's inputs where it has any. Paraglide's own module (a function per language and a third
 * choosing between them) is about 200 bytes longer per message; the browsing pages carry 200 of
 * them. A module of any other shape fails the build.
 */
export function compactMessageModule(code: string, id: string): string {
  const texts = new Map<string, string>()
  let name: string | undefined
  for (const [, locale, key, input, text] of code.matchAll(MESSAGE_TEXT)) {
    if (name !== undefined && key !== name) throw new Error(`${id}: two messages in one module`)
    name = key
    texts.set(locale!, input ? `(${input}) => ${text}` : text!)
  }
  const choice = MESSAGE_CHOICE.exec(code)
  if (!name || texts.size !== 2 || choice?.[1] !== name)
    throw new Error(`${id}: not a Paraglide message module as known`)
  return `import { message as message$ } from '../runtime.js';\nexport const ${name} = /* @__PURE__ */ message$(${texts.get('en')}, ${texts.get('hi')});\n`
}

/** The browser's Paraglide runtime (browser-runtime.ts), in place of the generated one. */
const BROWSER_RUNTIME = fileURLToPath(new URL('./browser-runtime.ts', import.meta.url))

/** The message modules and the runtime of the browser build, smaller than Paraglide's (see above). */
export function browserMessages(): Plugin {
  return {
    name: 'malwa:browser-messages',
    apply: 'build',
    load: {
      filter: { id: /[\\/]app[\\/]paraglide[\\/]runtime\.js$/ },
      handler() {
        if (this.environment.name !== 'client') return
        return `export * from ${JSON.stringify(BROWSER_RUNTIME)}`
      },
    },
    transform: {
      filter: { id: /[\\/]app[\\/]paraglide[\\/]messages[\\/](?!_index)\w+\.js$/ },
      handler(code, id) {
        if (this.environment.name !== 'client') return
        return compactMessageModule(code, id)
      },
    },
  }
}
