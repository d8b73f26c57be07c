import { describe, expect, it } from 'vitest'
import {
  differingFromDefaults,
  orderParcel,
  PACK_PARCELS,
  type Parcel,
  parcelOf,
  parcelOverridesSchema,
  parcelSchema,
} from './parcels.ts'

const flat: Parcel = { weightGrams: 250, lengthCm: 18, breadthCm: 12.5, heightCm: 3 }

describe('the parcel a product ships a size in', () => {
  it('is the product’s own where it set one, else the pack’s default', () => {
    expect(parcelOf('250g', { '250g': flat })).toEqual(flat)
    expect(parcelOf('500g', { '250g': flat })).toEqual(PACK_PARCELS['500g'])
    expect(parcelOf('1kg', {})).toEqual(PACK_PARCELS['1kg'])
  })

  it('falls back to the default when the stored override is not a valid parcel', () => {
    const broken = { '250g': { weightGrams: 0, lengthCm: 18, breadthCm: 12, heightCm: 3 } }
    expect(parcelOf('250g', broken)).toEqual(PACK_PARCELS['250g'])
    expect(parcelOf('250g', { '250g': { weightGrams: 300 } } as never)).toEqual(PACK_PARCELS['250g'])
  })
})

describe('the parcel rule', () => {
  it('takes whole grams from 10 to 30,000 and sides from 1 to 120 cm with one decimal at most', () => {
    expect(
      parcelSchema.parse({
        weightGrams: 10,
        lengthCm: 1,
        breadthCm: 120,
        heightCm: 0.1 * 3 * 10 /* 3.0000000000000004 */,
      }),
    ).toEqual({
      weightGrams: 10,
      lengthCm: 1,
      breadthCm: 120,
      heightCm: 3,
    })
    expect(parcelSchema.parse({ ...flat, weightGrams: 30_000, heightCm: 12.5 }).heightCm).toBe(12.5)
  })

  it.each([
    ['weightGrams', 9, 'Weight is a whole number of grams from 10 to 30,000, like 300.'],
    ['weightGrams', 30_001, 'Weight is a whole number of grams from 10 to 30,000, like 300.'],
    ['weightGrams', 300.5, 'Weight is a whole number of grams from 10 to 30,000, like 300.'],
    ['weightGrams', Number.NaN, 'Weight is a whole number of grams from 10 to 30,000, like 300.'],
    ['lengthCm', 0.9, 'Length is 1 to 120 cm, with one decimal at most, like 20 or 12.5.'],
    ['breadthCm', 120.1, 'Breadth is 1 to 120 cm, with one decimal at most, like 20 or 12.5.'],
    ['heightCm', 2.25, 'Height is 1 to 120 cm, with one decimal at most, like 20 or 12.5.'],
    ['heightCm', '5', 'Height is 1 to 120 cm, with one decimal at most, like 20 or 12.5.'],
  ] as const)('refuses %s = %s with its own message', (key, value, message) => {
    const checked = parcelSchema.safeParse({ ...flat, [key]: value })
    expect(checked.success).toBe(false)
    expect(checked.error?.issues).toEqual([expect.objectContaining({ path: [key], message })])
  })

  it('refuses fields a parcel does not have, and sizes the shop does not sell', () => {
    expect(parcelSchema.safeParse({ ...flat, price: 1 }).success).toBe(false)
    expect(parcelOverridesSchema().safeParse({ '2kg': flat }).success).toBe(false)
  })

  it('lets a product set the parcel only of a size it sells', () => {
    expect(parcelOverridesSchema(['250g', '500g']).parse({ '250g': flat })).toEqual({ '250g': flat })
    const checked = parcelOverridesSchema(['250g', '500g']).safeParse({ '1kg': flat })
    expect(checked.error?.issues).toEqual([
      expect.objectContaining({
        path: ['1kg'],
        message: 'The 1kg pack is not sold: leave its parcel empty, or give it a price.',
      }),
    ])
  })

  it('keeps only the overrides that differ from their pack’s default', () => {
    expect(differingFromDefaults({ '250g': { ...PACK_PARCELS['250g'] }, '500g': flat })).toEqual({ '500g': flat })
    expect(differingFromDefaults({ '1kg': { ...PACK_PARCELS['1kg'], heightCm: 9 } })).toEqual({
      '1kg': { ...PACK_PARCELS['1kg'], heightCm: 9 },
    })
  })
})

describe('an order’s parcel, packets stacked flat in one box', () => {
  it('weighs every packet, is as long and wide as the largest, and as tall as the stack', () => {
    expect(
      orderParcel([
        { size: '250g', quantity: 2, parcels: {} },
        { size: '1kg', quantity: 1, parcels: {} },
        { size: '500g', quantity: 1, parcels: { '500g': { ...flat, lengthCm: 32.5 } } },
      ]),
    ).toEqual({ weightKg: 1.95, lengthCm: 32.5, breadthCm: 22, heightCm: 21 })
  })

  it('adds tenths of a centimetre and grams without float drift', () => {
    // 3 x 1.3 is 3.9000000000000004 in floating point.
    const thin = { weightGrams: 101, lengthCm: 10.1, breadthCm: 10.2, heightCm: 1.3 }
    const parcel = orderParcel([{ size: '250g', quantity: 3, parcels: { '250g': thin } }])
    expect(parcel).toEqual({ weightKg: 0.303, lengthCm: 10.1, breadthCm: 10.2, heightCm: 3.9 })
  })

  it('weighs at least 0.05 kg', () => {
    const light = { weightGrams: 10, lengthCm: 5, breadthCm: 5, heightCm: 1 }
    expect(orderParcel([{ size: '250g', quantity: 2, parcels: { '250g': light } }]).weightKg).toBe(0.05)
  })

  it('stops the stack’s height at 120 cm, as a larger order is packed in layers', () => {
    const parcel = orderParcel([{ size: '1kg', quantity: 40, parcels: {} }])
    expect(parcel).toEqual({ weightKg: 44, lengthCm: 30, breadthCm: 22, heightCm: 120 })
  })

  it('gives every side more than Shiprocket’s 0.5 cm and a weight above 0', () => {
    const smallest = { weightGrams: 10, lengthCm: 1, breadthCm: 1, heightCm: 1 }
    const parcel = orderParcel([{ size: '250g', quantity: 1, parcels: { '250g': smallest } }])
    expect(Math.min(parcel.lengthCm, parcel.breadthCm, parcel.heightCm)).toBeGreaterThan(0.5)
    expect(parcel.weightKg).toBeGreaterThan(0)
  })

  it('refuses an order with no lines or a line of no packets', () => {
    expect(() => orderParcel([])).toThrow(RangeError)
    expect(() => orderParcel([{ size: '250g', quantity: 0, parcels: {} }])).toThrow(RangeError)
  })
})
