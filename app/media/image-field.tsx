// The image of a product or a post in an admin form: the chosen image's preview and a pick from the
// bundled artwork; the chosen URL travels in a hidden input named `name` ('' for none).
import { useState } from 'react'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { BUNDLED_IMAGES, bundledImageUrl, type UploadFolder } from './image-url.ts'

export interface ImageFieldProps {
  /** The hidden input's name: the form posts the chosen URL under it. */
  name: string
  label: string
  defaultValue: string | null
  /** Where an upload goes: product photos or blog thumbnails. */
  folder: UploadFolder
}

export function ImageField({ name, label, defaultValue }: ImageFieldProps) {
  const [url, setUrl] = useState(defaultValue ?? '')
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{label}</legend>
      <input type="hidden" name={name} value={url} />
      <ShopImage src={url || null} alt="" width={4} height={3} sizes="240px" className="w-60 rounded-lg" />
      <label className="grid gap-1 text-sm">
        Or pick one of the shop's images
        <select
          className="h-11 rounded-md border bg-background px-3"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        >
          <option value="">No image</option>
          {BUNDLED_IMAGES.map((key) => (
            <option key={key} value={bundledImageUrl(key)}>
              {key.replaceAll('-', ' ')}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  )
}
