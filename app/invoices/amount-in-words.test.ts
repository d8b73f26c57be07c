import { describe, expect, it } from 'vitest'
import { amountInWords, numberInWords } from './amount-in-words.ts'

describe('an amount in words', () => {
  it('groups in lakh and crore', () => {
    expect(amountInWords(36000)).toBe('Rupees Three Hundred Sixty Only')
    expect(amountInWords(43005)).toBe('Rupees Four Hundred Thirty and Paise Five Only')
    expect(numberInWords(1_20_350)).toBe('One Lakh Twenty Thousand Three Hundred Fifty')
    expect(numberInWords(12_05_00_019)).toBe('Twelve Crore Five Lakh Nineteen')
    expect(amountInWords(0)).toBe('Rupees Zero Only')
  })
})
