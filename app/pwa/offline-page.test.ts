import { describe, expect, it } from 'vitest'
import { offlinePageHtml } from './offline-page.server.tsx'

describe('the offline page', () => {
  it("offers the shop's phone and WhatsApp from its settings, and a way to try again", () => {
    const html = offlinePageHtml({ shopName: 'Malwa Namkeen', phone: '+91 98765 43210', whatsappNumber: '9876501234' })
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain('<h1>You are offline</h1>')
    expect(html).toContain('href="tel:+919876543210"')
    expect(html).toContain('Call +91 98765 43210')
    expect(html).toContain('href="https://wa.me/919876501234"')
    expect(html).toContain('WhatsApp +91 98765 01234')
    expect(html).toContain('href=""')
    // A plain document: nothing to hydrate, nothing the CSP would refuse.
    expect(html).not.toContain('<script')
  })

  it('leaves WhatsApp out when the shop has none, and escapes what settings hold', () => {
    const html = offlinePageHtml({ shopName: 'Sev <&> Co', phone: '0731 2345678', whatsappNumber: '' })
    expect(html).not.toContain('WhatsApp')
    expect(html).toContain('Sev &lt;&amp;&gt; Co')
  })
})

describe('the offline page in Hindi', () => {
  it('is in Hindi, with lang="hi", for the Hindi pages', () => {
    const html = offlinePageHtml({ shopName: 'Malwa Namkeen', phone: '+91 98765 43210', whatsappNumber: '' }, 'hi')
    expect(html).toContain('<html lang="hi">')
    expect(html).toContain('<h1>आप ऑफ़लाइन हैं</h1>')
    expect(html).toContain('+91 98765 43210 पर फ़ोन करें')
    expect(html).toContain('फिर से कोशिश करें')
    expect(html).not.toContain('You are offline')
  })
})
