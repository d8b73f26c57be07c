import { Flame, HandHeart, Handshake, Leaf, MessageSquareQuote, Package, Scale, Sprout } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'

// Each label is its message function, called when rendered (in the page's language).
const VALUES = [
  { id: 'taste', word: m.about_value_taste, text: m.about_value_taste_text },
  { id: 'trust', word: m.about_value_trust, text: m.about_value_trust_text },
  { id: 'tradition', word: m.about_value_tradition, text: m.about_value_tradition_text },
] as const

const CORE_VALUES = [
  { icon: Sprout, id: 'ingredients', title: m.about_core_ingredients, text: m.about_core_ingredients_text },
  { icon: Flame, id: 'fresh', title: m.about_core_fresh, text: m.about_core_fresh_text },
  { icon: HandHeart, id: 'hand', title: m.about_core_hand, text: m.about_core_hand_text },
  { icon: Package, id: 'packed', title: m.about_core_packed, text: m.about_core_packed_text },
  { icon: Scale, id: 'prices', title: m.about_core_prices, text: m.about_core_prices_text },
  { icon: Handshake, id: 'talk', title: m.about_core_talk, text: m.about_core_talk_text },
] as const

export function AboutPage({ settings }: { settings: PublicSettings }) {
  return (
    <>
      <PageHeading title={m.about_title()}>
        <p>{m.about_intro({ shopName: settings.shopName })}</p>
      </PageHeading>

      <section aria-labelledby="story-title" className="mx-auto max-w-6xl px-4">
        <div className="grid items-start gap-10 lg:grid-cols-[1fr_22rem]">
          <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-foreground/90">
            <h2 id="story-title" className="text-3xl font-bold">
              {m.about_story_title()}
            </h2>
            <p>{m.about_story_1()}</p>
            <p>{m.about_story_2({ shopName: settings.shopName })}</p>
            <p>{m.about_story_3()}</p>
            <p>{m.about_story_4()}</p>
          </div>
          <Card className="border-turmeric/60 bg-[oklch(0.96_0.05_85)]">
            <CardContent className="space-y-5 p-6">
              <MessageSquareQuote className="size-8 text-primary" aria-hidden />
              <p className="font-serif text-xl leading-snug text-brown">{settings.qualityTagline}</p>
              {(settings.varietiesClaim || settings.familiesClaim) && (
                <dl className="grid grid-cols-2 gap-4 border-t border-turmeric/50 pt-5">
                  {settings.varietiesClaim && (
                    <div>
                      <dt className="text-sm text-muted-foreground">{m.about_varieties()}</dt>
                      <dd className="font-serif text-3xl font-bold text-primary">{settings.varietiesClaim}</dd>
                    </div>
                  )}
                  {settings.familiesClaim && (
                    <div>
                      <dt className="text-sm text-muted-foreground">{m.about_families()}</dt>
                      <dd className="font-serif text-3xl font-bold text-primary">{settings.familiesClaim}</dd>
                    </div>
                  )}
                </dl>
              )}
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Leaf className="size-4 text-leaf" aria-hidden />
                {m.about_veg_fssai({ number: settings.fssaiLicence })}
              </p>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="values-title" className="mt-16 bg-secondary/50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="values-title" className="text-center text-3xl font-bold">
            {m.about_values_title()}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{m.about_values_intro()}</p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.id} className="text-center">
                <p className="font-serif text-4xl font-bold text-primary">{value.word()}</p>
                <p className="mx-auto mt-3 max-w-xs leading-relaxed text-foreground/85">{value.text()}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto mt-16 grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        <section aria-labelledby="mission-title" className="rounded-xl bg-brown p-6 text-white shadow-sm sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-turmeric uppercase">{m.about_why_exist()}</p>
          <h2 id="mission-title" className="mt-1 text-3xl font-bold text-white">
            {m.about_mission_title()}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-white/90">{m.about_mission_text()}</p>
        </section>
        <section
          aria-labelledby="vision-title"
          className="rounded-xl border-2 border-turmeric/70 bg-card p-6 shadow-sm sm:p-8"
        >
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{m.about_where_going()}</p>
          <h2 id="vision-title" className="mt-1 text-3xl font-bold">
            {m.about_vision_title()}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-foreground/90">{m.about_vision_text()}</p>
        </section>
      </div>

      <section aria-labelledby="core-values-title" className="mx-auto mt-16 max-w-6xl px-4">
        <h2 id="core-values-title" className="text-3xl font-bold">
          {m.about_core_title()}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CORE_VALUES.map(({ id, icon: Icon, title, text }) => (
            <li key={id} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent/40 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title()}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text()}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta-title" className="mx-auto mt-16 max-w-6xl px-4">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-[oklch(0.93_0.07_75)] p-8 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="about-cta-title" className="text-2xl font-bold sm:text-3xl">
              {m.about_cta_title()}
            </h2>
            <p className="mt-2 max-w-xl text-foreground/85">{m.about_cta_text()}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/products">{m.shop_namkeen()}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contact">{m.about_cta_contact()}</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}
