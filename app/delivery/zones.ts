// Delivery zones (docs/decisions/023-delivery-zones.md): each covers PIN codes by prefix ('452') or by
// range ('452001-452020'). A PIN code belongs to the most specific zone that covers it: the one whose
// matching prefix or range holds the fewest PIN codes; between equals, the zone listed first.

export interface PinSpan {
  /** The first and last PIN code covered, as numbers. */
  from: number
  to: number
}

export interface ZoneTerms {
  name: string
  /** As the owner wrote them: '452' or '452001-452020'. */
  pins: readonly string[]
  minDays: number
  maxDays: number
  codAllowed: boolean
  /** Paise added to the delivery charge. */
  extraFee: number
}

const PREFIX = /^[1-9][0-9]{0,5}$/
const RANGE = /^([1-9][0-9]{5})\s*-\s*([1-9][0-9]{5})$/

/** The PIN codes a prefix or a range covers, or null when it is neither. */
export function parsePinSpan(text: string): PinSpan | null {
  const value = text.trim()
  if (PREFIX.test(value)) {
    const scale = 10 ** (6 - value.length)
    const start = Number(value) * scale
    return { from: start, to: start + scale - 1 }
  }
  const range = RANGE.exec(value)
  if (!range) return null
  const from = Number(range[1])
  const to = Number(range[2])
  return from <= to ? { from, to } : null
}

/** How many PIN codes a zone's best span for this PIN code covers, or null when none covers it. */
function narrowestSpan(zone: ZoneTerms, pin: number): number | null {
  let best: number | null = null
  for (const text of zone.pins) {
    const span = parsePinSpan(text)
    if (!span || pin < span.from || pin > span.to) continue
    const size = span.to - span.from + 1
    if (best === null || size < best) best = size
  }
  return best
}

/** The zone that serves a (valid) PIN code, or null when no zone covers it. */
export function matchZone<Z extends ZoneTerms>(zones: readonly Z[], pin: string): Z | null {
  const code = Number(pin)
  let found: Z | null = null
  let foundSize = Number.POSITIVE_INFINITY
  for (const zone of zones) {
    const size = narrowestSpan(zone, code)
    if (size !== null && size < foundSize) {
      found = zone
      foundSize = size
    }
  }
  return found
}
