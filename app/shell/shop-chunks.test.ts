import { parseAst } from 'rolldown/parseAst'
import { describe, expect, it } from 'vitest'
import { messageNames } from './shop-chunks.ts'

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
