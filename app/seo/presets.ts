// Title and description of each page preset (spec section 2, "Shared frame").

export const SEO_PRESETS = {
  home: {
    title: 'Malwa Namkeen | Authentic Indori Namkeen, Fresh From Indore',
    description:
      'Authentic Indore-style namkeen: Ratlami sev, khatta meetha, navratna mixture and bundi, made fresh in small batches in Indore and delivered across India.',
  },
  products: {
    title: 'Shop Indori Namkeen Online | Sev, Mixtures and Bundi | Malwa Namkeen',
    description:
      'Browse Premium and Satwik namkeen from Indore in 250g, 500g and 1kg packs: sev, mixtures and bundi, fried fresh and delivered across India.',
  },
  about: {
    title: 'About Us | Malwa Namkeen, Indore',
    description:
      'The story of Malwa Namkeen: family recipes from Indore, small-batch frying, and the values behind every packet we send across India.',
  },
  blog: {
    title: 'Namkeen Stories and Tips | Malwa Namkeen Blog',
    description:
      'Stories of Indori namkeen, storage tips that keep sev crisp, and festival snack ideas from the Malwa Namkeen kitchen.',
  },
  faq: {
    title: 'Frequently Asked Questions | Malwa Namkeen',
    description:
      'Answers about delivery across India, freshness, FSSAI licence, pack sizes, order tracking, cash on delivery and bulk orders.',
  },
  contact: {
    title: 'Contact Us | Malwa Namkeen, Indore',
    description:
      'Call, e-mail or write to Malwa Namkeen in Indore for orders, bulk and festival enquiries, or help with a delivery.',
  },
  quality: {
    title: 'Quality Policy | Malwa Namkeen',
    description: 'How we choose ingredients, fry, pack and check every batch of namkeen in our Indore kitchen.',
  },
  terms: {
    title: 'Terms and Conditions | Malwa Namkeen',
    description:
      'The terms for buying from Malwa Namkeen: orders, prices, payment, delivery and our all-sales-final policy.',
  },
  privacy: {
    title: 'Privacy Policy | Malwa Namkeen',
    description:
      'What personal data Malwa Namkeen collects, why, how long we keep it, and how to ask for it to be corrected or erased.',
  },
  shipping: {
    title: 'Shipping Policy | Malwa Namkeen',
    description:
      'Where and how we deliver across India, delivery times of 3-6 days, delivery charges and free delivery from ₹500.',
  },
} as const

export type SeoPreset = keyof typeof SEO_PRESETS
