import { describe, expect, it } from 'vitest'
import { classesOf, parseStylesheet, usedStyles } from './used-styles.ts'

const used = (css: string, classes: string[], html = '') => usedStyles(parseStylesheet(css), new Set(classes), html)

describe('usedStyles', () => {
  it('keeps the rules of the classes the page names and drops the others', () => {
    const css = '.flex{display:flex}.grid{display:grid}.mt-4{margin-top:1rem}'
    expect(used(css, ['flex', 'mt-4'])).toBe('.flex{display:flex}.mt-4{margin-top:1rem}')
  })

  it('keeps rules without classes whole: the reset, elements, attributes, font faces', () => {
    const css =
      '*,:before{box-sizing:border-box}h1,h2{font-weight:inherit}[hidden]{display:none!important}@font-face{font-family:x;src:url(x.woff2)}@layer theme,base;'
    expect(used(css, [])).toBe(css)
  })

  it('keeps @keyframes only when a kept animation names them, itself or through a custom property', () => {
    const css =
      ':root{--animate-spin:spin 1s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}@keyframes enter{from{opacity:var(--tw-enter-opacity,1)}}@property --tw-enter-opacity{syntax:"*";inherits:false}.animate-spin{animation:var(--animate-spin)}.animate-in{animation:enter .15s}'
    expect(used(css, [])).toBe('')
    expect(used(css, ['animate-spin'])).toBe(
      ':root{--animate-spin:spin 1s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}.animate-spin{animation:var(--animate-spin)}',
    )
    // The custom properties the keyframes read come with them.
    expect(used(css, ['animate-in'])).toBe(
      '@keyframes enter{from{opacity:var(--tw-enter-opacity,1)}}@property --tw-enter-opacity{syntax:"*";inherits:false}.animate-in{animation:enter .15s}',
    )
  })

  it('keeps only the selectors of a list that the page can match', () => {
    expect(used('.a,.b,p{color:red}', ['b'])).toBe('.b,p{color:red}')
  })

  it('undoes escapes: variants, fractions, arbitrary values, a leading digit', () => {
    const css =
      '.md\\:flex{display:flex}.w-1\\/2{width:50%}.top-\\[72px\\]{top:72px}.\\32 xl\\:block{display:block}.\\[\\&_p\\]\\:mt-5 p{margin-top:1.25rem}'
    expect(used(css, ['md:flex', 'w-1/2', 'top-[72px]', '2xl:block', '[&_p]:mt-5'])).toBe(css)
    expect(used(css, ['flex', 'block'])).toBe('')
  })

  it('counts a class inside :is() or :where() of one selector, and not inside :not(), :has() or an :is() of several', () => {
    const css =
      ':where(.space-y-4>:not(:last-child)){margin-block-start:1rem}.a:not(.b){color:red}.c:has(.d){color:blue}:is(.e,.f) .g{color:green}'
    expect(used(css, ['a', 'c', 'g'])).toBe('.a:not(.b){color:red}.c:has(.d){color:blue}:is(.e,.f) .g{color:green}')
    expect(used(css, ['space-y-4'])).toBe(':where(.space-y-4>:not(:last-child)){margin-block-start:1rem}')
  })

  it('keeps @media, @supports and @layer blocks with what they still hold, and drops them when empty', () => {
    const css = '@layer utilities{.flex{display:flex}@media (min-width:48rem){.md\\:grid{display:grid}}}'
    expect(used(css, ['flex'])).toBe('@layer utilities{.flex{display:flex}}')
    expect(used(css, ['md:grid'])).toBe('@layer utilities{@media (min-width:48rem){.md\\:grid{display:grid}}}')
    expect(used(css, [])).toBe('')
  })

  it('keeps a custom property only when something kept reads it, following what its value reads', () => {
    const css =
      ':root{--primary:var(--saffron);--saffron:#a34000;--chilli:#af2c1f;--unused:1px}.text-primary{color:var(--primary)}.text-chilli{color:var(--chilli)}@property --tw-shadow{syntax:"*";inherits:false}@property --tw-ring{syntax:"*";inherits:false}.shadow{--tw-shadow:0 1px #0000;box-shadow:var(--tw-shadow)}'
    expect(used(css, ['text-primary', 'shadow'])).toBe(
      ':root{--primary:var(--saffron);--saffron:#a34000}.text-primary{color:var(--primary)}@property --tw-shadow{syntax:"*";inherits:false}.shadow{--tw-shadow:0 1px #0000;box-shadow:var(--tw-shadow)}',
    )
    // A style attribute of the page reads one too.
    expect(used(css, [], '<div style="color:var(--chilli)"></div>')).toBe(':root{--chilli:#af2c1f}')
  })

  it('reads braces, semicolons and commas inside strings and parentheses as text', () => {
    const css = '.quote:before{content:"{;}";font-family:"a,b"}.x{background:url(data:image/svg+xml;a)}'
    expect(used(css, ['quote', 'x'])).toBe(css)
  })
})

describe('classesOf', () => {
  it("takes the elements' classes with their entities undone, and the words of inline scripts", () => {
    const html =
      '<p class="flex  [&amp;&gt;svg]:size-4">x</p><script>notice.className = \'fixed top-[72px]\'</script><script type="application/ld+json">{}</script>'
    const classes = classesOf(html)
    for (const name of ['flex', '[&>svg]:size-4', 'fixed', 'top-[72px]']) expect(classes).toContain(name)
  })
})
