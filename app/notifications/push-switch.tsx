// Turning notifications on or off on this device: in the footer of every page and on /account.
// Loaded lazily by PushSwitchSlot.
import { Bell, BellOff } from 'lucide-react'
import { useState } from 'react'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'
import { disableWithToast, enableWithToast } from './push-toasts.ts'
import { usePushState } from './use-push-state.ts'

export default function PushSwitch({ tone }: { tone: 'footer' | 'page' }) {
  const state = usePushState()
  const [busy, setBusy] = useState(false)
  if (state === 'checking') return null
  if (state === 'blocked') {
    return <span className="text-sm">{m.push_blocked()}</span>
  }
  const subscribed = state === 'subscribed'
  const toggle = async () => {
    setBusy(true)
    if (subscribed) await disableWithToast()
    else await enableWithToast()
    setBusy(false)
  }
  const Icon = subscribed ? BellOff : Bell
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      className={cn(
        'inline-flex items-center gap-2 text-sm disabled:opacity-60',
        tone === 'footer'
          ? 'min-h-11 hover:text-white hover:underline'
          : 'h-9 rounded-md border border-input bg-card px-4 font-medium shadow-xs hover:bg-muted',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {subscribed ? m.push_turn_off() : m.push_turn_on()}
    </button>
  )
}
