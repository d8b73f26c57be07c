// A document the order's data or the numbering does not allow: an order edited or imported with lines
// that do not add up to its total, or a financial year's numbers used up. Checkout never makes one.

/** An invoice (or receipt, or credit note) that cannot be issued; `message` says why, in plain words for the owner. */
export class NotIssuable extends Error {
  override name = 'NotIssuable'
}

/**
 * A cancellation's credit note that cannot be issued. Unlike an invoice, which the order goes on
 * without, the cancellation waits for it: the order desk refuses the change and says why.
 */
export class CreditNoteNotIssuable extends NotIssuable {
  override name = 'CreditNoteNotIssuable'
}
