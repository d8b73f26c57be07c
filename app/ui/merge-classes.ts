// Later Tailwind utilities override earlier ones of their group (`h-10 h-11` is `h-11`), as
// tailwind-merge does, for the utilities this shop writes. tailwind-merge knows all of Tailwind and
// was 7.5 KB of every page's scripts (Brotli); this knows the groups of the classes written in app/
// that tailwind-merge would merge with one another, and no more: merge-classes.test.ts compares the
// two on every pair of those classes, so a class added to the shop that tailwind-merge would merge
// and this would not fails it, and goes here.

/** Whole utilities (no value of their own), by group. */
const KEYWORDS: Record<string, string> = {}
for (const [group, words] of Object.entries({
  display: 'block inline-block inline flex inline-flex grid table contents hidden',
  position: 'fixed absolute relative sticky',
  italic: 'italic not-italic',
  decoration: 'underline line-through no-underline',
  'flex-direction': 'flex-row flex-col flex-col-reverse',
  'border-collapse': 'border-collapse border-separate',
  'border-style': 'border-dashed',
  'text-align': 'text-left text-center text-right',
  'font-weight': 'font-normal font-medium font-semibold font-bold font-extrabold',
  'font-family': 'font-sans font-serif font-mono',
  'break-word': 'break-words break-all',
  'border-w': 'border',
  rounded: 'rounded',
  'ring-inset': 'ring-inset',
  'pointer-events': 'pointer-events-none pointer-events-auto',
  resize: 'resize resize-x resize-y resize-none',
  'list-style-type': 'list-none list-disc list-decimal',
  overscroll: 'overscroll-auto overscroll-contain overscroll-none',
  'overscroll-x': 'overscroll-x-auto overscroll-x-contain overscroll-x-none',
  'overscroll-y': 'overscroll-y-auto overscroll-y-contain overscroll-y-none',
})) {
  for (const word of words.split(' ')) KEYWORDS[word] = group
}

/** A spacing or size value: `4`, `1.5`, `1/2`, `full`, `lg`, `[13px]`. */
const LENGTH = /^(\d+(\.\d+)?|\d+\/\d+|px|auto|full|screen|fit|min|max|none|prose|dvh|\d?xs|sm|md|lg|\d?xl|\[.+\])$/
/** A colour (`brown`, `primary-foreground`, `white/85`, `[oklch(...)]`) or another word. */
const WORD = /^([a-z]+(-[a-z0-9]+)*(\/\d+)?|\[.+\])$/
/** A width: `2`, `[3px]`. */
const WIDTH = /^(\d+|\[[\d.]+px\])$/

/**
 * Utilities named `prefix-value` whose group is their prefix, with the values they take; the longest
 * prefix that fits wins (`gap-x-2` is gap-x, not gap).
 */
const PREFIXES = new Map<string, RegExp>()
for (const [prefixes, value] of [
  [
    'p px py pt pr pb pl m mx my mt mr mb ml gap gap-x gap-y space-y size w h min-w min-h max-w max-h inset ' +
      'inset-x inset-y top right bottom left z basis scroll-mt grid-cols col-span col-start row-start ' +
      'line-clamp opacity duration rounded rounded-t underline-offset',
    LENGTH,
  ],
  ['items justify justify-self self whitespace cursor overflow overflow-x overflow-y transition fill', WORD],
  ['leading tracking', /^(tight|snug|normal|relaxed|wide|widest|\d+|\[.+\])$/],
  ['flex shrink', /^(\d+|auto|none)$/],
  ['aspect', /^(square|video)$/],
  ['animate', /^(spin|pulse)$/],
] as const) {
  for (const prefix of prefixes.split(' ')) PREFIXES.set(prefix, value)
}

/** The groups a group overrides when it comes later (`p-4` after `px-2` drops it, not the reverse). */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  rounded: ['rounded-t'],
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  flex: ['basis', 'shrink'],
  'line-clamp': ['display', 'overflow'],
  'font-size': ['leading'],
}
for (const kind of ['border-w', 'border-color']) {
  OVERRIDES[kind] = 'xytrbl'.split('').map((side) => `${kind}-${side}`)
  OVERRIDES[`${kind}-x`] = [`${kind}-r`, `${kind}-l`]
  OVERRIDES[`${kind}-y`] = [`${kind}-t`, `${kind}-b`]
}

/** The group of a utility written without its variants (`text-sm`, not `sm:text-sm`), if it has one. */
function groupOf(utility: string): string | undefined {
  const name = utility.replace(/^-/, '')
  if (KEYWORDS[name]) return KEYWORDS[name]
  const [, head, value = ''] = /^([a-z]+)-(.+)$/.exec(name) ?? []
  switch (head) {
    case 'text':
      if (!WORD.test(value) && !LENGTH.test(value)) return undefined
      return /^(xs|sm|base|lg|\d?xl)$/.test(value) || /^\[[\d.]+(px|r?em|pt)\]$/.test(value)
        ? 'font-size'
        : 'text-color'
    case 'bg':
      return WORD.test(value) ? 'bg-color' : undefined
    case 'shadow':
      return /^(xs|sm|md|lg|xl|\[.+\])$/.test(value) ? 'shadow' : undefined
    case 'ring':
      return WIDTH.test(value) ? 'ring-w' : WORD.test(value) ? 'ring-color' : undefined
    case 'border': {
      if (value.startsWith('spacing')) return undefined
      const side = /^[xytrbl](?=-|$)/.exec(value)?.[0]
      const rest = side ? value.slice(2) : value
      const kind = !rest || WIDTH.test(rest) ? 'border-w' : WORD.test(rest) ? 'border-color' : undefined
      return kind && side ? `${kind}-${side}` : kind
    }
  }
  for (let end = name.lastIndexOf('-'); end > 0; end = name.lastIndexOf('-', end - 1)) {
    if (PREFIXES.get(name.slice(0, end))?.test(name.slice(end + 1))) return name.slice(0, end)
  }
  return undefined
}

/**
 * The answers already worked out: a page asks for the same class lists on every render (as
 * tailwind-merge keeps its own). Emptied when full, so odd lists cannot grow it.
 */
const merged = new Map<string, string>()
const MERGED_KEPT = 1000

/** The class list with each utility a later one of its group overrides left out, in its order. */
export function mergeClasses(classList: string): string {
  let answer = merged.get(classList)
  if (answer === undefined) {
    if (merged.size >= MERGED_KEPT) merged.clear()
    answer = mergeNow(classList)
    merged.set(classList, answer)
  }
  return answer
}

function mergeNow(classList: string): string {
  const taken = new Set<string>()
  const kept: string[] = []
  const classes = classList.split(/\s+/).filter(Boolean)
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!
    // The variants (`sm:hover:`) end at the last colon outside brackets; `!` marks it important.
    let depth = 0
    let cut = 0
    for (let at = 0; at < className.length; at++) {
      const char = className[at]
      if (char === '[') depth++
      else if (char === ']') depth--
      else if (char === ':' && !depth) cut = at + 1
    }
    const written = className.slice(cut)
    const group = groupOf(written.replace(/^!|!$/g, ''))
    if (group) {
      // Variants in any order are one condition (`hover:sm:` is `sm:hover:`).
      const key = `${className.slice(0, cut).split(':').sort()}${/^!|!$/.test(written) ? '!' : ''}`
      if (taken.has(key + group)) continue
      for (const overridden of [group, ...(OVERRIDES[group] ?? [])]) taken.add(key + overridden)
    }
    kept.push(className)
  }
  return kept.reverse().join(' ')
}
