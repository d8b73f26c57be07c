// What "Order again" tells the shopper, in the page's language: the order's packets in the cart, and
// each change since that order (stock, the cart's limits, no longer sold, today's price, the coupon).
import { describe, expect, it } from 'vitest'
import { type AgainOutcome, againNotice } from './order-again.server.ts'

const orderId = '0b7a4f8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'
const outcome = (label: string): AgainOutcome => ({
  orderId,
  couponCode: 'FIRST10',
  lines: [
    { index: 0, label, wanted: 3, added: 2, short: 'stock', price: 42000, was: 40000 },
    { index: 1, label: 'Tikhi Bundi (250g)', wanted: 1, added: 0, short: 'not-sold', price: 0, was: 8000 },
    { index: 2, label: 'Navratna Mixture (500g)', wanted: 2, added: 2, short: null, price: 19000, was: 19000 },
  ],
})

describe('the notice of order again', () => {
  it('says in English what went into the cart and what changed', () => {
    expect(againNotice(outcome('Premium Ratlami Sev (1kg)'), 'en')).toEqual({
      ok: true,
      title: 'Added to your cart',
      message: "4 packets from order #2e3f4a5b are in your cart, at today's prices.",
      notes: [
        'Premium Ratlami Sev (1kg) is out of stock: 2 of 3 added.',
        'Premium Ratlami Sev (1kg): the price is now ₹420.00 (it was ₹400.00).',
        'Tikhi Bundi (250g) is no longer sold.',
        'The coupon FIRST10 of that order is not applied again.',
      ],
    })
  })

  it('says it in Hindi on a Hindi page', () => {
    const notice = againNotice(outcome('प्रीमियम रतलामी सेव (1 किलो)'), 'hi')
    expect(notice.title).toBe('आपकी कार्ट में जोड़ दिया गया')
    expect(notice.message).toBe('ऑर्डर #2e3f4a5b के 4 पैकेट आज के दाम पर आपकी कार्ट में हैं।')
    expect(notice.notes.slice(0, 2)).toEqual([
      'प्रीमियम रतलामी सेव (1 किलो) स्टॉक में नहीं है: 3 में से 2 जोड़े गए।',
      'प्रीमियम रतलामी सेव (1 किलो): अब दाम ₹420.00 है (पहले ₹400.00 था)।',
    ])
    expect(notice.notes[3]).toBe('उस ऑर्डर का कूपन FIRST10 दोबारा नहीं लगाया गया।')
  })
})
