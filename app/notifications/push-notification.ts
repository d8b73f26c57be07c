// The Push Notifications tab's rules (spec sections 2, 5, 8, 9), shared by the form in the browser and
// the action on the server: limits, messages, what a link may point to, the quick templates, and the
// JSON the service worker shows.
import { z } from 'zod'
import { formatWholeRupees } from '#app/shared/money.ts'
import { isSitePath } from '#app/shared/site-path.ts'

export const TITLE_MAX = 50
export const MESSAGE_MAX = 120
/** The History list shows the newest 50 (spec section 9, "notification list limit 50"). */
export const HISTORY_LIMIT = 50

export const FILL_IN = 'Please fill in title and message'
export const SENT_TITLE = 'Notification sent to all subscribed users!'
export const FAILED_TITLE = 'Failed to send notification. Please try again.'

/** What every push carries for the notification's small pictures (public/icons). */
export const PUSH_ICON = '/icons/icon-192.png'
export const PUSH_BADGE = '/icons/badge-96.png'

/**
 * A picture a notification may show: an https URL, or a path on this site. Anything else (http:,
 * javascript:, data:) is refused: the shop's own service worker shows it.
 */
export function isAllowedImage(value: string): boolean {
  if (isSitePath(value)) return true
  if (value.length > 2000 || /[\s\\]/.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

const optional = (check: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || check(value), message)

export const notificationFormSchema = z.object({
  title: z.string(FILL_IN).trim().min(1, FILL_IN).max(TITLE_MAX, `The title can be at most ${TITLE_MAX} characters.`),
  message: z
    .string(FILL_IN)
    .trim()
    .min(1, FILL_IN)
    .max(MESSAGE_MAX, `The message can be at most ${MESSAGE_MAX} characters.`),
  imageUrl: optional(isAllowedImage, 'The image URL must be an https:// address or a path on this site.').default(null),
  // A tap opens only pages of this shop: the service worker opens nothing else (notification-target.ts).
  targetUrl: optional(isSitePath, 'The target URL must be a path on this site, such as /products.').default(null),
})

export type NotificationForm = z.infer<typeof notificationFormSchema>

/** Reads the form (both texts first, so a missing one is what the owner hears about first). */
export function parseNotificationForm(
  values: Record<string, unknown>,
): { ok: true; data: NotificationForm } | { ok: false; message: string } {
  const fields = {
    title: values.title ?? '',
    message: values.message ?? '',
    imageUrl: values.imageUrl ?? '',
    targetUrl: values.targetUrl ?? '',
  }
  const parsed = notificationFormSchema.safeParse(fields)
  if (parsed.success) return { ok: true, data: parsed.data }
  const missing = parsed.error.issues.find((issue) => issue.message === FILL_IN)
  return { ok: false, message: (missing ?? parsed.error.issues[0])?.message ?? FILL_IN }
}

export interface PushTemplate {
  id: string
  /** What the template is for, on its button. */
  label: string
  title: string
  message: string
  targetUrl: string
}

/**
 * The five Quick Templates (spec section 2: target /products, or /checkout for the cart reminder), in
 * the shop's voice. The free-delivery threshold is the shop's setting, not a number written here.
 */
export function pushTemplates({ freeDeliveryFrom }: { freeDeliveryFrom: number }): PushTemplate[] {
  return [
    {
      id: 'new-arrivals',
      label: 'New arrivals',
      title: 'New namkeen just landed!',
      message: 'Fresh Indori flavours are in the shop. Be the first to taste our newest sev and mixtures.',
      targetUrl: '/products',
    },
    {
      id: 'festival-offer',
      label: 'Festival offer',
      title: 'Festival offer on Indori namkeen',
      message: 'Celebrate with crunchy sev, bhujia and mixtures. Festive packs for the whole family, order today!',
      targetUrl: '/products',
    },
    {
      id: 'fresh-batch',
      label: 'Fresh batch',
      title: 'Fresh batch, made today in Indore',
      message: 'Ratlami Sev and Navratna Mixture straight from the kadhai. Order while they are at their crispest!',
      targetUrl: '/products',
    },
    {
      id: 'free-delivery',
      label: 'Free delivery reminder',
      title: `Free delivery from ${formatWholeRupees(freeDeliveryFrom)}`,
      message: `Fill your box with your favourite namkeen: delivery is free on orders of ${formatWholeRupees(freeDeliveryFrom)} or more.`,
      targetUrl: '/products',
    },
    {
      id: 'cart-reminder',
      label: 'Cart reminder',
      title: 'Your namkeen is waiting for you',
      message: 'You left something tasty in your cart. Complete your order before this batch sells out!',
      targetUrl: '/checkout',
    },
  ]
}

/** The JSON the service worker shows (the API contract with the installable shop's worker). */
export interface PushPayload {
  title: string
  body: string
  url: string
  image?: string
  icon?: string
  badge?: string
  tag?: string
}

export function notificationPayload(notification: {
  id: string
  title: string
  message: string
  imageUrl: string | null
  targetUrl: string | null
}): PushPayload {
  return {
    title: notification.title,
    body: notification.message,
    url: notification.targetUrl ?? '/',
    ...(notification.imageUrl ? { image: notification.imageUrl } : {}),
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    tag: `notification-${notification.id}`,
  }
}

/** One line of History, as the tab shows it. */
export interface NotificationHistoryRow {
  id: string
  title: string
  message: string
  imageUrl: string | null
  targetUrl: string | null
  sent: number
  delivered: number
  failed: number
  removed: number
  createdAt: string
  completedAt: string | null
}

/** What the tab's action answers: a toast, and on success the row to show. */
export interface SendAnswer {
  ok: boolean
  title: string
  message: string
}
