// The spec's push texts (section 8), shown the same way by the banner and the on/off switches, in the
// page's language (the owner's new-order alerts are switched on in the English admin panel).
import { m } from '#app/paraglide/messages.js'
import { toast } from '#app/ui/toast.tsx'
import { disablePush, enablePush, PushPermissionDenied } from './push-client.ts'

/** Enables push on this device (as one of the owner's, for new-order alerts) and says how it went. */
export async function enableWithToast({
  owner = false,
}: {
  owner?: boolean
} = {}): Promise<'enabled' | 'denied' | 'failed'> {
  try {
    await enablePush({ owner })
    toast(m.push_enabled(), {
      description: owner ? 'This device will be told of every new order.' : m.push_enabled_text(),
    })
    return 'enabled'
  } catch (error) {
    if (error instanceof PushPermissionDenied) {
      toast.error(m.push_denied(), { description: m.push_denied_text() })
      return 'denied'
    }
    console.warn('enabling push notifications failed', error)
    toast.error(m.push_failed(), { description: m.push_failed_text() })
    return 'failed'
  }
}

/** Turns push off on this device and says so. */
export async function disableWithToast(): Promise<void> {
  try {
    await disablePush()
    toast(m.push_disabled())
  } catch (error) {
    console.warn('disabling push notifications failed', error)
    toast.error(m.toast_error(), { description: m.push_disable_failed() })
  }
}
