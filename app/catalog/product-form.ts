// The admin's product form (spec sections 3 and 5, decisions.md "Where we complete the spec"): one
// schema, run by the browser for early feedback and by the action for the decision. Prices are typed
// in rupees and stored in paise; a size with price 0 is not sold. A sold size's shipping parcel may
// differ from its pack's default (app/shipping/parcels.ts): an empty parcel field is the default.

import { z } from 'zod'
import { isShopImageUrl } from '#app/media/image-url.ts'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { slugify } from '#app/shared/slug.ts'
import {
  differingFromDefaults,
  PACK_PARCELS,
  PARCEL_SIDES,
  type Parcel,
  type ParcelOverrides,
  parcelOverridesSchema,
  parcelSideSchema,
  parcelWeightSchema,
} from '#app/shipping/parcels.ts'
import { SIZES, type Size } from './sizes.ts'

/** The category select's value that asks for a new category, typed in `newCategory`. */
export const NEW_CATEGORY = '__new'

/** Spec section 9: choosing one of these categories fills in its 250g and 500g prices (rupees). */
export const CATEGORY_PRESETS: Record<string, Partial<Record<Size, string>>> = {
  'Premium Products': { '250g': '80', '500g': '150' },
  'Satwik Products': { '250g': '110', '500g': '200' },
}

export const PRODUCT_LIMITS = {
  name: 120,
  slug: 80,
  category: 40,
  description: 2000,
  ingredients: 1000,
  allergens: 500,
  storageAdvice: 500,
  /** ₹1,00,000 a pack: anything above is a typo. */
  priceRupees: 100_000,
  stock: 100_000,
  bestBeforeDays: 3650,
} as const

/**
 * The GST rates the product form offers, in percent (reference/india.md: namkeen is 5% since 22
 * September 2025). Stored in hundredths of a percent; the database checks the same list.
 */
export const GST_RATES = ['0', '0.25', '3', '5', '12', '18', '28', '40'] as const
export const DEFAULT_GST_RATE = '5'
export const DEFAULT_HSN = '210690'

/** '5' -> 500. */
export function gstRateBp(percent: string): number {
  return Math.round(Number(percent) * 100)
}

/** 500 -> '5'. */
export function gstRatePercent(rateBp: number): string {
  return String(rateBp / 100)
}

export const PRICE_FIELDS = { '250g': 'price250g', '500g': 'price500g', '1kg': 'price1kg' } as const
export const STOCK_FIELDS = { '250g': 'stock250g', '500g': 'stock500g', '1kg': 'stock1kg' } as const
/** The stock the form showed per size: the server compares it with the stock it has now. */
export const SHOWN_STOCK_FIELDS = {
  '250g': 'shownStock250g',
  '500g': 'shownStock500g',
  '1kg': 'shownStock1kg',
} as const

/** A size's shipping parcel, one field per figure: grams, then centimetres. */
export const PARCEL_FIELDS = {
  '250g': {
    weightGrams: 'parcelWeight250g',
    lengthCm: 'parcelLength250g',
    breadthCm: 'parcelBreadth250g',
    heightCm: 'parcelHeight250g',
  },
  '500g': {
    weightGrams: 'parcelWeight500g',
    lengthCm: 'parcelLength500g',
    breadthCm: 'parcelBreadth500g',
    heightCm: 'parcelHeight500g',
  },
  '1kg': {
    weightGrams: 'parcelWeight1kg',
    lengthCm: 'parcelLength1kg',
    breadthCm: 'parcelBreadth1kg',
    heightCm: 'parcelHeight1kg',
  },
} as const satisfies Record<Size, Record<keyof Parcel, string>>
export type ParcelField = (typeof PARCEL_FIELDS)[Size][keyof Parcel]
const PARCEL_KEYS = ['weightGrams', ...PARCEL_SIDES] as const satisfies readonly (keyof Parcel)[]

export const PRODUCT_FIELDS = [
  'name',
  'slug',
  'category',
  'newCategory',
  ...SIZES.map((size) => PRICE_FIELDS[size]),
  ...SIZES.map((size) => STOCK_FIELDS[size]),
  ...SIZES.flatMap((size) => PARCEL_KEYS.map((key): ParcelField => PARCEL_FIELDS[size][key])),
  'discountPercentage',
  'isFeatured',
  'description',
  'ingredients',
  'allergens',
  'isVegetarian',
  'bestBeforeDays',
  'storageAdvice',
  'hsnCode',
  'gstRate',
  'imageUrl',
  // The owner's Hindi texts, twins of the English fields (same limits); empty is no translation, and
  // Hindi pages show the English (docs/decisions/024-hindi.md).
  'nameHi',
  'descriptionHi',
  'ingredientsHi',
  'allergensHi',
  'storageAdviceHi',
] as const
export type ProductField = (typeof PRODUCT_FIELDS)[number]
export type ProductFormValues = Record<ProductField, string>
export type ProductFieldErrors = FieldErrors<ProductField>

/** A product's parcel overrides as the form shows them: a figure that is the pack's default stays empty. */
export function parcelFormValues(parcels: ParcelOverrides): Record<ParcelField, string> {
  const values = {} as Record<ParcelField, string>
  for (const size of SIZES) {
    const own = parcels[size]
    for (const key of PARCEL_KEYS) {
      values[PARCEL_FIELDS[size][key]] = own && own[key] !== PACK_PARCELS[size][key] ? String(own[key]) : ''
    }
  }
  return values
}

/**
 * The new-product form (spec "Admin product form defaults"): prices 80/150/0, stocks 0, discount 0,
 * every parcel its pack's default.
 */
export const PRODUCT_DEFAULTS: ProductFormValues = {
  name: '',
  slug: '',
  category: '',
  newCategory: '',
  price250g: '80',
  price500g: '150',
  price1kg: '0',
  stock250g: '0',
  stock500g: '0',
  stock1kg: '0',
  ...parcelFormValues({}),
  discountPercentage: '0',
  isFeatured: '',
  description: '',
  ingredients: '',
  allergens: '',
  isVegetarian: 'on',
  bestBeforeDays: '',
  storageAdvice: '',
  hsnCode: '2106 90',
  gstRate: DEFAULT_GST_RATE,
  imageUrl: '',
  nameHi: '',
  descriptionHi: '',
  ingredientsHi: '',
  allergensHi: '',
  storageAdviceHi: '',
}

/** The text of a field without the browser's CRLF line breaks, trimmed. */
function text(label: string, max: number) {
  return z
    .string()
    .overwrite((value) => value.replace(/\r\n?/g, '\n').trim())
    .max(max, `Please keep the ${label} to ${max.toLocaleString('en-IN')} characters or fewer.`)
}

/** Rupees with at most two decimals, as paise. Empty is 0 (the size is not sold). */
const price = z.string().transform((raw, context) => {
  const value = raw.trim().replace(/,/g, '')
  if (value === '') return 0
  if (/^-/.test(value)) {
    context.addIssue({ code: 'custom', message: 'A price cannot be negative. Use 0 for a size that is not sold.' })
    return z.NEVER
  }
  if (!/^\d+(\.\d{1,2})?$/.test(value)) {
    context.addIssue({ code: 'custom', message: 'Enter the price in rupees, like 80 or 79.50.' })
    return z.NEVER
  }
  const rupees = Number(value)
  if (rupees > PRODUCT_LIMITS.priceRupees) {
    context.addIssue({
      code: 'custom',
      message: `A price above ₹${PRODUCT_LIMITS.priceRupees.toLocaleString('en-IN')} is surely a typo.`,
    })
    return z.NEVER
  }
  return Math.round(rupees * 100)
})

/** A whole number in [min, max]; empty is `empty` (or refused when `empty` is undefined). */
function wholeNumber(messages: { negative: string; invalid: string; tooBig: string }, max: number, empty?: number) {
  return z.string().transform((raw, context) => {
    const value = raw.trim()
    if (value === '' && empty !== undefined) return empty
    if (/^-\d/.test(value)) {
      context.addIssue({ code: 'custom', message: messages.negative })
      return z.NEVER
    }
    if (!/^\d+$/.test(value)) {
      context.addIssue({ code: 'custom', message: messages.invalid })
      return z.NEVER
    }
    const number = Number(value)
    if (number > max) {
      context.addIssue({ code: 'custom', message: messages.tooBig })
      return z.NEVER
    }
    return number
  })
}

const stock = wholeNumber(
  {
    negative: 'Stock cannot be negative.',
    invalid: 'Stock is a whole number of packets, like 0 or 25.',
    tooBig: `Stock above ${PRODUCT_LIMITS.stock.toLocaleString('en-IN')} packets is surely a typo.`,
  },
  PRODUCT_LIMITS.stock,
  0,
)

/**
 * A parcel figure as typed: empty is the pack's default (null); else a number, with its unit if the
 * owner typed one ('300 g', '12.5cm') and thousands commas, that the parcel rule then decides on.
 */
function parcelFigure(rule: z.ZodType<number>, unit: RegExp) {
  return z.string().transform((raw, context) => {
    const value = raw.trim().replace(/,/g, '').replace(unit, '')
    if (value === '') return null
    const checked = rule.safeParse(/^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN)
    if (checked.success) return checked.data
    for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message })
    return z.NEVER
  })
}
const parcelWeight = parcelFigure(parcelWeightSchema, /\s*g$/i)
const parcelSide = (side: (typeof PARCEL_SIDES)[number]) => parcelFigure(parcelSideSchema(side), /\s*cm$/i)
const parcelFigures = Object.fromEntries(
  SIZES.flatMap((size) => [
    [PARCEL_FIELDS[size].weightGrams, parcelWeight],
    ...PARCEL_SIDES.map((side) => [PARCEL_FIELDS[size][side], parcelSide(side)]),
  ]),
) as Record<ParcelField, typeof parcelWeight>

const checkbox = z.string().transform((value) => value === 'on' || value === 'true')

export const productFormSchema = z
  .object({
    name: text('name', PRODUCT_LIMITS.name).pipe(z.string().min(1, 'Please enter the product’s name.')),
    slug: z.string().trim(),
    category: z.string().trim().min(1, 'Please choose a category.'),
    newCategory: z.string().transform((value) => value.trim().replace(/\s+/g, ' ')),
    price250g: price,
    price500g: price,
    price1kg: price,
    stock250g: stock,
    stock500g: stock,
    stock1kg: stock,
    ...parcelFigures,
    discountPercentage: wholeNumber(
      {
        negative: 'The discount is a whole number from 0 to 100.',
        invalid: 'The discount is a whole number from 0 to 100.',
        tooBig: 'The discount is a whole number from 0 to 100.',
      },
      100,
      0,
    ),
    isFeatured: checkbox,
    description: text('description', PRODUCT_LIMITS.description),
    ingredients: text('ingredients', PRODUCT_LIMITS.ingredients),
    allergens: text('allergens', PRODUCT_LIMITS.allergens),
    isVegetarian: checkbox,
    bestBeforeDays: z.string().transform((raw, context) => {
      const value = raw.trim()
      if (value === '') return null
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > PRODUCT_LIMITS.bestBeforeDays) {
        context.addIssue({
          code: 'custom',
          message: `Best before is a whole number of days from 1 to ${PRODUCT_LIMITS.bestBeforeDays.toLocaleString('en-IN')}, or empty.`,
        })
        return z.NEVER
      }
      return Number(value)
    }),
    storageAdvice: text('storage advice', PRODUCT_LIMITS.storageAdvice),
    // Left empty, the defaults for namkeen: HSN 2106 90 at 5%.
    hsnCode: z
      .string()
      .transform((value) => value.replace(/[\s.]/g, '') || DEFAULT_HSN)
      .pipe(z.string().regex(/^\d{4}(\d{2}){0,2}$/, 'The HSN code has 4, 6 or 8 digits, like 2106 90 for namkeen.')),
    gstRate: z
      .string()
      .transform((value) => value.trim().replace(/\s*%$/, '') || DEFAULT_GST_RATE)
      .pipe(z.enum(GST_RATES, `Choose a GST rate: ${GST_RATES.join(', ')} %.`))
      .transform(gstRateBp),
    imageUrl: z
      .string()
      .trim()
      .refine((url) => url === '' || isShopImageUrl(url), 'Choose one of the shop’s images, or upload a photo.')
      .transform((url) => url || null),
    nameHi: text('name in Hindi', PRODUCT_LIMITS.name),
    descriptionHi: text('description in Hindi', PRODUCT_LIMITS.description),
    ingredientsHi: text('ingredients in Hindi', PRODUCT_LIMITS.ingredients),
    allergensHi: text('allergens in Hindi', PRODUCT_LIMITS.allergens),
    storageAdviceHi: text('storage advice in Hindi', PRODUCT_LIMITS.storageAdvice),
  })
  .transform((form, context) => {
    // An empty slug is made from the name, and a typed one is tidied by the same rule.
    const slug = slugify(form.slug || form.name)
    if (slug === '') {
      context.addIssue({
        code: 'custom',
        path: ['slug'],
        message: 'The web address needs letters or numbers: type one, or give the product a name that has some.',
      })
    } else if (slug.length > PRODUCT_LIMITS.slug) {
      context.addIssue({
        code: 'custom',
        path: ['slug'],
        message: `Please keep the web address to ${PRODUCT_LIMITS.slug} characters or fewer.`,
      })
    }
    let category = form.category
    if (category === NEW_CATEGORY) {
      category = form.newCategory
      if (category.length < 2 || category.length > PRODUCT_LIMITS.category) {
        context.addIssue({
          code: 'custom',
          path: ['newCategory'],
          message: `Name the new category in 2 to ${PRODUCT_LIMITS.category} characters.`,
        })
      } else if (!/^[\p{L}\p{N}][\p{L}\p{N} &'’,.()-]*$/u.test(category)) {
        context.addIssue({
          code: 'custom',
          path: ['newCategory'],
          message: "Use letters, numbers, spaces and & ' , . ( ) - in a category’s name.",
        })
      }
    }
    if (form.price250g === 0 && form.price500g === 0 && form.price1kg === 0) {
      context.addIssue({
        code: 'custom',
        path: ['price250g'],
        message: 'Give at least one size a price: with none, the product cannot be sold.',
      })
    }
    const { newCategory: _newCategory, ...rest } = form
    const fields = Object.fromEntries(Object.entries(rest).filter(([field]) => !(field in parcelFigures))) as Omit<
      typeof rest,
      ParcelField
    >
    const parcels = parcelsOf(form, context)
    return { ...fields, slug, category, newCategory: form.category === NEW_CATEGORY, parcels }
  })

/**
 * The parcel overrides the form asks for: a size with any figure typed ships in its pack's default
 * with those figures changed; the parcel rule refuses one for a size not sold, next to its first
 * figure; only what differs from the defaults is kept.
 */
function parcelsOf(
  form: Record<ParcelField, number | null> & Record<(typeof PRICE_FIELDS)[Size], number>,
  context: z.RefinementCtx,
): ParcelOverrides {
  const asked: ParcelOverrides = {}
  for (const size of SIZES) {
    const typed = PARCEL_KEYS.filter((key) => form[PARCEL_FIELDS[size][key]] !== null)
    if (typed.length === 0) continue
    const parcel = { ...PACK_PARCELS[size] }
    for (const key of typed) parcel[key] = form[PARCEL_FIELDS[size][key]] as number
    asked[size] = parcel
  }
  const sold = SIZES.filter((size) => form[PRICE_FIELDS[size]] > 0)
  const checked = parcelOverridesSchema(sold).safeParse(asked)
  if (checked.success) return differingFromDefaults(checked.data)
  for (const issue of checked.error.issues) {
    const size = issue.path[0] as Size
    const key =
      (issue.path[1] as keyof Parcel | undefined) ?? PARCEL_KEYS.find((k) => form[PARCEL_FIELDS[size][k]] !== null)
    context.addIssue({ code: 'custom', path: [PARCEL_FIELDS[size][key ?? 'weightGrams']], message: issue.message })
  }
  return {}
}

export type ProductInput = z.output<typeof productFormSchema>
export type ProductValidation = FormValidation<ProductInput, ProductField>

export function productFormValues(formData: FormData): ProductFormValues {
  return formValues(formData, PRODUCT_FIELDS)
}

export function validateProductForm(values: unknown): ProductValidation {
  return validateForm(productFormSchema, PRODUCT_FIELDS, values)
}

/** The stock per size the form showed when it was opened (edit form only); null when absent or odd. */
export function shownStock(formData: FormData): Record<Size, number> | null {
  const shown: Partial<Record<Size, number>> = {}
  for (const size of SIZES) {
    const value = formData.get(SHOWN_STOCK_FIELDS[size])
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null
    shown[size] = Number(value)
  }
  return shown as Record<Size, number>
}
