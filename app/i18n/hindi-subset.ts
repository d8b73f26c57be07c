// The code points the shop's Devanagari font keeps (app/i18n/devanagari-font.tsx): the letters, signs,
// digits and punctuation Hindi writes, with the joiners, the rupee sign and the dotted circle the
// shaping draws a lone mark on. Left out are the Devanagari block's letters for other languages
// (Sindhi, Kashmiri, Dravidian short vowels, Sanskrit's vocalic L), the Vedic accents and the
// extensions: @fontsource's subset kept them all (50 KB; this one is 32 KB). A character outside these
// is drawn with the system's font: the browser looks in the font's own map before it draws.

/** Inclusive ranges of code points. */
export const HINDI_RANGES: readonly (readonly [number, number])[] = [
  [0x0901, 0x0903], // candrabindu, anusvara, visarga
  [0x0905, 0x090b], // अ to ऋ
  [0x090d, 0x090d], // ऍ
  [0x090f, 0x0911], // ए, ऐ, ऑ
  [0x0913, 0x0939], // ओ, औ and the consonants
  [0x093c, 0x0943], // nukta, avagraha, the vowel signs ा to ृ
  [0x0945, 0x0945], // ॅ
  [0x0947, 0x0949], // े, ै, ॉ
  [0x094b, 0x094d], // ो, ौ, virama
  [0x0950, 0x0950], // ॐ
  [0x0958, 0x0960], // क़ to य़, ॠ
  [0x0964, 0x0970], // danda, double danda, the digits, the abbreviation sign
  [0x200c, 0x200d], // zero-width non-joiner and joiner
  [0x20b9, 0x20b9], // ₹
  [0x25cc, 0x25cc], // ◌
]

/** The ranges' characters, as the subsetter takes them. */
export function hindiCharacters(): string {
  return HINDI_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
  ).join('')
}
