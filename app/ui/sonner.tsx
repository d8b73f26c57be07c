import type { CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps, toast } from 'sonner'

/** Toasts as the spec sets them: one at a time, 5 s, F8 focuses the toast area. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      hotkey={['F8']}
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

export { Toaster }

/** What a form or an action answers the page: success or refusal, in the spec's toast words. */
export interface ToastAnswer {
  ok: boolean
  title: string
  message: string
}

/** Shows an answer as a toast: an ordinary one for success, the red one for a refusal. */
export function toastAnswer({ ok, title, message }: ToastAnswer) {
  if (ok) toast(title, { description: message })
  else toast.error(title, { description: message })
}
