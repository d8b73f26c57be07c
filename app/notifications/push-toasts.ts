// The spec's push texts (section 8), shown the same way by the banner and the on/off switches.
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
    toast('Notifications Enabled', {
      description: owner
        ? 'This device will be told of every new order.'
        : 'We will tell you about fresh batches and offers.',
    })
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
