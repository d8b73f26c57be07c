// What a tab shows until its tools are built: says so plainly, with no buttons that do nothing.
import { Hammer } from 'lucide-react'
import { Card, CardContent } from '#app/ui/card.tsx'

export function TabNotBuilt({ title, body }: { title: string; body: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary" aria-hidden>
          <Hammer className="size-6" />
        </span>
        <h2 className="text-2xl font-bold">{title}</h2>
        <p className="max-w-prose text-muted-foreground">{body}</p>
      </CardContent>
    </Card>
  )
}
