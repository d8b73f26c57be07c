// The Blogs tab's form (spec sections 2 and 5): Title, Slug (URL) following the title, Excerpt,
// Content in markdown with a live preview, the thumbnail, Author, 'Publish immediately', and
// 'Create Blog' / 'Update Blog' with Cancel. The schema checks it in the browser first; the server
// decides. The preview is rendered by the server with the public post's own renderer, so the admin
// sees exactly what readers will, and no markdown code reaches a bundle.
import { Eye, LoaderCircle } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher, useFormAction, useNavigate } from 'react-router'
import { useOpenedVersion } from '#app/admin/use-opened-version.ts'
import { Field, TextArea, TextInput } from '#app/contact/form-field.tsx'
import { ImageField } from '#app/media/image-field.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { cn } from '#app/ui/cn.ts'
import { toast } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import type { BlogActionResult, EditableBlog } from '../blog-admin-routes.server.ts'
import {
  BLOG_FIELDS,
  BLOG_LIMITS,
  type BlogFieldErrors,
  type BlogFormValues,
  blogFormValues,
  blogSlug,
  ENHANCED_FIELD,
  validateBlogForm,
} from '../blog-form.ts'
import { PostContent } from '../post-content.tsx'
import { ADMIN_BLOGS_PATH } from './blogs-tab.tsx'

/** How long typing pauses before the preview is rendered again. */
const PREVIEW_DELAY_MS = 400

interface BlogEditorProps {
  /** The post being edited; none for a new one. */
  blog?: EditableBlog
  /** The rendered content of `blog`, so the preview shows at once. */
  previewHtml?: string
  /** A new post's author: the shop's team. */
  defaultAuthor: string
  /** The answer to the form posted without JavaScript (a refusal: a success redirects). */
  actionData?: BlogActionResult
}

export function BlogEditor({ blog, previewHtml = '', defaultAuthor, actionData }: BlogEditorProps) {
  const id = useId()
  const navigate = useNavigate()
  const save = useFetcher<BlogActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const [version] = useOpenedVersion(blog?.version)
  const posted = actionData && !actionData.ok ? actionData.values : undefined
  const initial: BlogFormValues = posted ??
    blog?.values ?? {
      title: '',
      slug: '',
      excerpt: '',
      content: '',
      imageUrl: '',
      author: defaultAuthor,
      isPublished: 'on',
      titleHi: '',
      excerptHi: '',
      contentHi: '',
    }
  const [title, setTitle] = useState(initial.title)
  const [slug, setSlug] = useState(initial.slug)
  // A new post's slug follows its title (spec section 5) until the admin types a slug of their own;
  // a saved post keeps its address unless the admin changes it.
  const [slugEdited, setSlugEdited] = useState(Boolean(blog))
  const [content, setContent] = useState(initial.content)
  const [clientErrors, setClientErrors] = useState<BlogFieldErrors | null>(null)

  const result = save.data ?? actionData
  const saving = save.state !== 'idle'
  const serverErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {}
  const errors = clientErrors ?? serverErrors

  useNewAnswer(result, (result) => {
    if (result.ok) {
      if (result.intent === 'save') toast(result.message)
      void navigate(ADMIN_BLOGS_PATH)
    } else {
      toast.error('Failed to save blog', { description: result.message })
      focusFirstError(formRef.current, result.fieldErrors ?? {})
    }
  })

  // With JavaScript the form is checked here first, then sent by the fetcher marked as enhanced, so
  // the action answers with data for the toast; without it, the browser posts and is redirected.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formData = new FormData(event.currentTarget)
    const validation = validateBlogForm(blogFormValues(formData))
    if (!validation.ok) {
      setClientErrors(validation.fieldErrors)
      focusFirstError(event.currentTarget, validation.fieldErrors)
      return
    }
    setClientErrors(null)
    formData.set(ENHANCED_FIELD, '1')
    void save.submit(formData, { method: 'post' })
  }

  const staleMessage = result && !result.ok && result.stale ? result.message : null
  const formMessage = result && !result.ok && !result.fieldErrors ? result.message : null

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl font-bold sm:text-3xl">
          {blog ? 'Edit Blog' : 'Add New Blog'}
        </h2>
        {blog && initial.isPublished === 'on' && (
          <Button asChild variant="ghost" className="h-11">
            <a href={`/blog/${initial.slug}`} target="_blank" rel="noopener">
              <Eye aria-hidden />
              View on the blog
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        )}
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <save.Form method="post" ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
            <input type="hidden" name="intent" value="save" />
            {version && <input type="hidden" name="version" value={version} />}

            <Field id={`${id}-title-input`} label="Title" error={errors.title}>
              {(described) => (
                <TextInput
                  id={`${id}-title-input`}
                  name="title"
                  value={title}
                  maxLength={BLOG_LIMITS.title}
                  onChange={(event) => {
                    setTitle(event.target.value)
                    if (!slugEdited) setSlug(blogSlug(event.target.value))
                  }}
                  {...described}
                />
              )}
            </Field>

            <Field
              id={`${id}-slug`}
              label="Slug (URL)"
              error={errors.slug}
              hint={
                <>
                  The post's address: /blog/<span className="font-mono">{slug || 'your-slug'}</span>. Lower-case
                  letters, digits and hyphens; made from the title when left empty.
                </>
              }
            >
              {(described) => (
                <TextInput
                  id={`${id}-slug`}
                  name="slug"
                  value={slug}
                  maxLength={BLOG_LIMITS.slug}
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  className="font-mono"
                  onChange={(event) => {
                    setSlug(event.target.value)
                    // Emptying the slug hands it back to the title.
                    setSlugEdited(event.target.value !== '')
                  }}
                  onBlur={() => {
                    const typed = blogSlug(slug)
                    setSlug(typed || blogSlug(title))
                    if (!typed) setSlugEdited(false)
                  }}
                  {...described}
                />
              )}
            </Field>

            <Field
              id={`${id}-excerpt`}
              label="Excerpt"
              error={errors.excerpt}
              hint="A sentence or two for the blog's cards, search results and link previews."
            >
              {(described) => (
                <TextArea
                  id={`${id}-excerpt`}
                  name="excerpt"
                  rows={3}
                  defaultValue={initial.excerpt}
                  maxLength={BLOG_LIMITS.excerpt}
                  className="min-h-24"
                  {...described}
                />
              )}
            </Field>

            <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
              <Field
                id={`${id}-content`}
                label="Content (Markdown supported)"
                error={errors.content}
                hint="## for a heading, **bold**, *italics*, - for a list item, [text](/products) for a link."
              >
                {(described) => (
                  <TextArea
                    id={`${id}-content`}
                    name="content"
                    rows={15}
                    value={content}
                    maxLength={BLOG_LIMITS.content}
                    onChange={(event) => setContent(event.target.value)}
                    className="font-mono leading-relaxed"
                    {...described}
                  />
                )}
              </Field>
              <LivePreview content={content} initialHtml={previewHtml} initialContent={initial.content} />
            </div>

            <ImageField name="imageUrl" label="Thumbnail" defaultValue={initial.imageUrl || null} folder="thumbnails" />
            {errors.imageUrl && (
              <p role="alert" className="-mt-3 text-sm font-medium text-destructive">
                {errors.imageUrl}
              </p>
            )}

            <Field id={`${id}-author`} label="Author" error={errors.author}>
              {(described) => (
                <TextInput
                  id={`${id}-author`}
                  name="author"
                  defaultValue={initial.author}
                  maxLength={BLOG_LIMITS.author}
                  autoComplete="off"
                  {...described}
                />
              )}
            </Field>

            <fieldset className="grid gap-5 rounded-lg border bg-muted/30 p-4">
              <legend className="px-1 font-bold text-brown">Hindi (optional)</legend>
              <p className="-mt-2 text-sm text-muted-foreground">
                Shown on the shop's Hindi pages (/hi/blog/…). A field left empty shows the English there.
              </p>
              <Field id={`${id}-title-hi`} label="Title in Hindi" optional error={errors.titleHi}>
                {(described) => (
                  <TextInput
                    id={`${id}-title-hi`}
                    name="titleHi"
                    lang="hi"
                    defaultValue={initial.titleHi}
                    maxLength={BLOG_LIMITS.title}
                    {...described}
                  />
                )}
              </Field>
              <Field id={`${id}-excerpt-hi`} label="Excerpt in Hindi" optional error={errors.excerptHi}>
                {(described) => (
                  <TextArea
                    id={`${id}-excerpt-hi`}
                    name="excerptHi"
                    lang="hi"
                    rows={3}
                    defaultValue={initial.excerptHi}
                    maxLength={BLOG_LIMITS.excerpt}
                    className="min-h-24"
                    {...described}
                  />
                )}
              </Field>
              <Field
                id={`${id}-content-hi`}
                label="Content in Hindi (Markdown supported)"
                optional
                error={errors.contentHi}
              >
                {(described) => (
                  <TextArea
                    id={`${id}-content-hi`}
                    name="contentHi"
                    lang="hi"
                    rows={10}
                    defaultValue={initial.contentHi}
                    maxLength={BLOG_LIMITS.content}
                    className="font-mono leading-relaxed"
                    {...described}
                  />
                )}
              </Field>
            </fieldset>

            <PublishSwitch id={`${id}-published`} defaultChecked={initial.isPublished === 'on'} />

            {(staleMessage || formMessage) && (
              <div
                role="alert"
                className="grid gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
              >
                <p>{staleMessage ?? formMessage}</p>
                {staleMessage && blog && (
                  <p>
                    <a href={`${ADMIN_BLOGS_PATH}/${blog.id}`} target="_blank" rel="noopener" className="underline">
                      Open the latest version in a new tab
                    </a>{' '}
                    to compare; your text here stays as you typed it.
                  </p>
                )}
              </div>
            )}

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline" className="h-11">
                <Link to={ADMIN_BLOGS_PATH}>Cancel</Link>
              </Button>
              <Button type="submit" className="h-11" disabled={saving} aria-busy={saving}>
                {saving && <LoaderCircle className="animate-spin" aria-hidden />}
                {blog ? 'Update Blog' : 'Create Blog'}
              </Button>
            </div>
          </save.Form>
        </CardContent>
      </Card>
    </section>
  )
}

/**
 * The content as the post will show it, rendered by the server a moment after typing stops. Its
 * answers never reload the page's data: a preview changes nothing.
 */
function LivePreview({
  content,
  initialContent,
  initialHtml,
}: {
  content: string
  initialContent: string
  initialHtml: string
}) {
  const headingId = useId()
  const preview = useFetcher<BlogActionResult>()
  const { submit } = preview
  // Named, not implied: a preview timed out just as a save leaves the form must still go to the form's
  // own route, not to the list the router is already on.
  const action = useFormAction()
  const [html, setHtml] = useState(initialHtml)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (content === initialContent) {
      setHtml(initialHtml)
      return
    }
    const timer = setTimeout(() => {
      void submit({ intent: 'preview', content }, { method: 'post', action, defaultShouldRevalidate: false })
    }, PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [content, initialContent, initialHtml, submit, action])

  useNewAnswer(preview.data, (answer) => {
    if (answer.ok && answer.intent === 'preview') {
      setHtml(answer.html)
      setFailure(null)
    } else if (!answer.ok) {
      setFailure(answer.message)
    }
  })

  const updating = preview.state !== 'idle'
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-brown">
          Preview
        </h3>
        <span className={cn('text-xs text-muted-foreground', !updating && 'invisible')} aria-hidden={!updating}>
          Updating...
        </span>
      </div>
      <div className="max-h-[32rem] min-h-40 overflow-y-auto rounded-md border border-dashed border-input bg-background px-4 py-3 lg:min-h-[22.5rem]">
        {failure ? (
          <p className="text-sm text-destructive">{failure}</p>
        ) : html ? (
          <PostContent html={html} />
        ) : (
          <p className="text-sm text-muted-foreground">The post's text appears here as readers will see it.</p>
        )}
      </div>
    </section>
  )
}

function PublishSwitch({ id, defaultChecked }: { id: string; defaultChecked: boolean }) {
  const [checked, setChecked] = useState(defaultChecked)
  return (
    <div className="flex items-start gap-3">
      {/* A native checkbox, so the form posts it with or without JavaScript, shown as a switch. */}
      <input
        id={id}
        type="checkbox"
        role="switch"
        name="isPublished"
        checked={checked}
        onChange={(event) => setChecked(event.target.checked)}
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        className="relative mt-2 h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-input transition-colors outline-none before:absolute before:top-1 before:left-1 before:size-5 before:rounded-full before:bg-white before:shadow-sm before:transition-transform checked:bg-primary checked:before:translate-x-5 focus-visible:ring-[3px] focus-visible:ring-ring/60"
      />
      <div className="grid">
        <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center font-semibold text-brown">
          Publish immediately
        </label>
        <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
          Off keeps the post a draft: only you can open it, and it stays off the blog, the sitemap and the feed.
        </p>
      </div>
    </div>
  )
}

function focusFirstError(form: HTMLFormElement | null, errors: BlogFieldErrors) {
  const first = BLOG_FIELDS.find((field) => errors[field])
  const control = first && form?.elements.namedItem(first)
  if (control instanceof HTMLElement && !(control instanceof HTMLInputElement && control.type === 'hidden')) {
    control.focus()
  }
}
