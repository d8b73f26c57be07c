import { describe, expect, it } from 'vitest'
import { gstinCheckCharacter, gstinProblem } from './gstin.ts'

describe('GSTIN', () => {
  it('accepts a well-formed number whose check character matches', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V')
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull()
    expect(gstinProblem('23ABCDE1234F1Z8')).toBeNull()
  })

  it('refuses a wrong length, a wrong shape, an unknown state code and a typo', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/)
    expect(gstinProblem('27AAPFU0939F1XV')).toMatch(/15 characters/)
    expect(gstinProblem('2AAAPFU0939F1ZV')).toMatch(/15 characters/)
    expect(gstinProblem('25AAPFU0939F1ZV')).toBe('25 is not the GST code of an Indian state or union territory.')
    expect(gstinProblem('39AAPFU0939F1ZV')).toMatch(/not the GST code/)
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/does not match/)
  })
})
