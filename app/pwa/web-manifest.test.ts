import { describe, expect, it } from 'vitest'
import { webManifest } from './web-manifest.ts'

describe('the web app manifest', () => {
  it("is named after the shop's settings and installable (standalone, start and scope, 192 and 512 icons, a maskable one)", () => {
    const manifest = webManifest({ shopName: 'Sharma Sev Bhandar', qualityTagline: 'Made fresh every morning' })
    expect(manifest).toMatchObject({
      name: 'Sharma Sev Bhandar',
      short_name: 'Sharma Sev Bhandar',
      description: 'Made fresh every morning',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    })
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
  })

  it('falls back to the default name when the setting is blank', () => {
    expect(webManifest({ shopName: '  ', qualityTagline: '' }).name).toBe('Malwa Namkeen')
  })
})
