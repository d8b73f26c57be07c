import { describe, expect, it } from 'vitest'
import { matchZone, parsePinSpan, type ZoneTerms } from './zones.ts'

const zone = (name: string, pins: string[], extra: Partial<ZoneTerms> = {}): ZoneTerms => ({
  name,
  pins,
  minDays: 4,
  maxDays: 5,
  codAllowed: true,
  extraFee: 0,
  ...extra,
})

describe('PIN spans', () => {
  it('a prefix covers every PIN code that starts with it', () => {
    expect(parsePinSpan('452')).toEqual({ from: 452000, to: 452999 })
    expect(parsePinSpan('4')).toEqual({ from: 400000, to: 499999 })
    expect(parsePinSpan('452001')).toEqual({ from: 452001, to: 452001 })
  })
  it('a range covers its ends and what lies between', () => {
    expect(parsePinSpan('452001 - 452020')).toEqual({ from: 452001, to: 452020 })
  })
  it('refuses what is neither a prefix nor a range of PIN codes', () => {
    for (const bad of ['', '0', '045', '4520011', '452020-452001', '45200-452020', 'abc', '452001-']) {
      expect(parsePinSpan(bad), bad).toBeNull()
    }
  })
})

describe('zone matching', () => {
  const zones = [
    zone('Rest of Madhya Pradesh', ['4']),
    zone('Indore', ['452'], { minDays: 2, maxDays: 3 }),
    zone('Indore centre', ['452001-452010'], { minDays: 1, maxDays: 1 }),
    zone('North-East', ['78', '79'], { codAllowed: false, extraFee: 4000 }),
  ]
  it('the most specific zone wins, whatever the order of the list', () => {
    expect(matchZone(zones, '452005')?.name).toBe('Indore centre')
    expect(matchZone(zones, '452015')?.name).toBe('Indore')
    expect(matchZone(zones, '462001')?.name).toBe('Rest of Madhya Pradesh')
    expect(matchZone([...zones].reverse(), '452005')?.name).toBe('Indore centre')
  })
  it('a zone with several spans matches on any of them', () => {
    expect(matchZone(zones, '795001')?.name).toBe('North-East')
  })
  it('a PIN code no zone covers has no zone', () => {
    expect(matchZone(zones, '110001')).toBeNull()
    expect(matchZone([], '452001')).toBeNull()
  })
  it('between equally specific zones, the one listed first wins', () => {
    expect(matchZone([zone('First', ['452']), zone('Second', ['452000-452999'])], '452001')?.name).toBe('First')
  })
})
