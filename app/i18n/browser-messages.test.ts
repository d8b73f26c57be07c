import { describe, expect, it } from 'vitest'
import { compactMessageModule } from './browser-messages.ts'

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
    const { message, overwriteGetLocale } = await import('./browser-runtime.ts')
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
