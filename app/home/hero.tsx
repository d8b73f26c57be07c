import { BadgeCheck, Leaf, Star, Truck } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { ShopAndStoryLinks } from '#app/shell/shop-and-story-links.tsx'

const TRUST_BADGES = [
  { icon: BadgeCheck, label: m.hero_badge_fssai },
  { icon: Leaf, label: m.hero_badge_vegetarian },
  { icon: Truck, label: m.hero_badge_delivery },
] as const

export function Hero({ settings }: { settings: PublicSettings }) {
  // The owner empties a claim the shop cannot stand behind (decisions.md): it is then not shown at all.
  const claims = [
    { value: settings.ratingClaim, label: m.hero_claim_rating() },
    { value: settings.varietiesClaim, label: m.hero_claim_varieties() },
    { value: settings.familiesClaim, label: m.hero_claim_families() },
  ].filter((claim) => claim.value.trim() !== '')
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-brown">
      {/* A phone's hero box is taller than wide: it gets the part of the picture it shows, as sharp as
          the 1280 px file and 26 KB lighter (the page's largest paint). Each comes in AVIF, about half
          the WebP's bytes, and in WebP for browsers without AVIF. */}
      <picture>
        <source
          type="image/avif"
          media="(max-width: 639px)"
          srcSet="/images/hero-portrait-540.avif"
          width={540}
          height={720}
        />
        <source media="(max-width: 639px)" srcSet="/images/hero-portrait-540.webp" width={540} height={720} />
        <source
          type="image/avif"
          srcSet="/images/hero-640.avif 640w, /images/hero-1280.avif 1280w, /images/hero-1920.avif 1920w"
          sizes="100vw"
        />
        <img
          src="/images/hero-1280.webp"
          srcSet="/images/hero-640.webp 640w, /images/hero-1280.webp 1280w, /images/hero-1920.webp 1920w"
          sizes="100vw"
          alt=""
          width={1920}
          height={1080}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover object-[70%_center]"
        />
      </picture>
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-[oklch(0.22_0.05_40/0.92)] via-[oklch(0.22_0.05_40/0.7)] to-[oklch(0.22_0.05_40/0.15)]" />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24 lg:py-32">
        <div className="max-w-xl text-white">
          {settings.ratingClaim && (
            <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold backdrop-blur">
              <Star className="size-4 fill-turmeric text-turmeric" aria-hidden />
              {m.hero_rated({ rating: settings.ratingClaim })}
            </p>
          )}
          <h1
            id="hero-title"
            className="font-serif text-4xl leading-tight font-bold text-white sm:text-5xl lg:text-6xl"
          >
            {m.hero_title()}
          </h1>
          <p className="mt-4 text-xl text-[oklch(0.9_0.08_80)] sm:text-2xl">{m.hero_subtitle()}</p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label={m.hero_trust()}>
            {TRUST_BADGES.map(({ icon: Icon, label }) => (
              <li
                key={label()}
                className="inline-flex items-center gap-1.5 rounded-full border border-white/25 bg-black/20 px-3 py-1.5 text-sm"
              >
                <Icon className="size-4 text-turmeric" aria-hidden />
                {label()}
              </li>
            ))}
          </ul>
          <ShopAndStoryLinks className="mt-8" />
          {claims.length > 0 && (
            <dl className="mt-10 grid max-w-md grid-cols-3 gap-4 border-t border-white/20 pt-6">
              {claims.map((claim) => (
                <Claim key={claim.label} {...claim} />
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  )
}

function Claim({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="font-serif text-2xl font-bold text-turmeric sm:text-3xl">{value}</dd>
      <dd className="text-sm text-white/85">{label}</dd>
    </div>
  )
}
