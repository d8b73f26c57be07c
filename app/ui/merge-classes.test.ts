import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { buttonVariants } from './button.tsx'
import { cn } from './cn.ts'
import { mergeClasses } from './merge-classes.ts'

describe('mergeClasses: a later utility overrides an earlier one of its group', () => {
  it('keeps the last of a group, the others in the order written', () => {
    expect(mergeClasses('h-10 px-4 text-sm h-11')).toBe('px-4 text-sm h-11')
    expect(mergeClasses('text-brown text-sm text-white')).toBe('text-sm text-white')
  })

  it("lets a button's classes override its size and its variant, as shadcn's components rely on", () => {
    expect(cn(buttonVariants({ size: 'icon', className: 'size-11' }))).not.toMatch(/\bsize-10\b/)
    expect(cn(buttonVariants({ size: 'lg' }))).toMatch(/\brounded-lg\b.*\btext-base\b/)
    expect(cn(buttonVariants({ size: 'lg' }))).not.toMatch(/\brounded-md\b|\btext-sm\b/)
    expect(cn(buttonVariants({ variant: 'outline', className: 'h-11 bg-transparent text-white' }))).not.toMatch(
      /\bh-10\b|\bbg-card\b|\btext-brown\b/,
    )
  })

  it('lets a whole override its parts, not a part the whole', () => {
    expect(mergeClasses('px-2 py-1 p-4')).toBe('p-4')
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2')
    expect(mergeClasses('h-4 w-4 size-5')).toBe('size-5')
    expect(mergeClasses('border-l-4 border-2 border-primary border-l-chilli')).toBe(
      'border-2 border-primary border-l-chilli',
    )
    expect(mergeClasses('leading-snug text-2xl')).toBe('text-2xl')
  })

  it('keeps utilities of other variants or importance apart, whatever the order of the variants', () => {
    expect(mergeClasses('p-2 sm:p-4 hover:p-3 p-2!')).toBe('p-2 sm:p-4 hover:p-3 p-2!')
    expect(mergeClasses('sm:hover:p-2 hover:sm:p-4')).toBe('hover:sm:p-4')
    expect(mergeClasses('[&_svg]:size-4 [&_svg]:size-5')).toBe('[&_svg]:size-5')
  })

  it('leaves classes it has no group for as written', () => {
    expect(mergeClasses(' group  peer animate-in group ')).toBe('group peer animate-in group')
  })
})

/** Every class-like word in the strings of app/'s modules (tests and generated messages left out). */
function classesWrittenInApp(): string[] {
  const root = path.join(import.meta.dirname, '..')
  const words = new Set<string>()
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || /^paraglide|merge-classes/.test(file)) continue
    const code = readFileSync(path.join(root, file), 'utf8')
    for (const [, single, double, template] of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
      for (const word of (single ?? double ?? template ?? '').split(/\s+/))
        if (/^[!-]?[\w[\]@*&:./()%=,'#>+~-]+!?$/.test(word)) words.add(word)
  }
  // The words either merge treats as a class (a word is merged with itself).
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word || mergeClasses(`${word} ${word}`) === word)
}

/** The part of a class before its utility (`sm:hover:`), which two classes must share to conflict. */
function variantsOf(className: string): string {
  let depth = 0
  let cut = 0
  for (let at = 0; at < className.length; at++) {
    if (className[at] === '[') depth++
    else if (className[at] === ']') depth--
    else if (className[at] === ':' && !depth) cut = at + 1
  }
  return className.slice(0, cut).split(':').sort().join(':')
}

describe('mergeClasses and tailwind-merge', () => {
  it('merge every pair of the classes written in app/ alike', { timeout: 60_000 }, () => {
    const byVariants = Map.groupBy(classesWrittenInApp(), variantsOf)
    expect(byVariants.get('')?.length).toBeGreaterThan(300)
    const disagreements: string[] = []
    for (const classes of byVariants.values())
      for (const first of classes)
        for (const second of classes) {
          const list = `${first} ${second}`
          if (first !== second && mergeClasses(list) !== twMerge(list))
            disagreements.push(`${list}: "${mergeClasses(list)}", tailwind-merge "${twMerge(list)}"`)
        }
    expect(disagreements).toEqual([])
  })
})
