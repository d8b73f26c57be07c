import { parseAst } from 'rolldown/parseAst'
import { describe, expect, it } from 'vitest'
import { compactMessageModule, messageNames } from './shop-chunks.ts'

const names = (code: string) => messageNames(parseAst(code) as unknown as Parameters<typeof messageNames>[0])

describe('messageNames: the messages a browser module reads from `m`', () => {
  it('lists each message the module calls, once', () => {
    const code = `import { m } from '#app/paraglide/messages.js'
      export const title = () => m.hero_title() + m.hero_subtitle({}) + m.hero_title?.()`
    expect(names(code)).toEqual(['hero_title', 'hero_subtitle'])
  })

  it('ignores other objects’ members and keys named m', () => {
    expect(names(`import { m } from 'x'; const box = { m: 1 }; box.m; m.nav_home()`)).toEqual(['nav_home'])
  })

  it('refuses any use it could not follow: `m` as a value, indexed, or a local `m`', () => {
    expect(() => names(`import { m } from 'x'; const { nav_home } = m`)).toThrow(/other than as m\.<message>/)
    expect(() => names(`import { m } from 'x'; m['nav_' + 'home']()`)).toThrow(/other than as m\.<message>/)
    expect(() => names(`import { m } from 'x'; load().then((m) => m.run())`)).toThrow(/other than as m\.<message>/)
    expect(() => names(`import { m } from 'x'; use({ m })`)).toThrow(/other than as m\.<message>/)
  })
})

describe('compactMessageModule: a Paraglide message module as the browser build has it', () => {
  const generated = (
    name: string,
    input: boolean,
    en: string,
    hi: string,
  ) => `import { getLocale, experimentalStaticLocale } from '../runtime.js';

/** @typedef {import('../runtime.js').LocalizedString} LocalizedString */

const en_${name} = /** @type {(inputs: X) => LocalizedString} */ (${input ? 'i' : ''}) => {
\treturn /** @type {LocalizedString} */ (\`${en}\`)
};

const hi_${name} = /** @type {(inputs: X) => LocalizedString} */ (${input ? 'i' : ''}) => {
\treturn /** @type {LocalizedString} */ (\`${hi}\`)
};

/**
* @param {X} inputs
*/
export const ${name} = /** @type {((inputs?: X, options?: { locale?: "en" | "hi" }) => LocalizedString) & import('../runtime.js').MessageMetadata<X, { locale?: "en" | "hi" }, {}>} */ ((inputs${input ? '' : ' = {}'}, options = {}) => {
\tconst locale = experimentalStaticLocale ?? options.locale ?? getLocale()
\tif (locale === "hi") return hi_${name}(inputs)
\treturn en_${name}(inputs)
});`

  it('keeps a message without inputs as its two texts', () => {
    expect(compactMessageModule(generated('nav_home', false, 'Home', 'होम'), 'nav_home.js')).toBe(
      "import { message as message$ } from '../runtime.js';\nexport const nav_home = /* @__PURE__ */ message$(`Home`, `होम`);\n",
    )
  })

  it('keeps a message with inputs as a function of them in each language', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's text, as Paraglide writes it
    const count = '${i?.count}'
    const code = compactMessageModule(generated('result_one', true, `${count} product`, `${count} उत्पाद`), 'x.js')
    expect(code).toContain(`message$((i) => \`${count} product\`, (i) => \`${count} उत्पाद\`)`)
  })

  it('fails the build on a module of any other shape', () => {
    expect(() => compactMessageModule('export const nav_home = () => `Home`', 'nav_home.js')).toThrow(/nav_home\.js/)
    const variants = generated('cart_items', true, 'a', 'b').replace('if (locale === "hi")', 'if (locale === "fr")')
    expect(() => compactMessageModule(variants, 'cart_items.js')).toThrow(/not a Paraglide message module/)
  })
})

describe('the browser runtime’s message', () => {
  it('answers in the page’s language, or the one asked for, with its inputs', async () => {
    const { message, overwriteGetLocale } = await import('#app/i18n/browser-runtime.ts')
    const plain = message('Home', 'होम')
    const counted = message(
      (i: { count: number }) => `${i.count} products`,
      (i: { count: number }) => `${i.count} उत्पाद`,
    )
    overwriteGetLocale(() => 'hi')
    expect(plain()).toBe('होम')
    expect(counted({ count: 2 })).toBe('2 उत्पाद')
    expect(plain({}, { locale: 'en' })).toBe('Home')
    overwriteGetLocale(() => 'en')
    expect(counted({ count: 2 })).toBe('2 products')
  })
})
