import { describe, expect, it } from 'vitest'
import { languageCopies } from './language-copies.ts'

// Chunks as the minified browser build has them: `e` is the runtime's message function.
const RUNTIME = 'var t=`malwa-build-locale`;export function e(n,r){return()=>t}'
const chunks = (extra: Record<string, string> = {}) =>
  new Map(
    Object.entries({
      'shell-A.js': `import{r as x}from"./framework-F.js";${RUNTIME};var h=e(\`malwa-message:nav_home\`,\`Home\`,\`होम\`),c=e("malwa-message:cart",n=>\`\${n?.items} items\`,n=>\`\${n?.items} आइटम\`);var l=()=>P(()=>import(\`./drawer-D.js\`),__vite__mapDeps([0,1]));const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/drawer-D.js","assets/framework-F.js"])))=>i.map(i=>d[i]);var css="/assets/app-C.css";export{h,c}`,
      'drawer-D.js':
        'import{e}from"./shell-A.js";import"./framework-F.js";var t=e("malwa-message:drawer_title",`Your Cart`,`आपका कार्ट`);export{t}',
      'framework-F.js': 'var r=1;function route(u){return import(u)}export{r,route}',
      'manifest-M.js':
        'window.__reactRouterManifest={"entry":{"module":"/assets/framework-F.js","imports":[],"css":[]},"routes":{"root":{"module":"/assets/shell-A.js","imports":["/assets/framework-F.js"],"css":["/assets/app-C.css"]}},"url":"/assets/manifest-M.js","version":"M"};',
      ...extra,
    }),
  )

describe('languageCopies: the browser build written once per language', () => {
  const { english, hindi } = languageCopies(chunks(), new Set())

  it('keeps each message’s text of the copy’s language only, and writes the language in the runtime', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a minified chunk's text
    expect(english.get('shell-A.js')).toContain('h=e(`Home`),c=e(n=>`${n?.items} items`)')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a minified chunk's text
    expect(hindi.get('shell-A.js')).toContain('h=e(`होम`),c=e(n=>`${n?.items} आइटम`)')
    expect(english.get('shell-A.js')).toContain('var t="en"')
    expect(hindi.get('shell-A.js')).toContain('var t="hi"')
    expect(english.get('drawer-D.js')).toBe(
      'import{e}from"./shell-A.js";import"./framework-F.js";var t=e(`Your Cart`);export{t}',
    )
  })

  it('leaves the chunks without texts one file for both, which the Hindi copy imports from the folder above', () => {
    expect(hindi.has('framework-F.js')).toBe(false)
    expect(english.get('framework-F.js')).toBe(chunks().get('framework-F.js'))
    expect(hindi.get('drawer-D.js')).toBe(
      'import{e}from"./shell-A.js";import"../framework-F.js";var t=e(`आपका कार्ट`);export{t}',
    )
    expect(hindi.get('shell-A.js')).toContain('import{r as x}from"../framework-F.js"')
    expect(hindi.get('shell-A.js')).toContain('import(`./drawer-D.js`)')
  })

  it('names the Hindi copies in the preload list and the manifest, and the shared files and styles as they are', () => {
    expect(hindi.get('shell-A.js')).toContain('m.f=["assets/hi/drawer-D.js","assets/framework-F.js"]')
    expect(hindi.get('shell-A.js')).toContain('css="/assets/app-C.css"')
    expect(english.get('shell-A.js')).toContain('m.f=["assets/drawer-D.js","assets/framework-F.js"]')
    const manifest = hindi.get('manifest-M.js')!
    expect(manifest).toContain('"module":"/assets/framework-F.js"')
    expect(manifest).toContain('"module":"/assets/hi/shell-A.js"')
    expect(manifest).toContain('"css":["/assets/app-C.css"]')
    expect(manifest).toContain('"url":"/assets/hi/manifest-M.js"')
    expect(english.get('manifest-M.js')).toBe(chunks().get('manifest-M.js'))
  })

  it('keeps both texts of a message given a locale (its mark taken out before)', () => {
    const both = chunks({ 'sizes-S.js': 'import{e}from"./shell-A.js";var s=e(`250g`,`250 ग्राम`);export{s}' })
    expect(languageCopies(both, new Set(['size_250g'])).hindi.get('sizes-S.js')).toContain('e(`250g`,`250 ग्राम`)')
  })

  it('fails the build on what it cannot follow', () => {
    const fails =
      (extra: Record<string, string>, bothTexts = new Set<string>()) =>
      () =>
        languageCopies(chunks(extra), bothTexts)
    expect(fails({ 'x.js': 'import"./missing-Z.js"' })).toThrow(/x\.js: imports \.\/missing-Z\.js/)
    expect(fails({ 'x.js': 'var u="/assets/gone-Z.js"' })).toThrow(/names \/assets\/gone-Z\.js/)
    expect(fails({ 'x.js': 'var t=e("malwa-message:one",`One`)' })).toThrow(/without its two texts/)
    expect(fails({ 'x.js': 'var t=f(1,"malwa-message:one")' })).toThrow(/where the rewrite does not expect it/)
    expect(fails({}, new Set(['nav_home']))).toThrow(/nav_home is given a locale but marked for one language/)
    const withoutRuntime = chunks()
    withoutRuntime.set('shell-A.js', withoutRuntime.get('shell-A.js')!.replace('malwa-build-locale', 'x'))
    expect(() => languageCopies(withoutRuntime, new Set())).toThrow(/placeholder/)
  })
})
