// An edited record's version is its updated_at, which a form sends back to prove it saw the latest:
// the next one must differ from the last even when two saves land in the same millisecond or an
// instance's clock runs behind another's.

/** The updated_at to write for a change of a record last updated at `previous`. */
export function nextVersion(previous: Date, now = new Date()): Date {
  return new Date(Math.max(now.getTime(), previous.getTime() + 1))
}
