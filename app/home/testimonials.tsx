import { Quote } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import type { Testimonial } from '#app/settings/schema.ts'

export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  if (testimonials.length === 0) return null
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="testimonials-title" className="text-center text-3xl font-bold">
        {m.testimonials_title()}
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {testimonials.map((testimonial) => (
          // Two customers may share a name, never a quote.
          <figure key={testimonial.quote} className="relative rounded-xl border bg-card p-6 shadow-sm">
            <Quote className="size-8 text-accent" aria-hidden />
            <blockquote className="mt-3 text-lg leading-relaxed text-foreground">“{testimonial.quote}”</blockquote>
            <figcaption className="mt-4 text-sm font-semibold text-brown">
              {testimonial.name}, <span className="font-normal text-muted-foreground">{testimonial.city}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  )
}
