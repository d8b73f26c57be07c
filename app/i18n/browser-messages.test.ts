import { readFileSync } from 'node:fs'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'
import { compactMessageModule, keepBothTexts, messagesGivenALocale } from './browser-messages.ts'
import { BUILD_LOCALE_MARK } from './language-copies.ts'

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

  it('keeps a message without inputs as its two texts, after its mark for the copies of each language', () => {
    expect(compactMessageModule(generated('nav_home', false, 'Home', 'होम'), 'nav_home.js')).toBe(
      'import { message as message$ } from \'../runtime.js\';\nexport const nav_home = /* @__PURE__ */ message$("malwa-message:nav_home", `Home`, `होम`);\n',
    )
  })

  it('keeps a message with inputs as a function of them in each language', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's text, as Paraglide writes it
    const count = '${i?.count}'
    const code = compactMessageModule(generated('result_one', true, `${count} product`, `${count} उत्पाद`), 'x.js')
    expect(code).toContain(
      `message$("malwa-message:result_one", (i) => \`${count} product\`, (i) => \`${count} उत्पाद\`)`,
    )
  })

  it('fails the build on a module of any other shape', () => {
    expect(() => compactMessageModule('export const nav_home = () => `Home`', 'nav_home.js')).toThrow(/nav_home\.js/)
    const variants = generated('cart_items', true, 'a', 'b').replace('if (locale === "hi")', 'if (locale === "fr")')
    expect(() => compactMessageModule(variants, 'cart_items.js')).toThrow(/not a Paraglide message module/)
  })
})

describe('the messages given a locale, which keep both texts', () => {
  const parse = (code: string) =>
    parseSync('x.js', code).program as unknown as Parameters<typeof messagesGivenALocale>[0]

  it('are those called with a second argument, directly or picked from a few', () => {
    const code = `
      m.order_method_cod({}, { locale })
      ;({ '250g': m.size_250g, '500g': m.size_500g })[size]({}, { locale })
      ;(online ? m.pay_online : m.pay_cod)({}, o)
      m.nav_home()
      m.result_one({ count })
      required(m.form_enter_email, m.form_email_max, 80).min(10, { error })
    `
    expect(messagesGivenALocale(parse(code)).sort()).toEqual([
      'order_method_cod',
      'pay_cod',
      'pay_online',
      'size_250g',
      'size_500g',
    ])
  })

  it('lose their mark in the rendered chunk; the others keep it', () => {
    const chunk =
      'message$("malwa-message:size_250g", `250g`, `250 ग्राम`); message$("malwa-message:nav_home", `Home`, `होम`)'
    expect(keepBothTexts(chunk, new Set(['size_250g']))).toBe(
      'message$(`250g`, `250 ग्राम`); message$("malwa-message:nav_home", `Home`, `होम`)',
    )
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

  it('refuses a text of one language asked for in the other', async () => {
    const { message, overwriteGetLocale } = await import('./browser-runtime.ts')
    overwriteGetLocale(() => 'en')
    // Before the build writes the copy's language in, the runtime's placeholder is neither.
    expect(() => message('Home')({}, { locale: 'hi' })).toThrow(/has only this page's language/)
  })

  it('has the placeholder the build writes each copy’s language over', () => {
    expect(readFileSync(new URL('./browser-runtime.ts', import.meta.url), 'utf8')).toContain(`'${BUILD_LOCALE_MARK}'`)
  })
})
