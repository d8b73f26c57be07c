// The owner's own devices (issue 14, owner alerts): 'Alert me on this device' subscribes this browser
// as one of the owner's, which is pushed 'New order #...' for every order, even with the panel closed;
// 'Stop alerts on this device' unsubscribes it. Which devices are the owner's, the server knows.
import { BellOff, BellRing } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { currentSubscription, pushSupported } from '../push-client.ts'
import { disableWithToast, enableWithToast } from '../push-toasts.ts'

type DeviceState = 'checking' | 'unsupported' | 'blocked' | { endpoint: string | null }

export function OwnerAlerts({ ownerEndpoints, ownerDevices }: { ownerEndpoints: string[]; ownerDevices: number }) {
  const { revalidate } = useRevalidator()
  const [device, setDevice] = useState<DeviceState>('checking')
  const [busy, setBusy] = useState(false)

  const check = async () => {
    if (!pushSupported()) return setDevice('unsupported')
    if (Notification.permission === 'denied') return setDevice('blocked')
    const subscription = await currentSubscription().catch(() => null)
    setDevice({ endpoint: subscription?.endpoint ?? null })
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the tab opens
  useEffect(() => {
    void check()
  }, [])

  const alerting = typeof device === 'object' && device.endpoint !== null && ownerEndpoints.includes(device.endpoint)
  const change = async () => {
    setBusy(true)
    if (alerting) await disableWithToast()
    else await enableWithToast({ owner: true })
    await check()
    await revalidate()
    setBusy(false)
  }

  return (
    <Card className="lg:col-span-2">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 p-4 sm:p-6">
        <div className="min-w-0 max-w-prose">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <BellRing className="size-5 text-primary" aria-hidden />
            New-order alerts on this device
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {alerting
              ? 'This device is told of every new order, even with the admin panel closed.'
              : 'Get a notification on this phone or computer for every new order, even with the admin panel closed.'}{' '}
            {ownerDevices === 0
              ? 'None of your devices gets them yet.'
              : `${ownerDevices.toLocaleString('en-IN')} of your ${ownerDevices === 1 ? 'devices gets' : 'devices get'} them.`}
          </p>
        </div>
        {device === 'unsupported' ? (
          <p className="text-sm font-medium">This browser cannot receive push notifications.</p>
        ) : device === 'blocked' ? (
          <p className="text-sm font-medium">Notifications are blocked in this browser's settings.</p>
        ) : (
          <Button
            type="button"
            size="lg"
            variant={alerting ? 'outline' : 'default'}
            disabled={device === 'checking' || busy}
            onClick={() => void change()}
          >
            {alerting ? <BellOff aria-hidden /> : <BellRing aria-hidden />}
            {alerting ? 'Stop alerts on this device' : 'Alert me on this device'}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
