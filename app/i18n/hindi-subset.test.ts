import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HINDI_FONT, hindiFont } from '../../scripts/subset-devanagari.ts'
import { HINDI_RANGES } from './hindi-subset.ts'

/** Devanagari and what @fontsource's subset carried with it. */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA830-\uA83F\uA8E0-\uA8FF\u20B9\u25CC]|\u200C|\u200D/gu

/** The shop's own texts: the messages and the code's (the Hindi policies, the demo catalogue, the texts of notices). */
const SOURCES = [
  'messages/hi.json',
  ...readdirSync('app', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => `app/${file}`),
]

const inHindiSubset = (codePoint: number) =>
  HINDI_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last)

describe('the Hindi subset of the Devanagari font', () => {
  it('covers every Devanagari character the shop writes', () => {
    const characters = new Set(SOURCES.flatMap((file) => readFileSync(file, 'utf8').match(DEVANAGARI) ?? []))
    expect(characters.size).toBeGreaterThan(60)
    expect([...characters].filter((character) => !inHindiSubset(character.codePointAt(0)!))).toEqual([])
  })

  it('is the file npm run font:devanagari makes from @fontsource', async () => {
    expect(Buffer.compare(await hindiFont(), readFileSync(HINDI_FONT))).toBe(0)
  })
})
