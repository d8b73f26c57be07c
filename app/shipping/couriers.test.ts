import { describe, expect, it } from 'vitest'
import {
  COURIER_CHOICES,
  courierLabel,
  DEFAULT_TRACKING_URLS,
  fillTrackingUrl,
  parseShipment,
  shipmentShown,
  TRACKED_COURIERS,
  trackingTemplateProblem,
  trackingTemplateSchema,
} from './couriers.ts'
import { courierText, shipmentSentText } from './shipment-texts.ts'

describe('the Shipped dialog’s list', () => {
  it('offers the issue’s couriers in its order, then the shop’s own rider and another courier', () => {
    expect(COURIER_CHOICES.map((choice) => choice.label)).toEqual([
      'India Post',
      'DTDC',
      'Delhivery',
      'Blue Dart',
      'Ekart',
      'Xpressbees',
      'The shop’s own rider',
      'Other courier',
    ])
  })
})

describe('filling a tracking link', () => {
  it('puts the number where {awb} is, every time it appears', () => {
    expect(fillTrackingUrl(DEFAULT_TRACKING_URLS.delhivery, '1234567890123')).toBe(
      'https://www.delhivery.com/track/package/1234567890123',
    )
    expect(fillTrackingUrl('https://t.example/{awb}?again={awb}', 'EE1')).toBe('https://t.example/EE1?again=EE1')
  })

  it('gives no link without a template', () => {
    expect(fillTrackingUrl('', 'EE123456789IN')).toBeNull()
    expect(fillTrackingUrl(undefined, 'EE123456789IN')).toBeNull()
  })

  it('escapes what the address could not carry as it is', () => {
    expect(fillTrackingUrl('https://t.example/track?n={awb}', 'A&B=C')).toBe('https://t.example/track?n=A%26B%3DC')
  })
})

describe('a tracking-link template in the settings', () => {
  it('starts as a good template, or empty, for every courier', () => {
    for (const courier of TRACKED_COURIERS) {
      const template = DEFAULT_TRACKING_URLS[courier]
      expect(template === '' || trackingTemplateProblem(template, courier) === null, courier).toBe(true)
    }
  })

  it.each([
    ['http://www.delhivery.com/track/package/{awb}', 'The Delhivery tracking link must start with https://.'],
    ['javascript:alert({awb})', 'The Delhivery tracking link is not a web address'],
    ['www.delhivery.com/track/package/{awb}', 'The Delhivery tracking link is not a web address'],
    ['https://www.delhivery.com/track/package/', 'Put {awb} in the Delhivery tracking link where the number goes'],
    ['https://{awb}.example.com/track', '{awb} may not be part of the Delhivery website’s name'],
    ['https://user:secret@www.delhivery.com/{awb}', 'must not carry a user name or password'],
  ])('refuses %s', (template, message) => {
    expect(trackingTemplateProblem(template, 'Delhivery')).toContain(message)
  })

  it('takes an empty template (no link), trimmed, and refuses one too long', () => {
    const schema = trackingTemplateSchema('DTDC')
    expect(schema.parse('  ')).toBe('')
    expect(schema.parse(' https://www.dtdc.example/track?cn={awb} ')).toBe('https://www.dtdc.example/track?cn={awb}')
    const long = schema.safeParse(`https://www.dtdc.example/${'x'.repeat(300)}{awb}`)
    expect(long.success).toBe(false)
    expect(long.error?.issues[0]?.message).toBe('Please keep the DTDC tracking link to 300 characters or fewer.')
  })
})

describe('the Shipped dialog’s fields', () => {
  it('takes a listed courier with its number, spaces left out and in capitals', () => {
    expect(parseShipment({ courier: 'india_post', awb: ' ee 123 456 789 in ' })).toEqual({
      ok: true,
      shipment: { courier: 'india_post', awb: 'EE123456789IN' },
    })
  })

  it('takes the shop’s own rider without a number, and drops one sent all the same', () => {
    expect(parseShipment({ courier: 'own_rider' })).toEqual({ ok: true, shipment: { courier: 'own_rider' } })
    expect(parseShipment({ courier: 'own_rider', awb: 'X1', courierName: 'Y' })).toEqual({
      ok: true,
      shipment: { courier: 'own_rider' },
    })
  })

  it('takes another courier by the name typed, trimmed', () => {
    expect(parseShipment({ courier: 'other', courierName: '  Shree Maruti Courier ', awb: 'SM-4455' })).toEqual({
      ok: true,
      shipment: { courier: 'other', courierName: 'Shree Maruti Courier', awb: 'SM-4455' },
    })
  })

  it.each([
    [{}, { courier: 'Please choose the courier from the list.' }],
    [{ courier: '' }, { courier: 'Please choose the courier from the list.' }],
    [{ courier: 'fedex', awb: '12345' }, { courier: 'Please choose the courier from the list.' }],
    [{ courier: 'dtdc' }, { awb: 'Please enter the AWB or consignment number.' }],
    [{ courier: 'dtdc', awb: '   ' }, { awb: 'Please enter the AWB or consignment number.' }],
    [
      { courier: 'dtdc', awb: 'D12' },
      { awb: 'An AWB or consignment number has at least 4 characters: please check it.' },
    ],
    [
      { courier: 'dtdc', awb: '1'.repeat(31) },
      { awb: 'An AWB or consignment number has at most 30 characters: please check it.' },
    ],
    [
      { courier: 'dtdc', awb: 'D123<script>' },
      { awb: 'An AWB or consignment number has only letters, digits and hyphens: please check it.' },
    ],
    [
      { courier: 'other', awb: '' },
      { awb: 'Please enter the AWB or consignment number.', courierName: 'Please enter the courier’s name.' },
    ],
    [
      { courier: 'other', courierName: 'x'.repeat(61), awb: 'SM-4455' },
      { courierName: 'Please keep the courier’s name to 60 characters or fewer.' },
    ],
  ])('refuses %j, saying why', (fields, fieldErrors) => {
    expect(parseShipment(fields)).toEqual({ ok: false, fieldErrors })
  })
})

describe('showing a shipment', () => {
  it('names the courier, another courier as typed, and shows it only once the order is on its way', () => {
    expect(courierLabel({ courier: 'bluedart', courierName: null })).toBe('Blue Dart')
    expect(courierLabel({ courier: 'other', courierName: 'Shree Maruti' })).toBe('Shree Maruti')
    expect(['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'].filter(shipmentShown)).toEqual([
      'shipped',
      'delivered',
    ])
  })

  it('says it in Hindi for a Hindi page', () => {
    expect(courierText({ courier: 'india_post', courierName: null }, 'hi')).toBe('भारतीय डाक')
    expect(courierText({ courier: 'india_post', courierName: null }, 'en')).toBe('India Post')
    expect(shipmentSentText({ courier: 'dtdc', courierName: null }, 'hi')).toBe('DTDC से भेजा गया')
    expect(shipmentSentText({ courier: 'own_rider', courierName: null }, 'hi')).toBe(
      'हमारे अपने डिलीवरी राइडर के साथ भेजा गया',
    )
    expect(shipmentSentText({ courier: 'other', courierName: 'Shree Maruti' }, 'en')).toBe('Sent with Shree Maruti')
  })
})
