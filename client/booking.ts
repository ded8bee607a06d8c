// The booking types the islands and pages use, generated from server/booking
// (client/gen/booking.ts, `make generate`), under the names the UI reads.
export type {
  DoctorSlots,
  ClinicSlots,
  DoctorNext,
  Hold,
  WaitlistOffer,
  Waitlists,
  Booking,
  TimeSlot as Slot,
  HistoryPage as HistoryData,
  BookingPage as BookingDoneData,
} from "./gen/booking";
