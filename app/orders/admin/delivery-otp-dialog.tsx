// The spec's Delivery Verification dialog: the owner (or the delivery person) generates a delivery
// OTP for the customer, then types the code the customer reads out; a correct code marks the order
// delivered. The server keeps the code hashed, expires it after 24 hours and locks it after 5 tries.
import { Clock, KeyRound, ShieldCheck } from 'lucide-react'
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react'
import { Button } from '#app/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/ui/dialog.tsx'
import { toast } from '#app/ui/toast.tsx'
import { deliveryOtpSchema } from '../admin-orders.ts'
import { formatOrderDate } from '../order-bits.tsx'
import { useOrderAction } from './order-action.ts'
import { AdminStatusBadge } from './status-display.tsx'

export function DeliveryOtpDialog({
  order,
  afterDelivered,
  children,
}: {
  order: { id: string; number: string }
  /** Where focus goes once the order is delivered: the button that opened the dialog goes away. */
  afterDelivered?: RefObject<HTMLElement | null>
  /** The button that opens the dialog. */
  children: ReactNode
}) {
  const inputId = useId()
  const [open, setOpen] = useState(false)
  const [otp, setOtp] = useState('')
  const [expiresAt, setExpiresAt] = useState<string | null>(null)
  const delivered = useRef(false)
  const input = useRef<HTMLInputElement>(null)
  const { submit, busy, pending } = useOrderAction(order.id, (result, intent) => {
    if (intent === 'otp-generate' && result.ok && result.expiresAt) setExpiresAt(result.expiresAt)
    if (intent !== 'otp-verify') return
    if (result.ok) {
      delivered.current = true
      setOpen(false)
    } else {
      // Ready for the customer to read the code out again.
      setOtp('')
      input.current?.focus()
    }
  })
  const sending = pending?.get('intent')

  const onOpenChange = (next: boolean) => {
    if (next) {
      setOtp('')
      setExpiresAt(null)
      delivered.current = false
    }
    setOpen(next)
  }

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = deliveryOtpSchema.safeParse(otp)
    if (!code.success) {
      toast.error('Invalid OTP', { description: 'Please enter a 6-digit OTP' })
      input.current?.focus()
      return
    }
    submit('otp-verify', { otp: code.data })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent
        closeLabel="Close delivery verification"
        onCloseAutoFocus={(event) => {
          if (delivered.current && afterDelivered?.current) {
            event.preventDefault()
            afterDelivered.current.focus()
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            Delivery Verification
          </DialogTitle>
          <DialogDescription>
            Enter the 6-digit OTP the customer received to mark order #{order.number} as delivered.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-secondary/50 px-3 py-2">
          <p className="font-mono text-lg font-bold text-brown">Order #{order.number}</p>
          <AdminStatusBadge status="shipped" label="Out for Delivery" />
        </div>

        <div className="grid gap-2">
          <Button
            type="button"
            variant="outline"
            className="h-11 w-full"
            disabled={busy}
            onClick={() => submit('otp-generate')}
          >
            <KeyRound aria-hidden />
            {sending === 'otp-generate' ? 'Generating...' : 'Generate Delivery OTP'}
          </Button>
          {expiresAt && (
            <p className="text-sm text-muted-foreground" role="status">
              A new OTP was generated. It is valid until {formatOrderDate(expiresAt, true)}.
            </p>
          )}
        </div>

        <form onSubmit={verify} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <label htmlFor={inputId} className="text-sm font-semibold">
              Delivery OTP
            </label>
            <input
              ref={input}
              id={inputId}
              name="otp"
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="••••••"
              aria-describedby={`${inputId}-hint`}
              className="h-14 w-full rounded-md border border-input bg-card px-3 text-center font-mono text-2xl tracking-[0.5em] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
            />
            <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
              6 digits, from the customer's message.
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" className="h-11">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" className="h-11" disabled={busy}>
              <ShieldCheck aria-hidden />
              Verify &amp; Complete
            </Button>
          </DialogFooter>
        </form>

        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 border-t pt-3 text-xs text-muted-foreground">
          <li className="flex items-center gap-1">
            <ShieldCheck className="size-3.5" aria-hidden />
            Secure OTP verification
          </li>
          <li className="flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            OTP expires in 24 hours
          </li>
        </ul>
      </DialogContent>
    </Dialog>
  )
}
