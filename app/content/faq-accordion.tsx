import { ChevronDown } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import type { FaqGroup } from './faq.ts'

/**
 * Native disclosures sharing one name: an exclusive accordion (opening one closes the other) that
 * works before and without JavaScript.
 */
export function FaqAccordion({ groups }: { groups: FaqGroup[] }) {
  return (
    <div className="space-y-10">
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`} className="text-2xl font-bold">
            {group.title}
          </h2>
          <div className="mt-4 space-y-3">
            {group.entries.map((entry) => (
              <details
                key={entry.id}
                id={entry.id}
                name="faq"
                className="group/faq scroll-mt-24 rounded-xl border bg-card shadow-sm transition-colors open:border-primary/40 open:bg-[oklch(0.995_0.012_80)]"
              >
                <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 text-left font-semibold text-brown outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:px-5 [&::-webkit-details-marker]:hidden">
                  <span>{entry.question}</span>
                  <ChevronDown
                    className="size-5 shrink-0 text-primary transition-transform duration-200 group-open/faq:rotate-180"
                    aria-hidden
                  />
                </summary>
                <div className="space-y-3 border-t border-dashed px-4 pt-3 pb-5 leading-relaxed text-foreground/85 sm:px-5">
                  {entry.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {entry.link && (
                    <p>
                      <Link
                        to={entry.link.to}
                        className="font-semibold text-primary underline-offset-4 hover:underline"
                      >
                        {entry.link.label}
                      </Link>
                    </p>
                  )}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
