import { Flame, HandHeart, Handshake, Leaf, MessageSquareQuote, Package, Scale, Sprout } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'

const VALUES = [
  {
    word: 'Taste',
    text: 'The namkeen has to taste the way Indore expects it to. If it does not, it does not leave the kitchen.',
  },
  {
    word: 'Trust',
    text: 'What the label says is what is in the packet, and what we promise on this website is what we do.',
  },
  {
    word: 'Tradition',
    text: 'Old recipes, made by hand, without shortcuts that would make them cheaper and worse.',
  },
] as const

const CORE_VALUES = [
  {
    icon: Sprout,
    title: 'Honest ingredients',
    text: 'Besan, spices, oil and salt we would cook with at home. No artificial preservatives, colours or flavours, and every ingredient and allergen on the label.',
  },
  {
    icon: Flame,
    title: 'Freshness over shelf life',
    text: 'We fry in small batches and pack soon after, instead of making a mountain of namkeen and waiting for it to sell.',
  },
  {
    icon: HandHeart,
    title: 'Made by hand, with care',
    text: 'Dough is mixed, pressed and fried by people who grew up eating this namkeen, and every batch is tasted before it is packed.',
  },
  {
    icon: Package,
    title: 'Packed to arrive crisp',
    text: 'Sealed, food-grade pouches and sturdy boxes, so that sev packed in Indore is still crunchy when it reaches Guwahati or Kochi.',
  },
  {
    icon: Scale,
    title: 'Fair, clear prices',
    text: 'The price you see includes taxes, and the delivery charge is shown before you pay. No hidden costs at the door.',
  },
  {
    icon: Handshake,
    title: 'Straight talk',
    text: 'When you call us, you speak to the people who make your namkeen. If we get something wrong, we say so and put it right.',
  },
] as const

export function AboutPage({ settings }: { settings: PublicSettings }) {
  return (
    <>
      <PageHeading title="About Us">
        <p>
          {settings.shopName} is a small family kitchen in Indore, making sev, mixtures and bundi the way the city has
          always eaten them, and sending them to homes across India.
        </p>
      </PageHeading>

      <section aria-labelledby="story-title" className="mx-auto max-w-6xl px-4">
        <div className="grid items-start gap-10 lg:grid-cols-[1fr_22rem]">
          <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-foreground/90">
            <h2 id="story-title" className="text-3xl font-bold">
              Our Story
            </h2>
            <p>
              In Indore, namkeen is not a side dish. It comes with the morning poha, sits in a steel katori next to the
              evening chai, and fills the boxes that travel to relatives at Diwali. Every family has its favourite shop,
              and every Indori who moves away misses it.
            </p>
            <p>
              {settings.shopName} began in a family kitchen, with recipes made the way our elders made them: besan dough
              pressed fresh through the sev sancha, spices ground at home, and everything fried in small batches in a
              kadhai, so that nothing sat waiting.
            </p>
            <p>
              As friends and relatives moved to Pune, Bengaluru and Delhi, the requests started: "Can you send some
              Ratlami sev?" Parcels for family became parcels for their friends, and then for people we had never met.
              This shop is how we do that properly today: a licensed kitchen, honest labels, and delivery to the whole
              country.
            </p>
            <p>
              We are still small, and we mean to stay that way where it counts. The hands that mix the dough taste the
              batch before it is packed, and when you call us, you speak to the people who make your namkeen.
            </p>
          </div>
          <Card className="border-turmeric/60 bg-[oklch(0.96_0.05_85)]">
            <CardContent className="space-y-5 p-6">
              <MessageSquareQuote className="size-8 text-primary" aria-hidden />
              <p className="font-serif text-xl leading-snug text-brown">{settings.qualityTagline}</p>
              {(settings.varietiesClaim || settings.familiesClaim) && (
                <dl className="grid grid-cols-2 gap-4 border-t border-turmeric/50 pt-5">
                  {settings.varietiesClaim && (
                    <div>
                      <dt className="text-sm text-muted-foreground">Varieties</dt>
                      <dd className="font-serif text-3xl font-bold text-primary">{settings.varietiesClaim}</dd>
                    </div>
                  )}
                  {settings.familiesClaim && (
                    <div>
                      <dt className="text-sm text-muted-foreground">Happy families</dt>
                      <dd className="font-serif text-3xl font-bold text-primary">{settings.familiesClaim}</dd>
                    </div>
                  )}
                </dl>
              )}
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Leaf className="size-4 text-leaf" aria-hidden />
                100% vegetarian · FSSAI Lic. No. {settings.fssaiLicence}
              </p>
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="values-title" className="mt-16 bg-secondary/50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="values-title" className="text-center text-3xl font-bold">
            What We Value
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
            Three words we come back to whenever we have to choose between easy and right.
          </p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.word} className="text-center">
                <p className="font-serif text-4xl font-bold text-primary">{value.word}</p>
                <p className="mx-auto mt-3 max-w-xs leading-relaxed text-foreground/85">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="mx-auto mt-16 grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        <section aria-labelledby="mission-title" className="rounded-xl bg-brown p-6 text-white shadow-sm sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-turmeric uppercase">Why we exist</p>
          <h2 id="mission-title" className="mt-1 text-3xl font-bold text-white">
            Our Mission
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-white/90">
            To bring the true taste of Indore's namkeen to every Indian home: freshly made, honestly labelled, fairly
            priced, and packed so it arrives as crisp as it left our kitchen.
          </p>
        </section>
        <section
          aria-labelledby="vision-title"
          className="rounded-xl border-2 border-turmeric/70 bg-card p-6 shadow-sm sm:p-8"
        >
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Where we are going</p>
          <h2 id="vision-title" className="mt-1 text-3xl font-bold">
            Our Vision
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-foreground/90">
            To be the kitchen families across India trust when they miss the taste of Indore, and to grow without losing
            the care of a small one.
          </p>
        </section>
      </div>

      <section aria-labelledby="core-values-title" className="mx-auto mt-16 max-w-6xl px-4">
        <h2 id="core-values-title" className="text-3xl font-bold">
          Our Core Values
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CORE_VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent/40 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-cta-title" className="mx-auto mt-16 max-w-6xl px-4">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-[oklch(0.93_0.07_75)] p-8 sm:p-10 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="about-cta-title" className="text-2xl font-bold sm:text-3xl">
              Taste Indore at home
            </h2>
            <p className="mt-2 max-w-xl text-foreground/85">
              Browse our namkeen, or write to us about a festival, a wedding or a question we have not answered here.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/products">Shop Namkeen</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/contact">Contact Us</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}
