// The Shipped dialog: choosing Shipped in a card's status dropdown asks who carries the parcel (a
// courier from the list, another courier by name, or the shop's own rider) and the courier's AWB or
// consignment number. The fields are checked here with the server's own rule first; the server
// decides, and its refusal is said in the dialog, which stays open to correct it. The shop's own rider
// needs no number: the customer is sent a delivery OTP instead. docs/decisions/025-manual-courier.md.
import { Truck } from 'lucide-react'
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react'
import { Field, TextInput } from '#app/contact/form-field.tsx'
import {
  COURIER_CHOICES,
  type Courier,
  parseShipment,
  SHIPMENT_LIMITS,
  type ShipmentFieldErrors,
} from '#app/shipping/couriers.ts'
import { Button } from '#app/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/ui/dialog.tsx'
import { FIELD_CLASS } from './field-class.ts'

export interface ShipFields {
  courier: string
  courierName: string
  awb: string
}

export function ShipDialog({
  open,
  number,
  busy,
  serverErrors,
  onShip,
  onClose,
  returnFocus,
}: {
  open: boolean
  number: string
  busy: boolean
  /** The fields the server refused, from its last answer. */
  serverErrors: ShipmentFieldErrors
  onShip: (fields: ShipFields) => void
  onClose: () => void
  /** The control that opened the dialog: the focus goes back to it. */
  returnFocus: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const [fields, setFields] = useState<ShipFields>({ courier: '', courierName: '', awb: '' })
  const [clientErrors, setClientErrors] = useState<ShipmentFieldErrors | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const errors = clientErrors ?? serverErrors
  const courier = fields.courier as Courier | ''

  // The card mounts a fresh dialog each time it opens, so nothing typed before is left in it.
  const onOpenChange = (next: boolean) => {
    if (!next) onClose()
  }

  const set = (field: keyof ShipFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }))
    setClientErrors(null)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const checked = parseShipment(fields)
    if (!checked.ok) {
      setClientErrors(checked.fieldErrors)
      // The marks appear on the next render: focus the first of them then.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setClientErrors(null)
    onShip(fields)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel="Close the Shipped dialog"
        onCloseAutoFocus={(event) => {
          if (!returnFocus.current) return
          event.preventDefault()
          returnFocus.current.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Truck className="size-5 text-primary" aria-hidden />
            Mark order #{number} shipped
          </DialogTitle>
          <DialogDescription>
            Who carries the parcel? The customer is sent the courier, the number and its tracking link. The shop’s own
            rider needs no number: the customer is sent a delivery OTP instead.
          </DialogDescription>
        </DialogHeader>

        <form ref={form} onSubmit={submit} noValidate className="grid gap-4">
          <Field id={`${id}-courier`} label="Courier" error={errors.courier}>
            {(described) => (
              <select
                id={`${id}-courier`}
                name="courier"
                value={fields.courier}
                onChange={(event) => set('courier', event.target.value)}
                className={`${FIELD_CLASS} aria-invalid:border-destructive`}
                {...described}
              >
                <option value="">Choose the courier…</option>
                {COURIER_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {courier === 'other' && (
            <Field id={`${id}-name`} label="Courier’s name" error={errors.courierName}>
              {(described) => (
                <TextInput
                  id={`${id}-name`}
                  name="courierName"
                  value={fields.courierName}
                  onChange={(event) => set('courierName', event.target.value)}
                  maxLength={SHIPMENT_LIMITS.courierName}
                  autoComplete="off"
                  {...described}
                />
              )}
            </Field>
          )}
          {courier !== 'own_rider' && (
            <Field
              id={`${id}-awb`}
              label="AWB or consignment number"
              error={errors.awb}
              hint="As printed on the courier’s receipt, like EE123456789IN. Spaces are left out."
            >
              {(described) => (
                <TextInput
                  id={`${id}-awb`}
                  name="awb"
                  value={fields.awb}
                  onChange={(event) => set('awb', event.target.value)}
                  // Room for spaces typed between the groups of digits; the rule counts without them.
                  maxLength={SHIPMENT_LIMITS.awb * 2}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono uppercase"
                  {...described}
                />
              )}
            </Field>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" className="h-11">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" className="h-11" disabled={busy}>
              <Truck aria-hidden />
              {busy ? 'Marking shipped…' : 'Mark Shipped'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
