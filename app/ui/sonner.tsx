import { type CSSProperties, useEffect } from 'react'
import { Toaster as Sonner, type ToasterProps, toast } from 'sonner'
import { m } from '#app/paraglide/messages.js'
import { TOAST_MS, toasterListening } from './toast.tsx'

/**
 * Toasts as the spec sets them: one at a time, 5 s, F8 focuses the toast area. Loaded by <Toasts />
 * (toast.tsx) with the first toast; Sonner's own effect subscribes first, then this one hands over.
 */
export default function Toaster(props: ToasterProps) {
  useEffect(() => toasterListening(toast), [])
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_MS}
      hotkey={['F8']}
      // Sonner names the area "Notifications" in English; screen readers hear it in the page's language.
      containerAriaLabel={m.shop_toast_area()}
      position="top-center"
      // Below the sticky header, so a toast never hides the cart button.
      offset={{ top: 72 }}
      mobileOffset={{ top: 72 }}
      // Sonner colours toasts from these variables (its own rules outrank utility classes); rich
      // colours give an error its own: the shop's chilli red.
      richColors
      style={
        {
          '--normal-bg': 'var(--card)',
          '--normal-text': 'var(--card-foreground)',
          '--normal-border': 'var(--border)',
          '--success-bg': 'var(--card)',
          '--success-text': 'var(--card-foreground)',
          '--success-border': 'var(--border)',
          '--error-bg': 'var(--destructive)',
          '--error-text': 'var(--destructive-foreground)',
          '--error-border': 'var(--destructive)',
        } as CSSProperties
      }
      toastOptions={{ classNames: { toast: 'shadow-lg' } }}
      {...props}
    />
  )
}
