// The spec's push texts (section 8), shown the same way by the banner and the on/off switches.
import { toast } from 'sonner'
import { disablePush, enablePush, PushPermissionDenied } from './push-client.ts'

/** Enables push on this device and says how it went. */
export async function enableWithToast(): Promise<'enabled' | 'denied' | 'failed'> {
  try {
    await enablePush()
    toast('Notifications Enabled', { description: 'We will tell you about fresh batches and offers.' })
    return 'enabled'
  } catch (error) {
    if (error instanceof PushPermissionDenied) {
      toast.error('Notification permission denied', {
        description: "Allow notifications for this site in your browser's settings to turn them on.",
      })
      return 'denied'
    }
    console.warn('enabling push notifications failed', error)
    toast.error('Subscription Failed', { description: 'Unable to enable notifications. Please try again.' })
    return 'failed'
  }
}

/** Turns push off on this device and says so. */
export async function disableWithToast(): Promise<void> {
  try {
    await disablePush()
    toast('Notifications Disabled')
  } catch (error) {
    console.warn('disabling push notifications failed', error)
    toast.error('Error', { description: 'Unable to turn notifications off. Please try again.' })
  }
}
