// Package booking is appointments with doctors: weekly schedules and their
// exceptions, free times (FreeDays, a pure function of the schedule, the
// busy ranges and the clock), five-minute holds, bookings and their
// status history, the JSON API of the booking flow and the /history
// pages.
//
// Consistency lives in PostgreSQL: a hold and a booking are one row of
// appointments, and one exclusion constraint (doctor, time range, while
// live) refuses a second one over the same time of the same doctor in any
// clinic. Go never checks a time before taking it; it maps the
// constraint's refusal (SQLSTATE 23P01) to 409 booking.taken.
package booking
