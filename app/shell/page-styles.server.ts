// Fills a page to read's `<style data-page-styles>` (page-styles.tsx) with the rules of the shop's
// stylesheet that the rendered page uses (used-styles.ts). The server build carries the stylesheet the
// browser's build serves, compiled from the same app.css; it is parsed once, on the first such page.
import shopStylesheet from '#app/app.css?inline'
import { PAGE_STYLES_ATTRIBUTE } from './page-styles.tsx'
import { classesOf, parseStylesheet, usedStyles } from './used-styles.ts'

const PLACEHOLDER = `<style ${PAGE_STYLES_ATTRIBUTE}=""></style>`

let sheet: ReturnType<typeof parseStylesheet> | undefined

/** A rendered page with its placeholder, if it has one, holding the rules the page uses. */
export function withPageStyles(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> | string {
  if (!page.includes(PLACEHOLDER)) return page
  const html = page.toString()
  const at = html.indexOf(PLACEHOLDER)
  sheet ??= parseStylesheet(shopStylesheet)
  return `${html.slice(0, at)}<style>${usedStyles(sheet, classesOf(html), html)}</style>${html.slice(at + PLACEHOLDER.length)}`
}
