// One section of the Settings tab as its own form: posted with a fetcher to /admin/settings with the
// settings' version, checked first in the browser with the action's own schema, answered with a toast.
// The page's loaders reload after a save, so the footer, the new version and every other form follow.

import { Save } from 'lucide-react'
import { type FormEvent, Fragment, type ReactNode, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { toast, toastAnswer } from '#app/ui/toast.tsx'
import { useFocusBack } from '#app/ui/use-focus-back.ts'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import { type SettingsFieldErrors, type SettingsSection, sectionInput, validateSection } from '../settings-form.ts'
import type { SettingsResult } from '../settings-routes.server.ts'

export function SectionForm({
  section,
  version,
  title,
  description,
  saveLabel,
  resetKey,
  children,
}: {
  section: SettingsSection
  version: string
  title: string
  description: ReactNode
  saveLabel: string
  /** Changes when the section's stored values change: the fields then show them as stored (normalised). */
  resetKey: string
  children: (errors: SettingsFieldErrors) => ReactNode
}) {
  const fetcher = useFetcher<SettingsResult>()
  // Without JavaScript the form posts as a page: its answer comes back as the route's action data.
  const posted = useActionData<SettingsResult>()
  const [clientErrors, setClientErrors] = useState<SettingsFieldErrors | null>(null)
  const result = fetcher.data ?? (posted?.section === section ? posted : undefined)
  const busy = fetcher.state !== 'idle'
  const saveButton = useRef<HTMLButtonElement>(null)
  useFocusBack(busy, saveButton)

  useNewAnswer(result, toastAnswer)

  const errors = clientErrors ?? (result && !result.ok ? (result.fieldErrors ?? {}) : {})

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateSection(section, sectionInput(section, new FormData(event.currentTarget)))
    if (checked.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(checked.fieldErrors)
    const count = Object.keys(checked.fieldErrors).length
    toast.error('Settings not saved', {
      description:
        count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`,
    })
    // The marks appear on the next render: focus the first of them then.
    const form = event.currentTarget
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  const headingId = `settings-${section}-title`
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <section aria-labelledby={headingId} id={`settings-${section}`} className="scroll-mt-4">
          <h2 id={headingId} className="text-xl font-bold">
            {title}
          </h2>
          <div className="mt-1 text-sm text-muted-foreground">{description}</div>
          <fetcher.Form
            method="post"
            action="/admin/settings"
            noValidate
            onSubmit={onSubmit}
            className="mt-5 grid gap-5"
          >
            <input type="hidden" name="intent" value={section} />
            <input type="hidden" name="version" value={version} />
            <Fragment key={resetKey}>{children(errors)}</Fragment>
            {result && !result.ok && result.stale && (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
              >
                {result.message}
              </p>
            )}
            <div className="flex justify-end">
              <Button ref={saveButton} type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
                <Save aria-hidden />
                {busy ? 'Saving…' : saveLabel}
              </Button>
            </div>
          </fetcher.Form>
        </section>
      </CardContent>
    </Card>
  )
}
