// Title and description of each page preset (spec section 2, "Shared frame"), as message functions
// (messages/*.json, seo_*): called when a page's meta is made, in its language.
import { m } from '#app/paraglide/messages.js'

export const SEO_PRESETS = {
  home: { title: m.seo_home_title, description: m.seo_home_description },
  products: { title: m.seo_products_title, description: m.seo_products_description },
  about: { title: m.seo_about_title, description: m.seo_about_description },
  blog: { title: m.seo_blog_title, description: m.seo_blog_description },
  faq: { title: m.seo_faq_title, description: m.seo_faq_description },
  contact: { title: m.seo_contact_title, description: m.seo_contact_description },
  quality: { title: m.seo_quality_title, description: m.seo_quality_description },
  terms: { title: m.seo_terms_title, description: m.seo_terms_description },
  privacy: { title: m.seo_privacy_title, description: m.seo_privacy_description },
  shipping: { title: m.seo_shipping_title, description: m.seo_shipping_description },
} as const

export type SeoPreset = keyof typeof SEO_PRESETS
