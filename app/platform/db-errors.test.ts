import { describe, expect, it } from 'vitest'
import { transientFailure, uniqueViolation } from './db-errors.ts'

/** As Drizzle raises a database's refusal: its own error, the driver's below it in `cause`. */
const wrapped = (code: string, constraint?: string) =>
  new Error('Failed query', { cause: Object.assign(new Error('refused'), { code, constraint }) })

describe('reading the database’s refusals', () => {
  it('names the unique constraint a write broke', () => {
    expect(uniqueViolation(wrapped('23505', 'invoices_number_unique'))).toBe('invoices_number_unique')
    expect(uniqueViolation(wrapped('40P01'))).toBeNull()
  })

  it('tells a passing refusal (deadlock, serialization, lock or statement timeout, lost connection) from the rest', () => {
    for (const code of ['40001', '40P01', '55P03', '57014', '08006']) expect(transientFailure(wrapped(code))).toBe(true)
    for (const code of ['23505', '22001', '42P01']) expect(transientFailure(wrapped(code))).toBe(false)
    expect(transientFailure(new Error('plain'))).toBe(false)
  })
})
