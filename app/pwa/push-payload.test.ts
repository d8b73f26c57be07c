import { describe, expect, it } from 'vitest'
import { DEFAULT_BADGE, DEFAULT_ICON, notificationFromPush } from './push-payload.ts'

describe('the notification a push message becomes', () => {
  it('shows the title, body and target of the shop JSON with the default icon and badge', () => {
    const shown = notificationFromPush(
      JSON.stringify({ title: 'Fresh Ratlami Sev', body: 'Made this morning', url: '/products/ratlami-sev' }),
      'Malwa Namkeen',
    )
    expect(shown).toEqual({
      title: 'Fresh Ratlami Sev',
      options: {
        body: 'Made this morning',
        icon: DEFAULT_ICON,
        badge: DEFAULT_BADGE,
        data: { url: '/products/ratlami-sev' },
      },
    })
  })

  it('keeps an image, icon, badge and tag when given', () => {
    const shown = notificationFromPush(
      JSON.stringify({
        title: 'Diwali offer',
        body: '10% off',
        url: '/products',
        image: '/images/hero-640.webp',
        icon: '/icons/icon-512.png',
        badge: '/icons/badge-96.png',
        tag: 'diwali',
      }),
      'Malwa Namkeen',
    )
    expect(shown.options).toMatchObject({
      image: '/images/hero-640.webp',
      icon: '/icons/icon-512.png',
      tag: 'diwali',
    })
  })

  it('opens the home page when the message names no url', () => {
    expect(notificationFromPush(JSON.stringify({ title: 'Hello' }), 'Malwa Namkeen').options.data.url).toBe('/')
  })

  it.each([null, '', 'not json', '[]', JSON.stringify({ body: 'no title' }), JSON.stringify({ title: '  ' })])(
    'still shows a plain notice from the shop for a message it cannot read (%s)',
    (text) => {
      const shown = notificationFromPush(text, 'Malwa Namkeen')
      expect(shown.title).toBe('Malwa Namkeen')
      expect(shown.options.data.url).toBe('/')
      expect(shown.options.icon).toBe(DEFAULT_ICON)
    },
  )
})
