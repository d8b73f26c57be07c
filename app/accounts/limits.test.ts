import { describe, expect, it } from 'vitest'
import { tooManyAttemptsMessage } from './limits.server.ts'
import { safeRedirect } from './session.server.ts'

describe('account helpers', () => {
  it('says how many minutes to wait, rounding up', () => {
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Please try again in 15 minutes.')
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.')
    expect(tooManyAttemptsMessage(5)).toBe('Too many attempts. Please try again in 1 minute.')
  })

  it('returns only to paths of the shop after signing in', () => {
    expect(safeRedirect('/my-orders')).toBe('/my-orders')
    expect(safeRedirect('//evil.example/')).toBe('/')
    expect(safeRedirect('/\\evil.example')).toBe('/')
    expect(safeRedirect('https://evil.example/')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
  })
})
