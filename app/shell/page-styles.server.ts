// Fills a page to read's `<style data-page-styles>` (page-styles.tsx) with the rules of the shop's
// stylesheet that the rendered page uses (used-styles.ts). The server build carries the stylesheet the
// browser's build serves, compiled from the same app.css; it is parsed once, on the first such page.
import shopStylesheet from '#app/app.css?inline'
import type { Logger } from '../platform/logger.server.ts'
import { PAGE_STYLES_ATTRIBUTE } from './page-styles.tsx'
import { classesOf, parseStylesheet, usedStyles } from './used-styles.ts'

const PLACEHOLDER = `<style ${PAGE_STYLES_ATTRIBUTE}=""></style>`

let sheet: ReturnType<typeof parseStylesheet> | undefined

/**
 * A rendered page with its placeholder, if its head has one, holding the rules the page uses. Should
 * choosing them fail, the page goes out with the placeholder, readable without the shop's styles,
 * rather than not at all.
 */
export function withPageStyles(page: Buffer<ArrayBuffer>, log: Logger): Buffer<ArrayBuffer> {
  const at = page.indexOf(PLACEHOLDER)
  if (at < 0 || at > page.indexOf('</head>')) return page
  try {
    sheet ??= parseStylesheet(shopStylesheet)
    const html = page.toString()
    const rules = usedStyles(sheet, classesOf(html), html)
    return Buffer.concat([
      page.subarray(0, at),
      Buffer.from(`<style>${rules}</style>`),
      page.subarray(at + PLACEHOLDER.length),
    ])
  } catch (error) {
    log.error({ err: error }, 'a page to read went out without its rules')
    return page
  }
}
