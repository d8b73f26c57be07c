import { useState } from 'react'

/**
 * The version of the record as the edit form was opened, and a setter for a change the form's own page
 * made. The panel reloads its data whenever an order arrives, which brings the record's latest version
 * while the form's fields keep what the admin sees and types; sending that latest version would let a
 * form opened before another save overwrite it. The version sent is the one the fields were filled from.
 */
export function useOpenedVersion<T extends string | null | undefined>(version: T) {
  return useState(version)
}
