import { CircleAlert } from 'lucide-react'
import type * as React from 'react'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'

const controlClass =
  'w-full scroll-mt-24 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25'

interface FieldProps {
  id: string
  label: string
  error?: string
  hint?: React.ReactNode
  optional?: boolean
  className?: string
  /** Shown at the end of the hint's line, e.g. a character counter. */
  aside?: React.ReactNode
  children: (describedBy: { 'aria-describedby'?: string; 'aria-invalid'?: true }) => React.ReactNode
}

/** A labelled control whose hint and error message are tied to it for assistive technology. */
export function Field({ id, label, error, hint, optional, className, aside, children }: FieldProps) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-brown">
        {label}
        {optional && <span className="font-normal text-muted-foreground"> {m.optional()}</span>}
      </label>
      {children({ 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {(hint || aside) && (
        <div className="flex items-start justify-between gap-3">
          {hint && (
            <p id={hintId} className="text-xs text-muted-foreground">
              {hint}
            </p>
          )}
          {aside}
        </div>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </div>
  )
}

export function TextInput({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(controlClass, 'h-11', className)} {...props} />
}

export function TextArea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass, 'min-h-36 resize-y', className)} {...props} />
}
