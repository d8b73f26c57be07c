export interface Crumb {
  label: string
  path: string
}

/** '/blog/how-to-store-sev' -> Home, Blog, How To Store Sev (dashes to spaces, words capitalised). */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  return [
    { label: 'Home', path: '/' },
    ...segments.map((segment, index) => ({
      label: crumbLabel(segment),
      path: `/${segments.slice(0, index + 1).join('/')}`,
    })),
  ]
}

/** Words a plain capital letter would spell wrong. */
const ACRONYMS: Record<string, string> = { faq: 'FAQ' }

function crumbLabel(segment: string): string {
  let text = segment
  try {
    text = decodeURIComponent(segment)
  } catch {
    // A malformed escape stays as written.
  }
  return text
    .replace(/-/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
