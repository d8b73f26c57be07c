// A path on this site ('/products?category=Sev'), never an address that leaves it. Browsers drop tabs
// and newlines from URLs and read '\' as '/', so '/\t/evil.example' and '/\evil.example' are other
// sites: whitespace and backslashes are refused outright, and what is left must resolve to this origin.

const HERE = 'https://shop.invalid'

export function isSitePath(value: string): boolean {
  if (value.length > 2000 || /[\s\\]/.test(value) || !value.startsWith('/') || value.startsWith('//')) return false
  try {
    return new URL(value, HERE).origin === HERE
  } catch {
    return false
  }
}

/** `value` when it is a path on this site, else `fallback`: for redirects and links back. */
export function sitePathOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' && isSitePath(value) ? value : fallback
}
