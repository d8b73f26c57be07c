// The browser build's message modules and Paraglide runtime, smaller than Paraglide's own, and the
// build written once per language (a Vite plugin, used by vite.config.ts; the server build keeps
// Paraglide's, with both languages). docs/performance.md, "Round nine" and "Round ten".
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { MESSAGE_MARK, type Node as SyntaxNode, walk, writeLanguageCopies } from './language-copies.ts'

/** One language's text in a Paraglide message module: `const en_name = (i) => { return (text) }`, typed in comments. */
const MESSAGE_TEXT =
  /const (en|hi)_(\w+) = \/\*\* @type \{.*?\} \*\/ \((i)?\) => \{\n\treturn \/\*\* @type \{LocalizedString\} \*\/ \((`(?:[^`\\]|\\.)*`)\)\n\};/gs
/** The message function choosing between them by the locale asked for, or the page's. */
const MESSAGE_CHOICE =
  /export const (\w+) = [^\n]*\n\tconst locale = experimentalStaticLocale \?\? options\.locale \?\? getLocale\(\)\n\tif \(locale === "hi"\) return hi_\1\(inputs\)\n\treturn en_\1\(inputs\)\n\}\);/

/**
 * A Paraglide message module as the browser build has it: `message(mark, English, Hindi)` from the
 * browser's runtime (browser-runtime.ts), each text a template literal, or a function of the
 * message's inputs where it has any. Paraglide's own module (a function per language and a third
 * choosing between them) is about 200 bytes longer per message; the browsing pages carry 200 of
 * them. The mark (MESSAGE_MARK and the key) tells the build's copy for each language which texts to
 * keep (language-copies.ts); a message some code asks for in a language of its choosing loses it
 * before the chunk is hashed (`keepBothTexts`). A module of any other shape fails the build.
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
  const mark = JSON.stringify(`${MESSAGE_MARK}${name}`)
  return `import { message as message$ } from '../runtime.js';\nexport const ${name} = /* @__PURE__ */ message$(${mark}, ${texts.get('en')}, ${texts.get('hi')});\n`
}

/** The messages a call's callee may be: `m.x`, or one picked from them (`{ a: m.x }[key]`, `c ? m.x : m.y`). */
function calledMessages(node: SyntaxNode): string[] {
  switch (node.type) {
    case 'MemberExpression': {
      const { object, property, computed } = node as unknown as {
        object: SyntaxNode
        property: SyntaxNode
        computed: boolean
      }
      if (!computed && object.type === 'Identifier' && object.name === 'm') return [property.name as string]
      return computed ? calledMessages(object) : []
    }
    case 'ObjectExpression':
      return (node.properties as SyntaxNode[]).flatMap((property) =>
        property.type === 'Property' ? calledMessages(property.value as SyntaxNode) : [],
      )
    case 'ConditionalExpression':
      return [...calledMessages(node.consequent as SyntaxNode), ...calledMessages(node.alternate as SyntaxNode)]
    case 'LogicalExpression':
      return [...calledMessages(node.left as SyntaxNode), ...calledMessages(node.right as SyntaxNode)]
    case 'ParenthesizedExpression':
      return calledMessages(node.expression as SyntaxNode)
    case 'SequenceExpression':
      return calledMessages((node.expressions as SyntaxNode[]).at(-1)!)
    default:
      return []
  }
}

/**
 * The messages a module calls with a second argument (`m.order_method_cod({}, { locale })`, or
 * `{ '250g': m.size_250g, ... }[size]({}, { locale })`): those may be asked for in a language other
 * than the page's, so the browser build keeps both of their texts. A message called through a name of
 * its own (`const text = m.x; text({}, { locale })`) is not seen: in a copy of the build for one
 * language it throws when asked for the other (browser-runtime.ts), which the browser tests would show.
 */
export function messagesGivenALocale(program: SyntaxNode): string[] {
  const names = new Set<string>()
  walk(program, (node) => {
    if (node.type === 'CallExpression' && (node.arguments as unknown[]).length >= 2)
      for (const name of calledMessages(node.callee as SyntaxNode)) names.add(name)
  })
  return [...names]
}

/** A rendered chunk with the mark taken out of the calls of the messages in `keys` (both texts stay). */
export function keepBothTexts(code: string, keys: ReadonlySet<string>): string {
  return code.replace(new RegExp(`"${MESSAGE_MARK}(\\w+)", `, 'g'), (marked, key: string) =>
    keys.has(key) ? '' : marked,
  )
}

/** The browser's Paraglide runtime (browser-runtime.ts), in place of the generated one. */
const BROWSER_RUNTIME = fileURLToPath(new URL('./browser-runtime.ts', import.meta.url))

/**
 * The message modules and the runtime of the browser build, smaller than Paraglide's (see above), and
 * after the build its copy for each language (language-copies.ts): before the service worker's list
 * and the compressed copies are made (listed before them in vite.config.ts).
 */
export function browserMessages(): Plugin[] {
  const givenALocale = new Set<string>()
  const messages: Plugin = {
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
    renderChunk(code) {
      if (this.environment.name !== 'client') return
      return keepBothTexts(code, givenALocale)
    },
    buildApp: {
      order: 'post',
      async handler(builder) {
        const client = builder.environments.client
        if (!client) return
        const { english, hindi } = await writeLanguageCopies(
          path.resolve(client.config.root, client.config.build.outDir),
          givenALocale,
        )
        client.config.logger.info(
          `browser build in each language: ${english} scripts, ${hindi} of them with a Hindi copy (${givenALocale.size} messages keep both texts)`,
        )
      },
    },
  }
  const callers: Plugin = {
    name: 'malwa:browser-messages:given-a-locale',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]app[\\/][^?]*\.tsx?(\?|$)/, code: /paraglide[\\/]+messages/ },
      handler(code) {
        if (this.environment.name !== 'client') return
        for (const name of messagesGivenALocale(this.parse(code) as unknown as SyntaxNode)) givenALocale.add(name)
      },
    },
  }
  return [messages, callers]
}
