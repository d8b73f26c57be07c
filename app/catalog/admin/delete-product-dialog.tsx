// The spec's delete question, asked in a dialog. The server deletes a product nobody has ordered and
// archives one that has been ordered; the toast says which.
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/ui/dialog.tsx'
import { productActionButton, useProductAction } from './product-action.ts'

export function DeleteProductDialog({ product }: { product: { id: string; name: string } }) {
  const [open, setOpen] = useState(false)
  // Archived, the product stays in the list (apart): the question is answered, so it closes.
  const { run, busy, sending } = useProductAction(product.id, (result) => {
    if (result.ok) setOpen(false)
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="h-11 text-destructive"
          aria-label={`Delete ${product.name}`}
          {...productActionButton(product.id)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Are you sure you want to delete this product?</DialogTitle>
          <DialogDescription>
            {product.name} will be gone from the shop. If it has been ordered before, it is archived instead: kept in
            past orders, and you can restore it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" className="h-11">
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" className="h-11" disabled={busy} onClick={() => void run('delete')}>
            <Trash2 aria-hidden />
            {sending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
