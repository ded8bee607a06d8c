// Types of the booking data the Go side sends (server/booking JSON tags, as
// /work/helpers/BOOKING_CONTRACT.md fixes them). Times are RFC 3339 with the
// Tashkent offset; dates are YYYY-MM-DD Tashkent calendar dates; money is so'm.

/** Slot is one free time. */
export interface Slot {
  start: string;
  end: string;
}

/** ClinicSlots is one clinic's free times of a doctor, day by day. */
export interface ClinicSlots {
  clinicId: number;
  clinicSlug: string;
  clinicName: string;
  address: string;
  price: number;
  days: { date: string; slots: Slot[] }[];
}

/** DoctorSlots answers GET /api/doctors/{id}/slots. */
export interface DoctorSlots {
  doctorId: number;
  from: string;
  days: number;
  clinics: ClinicSlots[];
  /** The earliest free start within 14 days from now, any clinic; null if none. */
  nextFree: string | null;
}

/** DoctorNext is a doctor's first free times, as GET /api/slots answers them. */
export interface DoctorNext {
  doctorId: number;
  slots: (Slot & { clinicId: number })[];
  nextFree: string | null;
}

/** Hold is a time held for five minutes, owned by whoever knows key. */
export interface Hold {
  id: number;
  key: string;
  doctorId: number;
  clinicId: number;
  start: string;
  end: string;
  expiresAt: string;
}

export type BookingStatus = "booked" | "attended" | "no_show" | "cancelled" | "rescheduled";

/** Booking is a visit as the patient sees it. */
export interface Booking {
  id: number;
  status: BookingStatus;
  cancelledBy?: "patient" | "clinic";
  successorId?: number;
  start: string;
  end: string;
  price: number;
  doctor: { id: number; slug: string; name: string; specialty: string };
  clinic: { id: number; slug: string; name: string; address: string; phone: string };
  patientName: string;
  reason: string;
  canCancel: boolean;
  canReschedule: boolean;
  cancelUntil: string;
  icsUrl: string;
  smsText: string;
}

/** HistoryData is the /history page's data (booking.HistoryPage). */
export interface HistoryData {
  signedIn: boolean;
  upcoming: Booking[] | null;
  past: Booking[] | null;
}

/** BookingDoneData is the /history/{id} page's data. */
export interface BookingDoneData {
  booking: Booking;
}
