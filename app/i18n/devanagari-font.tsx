// Noto Sans Devanagari for Hindi pages, served by the shop: the code points Hindi writes, cut from
// @fontsource's Devanagari file by `npm run font:devanagari` (32 KB, not 50; hindi-subset.ts). One
// face, the regular, preloaded at the top of the head and declared inline with font-display swap
// (style-src allows inline styles; no nonce, which would turn that off); bold text is the regular face
// made bold by the browser, which saves a second file before the largest paint (docs/performance.md).
// English pages carry none of it: the header's "हिन्दी" is drawn with the system's font.
import { preload } from 'react-dom'
import regular from './noto-sans-devanagari-hindi.woff2?url'

/**
 * Where the face is asked for (the Devanagari block, the joiners, ₹ and the dotted circle); the file
 * holds Hindi's part of it, and the rest falls back by the file's own map.
 */
const DEVANAGARI_RANGE = 'U+0900-097F,U+200C-200D,U+20B9,U+25CC'

/**
 * The face. app.css lists the family last in the sans and the serif (headings) stacks, so Devanagari
 * text is drawn with it and Latin text with the fonts it had. It is declared for weight 400 only, so
 * the browser synthesises bold and semibold from it (a face declared for 100-900 would not be).
 */
export const DEVANAGARI_CSS = `@font-face{font-family:'Noto Sans Devanagari';font-style:normal;font-weight:400;font-display:swap;src:url(${regular}) format('woff2');unicode-range:${DEVANAGARI_RANGE}}`

export function DevanagariFont({ hydrate }: { hydrate: boolean }) {
  if (!hydrate) {
    // On a page to read, through react-dom's preload, which React writes ahead of the pictures'
    // preloads: both wait for the first paint there, and the first asked gets the page's own
    // connection, already open (docs/performance.md, "A page to read carries its own rules").
    preload(regular, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' })
  }
  return (
    <>
      {/* Where the page hydrates, a link in place, after the stylesheet (which React hoists ahead of
          preload() calls' links): the sheet first, decision 018 */}
      {hydrate && <link rel="preload" href={regular} as="font" type="font/woff2" crossOrigin="anonymous" />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own constant, no input */}
      <style dangerouslySetInnerHTML={{ __html: DEVANAGARI_CSS }} />
    </>
  )
}
