// Shapes of the demo data loaded into an empty database (SEED_DEMO).

export type DemoCategory = 'Premium Products' | 'Satwik Products'

/** One of the bundled artworks under public/images/products (rendered by `npm run art`). */
export type BundledImage =
  | 'cornflakes-sweet-mix'
  | 'dal-moth-mix'
  | 'delicious-mixture'
  | 'double-laung-sev'
  | 'fiki-barik-sev'
  | 'gujrati-mixture'
  | 'khatta-mitha-mixture'
  | 'navaratan-mixture'
  | 'ratlami-sev'
  | 'spicy-mixture'
  | 'ujjaini-sev'
  | 'tikhi-bundi'

export interface DemoProduct {
  slug: string
  name: string
  /** Two to four honest sentences: what it is, how it tastes, how it is made. */
  description: string
  category: DemoCategory
  image: BundledImage
  /** Prices in paise (integer). */
  price250g: number
  price500g: number
  price1kg: number
  stock250g: number
  stock500g: number
  stock1kg: number
  isFeatured: boolean
  /** Integer 0-100. */
  discountPercentage: number
  /** As on the pack label, comma separated, in descending order of weight. */
  ingredients: string
  /** e.g. 'Contains gram flour (chickpea). Packed in a facility that also handles peanuts and wheat.' */
  allergens: string
  bestBeforeDays: number
  storageAdvice: string
  /** The same texts in natural shop Hindi, for the Hindi pages (docs/decisions/024-hindi.md). */
  nameHi: string
  descriptionHi: string
  ingredientsHi: string
  allergensHi: string
  storageAdviceHi: string
}

export interface DemoPost {
  slug: string
  title: string
  excerpt: string
  /** Markdown: headings (##, ###), **bold**, lists, links. */
  content: string
  author: string
  /** Public path of an image, or null to use the fallback image. */
  imageUrl: string | null
  isPublished: boolean
  /** ISO date, e.g. '2026-09-14'. */
  publishedOn: string
}
