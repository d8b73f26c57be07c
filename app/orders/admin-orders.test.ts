import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, orderSearch, parseAdminOrderFilters } from './admin-orders.ts'

describe('the orders desk search', () => {
  it('reads 8 hex characters as an order number, a mobile number or 4 to 9 of its digits as a phone, anything else as a name', () => {
    expect(orderSearch('#3F2A9C1E')).toEqual({ kind: 'number', number: '3f2a9c1e' })
    expect(orderSearch('12345678')).toEqual({ kind: 'number', number: '12345678' })
    expect(orderSearch('098765-43210')).toEqual({ kind: 'phone', phone: '+919876543210' })
    expect(orderSearch(' 98260 ')).toEqual({ kind: 'phone-part', digits: '98260' })
    expect(orderSearch('4321-0')).toEqual({ kind: 'phone-part', digits: '43210' })
    expect(orderSearch('123')).toEqual({ kind: 'name', words: ['123'] })
    expect(orderSearch('  Asha  Verma ')).toEqual({ kind: 'name', words: ['asha', 'verma'] })
    expect(orderSearch("o'brien & (sons)")).toEqual({ kind: 'name', words: ['o', 'brien', 'sons'] })
    expect(orderSearch('  ')).toBeNull()
    expect(orderSearch('&&')).toBeNull()
  })
})

describe('the page cursor', () => {
  it('round-trips and refuses anything that is not one of ours', () => {
    const cursor = { micros: '1795312850509123', id: '0b7a3c1e-8d2f-4a6b-9c1d-2e3f4a5b6c7d' }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    expect(decodeCursor('1795312850509123_not-a-uuid')).toBeNull()
    expect(decodeCursor("1' or 1=1 --_0b7a3c1e-8d2f-4a6b-9c1d-2e3f4a5b6c7d")).toBeNull()
  })
})

describe('the list filters', () => {
  it('drops empty fields and refuses unknown ones', () => {
    expect(parseAdminOrderFilters(new URLSearchParams('status=&q=asha&index'))).toEqual({ q: 'asha' })
    expect(() => parseAdminOrderFilters(new URLSearchParams('price=1'))).toThrow()
  })
})
