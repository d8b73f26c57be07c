import { describe, expect, it } from 'vitest'
import { srcSetFor } from '#app/shared/image-variants.ts'
import { isShopImageUrl } from './image-url.ts'
import {
  checkPickedFile,
  MAX_UPLOAD_BYTES,
  UPLOAD_TEXTS,
  uploadKey,
  uploadKeyFromPath,
  uploadUrl,
  variantContentType,
} from './upload-rules.ts'
import { newUploadId } from './uploads.server.ts'

describe('upload rules', () => {
  it('checks a picked file early with the spec’s texts', () => {
    expect(checkPickedFile({ size: 1000, type: 'image/jpeg' })).toBeNull()
    expect(checkPickedFile({ size: MAX_UPLOAD_BYTES, type: 'image/webp' })).toBeNull()
    expect(checkPickedFile({ size: MAX_UPLOAD_BYTES + 1, type: 'image/png' })).toBe('File size must be less than 5MB')
    expect(checkPickedFile({ size: 1000, type: 'image/svg+xml' })).toBe('Please select a valid image file')
    expect(checkPickedFile({ size: 1000, type: 'text/plain' })).toBe('Please select a valid image file')
    expect(UPLOAD_TEXTS.hint).toBe('JPG, PNG, GIF, WebP (max 5MB)')
  })

  it('gives an upload a URL the forms accept and a srcset of its four variants', () => {
    const id = newUploadId(Date.UTC(2026, 10, 23))
    expect(id).toMatch(/^[a-z0-9]+-[a-z0-9]+$/)
    const url = uploadUrl('products', id)
    expect(url).toBe(`/uploads/products/${id}-640.webp`)
    expect(isShopImageUrl(url)).toBe(true)
    expect(srcSetFor(url)).toBe(
      `/uploads/products/${id}-320.webp 320w, /uploads/products/${id}-640.webp 640w, /uploads/products/${id}-800.webp 800w, /uploads/products/${id}-960.webp 960w`,
    )
    expect(isShopImageUrl(uploadUrl('thumbnails', id))).toBe(true)
  })

  it('keys an AVIF twin beside the WebP, each served with its own type', () => {
    expect(uploadKey('products', 'a-b', 800)).toBe('products/a-b-800.webp')
    expect(uploadKey('products', 'a-b', 800, 'avif')).toBe('products/a-b-800.avif')
    expect(variantContentType('products/a-b-800.webp')).toBe('image/webp')
    expect(variantContentType('products/a-b-800.avif')).toBe('image/avif')
  })

  it('makes ids nobody can guess or repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newUploadId(0)))
    expect(ids.size).toBe(1000)
    // 80 random bits after the timestamp.
    expect(newUploadId(0).split('-')[1]!.length).toBeGreaterThanOrEqual(14)
  })

  it('serves only the shape of an upload’s URL, so no path can leave the uploads', () => {
    expect(uploadKeyFromPath('/uploads/products/mi2k3-abc123-960.webp')).toBe('products/mi2k3-abc123-960.webp')
    expect(uploadKeyFromPath('/uploads/thumbnails/x-320.webp')).toBe('thumbnails/x-320.webp')
    expect(uploadKeyFromPath('/uploads/products/mi2k3-abc123-800.webp')).toBe('products/mi2k3-abc123-800.webp')
    expect(uploadKeyFromPath('/uploads/products/mi2k3-abc123-800.avif')).toBe('products/mi2k3-abc123-800.avif')
    for (const path of [
      '/uploads/products/../../auth-secret-640.webp',
      '/uploads/products/%2e%2e%2fsecret-640.webp',
      '/uploads/products/x-641.webp',
      '/uploads/products/x-640.png',
      '/uploads/products/x-640.avif.webp',
      '/uploads/products/x-640.webp/',
      '/uploads/other/x-640.webp',
      '/uploads/products/a/b-640.webp',
      '/uploads/products/X-640.webp',
      '/uploads/products/x-640.webp.part',
      '/uploads/',
    ]) {
      expect(uploadKeyFromPath(path), path).toBeNull()
    }
  })
})
