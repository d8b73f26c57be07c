// How the desk shows an order's state: the status badge (the spec's colour plus an icon, so a status
// reads without colour vision) and the payment status in words.
import { CheckCircle, Circle, Clock, type LucideIcon, PackageCheck, Truck, XCircle } from 'lucide-react'
import { cn } from '#app/ui/cn.ts'
import { type OrderStatus, PAYMENT_STATUS_LABEL, type PaymentStatus, statusBadgeClass, statusLabel } from '../status.ts'

const STATUS_ICON: Record<OrderStatus, LucideIcon> = {
  pending: Clock,
  confirmed: CheckCircle,
  shipped: Truck,
  delivered: PackageCheck,
  cancelled: XCircle,
}

export function StatusIcon({ status, className }: { status: string; className?: string }) {
  const Icon = (STATUS_ICON as Record<string, LucideIcon>)[status] ?? Circle
  return <Icon className={cn('size-3.5 shrink-0', className)} aria-hidden />
}

/** `label` replaces the status's name where the screen words it its own way ('Out for Delivery'). */
export function AdminStatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold whitespace-nowrap',
        statusBadgeClass(status),
        className,
      )}
    >
      <StatusIcon status={status} />
      {label ?? statusLabel(status)}
    </span>
  )
}

const PAYMENT_STATUS_CLASS: Record<PaymentStatus, string> = {
  pending: 'text-muted-foreground',
  paid: 'text-success',
  failed: 'text-destructive',
}

export function PaymentStatusText({ status }: { status: PaymentStatus }) {
  return <span className={cn('font-medium', PAYMENT_STATUS_CLASS[status])}>{PAYMENT_STATUS_LABEL[status]}</span>
}
