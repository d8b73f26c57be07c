// The rules of the shop's stylesheet that a rendered page can use: a page to read carries these in its
// head instead of linking the whole stylesheet (docs/performance.md, "A page to read carries its own
// rules"). The stylesheet is Tailwind's, built and minified: flat rules inside @layer, @media and
// @supports blocks. A rule is kept when every class its selector needs is one the page names (see
// classesNeeded for what a selector needs); rules without classes (the reset, element rules, the
// theme's variables) and @font-face are kept whole. Custom properties and their @property
// registrations stay only when something kept reads them, and @keyframes when something kept names them.

type CssNode =
  | { kind: 'statement'; text: string }
  | { kind: 'rule'; selectors: { text: string; needs: string[] }[]; declarations: string[] }
  | { kind: 'group'; prelude: string; children: CssNode[] }

/** At-rules whose block holds rules, pruned like the sheet; any other block is kept as written. */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/

/** The stylesheet as a tree, parsed once and pruned per page. */
export function parseStylesheet(css: string): CssNode[] {
  let at = 0
  function skipSpaceAndComments() {
    while (at < css.length) {
      if (/\s/.test(css[at] ?? '')) at++
      else if (css.startsWith('/*', at)) {
        const end = css.indexOf('*/', at + 2)
        at = end < 0 ? css.length : end + 2
      } else break
    }
  }
  /**
   * Moves `at` to the first character outside strings where `stops` says so, given how deep it is in
   * the `open` and `close` characters passed.
   */
  function scan(open: string, close: string, stops: (char: string, depth: number) => boolean, depth = 0) {
    while (at < css.length) {
      const char = css[at] as string
      if (char === '"' || char === "'") at = endOfString(css, at)
      else if (char === '\\') at += 2
      else {
        if (close.includes(char)) depth--
        if (stops(char, depth)) return
        if (open.includes(char)) depth++
        at++
      }
    }
  }
  /** From `at` to the first of `stops` outside strings, parentheses and brackets. */
  function readUntil(stops: string): string {
    const start = at
    scan('([', ')]', (char, depth) => depth === 0 && stops.includes(char))
    return css.slice(start, at)
  }
  /** A block's text from after its `{` to its matching `}`, which is consumed. */
  function readBlock(): string {
    const start = at
    scan('{', '}', (char, depth) => char === '}' && depth === 0, 1)
    const body = css.slice(start, at)
    at++
    return body
  }
  function readNodes(): CssNode[] {
    const nodes: CssNode[] = []
    for (;;) {
      skipSpaceAndComments()
      if (at >= css.length) return nodes
      if (css[at] === '}') {
        at++
        return nodes
      }
      const prelude = readUntil('{;}').trim()
      const stop = css[at]
      at++
      if (stop !== '{') {
        if (prelude) nodes.push({ kind: 'statement', text: `${prelude};` })
        if (stop === '}') return nodes
        continue
      }
      if (GROUPING.test(prelude)) nodes.push({ kind: 'group', prelude, children: readNodes() })
      else if (prelude.startsWith('@')) nodes.push({ kind: 'statement', text: `${prelude}{${readBlock()}}` })
      else {
        const selectors = splitTopLevel(prelude).map((text) => ({ text, needs: classesNeeded(text) }))
        nodes.push({ kind: 'rule', selectors, declarations: splitTopLevel(readBlock(), ';') })
      }
    }
  }
  return readNodes()
}

/**
 * The rules of `sheet` that a page naming `classes` can use, as CSS text. Of the custom properties
 * (the theme's colours, Tailwind's `--tw-*` and their `@property` registrations) only those something
 * kept reads (`var(--x)`, in the kept rules or in `html`'s own style attributes) stay; of the
 * `@keyframes`, those a kept `animation` names, itself or through a custom property read.
 */
export function usedStyles(sheet: CssNode[], classes: ReadonlySet<string>, html = ''): string {
  const kept = selectRules(sheet, classes)
  // The custom properties and the `@keyframes <name>` something kept reads, and what defines each.
  const read = new Set<string>()
  const definitions = new Map<string, string[]>()
  const define = (name: string, text: string) => definitions.set(name, [...(definitions.get(name) ?? []), text])
  const readIn = (text: string, animation = false) => {
    for (const [, name = ''] of text.matchAll(/var\((--[\w-]+)/g)) read.add(name)
    if (animation) for (const word of text.match(/[\w-]+/g) ?? []) read.add(`@keyframes ${word}`)
  }
  readIn(html)
  walkRules(kept, (node) => {
    if (node.kind === 'statement') {
      const keyframes = /^@keyframes\s+[\w-]+/.exec(node.text)?.[0]
      if (keyframes) define(keyframes.replace(/\s+/, ' '), node.text)
      else if (!node.text.startsWith('@property')) readIn(node.text)
      return
    }
    for (const declaration of node.declarations) {
      const name = customProperty(declaration)
      if (name) define(name, declaration)
      else readIn(declaration, declaration.startsWith('animation'))
    }
  })
  // What is read brings in what its definitions read: `--primary: var(--saffron)`, the keyframes a
  // custom property's animation names, the custom properties the keyframes read.
  for (const name of read) for (const definition of definitions.get(name) ?? []) readIn(definition, true)
  return serialise(kept, read)
}

function selectRules(nodes: CssNode[], classes: ReadonlySet<string>): CssNode[] {
  const kept: CssNode[] = []
  for (const node of nodes) {
    if (node.kind === 'statement') kept.push(node)
    else if (node.kind === 'group') kept.push({ ...node, children: selectRules(node.children, classes) })
    else {
      const selectors = node.selectors.filter(({ needs }) => needs.every((name) => classes.has(name)))
      if (selectors.length) kept.push({ ...node, selectors })
    }
  }
  return kept
}

function walkRules(nodes: CssNode[], visit: (node: Exclude<CssNode, { kind: 'group' }>) => void) {
  for (const node of nodes) {
    if (node.kind === 'group') walkRules(node.children, visit)
    else visit(node)
  }
}

/**
 * The kept tree as CSS, with only the custom properties, their `@property` registrations and the
 * `@keyframes` that are `read`.
 */
function serialise(nodes: CssNode[], read: ReadonlySet<string>): string {
  let css = ''
  for (const node of nodes) {
    if (node.kind === 'statement') {
      const [, rule, name] = /^@(property|keyframes)\s+([\w-]+)/.exec(node.text) ?? []
      if (!rule || read.has(rule === 'property' ? (name as string) : `@keyframes ${name}`)) css += node.text
    } else if (node.kind === 'group') {
      const inner = serialise(node.children, read)
      if (inner) css += `${node.prelude}{${inner}}`
    } else {
      const declarations = node.declarations.filter((declaration) => {
        const name = customProperty(declaration)
        return !name || read.has(name)
      })
      if (declarations.length) css += `${node.selectors.map(({ text }) => text).join(',')}{${declarations.join(';')}}`
    }
  }
  return css
}

/** The custom property a declaration defines (`--tw-shadow:…`), or undefined. */
function customProperty(declaration: string): string | undefined {
  return /^(--[\w-]+)\s*:/.exec(declaration)?.[1]
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" }

/**
 * Every class a page can carry: those of its elements, and any word of its inline scripts (a script
 * that builds a notice names its classes in strings).
 */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>()
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.replace(/&(#?\w+);/g, (entity, code: string) => ENTITIES[code] ?? entity).split(/\s+/))
      classes.add(name)
  for (const [, script = ''] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
    for (const word of script.split(/[\s"'`]+/)) classes.add(word)
  return classes
}

function endOfString(css: string, start: number): number {
  const quote = css[start]
  let at = start + 1
  while (at < css.length && css[at] !== quote) at += css[at] === '\\' ? 2 : 1
  return at + 1
}

/**
 * `text` split at each `separator` outside strings, parentheses and brackets, the parts trimmed: a
 * selector list's selectors at its commas, a rule's declarations at its semicolons.
 */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (char === '"' || char === "'") at = endOfString(text, at) - 1
    else if (char === '\\') at++
    else if (char === '(' || char === '[') depth++
    else if (char === ')' || char === ']') depth--
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, at))
      start = at + 1
    }
  }
  parts.push(text.slice(start))
  return parts.map((part) => part.trim()).filter(Boolean)
}

/**
 * The classes a selector needs, its escapes undone. Inside `:is()` or `:where()` of one selector (how
 * Tailwind wraps `space-y-4` and the variants) they count; inside any other parentheses (`:not()`,
 * `:has()`, an `:is()` of alternatives) or an attribute selector they do not.
 */
function classesNeeded(selector: string): string[] {
  const names: string[] = []
  for (let at = 0; at < selector.length; at++) {
    const char = selector[at]
    if (char === '\\') at++
    else if (char === '[') at = closing(selector, at)
    else if (char === '(') {
      const end = closing(selector, at)
      const inner = selector.slice(at + 1, end)
      if (/:(is|where)$/.test(selector.slice(0, at)) && splitTopLevel(inner).length === 1)
        names.push(...classesNeeded(inner))
      at = end
    } else if (char === '.') {
      let name = ''
      at++
      while (at < selector.length) {
        const next = selector[at] as string
        if (next === '\\') {
          const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(at + 1))
          if (hex) {
            name += String.fromCodePoint(Number.parseInt(hex[0], 16))
            at += 1 + hex[0].length
          } else {
            name += selector[at + 1] ?? ''
            at += 2
          }
        } else if (/[\w-]/.test(next) || next.charCodeAt(0) > 127) {
          name += next
          at++
        } else break
      }
      at--
      names.push(name)
    }
  }
  return names
}

/** Where the parenthesis or bracket opened at `start` closes. */
function closing(text: string, start: number): number {
  let depth = 0
  for (let at = start; at < text.length; at++) {
    const char = text[at]
    if (char === '\\') at++
    else if (char === '(' || char === '[') depth++
    else if ((char === ')' || char === ']') && --depth === 0) return at
  }
  return text.length
}
