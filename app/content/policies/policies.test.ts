import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { demoSettings } from '#app/demo/settings.ts'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { type PolicyDocument, PolicyPage } from '../policy-page.tsx'
import { privacyDocumentHindi } from './privacy.hi.tsx'
import { privacyDocument } from './privacy.tsx'
import { qualityDocumentHindi } from './quality.hi.tsx'
import { qualityDocument } from './quality.tsx'
import { shippingDocumentHindi } from './shipping.hi.tsx'
import { shippingDocument } from './shipping.tsx'
import { termsDocumentHindi } from './terms.hi.tsx'
import { termsDocument } from './terms.tsx'

const settings: PublicSettings = {
  ...demoSettings,
  showcaseMode: true,
  legalName: 'Malwa Foods LLP',
  fssaiLicence: '11424999000123',
  grievanceOfficerName: 'Meera Joshi',
  grievanceOfficerEmail: 'grievance@malwa.example',
  grievanceOfficerPhone: '+91 91111 22222',
  deliveryFee: 4000,
  freeDeliveryThreshold: 75000,
  whatsappNumber: '',
  gstin: '',
  state: 'Madhya Pradesh',
}

/** The page's text, as a reader (or a search engine) gets it from the server. */
function text(document: PolicyDocument): string {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(PolicyPage, { document, settings })),
  )
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

describe('policy pages', () => {
  const policies = {
    terms: text(termsDocument(settings)),
    privacy: text(privacyDocument(settings)),
    shipping: text(shippingDocument(settings)),
    quality: text(qualityDocument(settings)),
  }

  it('all carry the last-updated date and the seller from the settings', () => {
    for (const page of Object.values(policies)) {
      expect(page).toContain('Last updated: 22 November 2026')
      expect(page).toContain('Malwa Foods LLP')
      expect(page).toContain('FSSAI licence no. 11424999000123')
      expect(page).toContain(demoSettings.address)
    }
  })

  it('quote the delivery charges from the settings', () => {
    for (const page of [policies.terms, policies.shipping]) {
      expect(page).toContain('₹40.00')
      expect(page).toContain('₹750.00')
      expect(page).not.toContain('₹50.00')
    }
  })

  it('say that all sales are final and shipping costs are non-refundable', () => {
    for (const page of [policies.terms, policies.shipping]) {
      expect(page).toContain('All sales are final')
      expect(page).toContain('Shipping costs are non-refundable')
    }
    expect(policies.quality).toContain('all sales are final')
  })

  it('state the business hours and the complaint window', () => {
    for (const page of Object.values(policies)) {
      if (page !== policies.privacy) expect(page).toContain('Monday-Friday 09:00-18:00')
    }
    for (const page of [policies.terms, policies.shipping, policies.quality]) {
      expect(page).toContain('within 48 hours of delivery')
    }
  })

  it('promise delivery in 3-6 days on the shipping page', () => {
    expect(policies.shipping).toContain('Delivery in 3-6 days')
    expect(policies.shipping).toContain('2-3 business days')
  })

  it('name the grievance officer on the terms and privacy pages, with the response times', () => {
    for (const page of [policies.terms, policies.privacy]) {
      expect(page).toContain('Meera Joshi')
      expect(page).toContain('grievance@malwa.example')
      expect(page).toContain('+91 91111 22222')
      expect(page).toMatch(/within 48 hours/)
      expect(page).toMatch(/within one month/)
    }
  })

  it('cover what the DPDP Act asks of the privacy policy', () => {
    for (const phrase of [
      'Digital Personal Data Protection Act, 2023',
      'Name, mobile number, e-mail address and delivery address',
      'We never sell your data',
      'A session cookie',
      'Your cart',
      'How long we keep it',
      'ask us to correct, complete or update it',
      'ask us to erase it',
      'Data Protection Board of India',
    ]) {
      expect(policies.privacy).toContain(phrase)
    }
  })

  it('give every section a unique anchor', () => {
    for (const document of [termsDocument, privacyDocument, shippingDocument, qualityDocument].map((make) =>
      make(settings),
    )) {
      const ids = document.sections.map((section) => section.id)
      expect(new Set(ids).size).toBe(ids.length)
    }
  })

  describe('in Hindi', () => {
    const pairs = [
      [termsDocument, termsDocumentHindi],
      [privacyDocument, privacyDocumentHindi],
      [shippingDocument, shippingDocumentHindi],
      [qualityDocument, qualityDocumentHindi],
    ] as const

    it('have the same sections, under the same anchors, as the English ones', () => {
      for (const [english, hindi] of pairs) {
        expect(hindi(settings).sections.map((section) => section.id)).toEqual(
          english(settings).sections.map((section) => section.id),
        )
      }
    })

    it('quote the seller, the delivery charges and the grievance officer from the settings', () => {
      const pages = Object.fromEntries(pairs.map(([english, hindi]) => [english.name, text(hindi(settings))]))
      for (const page of Object.values(pages)) {
        expect(page).toContain('11424999000123')
        expect(page).toMatch(/[\u0900-\u097F]/)
      }
      for (const page of [pages.termsDocument, pages.privacyDocument]) {
        expect(page).toContain('Malwa Foods LLP')
        expect(page).toContain('Meera Joshi')
        expect(page).toContain('grievance@malwa.example')
      }
      for (const page of [pages.termsDocument, pages.shippingDocument]) {
        expect(page).toContain('₹40.00')
        expect(page).toContain('₹750.00')
        expect(page).toContain('हर बिक्री अंतिम है')
      }
    })
  })
})
