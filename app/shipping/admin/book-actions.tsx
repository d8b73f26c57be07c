// Booking an order's parcel, the same on its Shipping card and in its Details: Book (choosing the
// courier in the booking dialog); for a booking that stopped half way, Finish booking (or Try again,
// after an error), which resumes it where it stopped, and, until its AWB is assigned, Other courier.
import { RefreshCw, Truck } from 'lucide-react'
import { useRevalidator } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { announceBooking, BookingDialog } from './booking-dialog.tsx'
import { bookParcel, useBookingInFlight } from './booking-requests.ts'
import type { BookingView } from './booking-view.ts'

export function BookActions({
  orderId,
  number,
  booking,
  bookLabel = 'Book',
  buttonClassName = 'h-11',
}: {
  orderId: string
  number: string
  /** The order's booking so far (null: none begun). */
  booking: Pick<BookingView, 'awb' | 'bookingError'> | null
  bookLabel?: string
  buttonClassName?: string
}) {
  const { revalidate } = useRevalidator()
  const inFlight = useBookingInFlight(orderId)
  if (!booking) {
    return (
      <BookingDialog orderId={orderId} number={number}>
        <Button className={buttonClassName} disabled={inFlight}>
          <Truck aria-hidden />
          {inFlight ? 'Booking…' : bookLabel}
        </Button>
      </BookingDialog>
    )
  }
  const resume = async () => {
    announceBooking(await bookParcel(orderId))
    void revalidate()
  }
  return (
    <>
      <Button className={buttonClassName} disabled={inFlight} onClick={() => void resume()}>
        <RefreshCw aria-hidden />
        {inFlight ? 'Booking…' : booking.bookingError ? 'Try again' : 'Finish booking'}
      </Button>
      {/* Before its AWB, a booking can still go with another courier. */}
      {!booking.awb && (
        <BookingDialog orderId={orderId} number={number}>
          <Button variant="outline" className={buttonClassName} disabled={inFlight}>
            Other courier
          </Button>
        </BookingDialog>
      )}
    </>
  )
}
