import { describe, expect, it } from 'vitest'
import {
  FILL_IN,
  isAllowedLink,
  MESSAGE_MAX,
  parseNotificationForm,
  pushTemplates,
  TITLE_MAX,
} from './push-notification.ts'

describe('the Push tab’s rules', () => {
  it.each(['/products', '/checkout?coupon=FIRST10', 'https://malwanamkeen.example/offers', '/blog/diwali#list'])(
    'accepts the link %s',
    (link) => expect(isAllowedLink(link)).toBe(true),
  )

  it.each([
    'http://malwanamkeen.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.example/x',
    '/\\evil.example',
    'products',
    'https://user:pass@evil.example/',
    'https://',
    '/a b',
  ])('refuses the link %s', (link) => expect(isAllowedLink(link)).toBe(false))

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
