package booking

// The types of the booking API's bodies and of the booking pages' data:
// what the islands and pages receive (tygo generates client/gen/booking.ts
// from this file alone). Times are RFC 3339 in Tashkent
// ("2026-11-24T14:30:00+05:00"), dates YYYY-MM-DD, money whole so'm.

import "sogliq/server/documents"

// DoctorSlots is a doctor's free times per clinic and day.
type DoctorSlots struct {
	DoctorID int64         `json:"doctorId"`
	From     string        `json:"from"`
	Days     int           `json:"days"`
	Clinics  []ClinicSlots `json:"clinics"`
	// NextFree is the earliest free start in the horizon at any clinic.
	NextFree *string `json:"nextFree" tstype:"string | null"`
}

// ClinicSlots is one clinic of a doctor with its days.
type ClinicSlots struct {
	ClinicID   int64      `json:"clinicId"`
	ClinicSlug string     `json:"clinicSlug"`
	ClinicName string     `json:"clinicName"`
	Address    string     `json:"address"`
	Price      int        `json:"price"`
	Days       []DaySlots `json:"days"`
	// Type is the visit type the days' times are for (their length and
	// price), null for plain slots; Types are all the doctor's active
	// types at the clinic, to choose from.
	Type  *VisitType  `json:"type" tstype:"VisitType | null"`
	Types []VisitType `json:"types"`
	// HorizonDays is how many days from today the clinic takes bookings:
	// Days stop at its last day, a week grid goes no further.
	HorizonDays int `json:"horizonDays"`
}

// VisitType is a kind of visit a doctor offers at a clinic, with its own
// length (Slots consecutive slots of the doctor's hours, Minutes long)
// and price.
type VisitType struct {
	ID int64 `json:"id"`
	// Kind is first, followup, procedure or test.
	Kind    string `json:"kind" tstype:"'first' | 'followup' | 'procedure' | 'test'"`
	Name    string `json:"name"`
	Slots   int    `json:"slots"`
	Minutes int    `json:"minutes"`
	Price   int    `json:"price"`
	// Audience is all, children or adults.
	Audience string `json:"audience" tstype:"'all' | 'children' | 'adults'"`
	Online   bool   `json:"online"`
}

// DaySlots is one date's free times.
type DaySlots struct {
	Date  string     `json:"date"`
	Slots []TimeSlot `json:"slots"`
}

// TimeSlot is a free time, RFC 3339 in Tashkent.
type TimeSlot struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// NextSlots are the first free times of a listing page's doctors.
type NextSlots struct {
	Doctors []DoctorNext `json:"doctors"`
}

// DoctorNext is one doctor's first free times at any of their clinics.
type DoctorNext struct {
	DoctorID int64      `json:"doctorId"`
	Slots    []NextSlot `json:"slots"`
	// Clinics are the same doctor's first free times per clinic, each with
	// its name, address and price, the clinic with the earliest time
	// first: a patient sees where a time is and what it costs before
	// holding it.
	Clinics []NextClinic `json:"clinics"`
	// NextFree is the first free start; null: none in the horizon.
	NextFree *string `json:"nextFree" tstype:"string | null"`
}

// NextSlot is a free time at a clinic.
type NextSlot struct {
	Start    string `json:"start"`
	End      string `json:"end"`
	ClinicID int64  `json:"clinicId"`
}

// NextClinic is a doctor's first free times at one clinic.
type NextClinic struct {
	ClinicID int64      `json:"clinicId"`
	Name     string     `json:"name"`
	Address  string     `json:"address"`
	Price    int        `json:"price"`
	Slots    []NextSlot `json:"slots"`
	// Type is the visit type the times are for (the clinic's first, or
	// the kind asked for), null for plain slots.
	Type *VisitType `json:"type" tstype:"VisitType | null"`
}

// HoldRequest is the body of POST /api/bookings/holds.
type HoldRequest struct {
	DoctorID int64  `json:"doctorId"`
	ClinicID int64  `json:"clinicId"`
	Start    string `json:"start"`
	// TypeID is the visit type (optional; none holds one slot): the hold
	// takes its consecutive slots from Start.
	TypeID int64 `json:"typeId,omitempty"`
	// IdempotencyKey (a UUID, optional) lets a request sent again after a
	// lost answer get its hold back, signed in or not.
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
	// RelativeID (optional) names the saved relative the visit will be
	// for: the hold is refused at once when they are not the signed-in
	// user's (404) or have their upcoming visits already (429). The
	// booking names the patient again, and checks again.
	RelativeID int64 `json:"relativeId,omitempty"`
	// RescheduleID (optional) is the signed-in user's visit this time will
	// replace (POST /api/bookings/{id}/reschedule): the visit's type is
	// held even if the clinic has switched it off since.
	RescheduleID int64 `json:"rescheduleId,omitempty"`
}

// BookRequest is the body of POST /api/bookings.
type BookRequest struct {
	HoldID         int64    `json:"holdId"`
	HoldKey        string   `json:"holdKey"`
	IdempotencyKey string   `json:"idempotencyKey"`
	Patient        *Patient `json:"patient"`
	// RelativeID, when set, books for one of the user's saved relatives
	// (GET /api/account/relatives) instead of Patient: their name and
	// birth date are the visit's.
	RelativeID int64  `json:"relativeId,omitempty"`
	Reason     string `json:"reason"`
	Consent    bool   `json:"consent"`
	// Returning answers "been to this doctor before?" for the patient;
	// asked once per patient and doctor (ReturningAnswers), ignored once
	// known, optional.
	Returning *bool `json:"returning,omitempty"`
}

// ReturningAnswers are what a user answered, or what their visits tell,
// about having been to one doctor: for themselves (null: not known) and
// for the relatives they booked for.
type ReturningAnswers struct {
	Self      *bool            `json:"self" tstype:"boolean | null"`
	Relatives []RelativeAnswer `json:"relatives"`
}

// RelativeAnswer is a relative's answer, by name and birth date.
type RelativeAnswer struct {
	Name      string `json:"name"`
	BirthDate string `json:"birthDate"`
	Returning bool   `json:"returning"`
}

// CancelRequest is the (optional) body of POST /api/bookings/{id}/cancel.
type CancelRequest struct {
	Reason string `json:"reason"`
}

// RescheduleRequest is the body of POST /api/bookings/{id}/reschedule.
type RescheduleRequest struct {
	HoldID  int64  `json:"holdId"`
	HoldKey string `json:"holdKey"`
}

// HoldExpiry answers POST /api/bookings/holds/{id}/extend: when the hold
// now lapses.
type HoldExpiry struct {
	ExpiresAt string `json:"expiresAt"`
}

// Hold is a time kept for one visitor for HoldTTL while they book it. Key
// is its secret, returned only when it is made; times are RFC 3339 in
// Tashkent.
type Hold struct {
	ID       int64  `json:"id"`
	Key      string `json:"key"`
	DoctorID int64  `json:"doctorId"`
	ClinicID int64  `json:"clinicId"`
	Start    string `json:"start"`
	End      string `json:"end"`
	// TypeID is the hold's visit type, 0 for none.
	TypeID    int64  `json:"typeId"`
	ExpiresAt string `json:"expiresAt"`
	// CancelUntil is the clinic's cancel cut-off for this time: a visit
	// booked after it can be cancelled or moved only by phone, which the
	// form says before the booking is made.
	CancelUntil string `json:"cancelUntil"`
	// Repeat: the hold was the asker's already (Store.Hold); the API
	// answers 200 instead of 201.
	Repeat bool `json:"-"`
}

// WaitlistOffer is a freed time held for a waiting patient, opened from
// the SMS link: the hold (with a fresh key) and what the booking form
// shows of it.
type WaitlistOffer struct {
	Hold       Hold   `json:"hold"`
	DoctorName string `json:"doctorName"`
	ClinicName string `json:"clinicName"`
	Address    string `json:"address"`
	Price      int    `json:"price"`
}

// WaitlistRequest is POST /api/waitlist.
type WaitlistRequest struct {
	DoctorID int64 `json:"doctorId"`
}

// OfferRequest is POST /api/waitlist/offer: the SMS link's offer, id.key.
type OfferRequest struct {
	Offer string `json:"offer"`
}

// Waitlists are the doctors (of those asked) whose waitlist the user is on.
type Waitlists struct {
	Doctors []int64 `json:"doctors"`
}

// Patient is who a visit is for: the user (Self) or a relative, by name
// and birth date. A visit for oneself takes the name and birth date from
// the user's profile; when the profile lacks them, FirstName, LastName and
// BirthDate give them (and fill the profile's empty fields).
type Patient struct {
	Self      bool   `json:"self"`
	Name      string `json:"name,omitempty"`
	FirstName string `json:"firstName,omitempty"`
	LastName  string `json:"lastName,omitempty"`
	BirthDate string `json:"birthDate,omitempty"`
}

// Booking is a visit as the patient sees it, strings in one language.
type Booking struct {
	ID int64 `json:"id"`
	// Status is booked, attended, no_show, cancelled or rescheduled.
	Status string `json:"status" tstype:"'booked' | 'attended' | 'no_show' | 'cancelled' | 'rescheduled'"`
	// CancelledBy is patient or clinic, for a cancelled visit.
	CancelledBy string `json:"cancelledBy,omitempty" tstype:"'patient' | 'clinic'"`
	// SuccessorID is the booking that replaced a rescheduled one.
	SuccessorID int64  `json:"successorId,omitempty"`
	Start       string `json:"start"`
	End         string `json:"end"`
	Price       int    `json:"price"`
	// VisitType is the visit's type, null for a plain visit.
	VisitType     *BookingType  `json:"visitType" tstype:"BookingType | null"`
	Doctor        BookingDoctor `json:"doctor"`
	Clinic        BookingClinic `json:"clinic"`
	PatientName   string        `json:"patientName"`
	Reason        string        `json:"reason"`
	CanCancel     bool          `json:"canCancel"`
	CanReschedule bool          `json:"canReschedule"`
	// CancelUntil is when the clinic's cut-off falls: the patient may
	// cancel or move the visit on the site until then, CancelCutoffHours
	// before its start (0: until it begins).
	CancelUntil       string `json:"cancelUntil"`
	CancelCutoffHours int    `json:"cancelCutoffHours"`
	IcsURL            string `json:"icsUrl"`
	// GoogleCalendarURL adds a visit still to come to Google Calendar
	// (its event template); "" for any other.
	GoogleCalendarURL string `json:"googleCalendarUrl"`
	// CanReview: the visit was attended and has no review yet.
	CanReview bool   `json:"canReview"`
	SMSText   string `json:"smsText"`
	// Confirmed: the clinic's desk confirmed the visit.
	Confirmed bool `json:"confirmed"`
	// Online: a video visit (its type is online); MeetingURL is the link
	// the clinic pasted, "" until then and once the visit no longer stands.
	Online     bool   `json:"online"`
	MeetingURL string `json:"meetingUrl"`
}

// BookingType is the visit type of a booking: its name in the page's
// language and the visit's length.
type BookingType struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Minutes int    `json:"minutes"`
}

// BookingDoctor is the doctor of a booking.
type BookingDoctor struct {
	ID        int64  `json:"id"`
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	Specialty string `json:"specialty"`
}

// BookingClinic is the clinic of a booking.
type BookingClinic struct {
	ID      int64  `json:"id"`
	Slug    string `json:"slug"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Phone   string `json:"phone"`
}

// Visits are a user's bookings: upcoming (booked, not over; soonest
// first) and past (the rest; latest first).
type Visits struct {
	Upcoming []Booking `json:"upcoming"`
	Past     []Booking `json:"past"`
}

// HistoryPage is the data of /history. A visitor who is not signed in
// gets SignedIn false and empty lists: the page explains itself and
// offers to sign in.
type HistoryPage struct {
	SignedIn bool      `json:"signedIn"`
	Upcoming []Booking `json:"upcoming"`
	Past     []Booking `json:"past"`
	// Calendar is the signed-in user's calendar feed; null signed out.
	Calendar *CalendarFeed `json:"calendar" tstype:"CalendarFeed | null"`
}

// CalendarFeed is the addresses of a user's private calendar feed, in
// the page's language: URL (https, to copy) and Webcal (opens the
// calendar app's subscription).
type CalendarFeed struct {
	URL    string `json:"url"`
	Webcal string `json:"webcal"`
}

// BookingPage is the data of /history/{id}.
type BookingPage struct {
	Booking Booking `json:"booking"`
	// Documents are the patient's documents of the visit (a referral, a
	// test result) and whether another can be attached.
	Documents documents.VisitDocuments `json:"documents"`
}
