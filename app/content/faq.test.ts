import { describe, expect, it } from 'vitest'
import { demoSettings } from '#app/demo/settings.ts'
import { faqEntries, faqGroups, faqJsonLd } from './faq.ts'

describe('FAQ', () => {
  const entries = faqEntries(demoSettings)

  it('asks fifteen distinct questions', () => {
    expect(entries).toHaveLength(15)
    expect(new Set(entries.map((entry) => entry.question)).size).toBe(15)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(15)
  })

  it('covers every topic the spec lists', () => {
    const text = entries.map((entry) => `${entry.question} ${entry.answer.join(' ')}`).join('\n')
    for (const topic of [
      /across India/,
      /2-5 business days/,
      /Indore/,
      /FSSAI/,
      /preservatives/,
      /250g, 500g and 1kg/,
      /track/,
      /within 48 hours of delivery/,
      /Diwali/,
      /store/,
      /cash on delivery/,
      /bulk/,
    ]) {
      expect(text).toMatch(topic)
    }
  })

  it('quotes the delivery charges and contact details from the settings', () => {
    const text = JSON.stringify(faqGroups({ ...demoSettings, deliveryFee: 4000, freeDeliveryThreshold: 75000 }))
    expect(text).toContain('₹40.00 per order')
    expect(text).toContain('reaches ₹750.00')
    expect(text).toContain(demoSettings.phone)
    expect(text).toContain(demoSettings.email)
    expect(text).toContain(demoSettings.fssaiLicence)
  })

  it('describes the same questions as FAQPage structured data', () => {
    const data = faqJsonLd(entries)
    expect(data['@type']).toBe('FAQPage')
    const questions = data.mainEntity as unknown as { name: string; acceptedAnswer: { text: string } }[]
    expect(questions).toHaveLength(15)
    expect(questions[0]).toEqual({
      '@type': 'Question',
      name: entries[0]?.question,
      acceptedAnswer: { '@type': 'Answer', text: entries[0]?.answer.join(' ') },
    })
  })
})
