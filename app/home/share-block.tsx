import { Share2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'

interface ShareBlockProps {
  url: string
  text: string
}

/** Share links that work everywhere (WhatsApp first), plus the device's share sheet where it exists. */
export function ShareBlock({ url, text }: ShareBlockProps) {
  const [canShare, setCanShare] = useState(false)
  useEffect(() => setCanShare(typeof navigator.share === 'function'), [])
  const encodedUrl = encodeURIComponent(url)
  const links = [
    {
      label: 'WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
      className: 'bg-[#146c38]',
    },
    {
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
      className: 'bg-[#1b5fc1]',
    },
    {
      label: 'X',
      href: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodedUrl}`,
      className: 'bg-[#141414]',
    },
  ]
  return (
    <section aria-labelledby="share-title" className="mx-auto max-w-6xl px-4 pb-4">
      <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-8 text-center shadow-sm">
        <h2 id="share-title" className="text-2xl font-bold">
          {m.share_title()}
        </h2>
        <p className="max-w-xl text-muted-foreground">{m.share_text()}</p>
        <ul className="flex flex-wrap justify-center gap-3">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex h-11 items-center rounded-md px-5 text-sm font-semibold text-white hover:opacity-90 ${link.className}`}
              >
                {m.share_on({ network: link.label })}
              </a>
            </li>
          ))}
          {canShare && (
            <li>
              <Button
                variant="outline"
                className="h-11"
                onClick={() => navigator.share({ title: document.title, text, url }).catch(() => {})}
              >
                <Share2 aria-hidden />
                {m.share()}
              </Button>
            </li>
          )}
        </ul>
      </div>
    </section>
  )
}
