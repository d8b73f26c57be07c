/**
 * `npm run font:devanagari`: writes the shop's Devanagari font, app/i18n/noto-sans-devanagari-hindi.woff2,
 * from @fontsource's Noto Sans Devanagari (regular, its Devanagari subset), keeping only the code points
 * Hindi writes (app/i18n/hindi-subset.ts) and every glyph and layout rule their shaping can reach.
 * Same input, same bytes (a unit test makes it again and compares). The font is under the SIL Open Font
 * License, which allows a subset to be shipped; Noto reserves no font name.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'
import { hindiCharacters } from '../app/i18n/hindi-subset.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const HINDI_FONT = join(ROOT, 'app/i18n/noto-sans-devanagari-hindi.woff2')
const SOURCE = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
)

/** The subset's bytes, made from @fontsource's file. */
export async function hindiFont(): Promise<Buffer> {
  return subsetFont(await readFile(SOURCE), hindiCharacters(), { targetFormat: 'woff2' })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await hindiFont()
  await writeFile(HINDI_FONT, font)
  console.log(`${HINDI_FONT}: ${font.length} bytes`)
}
