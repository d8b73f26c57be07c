// Form pieces for the account pages, in the spirit of shadcn/ui's Input and Label.
import type * as React from 'react'
import { cn } from '#app/ui/cn.ts'

export function Field({
  label,
  hint,
  className,
  id,
  ...props
}: React.ComponentProps<'input'> & { label: string; hint?: string; name: string }) {
  const inputId = id ?? `field-${props.name}`
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-brown">
        {label}
      </label>
      <input
        id={inputId}
        data-slot="input"
        className="h-11 w-full rounded-md border border-input bg-card px-3 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground/70 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        {...props}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  )
}

export function FormMessage({ error, notice }: { error?: string | null; notice?: string | null }) {
  if (error) {
    return (
      <p
        role="alert"
        className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
      >
        {error}
      </p>
    )
  }
  if (notice) {
    return (
      <p
        role="status"
        className="rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm font-medium text-success"
      >
        {notice}
      </p>
    )
  }
  return null
}
