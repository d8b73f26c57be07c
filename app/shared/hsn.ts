// HSN codes (the goods' classification on a tax invoice): stored as digits, shown in groups.

/** '2106 90' for '210690', '1905 90 20' for '19059020'. */
export function formatHsn(hsn: string): string {
  return hsn.replace(/^(\d{4})(\d{2})(\d{2})?$/, (_, a, b, c) => [a, b, c].filter(Boolean).join(' '))
}
