// The image of a product or a post in an admin form: upload a photo (with a progress bar and a
// preview of the local file while it travels), pick one of the bundled artworks, or remove the
// image. The chosen URL travels in a hidden input named `name` ('' for none); nothing else this
// field renders is posted with the form. The server judges every upload again (app/media).
import { ImageIcon, ImagePlus, LoaderCircle, Trash2 } from 'lucide-react'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { toast } from '#app/ui/toast.tsx'
import { BUNDLED_IMAGES, bundledImageUrl, type UploadFolder } from './image-url.ts'
import { ACCEPT_ATTRIBUTE, checkPickedFile, UPLOAD_PATH, UPLOAD_TEXTS } from './upload-rules.ts'

export interface ImageFieldProps {
  /** The hidden input's name: the form posts the chosen URL under it. */
  name: string
  label: string
  defaultValue: string | null
  /** Where an upload goes: product photos or blog thumbnails. */
  folder: UploadFolder
}

interface Uploading {
  /** An object URL of the picked file, shown until the server answers. */
  preview: string
  /** Percent of the file sent; 100 while the server converts it. */
  percent: number
}

type UploadAnswer = { ok: true; url: string } | { ok: false; reason: string }

/** Sends the file with XMLHttpRequest: fetch cannot report upload progress. */
function send(file: File, folder: UploadFolder, onProgress: (percent: number) => void) {
  const request = new XMLHttpRequest()
  const answer = new Promise<UploadAnswer>((resolve) => {
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      const body = request.response as { url?: unknown; message?: unknown } | null
      if (request.status >= 200 && request.status < 300 && typeof body?.url === 'string') {
        resolve({ ok: true, url: body.url })
      } else {
        resolve({
          ok: false,
          reason: typeof body?.message === 'string' ? body.message : 'The server could not take the image.',
        })
      }
    }
    request.onerror = () => resolve({ ok: false, reason: 'The connection was lost. Please try again.' })
    request.onabort = () => resolve({ ok: false, reason: 'The upload was stopped.' })
  })
  const body = new FormData()
  body.set('folder', folder)
  body.set('file', file)
  request.open('POST', UPLOAD_PATH)
  request.responseType = 'json'
  request.send(body)
  return { answer, abort: () => request.abort() }
}

/** As the shop shows them: product photos square, blog thumbnails 16:9. */
const SHAPE: Record<UploadFolder, { width: number; height: number }> = {
  products: { width: 1, height: 1 },
  thumbnails: { width: 16, height: 9 },
}

function titleOf(key: string): string {
  return key.replaceAll('-', ' ').replace(/\b\w/g, (letter) => letter.toUpperCase())
}

export function ImageField({ name, label, defaultValue, folder }: ImageFieldProps) {
  const id = useId()
  const [url, setUrl] = useState(defaultValue ?? '')
  const [uploading, setUploading] = useState<Uploading | null>(null)
  const abort = useRef<(() => void) | null>(null)
  const mounted = useRef(true)

  // Leaving the form stops an upload that is still running, without a toast about it.
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      abort.current?.()
    }
  }, [])

  const upload = async (file: File) => {
    const problem = checkPickedFile(file)
    if (problem) {
      toast.error(problem)
      return
    }
    const preview = URL.createObjectURL(file)
    setUploading({ preview, percent: 0 })
    const sending = send(file, folder, (percent) => setUploading((now) => now && { ...now, percent }))
    abort.current = sending.abort
    const result = await sending.answer
    abort.current = null
    URL.revokeObjectURL(preview)
    if (!mounted.current) return
    setUploading(null)
    // On failure the field keeps the image it had: the preview goes back to it.
    if (result.ok) {
      setUrl(result.url)
      toast.success(UPLOAD_TEXTS.uploaded)
    } else {
      toast.error(UPLOAD_TEXTS.failed, { description: result.reason })
    }
  }

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared, so picking the same file again after a failure is a change too.
    event.target.value = ''
    if (file) void upload(file)
  }

  const busy = uploading !== null
  const shape = SHAPE[folder]
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <input type="hidden" name={name} value={url} />

      <div className="grid gap-3 sm:grid-cols-[minmax(0,15rem)_1fr] sm:items-start">
        <div className="w-full max-w-60">
          {uploading ? (
            <div
              className="overflow-hidden rounded-lg border bg-muted"
              style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
            >
              <img src={uploading.preview} alt="" className="size-full object-cover opacity-70" />
            </div>
          ) : !url ? (
            <div
              className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-primary/40 bg-muted text-sm text-muted-foreground"
              style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
            >
              <ImageIcon className="size-6" aria-hidden />
              No image yet
            </div>
          ) : (
            <ShopImage
              src={url}
              alt={`${label}: current image`}
              width={shape.width}
              height={shape.height}
              sizes="240px"
              className="rounded-lg border"
            />
          )}
        </div>

        <div className="grid min-w-0 gap-2">
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            onChange={onPick}
            disabled={busy}
            aria-describedby={`${id}-hint`}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-file`}
            className={cn(
              'inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md border sm:w-auto sm:justify-self-start border-primary/40 bg-card px-4 text-sm font-semibold text-brown shadow-xs transition-colors hover:bg-secondary',
              'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            {busy ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <ImagePlus className="size-4" aria-hidden />
            )}
            {busy ? 'Uploading...' : url ? 'Upload a new image' : 'Upload an image'}
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {UPLOAD_TEXTS.hint}
          </p>

          {uploading && (
            <div className="grid gap-1">
              <div
                role="progressbar"
                aria-label="Image upload"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={uploading.percent}
                aria-valuetext={uploading.percent < 100 ? `${uploading.percent}% sent` : 'Converting the image'}
                className="h-2.5 overflow-hidden rounded-full bg-secondary"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${uploading.percent}%` }}
                />
              </div>
              <p className="text-xs text-muted-foreground" aria-hidden>
                {uploading.percent < 100 ? `${uploading.percent}% sent` : 'Converting the image...'}
              </p>
            </div>
          )}

          {url && !busy && (
            <Button type="button" variant="ghost" className="h-11 justify-self-start" onClick={() => setUrl('')}>
              <Trash2 aria-hidden />
              Remove image
            </Button>
          )}
        </div>
      </div>

      <details className="rounded-lg border bg-card">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-brown outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
          Or pick one of the shop's images
        </summary>
        <fieldset className="grid max-w-3xl grid-cols-4 gap-2 p-3 sm:grid-cols-6 lg:grid-cols-8">
          <legend className="sr-only">The shop's images</legend>
          {BUNDLED_IMAGES.map((key) => {
            const bundled = bundledImageUrl(key)
            const chosen = url === bundled
            return (
              <button
                key={key}
                type="button"
                aria-pressed={chosen}
                aria-label={titleOf(key)}
                title={titleOf(key)}
                disabled={busy}
                onClick={() => setUrl(bundled)}
                className={cn(
                  'overflow-hidden rounded-md border-2 outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-60',
                  chosen ? 'border-primary' : 'border-transparent hover:border-primary/40',
                )}
              >
                <img
                  src={bundled.replace('-640.webp', '-320.webp')}
                  alt=""
                  width={320}
                  height={320}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </button>
            )
          })}
        </fieldset>
      </details>
    </fieldset>
  )
}
