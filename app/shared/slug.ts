// The spec's slug rule (section 5), for posts and products alike: lower-cased, each run of characters
// other than a-z and 0-9 becomes one hyphen, hyphens trimmed from both ends.

/** The slug of `text`, cut to `maxLength` characters without leaving a trailing hyphen. */
export function slugify(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '')
}
