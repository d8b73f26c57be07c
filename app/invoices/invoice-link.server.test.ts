import { describe, expect, it } from 'vitest'
import { INVOICE_LINK_TTL_MS, invoiceLinkKey, isValidInvoiceLinkKey } from './invoice-link.server.ts'

const ORDER = '0b7d2c4e-1f5a-4c3b-9d8e-7a6b5c4d3e2f'
const OTHER = '1b7d2c4e-1f5a-4c3b-9d8e-7a6b5c4d3e2f'

describe('the tracking page’s invoice link', () => {
  it('opens its own order’s invoice for a day, and no other order’s', () => {
    const now = new Date('2026-11-24T10:00:00Z')
    const key = invoiceLinkKey('secret', ORDER, now)
    expect(isValidInvoiceLinkKey('secret', ORDER, key, now)).toBe(true)
    expect(isValidInvoiceLinkKey('secret', OTHER, key, now)).toBe(false)
    expect(isValidInvoiceLinkKey('another secret', ORDER, key, now)).toBe(false)
    expect(isValidInvoiceLinkKey('secret', ORDER, key, new Date(now.getTime() + INVOICE_LINK_TTL_MS))).toBe(false)
    const [expires, mac] = key.split('.')
    expect(isValidInvoiceLinkKey('secret', ORDER, `${Number(expires) + 3600}.${mac}`, now)).toBe(false)
    expect(isValidInvoiceLinkKey('secret', ORDER, null, now)).toBe(false)
    expect(isValidInvoiceLinkKey('secret', ORDER, 'garbage', now)).toBe(false)
  })
})
