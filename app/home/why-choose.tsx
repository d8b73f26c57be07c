import { CookingPot, HeartHandshake, PackageCheck, Truck } from 'lucide-react'

const REASONS = [
  {
    icon: CookingPot,
    title: 'Recipes from Indore',
    text: 'Sev, mixtures and bundi made the way Indore has eaten them for generations: besan, spices ground in-house, fried in groundnut oil.',
  },
  {
    icon: PackageCheck,
    title: 'Fresh, small batches',
    text: 'We fry in small batches and pack within days, in sealed pouches that keep every strand of sev crisp on its way to you.',
  },
  {
    icon: Truck,
    title: 'Delivered across India',
    text: 'Orders are packed within 24 hours and reach most of India in 3-5 business days, with cash on delivery available.',
  },
  {
    icon: HeartHandshake,
    title: 'Honest labels',
    text: 'Every product lists its ingredients, allergens and best-before period, from our FSSAI-licensed kitchen.',
  },
] as const

export function WhyChoose({ shopName }: { shopName: string }) {
  return (
    <section aria-labelledby="why-title" className="bg-secondary/50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="why-title" className="text-center text-3xl font-bold">
          Why Choose {shopName}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent/40 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
