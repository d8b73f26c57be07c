// Where a click on a push notification leads.

/**
 * The address a notification opens: its `url` when it is on the shop's own origin (absolute or
 * relative), the home page otherwise. A push is written by the admin, but a notification must never
 * become a way to send a shopper to another site under the shop's name.
 */
export function notificationTarget(url: unknown, origin: string): string {
  const home = `${origin}/`
  if (typeof url !== 'string' || url.trim() === '') return home
  let target: URL
  try {
    target = new URL(url.trim(), home)
  } catch {
    return home
  }
  if (target.origin !== origin || (target.protocol !== 'https:' && target.protocol !== 'http:')) return home
  return target.href
}
