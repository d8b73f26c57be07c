import { CookingPot, HeartHandshake, PackageCheck, Truck } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'

const REASONS = [
  {
    icon: CookingPot,
    title: m.why_recipes_title,
    text: m.why_recipes_text,
  },
  {
    icon: PackageCheck,
    title: m.why_fresh_title,
    text: m.why_fresh_text,
  },
  {
    icon: Truck,
    title: m.why_delivery_title,
    text: m.why_delivery_text,
  },
  {
    icon: HeartHandshake,
    title: m.why_labels_title,
    text: m.why_labels_text,
  },
] as const

export function WhyChoose({ shopName }: { shopName: string }) {
  return (
    <section aria-labelledby="why-title" className="bg-secondary/50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="why-title" className="text-center text-3xl font-bold">
          {m.why_title({ shopName })}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title()} className="rounded-xl border bg-card p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent/40 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-bold">{title()}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text()}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
