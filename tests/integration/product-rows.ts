// The product the integration tests sell, as a row to insert: each test gives the stock its case needs.
import type { products } from '#app/catalog/schema.ts'

/** Ratlami Sev at ₹80 for 250g and ₹150 for 500g, no 1kg pack. */
export function ratlamiSev(fields: Partial<typeof products.$inferInsert> = {}): typeof products.$inferInsert {
  return {
    slug: 'ratlami-sev',
    name: 'Ratlami Sev',
    category: 'Premium Products',
    price250g: 8000,
    price500g: 15000,
    price1kg: 0,
    ...fields,
  }
}
