// The FAQ's fifteen questions (spec section 2), in the page's language: the page shows them and its
// FAQPage data repeats them.
import type { FAQPage, WithContext } from 'schema-dts'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { formatRupees } from '#app/shared/money.ts'

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
  const { phone, email } = settings
  return [
    {
      id: 'delivery',
      title: m.faq_group_delivery(),
      entries: [
        {
          id: 'delivery-across-india',
          question: m.faq_across_india_q(),
          answer: [m.faq_across_india_a1({ locations: m.promise_delivery_locations() }), m.faq_across_india_a2()],
          link: { to: '/shipping-policy', label: m.faq_link_shipping() },
        },
        {
          id: 'delivery-time',
          question: m.faq_time_q(),
          answer: [
            m.faq_time_a1({ processing: m.promise_processing_time(), days: m.promise_delivery_business_days() }),
            m.faq_time_a2(),
          ],
        },
        {
          id: 'delivery-charges',
          question: m.faq_charges_q(),
          answer: [m.faq_charges_a1({ fee, threshold })],
        },
        {
          id: 'order-tracking',
          question: m.faq_tracking_q(),
          answer: [m.faq_tracking_a1(), m.faq_tracking_a2()],
        },
        {
          id: 'outside-india',
          question: m.faq_abroad_q(),
          answer: [m.faq_abroad_a1()],
        },
      ],
    },
    {
      id: 'namkeen',
      title: m.faq_group_namkeen(),
      entries: [
        {
          id: 'authentic',
          question: m.faq_authentic_q(),
          answer: [m.faq_authentic_a1(), m.faq_authentic_a2()],
        },
        {
          id: 'fssai',
          question: m.faq_fssai_q(),
          answer: [m.faq_fssai_a1({ number: settings.fssaiLicence })],
          link: { to: '/quality-policy', label: m.faq_link_quality() },
        },
        {
          id: 'preservatives',
          question: m.faq_preservatives_q(),
          answer: [m.faq_preservatives_a1()],
        },
        {
          id: 'vegetarian',
          question: m.faq_vegetarian_q(),
          answer: [m.faq_vegetarian_a1(), m.faq_vegetarian_a2()],
        },
        {
          id: 'pack-sizes',
          question: m.faq_sizes_q(),
          answer: [m.faq_sizes_a1()],
          link: { to: '/products', label: m.faq_link_products() },
        },
        {
          id: 'storage',
          question: m.faq_storage_q(),
          answer: [m.faq_storage_a1(), m.faq_storage_a2()],
        },
      ],
    },
    {
      id: 'orders',
      title: m.faq_group_orders(),
      entries: [
        {
          id: 'festivals',
          question: m.faq_festivals_q(),
          answer: [m.faq_festivals_a1()],
        },
        {
          id: 'cash-on-delivery',
          question: m.faq_cod_q(),
          answer: [m.faq_cod_a1()],
        },
        {
          id: 'satisfaction',
          question: m.faq_satisfaction_q(),
          answer: [
            m.faq_satisfaction_a1({ window: m.promise_complaint_window(), phone, email }),
            m.faq_satisfaction_a2(),
          ],
          link: { to: '/terms-and-conditions', label: m.faq_link_terms() },
        },
        {
          id: 'bulk-orders',
          question: m.faq_bulk_q(),
          answer: [m.faq_bulk_a1({ phone, email })],
          link: { to: '/contact', label: m.faq_link_contact() },
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
