// What a push message carries, and the notification it becomes.
import * as z from 'zod/mini'

export const DEFAULT_ICON = '/icons/icon-192.png'
export const DEFAULT_BADGE = '/icons/badge-96.png'

/** The JSON the shop's server sends: `{ title, body, url, image?, icon?, badge?, tag? }`. */
const pushPayloadSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1)),
  body: z.optional(z.string()),
  url: z.optional(z.string()),
  image: z.optional(z.string()),
  icon: z.optional(z.string()),
  badge: z.optional(z.string()),
  tag: z.optional(z.string()),
})

export interface ShownNotification {
  title: string
  options: {
    body: string
    icon: string
    badge: string
    image?: string
    tag?: string
    data: { url: string }
  }
}

/**
 * The notification for a push message. Browsers require every push to show something (otherwise
 * Chrome shows its own "updated in the background" notice), so a message that is not the shop's JSON
 * still shows a plain notice from the shop that opens the home page.
 */
export function notificationFromPush(text: string | null | undefined, shopName: string): ShownNotification {
  const fallback: ShownNotification = {
    title: shopName,
    options: {
      body: 'Open the shop to see what is new.',
      icon: DEFAULT_ICON,
      badge: DEFAULT_BADGE,
      data: { url: '/' },
    },
  }
  if (!text) return fallback
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return fallback
  }
  const parsed = pushPayloadSchema.safeParse(json)
  if (!parsed.success) return fallback
  const { title, body, url, image, icon, badge, tag } = parsed.data
  return {
    title,
    options: {
      body: body ?? '',
      icon: icon || DEFAULT_ICON,
      badge: badge || DEFAULT_BADGE,
      ...(image ? { image } : {}),
      ...(tag ? { tag } : {}),
      data: { url: url || '/' },
    },
  }
}
