// The Audit log tab: every change made in the panel, newest first: when (IST), who, what, on which
// record, and each changed field's value before and after.
import { Link } from 'react-router'
import type { AuditRow } from '#app/platform/audit.server.ts'
import { Badge } from '#app/ui/badge.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { cn } from '#app/ui/cn.ts'
import { AUDIT_ENTITIES, type AuditEntity } from './audit-entities.ts'

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' })

/** 'product.update' -> 'Updated'; the entity is shown beside it. */
function verb(action: string): string {
  const done = action.slice(action.indexOf('.') + 1)
  const words: Record<string, string> = {
    create: 'Created',
    update: 'Updated',
    delete: 'Deleted',
    archive: 'Archived',
    restore: 'Restored',
    status: 'Status changed',
    refund: 'Refund started',
  }
  return words[done] ?? done.replaceAll('-', ' ').replace(/^./, (first) => first.toUpperCase())
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 117)}…` : value
  const text = JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const was = (before ?? {}) as Record<string, unknown>
  const is = (after ?? {}) as Record<string, unknown>
  const fields = Object.keys({ ...was, ...is })
  if (fields.length === 0) return null
  return (
    <dl className="grid gap-1 text-sm">
      {fields.map((field) => (
        <div key={field} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted-foreground">{field}</dt>
          <dd className="min-w-0 break-words">
            {before !== null && <del className="text-muted-foreground">{show(was[field])}</del>}
            {before !== null && after !== null && <span aria-hidden> → </span>}
            {after !== null && <ins className="no-underline">{show(is[field])}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function AuditLog({ entity, rows, next }: { entity: string; rows: AuditRow[]; next: number | null }) {
  const filter = (value: string) => (value ? `?entity=${value}` : '?')
  return (
    <Card className="mt-6">
      <CardContent className="grid gap-4 p-5">
        <div className="grid gap-1">
          <h2 className="text-2xl font-bold">Audit log</h2>
          <p className="text-sm text-muted-foreground">
            Every change made in this panel: who, when, and what it was before.
          </p>
        </div>
        <nav aria-label="Filter the log" className="flex flex-wrap gap-2">
          {[['', 'All'] as const, ...Object.entries(AUDIT_ENTITIES)].map(([value, label]) => (
            <Link
              key={value}
              to={filter(value)}
              aria-current={entity === value ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium',
                entity === value ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-secondary',
              )}
            >
              {label}
            </Link>
          ))}
        </nav>
        {rows.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No changes recorded yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Changes, newest first">
            {rows.map((row) => (
              <li key={row.id} className="grid gap-2 rounded-lg border bg-card p-3">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Badge variant="secondary">{AUDIT_ENTITIES[row.entity as AuditEntity] ?? row.entity}</Badge>
                  <span className="font-semibold">
                    {verb(row.action)}
                    {row.label && `: ${row.label}`}
                  </span>
                </div>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={new Date(row.createdAt).toISOString()}>{when.format(new Date(row.createdAt))}</time>{' '}
                  by {row.actorEmail}
                </p>
                <Changes before={row.before} after={row.after} />
              </li>
            ))}
          </ol>
        )}
        {next !== null && (
          <Link
            to={`${filter(entity)}${entity ? '&' : ''}before=${next}`}
            className="justify-self-center rounded-md border px-4 py-2 text-sm font-semibold hover:bg-secondary"
          >
            Older changes
          </Link>
        )}
      </CardContent>
    </Card>
  )
}
