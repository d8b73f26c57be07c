import { describe, expect, it } from 'vitest'
import {
  FILL_IN,
  isAllowedImage,
  MESSAGE_MAX,
  parseNotificationForm,
  pushTemplates,
  TITLE_MAX,
} from './push-notification.ts'

describe('the Push tab’s rules', () => {
  it.each(['/images/hero-1280.webp', 'https://malwanamkeen.example/diwali.webp'])('shows the picture %s', (link) =>
    expect(isAllowedImage(link)).toBe(true),
  )

  it.each([
    'http://malwanamkeen.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.example/x',
    '/\\evil.example',
    'https://user:pass@evil.example/',
    'https://',
  ])('refuses the picture %s', (link) => expect(isAllowedImage(link)).toBe(false))

  it('refuses a target on another site, with the reason', () => {
    expect(parseNotificationForm({ title: 'Hi', message: 'There', targetUrl: 'https://elsewhere.example/' })).toEqual({
      ok: false,
      message: 'The target URL must be a path on this site, such as /products.',
    })
  })

  it('asks for title and message first, and stores empty links as null', () => {
    expect(parseNotificationForm({ title: '', message: '', targetUrl: 'javascript:x' })).toEqual({
      ok: false,
      message: FILL_IN,
    })
    expect(parseNotificationForm({ title: ' Hi ', message: 'There', imageUrl: '', targetUrl: '' })).toEqual({
      ok: true,
      data: { title: 'Hi', message: 'There', imageUrl: null, targetUrl: null },
    })
  })

  it('has five templates within the limits, opening /products or /checkout for the cart reminder', () => {
    const templates = pushTemplates({ freeDeliveryFrom: 50000 })
    expect(templates).toHaveLength(5)
    for (const template of templates) {
      expect(template.title.length).toBeLessThanOrEqual(TITLE_MAX)
      expect(template.message.length).toBeLessThanOrEqual(MESSAGE_MAX)
      expect(parseNotificationForm({ ...template }).ok).toBe(true)
    }
    expect(templates.map((template) => template.targetUrl)).toEqual([
      '/products',
      '/products',
      '/products',
      '/products',
      '/checkout',
    ])
    expect(templates[3]?.message).toContain('₹500')
  })
})
