// The FAQ's fifteen questions (spec section 2): the page shows them and its FAQPage data repeats them.
import type { FAQPage, WithContext } from 'schema-dts'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { formatRupees } from '#app/shared/money.ts'
import { COMPLAINT_WINDOW, DELIVERY_BUSINESS_DAYS, DELIVERY_LOCATIONS, PROCESSING_TIME } from './promises.ts'

export interface FaqEntry {
  id: string
  question: string
  /** Paragraphs of plain text (structured data carries the same words). */
  answer: string[]
  link?: { to: string; label: string }
}

export interface FaqGroup {
  id: string
  title: string
  entries: FaqEntry[]
}

export type FaqSettings = Pick<
  PublicSettings,
  'shopName' | 'phone' | 'email' | 'fssaiLicence' | 'deliveryFee' | 'freeDeliveryThreshold'
>

export function faqGroups(settings: FaqSettings): FaqGroup[] {
  const fee = formatRupees(settings.deliveryFee)
  const threshold = formatRupees(settings.freeDeliveryThreshold)
  return [
    {
      id: 'delivery',
      title: 'Delivery',
      entries: [
        {
          id: 'delivery-across-india',
          question: 'Do you deliver across India?',
          answer: [
            `Yes. We send parcels from our kitchen in Indore to ${DELIVERY_LOCATIONS} across India through our courier partners, from metro cities to small towns.`,
            'If a courier cannot reach your PIN code, we call you before dispatch instead of leaving your order waiting.',
          ],
          link: { to: '/shipping-policy', label: 'Read our shipping policy' },
        },
        {
          id: 'delivery-time',
          question: 'How long does delivery take?',
          answer: [
            `Orders are processed within ${PROCESSING_TIME}. Delivery then takes ${DELIVERY_BUSINESS_DAYS}: 2-3 business days to metro cities, 3-4 to tier-2 cities and 4-5 to smaller towns.`,
            'In the weeks before Diwali and other big festivals couriers are busier, so please allow a day or two more.',
          ],
        },
        {
          id: 'delivery-charges',
          question: 'How much does delivery cost?',
          answer: [
            `Delivery is ${fee} per order, and free when your order subtotal reaches ${threshold}. Your cart shows how much more you need for free delivery, and the total you see before paying always includes the delivery charge.`,
          ],
        },
        {
          id: 'order-tracking',
          question: 'How can I track my order?',
          answer: [
            'Signed-in customers see every order and its status (pending, confirmed, shipped or delivered) under My Orders. We also let you know when your order is confirmed and when it is out for delivery.',
            'Ordered as a guest? You can follow your order with its order number and the phone number you gave at checkout.',
          ],
        },
        {
          id: 'outside-india',
          question: 'Do you ship outside India?',
          answer: [
            'Not at the moment: we deliver only to addresses within India. Many customers abroad order for their family here, and we are glad to deliver those parcels.',
          ],
        },
      ],
    },
    {
      id: 'namkeen',
      title: 'Our namkeen',
      entries: [
        {
          id: 'authentic',
          question: 'Is your namkeen really made in Indore?',
          answer: [
            'Yes. Every packet is made in our own kitchen in Indore, from family recipes and in the way Indore has always made its namkeen: besan dough pressed fresh into sev, spices ground in-house, and frying in small batches.',
            'We do not buy namkeen made elsewhere and repack it.',
          ],
        },
        {
          id: 'fssai',
          question: 'Is your kitchen FSSAI licensed?',
          answer: [
            `Yes. Our kitchen holds FSSAI licence number ${settings.fssaiLicence}. The number is printed on every pack and at the foot of every page of this website, and you can look it up on the FSSAI's FoSCoS portal.`,
          ],
          link: { to: '/quality-policy', label: 'Read our quality policy' },
        },
        {
          id: 'preservatives',
          question: 'Do you add preservatives?',
          answer: [
            'No. We add no artificial preservatives, colours or flavours. Namkeen keeps well because it is fried crisp and dry; we keep it fresh by frying in small batches and packing it in sealed, food-grade pouches soon after frying.',
          ],
        },
        {
          id: 'vegetarian',
          question: 'Is everything vegetarian? What does Satwik mean?',
          answer: [
            'Everything we make is 100% vegetarian and carries the green vegetarian mark. Our Satwik range is made without onion and garlic.',
            'Every product page lists the full ingredients and the allergens, such as peanuts or gluten.',
          ],
        },
        {
          id: 'pack-sizes',
          question: 'Which pack sizes can I buy?',
          answer: [
            'Each namkeen comes in 250g, 500g and 1kg packs. A 250g pack is a good way to try a new flavour; the 1kg pack suits families and festivals. If a size is sold out, the product page shows it as unavailable.',
          ],
          link: { to: '/products', label: 'See all products' },
        },
        {
          id: 'storage',
          question: 'How should I store namkeen, and how long does it keep?',
          answer: [
            'Keep the pack sealed in a cool, dry place, away from sunlight. Once it is open, move the namkeen into an airtight container and close it after every use: damp air is what takes the crunch out of sev.',
            'The best-before date is printed on every pack, and each product page gives its best-before period.',
          ],
        },
      ],
    },
    {
      id: 'orders',
      title: 'Orders, payment and help',
      entries: [
        {
          id: 'festivals',
          question: 'Can I order for Diwali and other festivals?',
          answer: [
            'Of course: festivals are our busiest weeks. For Diwali, Holi, Raksha Bandhan, Navratri or a wedding, please order at least a week ahead so your namkeen arrives in time. For large quantities, see bulk orders below.',
          ],
        },
        {
          id: 'cash-on-delivery',
          question: 'Can I pay cash on delivery?',
          answer: [
            'Yes. Choose cash on delivery at checkout and pay the courier when your parcel arrives. Where online payment is offered at checkout, you can also pay by UPI, card or net banking through PhonePe.',
          ],
        },
        {
          id: 'satisfaction',
          question: 'What if I am not happy with my order?',
          answer: [
            `Tell us within ${COMPLAINT_WINDOW} of delivery: call ${settings.phone} or write to ${settings.email} with your order number and photos of the pack.`,
            'Because our products are food, all sales are final and we do not take returns or exchanges. If a parcel arrives damaged in transit or you received the wrong item, we look into each case individually and tell you how we will put it right. Every comment about taste or quality goes to our kitchen.',
          ],
          link: { to: '/terms-and-conditions', label: 'Read our terms and conditions' },
        },
        {
          id: 'bulk-orders',
          question: 'Do you take wholesale or bulk orders?',
          answer: [
            `Yes. We supply shops, caterers, offices and families ordering for weddings and festivals. Call ${settings.phone}, write to ${settings.email} or use our contact form, with the products, quantities and the date you need them, and we will send you a quote.`,
          ],
          link: { to: '/contact', label: 'Send us a message' },
        },
      ],
    },
  ]
}

export function faqEntries(settings: FaqSettings): FaqEntry[] {
  return faqGroups(settings).flatMap((group) => group.entries)
}

export function faqJsonLd(entries: FaqEntry[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer.join(' ') },
    })),
  }
}
