// The bottom-of-screen banner offering push notifications (spec: shown when push works here, the
// visitor is not subscribed and has not seen it; enabling or dismissing stores the 'seen' flag).
// Loaded lazily by PushPrompt, on the pages its rule allows (push-support.ts). Fixed to the bottom, so
// it shifts nothing on the page; under the cart drawer (z-40 against the drawer's z-50), so it never
// covers the drawer's buttons; and out of sight while a product's price or Add to Cart is beneath it
// (banner-placement.ts), so it never covers those either. Only its card takes taps: the space around
// it lets them through to the page.
import { BellRing, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { useOverBuyControls } from './banner-placement.ts'
import { markBannerSeen } from './push-support.ts'
import { enableWithToast } from './push-toasts.ts'
import { usePushState } from './use-push-state.ts'

export default function PushBanner({ onClose }: { onClose: () => void }) {
  const state = usePushState()
  const [busy, setBusy] = useState(false)
  const card = useRef<HTMLDivElement>(null)
  const overBuyControls = useOverBuyControls(card)
  // Nothing to offer to a subscribed device, nor to one whose browser blocks the shop.
  if (state !== 'unsubscribed') return null

  const dismiss = () => {
    markBannerSeen()
    onClose()
  }
  const enable = async () => {
    markBannerSeen()
    setBusy(true)
    const outcome = await enableWithToast()
    setBusy(false)
    // A failure keeps the banner for another try on this page ('Please try again'); it is not shown
    // on later pages either way (seen).
    if (outcome !== 'failed') onClose()
  }

  return (
    <section
      aria-labelledby="push-banner-title"
      className={cn(
        'pointer-events-none fixed inset-x-0 bottom-0 z-40 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] transition-[opacity,visibility] duration-200 motion-reduce:transition-none sm:inset-x-auto sm:left-4 sm:max-w-md',
        overBuyControls && 'invisible opacity-0',
      )}
    >
      <div
        ref={card}
        className={cn(
          'pointer-events-auto relative flex gap-3 rounded-2xl border border-[oklch(0.85_0.08_75)] border-l-[6px] border-l-[oklch(0.68_0.15_55)] bg-card p-3 pr-9 text-card-foreground shadow-[0_12px_32px_-12px_oklch(0.3_0.06_45/0.45)] duration-300 fade-in slide-in-from-bottom-4 motion-safe:animate-in sm:p-4 sm:pr-10',
          // Out of the way at once, while it fades: a tap meant for the control beneath reaches it.
          overBuyControls && 'pointer-events-none',
        )}
      >
        <span
          // On a 360 px phone the words need the width more than the bell does.
          className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-[oklch(0.93_0.07_80)] text-primary min-[400px]:flex"
          aria-hidden
        >
          <BellRing className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="push-banner-title" className="font-serif text-base font-bold text-brown">
            {m.push_banner_title()}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{m.push_banner_text()}</p>
          <div className="mt-2.5 flex flex-wrap gap-2">
            <Button size="sm" onClick={enable} disabled={busy}>
              {busy ? m.push_enabling() : m.push_enable()}
            </Button>
            <Button size="sm" variant="ghost" onClick={dismiss} disabled={busy}>
              {m.push_not_now()}
            </Button>
          </div>
        </div>
        <button
          type="button"
          onClick={dismiss}
          disabled={busy}
          className="absolute top-2 right-2 rounded-full p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
          <span className="sr-only">{m.push_dismiss()}</span>
        </button>
      </div>
    </section>
  )
}
