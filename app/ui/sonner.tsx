import { Toaster as Sonner, type ToasterProps } from 'sonner'

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
      toastOptions={{
        classNames: {
          toast: 'bg-card text-card-foreground border-border shadow-lg',
          description: 'text-muted-foreground',
          error: 'bg-destructive text-destructive-foreground border-destructive',
        },
      }}
      {...props}
    />
  )
}

export { Toaster }
