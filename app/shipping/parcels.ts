// The parcel a pack ships in, for booking a courier: weight in grams and size in centimetres. Each
// size has a default (PACK_PARCELS); a product may set its own per size (products.parcels), and an
// order's parcel is worked out from its lines (orderParcel). Pure.
import { z } from 'zod'
import { SIZES, type Size } from '#app/catalog/sizes.ts'

export interface Parcel {
  /** Packed weight: the namkeen, its pouch and the box share. */
  weightGrams: number
  lengthCm: number
  breadthCm: number
  heightCm: number
}

export type ParcelOverrides = Partial<Record<Size, Parcel>>

/** What each pack weighs and measures packed, unless a product says otherwise. */
export const PACK_PARCELS: Record<Size, Parcel> = {
  '250g': { weightGrams: 300, lengthCm: 20, breadthCm: 15, heightCm: 5 },
  '500g': { weightGrams: 560, lengthCm: 24, breadthCm: 18, heightCm: 6 },
  '1kg': { weightGrams: 1100, lengthCm: 30, breadthCm: 22, heightCm: 8 },
}

/**
 * What a product's parcel may be. Weight in whole grams, as a kitchen scale shows it: 10 g is less
 * than any pouch, 30 kg more than any pack (and the most a courier takes as one parcel). A side in
 * centimetres with at most one decimal (12.5), as a ruler is read; 1 cm keeps well above Shiprocket's
 * 0.5 cm floor, and 120 cm is past any box a courier takes without a surcharge.
 */
export const PARCEL_LIMITS = {
  weightGrams: { min: 10, max: 30_000 },
  sideCm: { min: 1, max: 120 },
} as const

export const PARCEL_SIDES = ['lengthCm', 'breadthCm', 'heightCm'] as const
export type ParcelSide = (typeof PARCEL_SIDES)[number]

const SIDE_NAMES: Record<ParcelSide, string> = { lengthCm: 'Length', breadthCm: 'Breadth', heightCm: 'Height' }

const { weightGrams: weightLimits, sideCm: sideLimits } = PARCEL_LIMITS

export const PARCEL_WEIGHT_MESSAGE = `Weight is a whole number of grams from ${weightLimits.min} to ${weightLimits.max.toLocaleString('en-IN')}, like 300.`

export function parcelSideMessage(side: ParcelSide): string {
  return `${SIDE_NAMES[side]} is ${sideLimits.min} to ${sideLimits.max} cm, with one decimal at most, like 20 or 12.5.`
}

/** A parcel's weight in grams. */
export const parcelWeightSchema = z
  .number({ error: PARCEL_WEIGHT_MESSAGE })
  .refine(
    (grams) => Number.isInteger(grams) && grams >= weightLimits.min && grams <= weightLimits.max,
    PARCEL_WEIGHT_MESSAGE,
  )

/** One side of a parcel in centimetres, kept to one decimal (12.5, not 12.499999). */
export function parcelSideSchema(side: ParcelSide) {
  const message = parcelSideMessage(side)
  return z
    .number({ error: message })
    .refine(
      (cm) =>
        Number.isFinite(cm) &&
        Math.abs(cm * 10 - Math.round(cm * 10)) < 1e-9 &&
        cm >= sideLimits.min &&
        cm <= sideLimits.max,
      message,
    )
    .transform((cm) => Math.round(cm * 10) / 10)
}

export const parcelSchema = z.strictObject({
  weightGrams: parcelWeightSchema,
  lengthCm: parcelSideSchema('lengthCm'),
  breadthCm: parcelSideSchema('breadthCm'),
  heightCm: parcelSideSchema('heightCm'),
})

/**
 * A product's parcel overrides as the server accepts them: whole parcels, keyed by size, and only for
 * the sizes the product sells (`sold`); a size it does not sell has nothing to ship.
 */
export function parcelOverridesSchema(sold: readonly Size[] = SIZES) {
  return z
    .strictObject({ '250g': parcelSchema.optional(), '500g': parcelSchema.optional(), '1kg': parcelSchema.optional() })
    .superRefine((overrides, context) => {
      for (const size of SIZES) {
        if (overrides[size] && !sold.includes(size)) {
          context.addIssue({
            code: 'custom',
            path: [size],
            message: `The ${size} pack is not sold: leave its parcel empty, or give it a price.`,
          })
        }
      }
    })
    .transform((overrides): ParcelOverrides => overrides)
}

export function sameParcel(a: Parcel, b: Parcel): boolean {
  return (
    a.weightGrams === b.weightGrams &&
    a.lengthCm === b.lengthCm &&
    a.breadthCm === b.breadthCm &&
    a.heightCm === b.heightCm
  )
}

/** The overrides that say something: a size whose parcel is its pack's default is left out. */
export function differingFromDefaults(overrides: ParcelOverrides): ParcelOverrides {
  const kept: ParcelOverrides = {}
  for (const size of SIZES) {
    const parcel = overrides[size]
    if (parcel && !sameParcel(parcel, PACK_PARCELS[size])) kept[size] = parcel
  }
  return kept
}

/**
 * The product's parcel for a size: its own, else the pack's default. A stored override that is not a
 * valid parcel (written by hand, or by an older rule) falls back to the default rather than reach a
 * courier's booking.
 */
export function parcelOf(size: Size, overrides: ParcelOverrides): Parcel {
  const own = overrides[size]
  return own && parcelSchema.safeParse(own).success ? own : PACK_PARCELS[size]
}

export interface OrderParcel {
  weightKg: number
  lengthCm: number
  breadthCm: number
  heightCm: number
}

/** Couriers weigh a parcel of a few grams as their minimum anyway; Shiprocket wants more than 0. */
export const MIN_ORDER_WEIGHT_KG = 0.05

/**
 * The whole order packed in one box. The packing assumption: the packets lie flat, stacked one on
 * another, so the box is as long and as wide as the largest packet and as tall as the stack. A
 * stack taller than a side may be (120 cm) would in fact be packed in layers side by side, so the
 * height stops there; the weight still counts every packet. Sides are added in tenths of a
 * centimetre and weights in grams, so no float drift reaches the courier.
 */
export function orderParcel(lines: readonly { size: Size; quantity: number; parcels: ParcelOverrides }[]): OrderParcel {
  if (lines.length === 0) throw new RangeError('an order parcel needs at least one line')
  let grams = 0
  let lengthTenths = 0
  let breadthTenths = 0
  let heightTenths = 0
  for (const { size, quantity, parcels } of lines) {
    if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`a line's quantity is ${quantity}`)
    const parcel = parcelOf(size, parcels)
    grams += parcel.weightGrams * quantity
    lengthTenths = Math.max(lengthTenths, Math.round(parcel.lengthCm * 10))
    breadthTenths = Math.max(breadthTenths, Math.round(parcel.breadthCm * 10))
    heightTenths += Math.round(parcel.heightCm * 10) * quantity
  }
  return {
    weightKg: Math.max(MIN_ORDER_WEIGHT_KG, Math.round(grams) / 1000),
    lengthCm: lengthTenths / 10,
    breadthCm: breadthTenths / 10,
    heightCm: Math.min(heightTenths, sideLimits.max * 10) / 10,
  }
}
