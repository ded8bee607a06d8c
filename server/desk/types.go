package desk

// The types of the desk's page and API (tygo generates client/gen/desk.ts
// from this file alone). Times are RFC 3339 in Tashkent, dates YYYY-MM-DD,
// minutes after midnight for weekly hours.

import "sogliq/server/documents"

// DeskPage is /desk: the visits of one clinic of the staff member from
// today for Days days, per doctor, with each doctor's weekly hours.
type DeskPage struct {
	// Allowed is false for a signed-in user who is no clinic's staff.
	Allowed bool         `json:"allowed"`
	Clinics []DeskClinic `json:"clinics"`
	Clinic  DeskClinic   `json:"clinic"`
	From    string       `json:"from"`
	Days    []string     `json:"days"`
	Doctors []DeskDoctor `json:"doctors"`
	// Now is when the page was made: outcomes are offered for visits begun.
	Now string `json:"now"`
	// Rules are the clinic's booking rules, for its staff to change.
	Rules BookingRules `json:"rules"`
}

// BookingRules are a clinic's booking rules as its desk sets them
// (issue 30): patients book up to HorizonDays days ahead, today
// included (1 to bookingHorizonDaysMax of limits.json), and cancel or
// move a visit on the site up to CancelCutoffHours before it (0 to
// cancelCutoffHoursMax; 0: until it begins). The clinic itself cancels
// at any time.
type BookingRules struct {
	HorizonDays       int `json:"horizonDays" db:"horizon_days"`
	CancelCutoffHours int `json:"cancelCutoffHours" db:"cancel_cutoff_hours"`
}

// BookingRulesRequest is PUT /api/desk/booking-rules: the clinic's new
// rules.
type BookingRulesRequest struct {
	ClinicID     int64 `json:"clinicId"`
	BookingRules `tstype:",extends"`
}

// DeskClinic is a clinic the staff member works for.
type DeskClinic struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// DeskDay is the answer of GET /api/desk/visits.
type DeskDay struct {
	ClinicID int64        `json:"clinicId"`
	From     string       `json:"from"`
	Days     []string     `json:"days"`
	Doctors  []DeskDoctor `json:"doctors"`
}

// DeskDoctor is one doctor of the clinic with the visits and blocks of
// the days shown and the weekly hours.
type DeskDoctor struct {
	ID     int64         `json:"id"`
	Name   string        `json:"name"`
	Visits []DeskVisit   `json:"visits"`
	Blocks []DeskBlock   `json:"blocks"`
	Weekly []WeeklyHours `json:"weekly"`
	// Types are the doctor's visit types at the clinic, active or not, in
	// their order.
	Types []DeskVisitType `json:"types"`
}

// DeskVisitType is a visit type as the desk edits it.
type DeskVisitType struct {
	ID              int64 `json:"id" db:"id"`
	VisitTypeFields `tstype:",extends"`
	// Minutes is the length with the doctor's slot today (Slots × slot).
	Minutes int `json:"minutes" db:"minutes"`
}

// EditorDoctorTypes are a doctor's visit types as the editor sets them:
// at each of his clinics.
type EditorDoctorTypes struct {
	DoctorID int64               `json:"doctorId"`
	Clinics  []EditorClinicTypes `json:"clinics"`
}

// EditorClinicTypes are the doctor's visit types at one clinic, active or
// not, with the doctor's slot there today (0: no hours), which gives a
// length in slots its minutes.
type EditorClinicTypes struct {
	ClinicID   int64           `json:"clinicId"`
	ClinicName string          `json:"clinicName"`
	SlotMin    int             `json:"slotMin"`
	Types      []DeskVisitType `json:"types"`
}

// VisitTypeFields are what the desk sets of a visit type.
type VisitTypeFields struct {
	// Kind is first, followup, procedure or test.
	Kind   string `json:"kind" db:"kind" tstype:"'first' | 'followup' | 'procedure' | 'test'"`
	NameRu string `json:"nameRu" db:"name_ru"`
	NameUz string `json:"nameUz" db:"name_uz"`
	// Slots is the length in consecutive slots of the doctor's hours (1-8).
	Slots int `json:"slots" db:"slots"`
	Price int `json:"price" db:"price"`
	// Audience is all, children or adults.
	Audience string `json:"audience" db:"audience" tstype:"'all' | 'children' | 'adults'"`
	// Online marks a video visit: the desk pastes its meeting link on each
	// visit, listings badge the doctor and filter by it.
	Online bool `json:"online" db:"online"`
	// Weekdays is a bit mask of the days that accept it (bit 0 Monday ..
	// bit 6 Sunday; 127 every day).
	Weekdays int `json:"weekdays" db:"weekdays"`
	// From and Until bound the visits in minutes after midnight (0, 1440:
	// the whole day).
	From     int  `json:"from" db:"from_min"`
	Until    int  `json:"until" db:"until_min"`
	Active   bool `json:"active" db:"active"`
	Position int  `json:"position" db:"position"`
}

// VisitTypeRequest is POST /api/desk/visit-types (a new type of the
// doctor at the clinic) and PUT /api/desk/visit-types/{id} (its new
// fields; clinicId and doctorId are the type's own and cannot change).
type VisitTypeRequest struct {
	ClinicID        int64 `json:"clinicId"`
	DoctorID        int64 `json:"doctorId"`
	VisitTypeFields `tstype:",extends"`
}

// DeskVisit is a visit as the desk sees it.
type DeskVisit struct {
	ID     int64  `json:"id"`
	Start  string `json:"start"`
	End    string `json:"end"`
	Status string `json:"status"`
	// Confirmed is when the desk confirmed it, "" for not yet.
	Confirmed   string `json:"confirmed"`
	PatientName string `json:"patientName"`
	// PatientAge is the patient's age in whole years on the day of the
	// visit, null when their birth date is not known.
	PatientAge *int   `json:"patientAge" tstype:"number | null"`
	Phone      string `json:"phone"`
	Reason     string `json:"reason"`
	// NoShows counts the patient's no-shows in the last 90 days.
	NoShows int `json:"noShows"`
	// TypeName is the visit type's name, "" for a plain visit; Price what
	// the visit costs.
	TypeName string `json:"typeName"`
	Price    int    `json:"price"`
	// Returning: the patient has been to the doctor before (true), comes
	// for the first time (false), or was not asked (null).
	Returning *bool `json:"returning" tstype:"boolean | null"`
	// Online: the visit's type is a video visit; MeetingURL its link as
	// the desk pasted it ("" for none yet).
	Online     bool   `json:"online"`
	MeetingURL string `json:"meetingUrl"`
	// Documents are what the patient attached (a referral, a test
	// result), each with a link for the signed-in staff member that lasts
	// a few minutes.
	Documents []documents.Document `json:"documents"`
}

// DeskBlock is a time range closed to new visits.
type DeskBlock struct {
	ID     int64  `json:"id"`
	Start  string `json:"start"`
	End    string `json:"end"`
	Reason string `json:"reason"`
}

// WeeklyHours is one weekday's hours of a doctor at the clinic.
type WeeklyHours struct {
	// Weekday is ISO: 1 Monday .. 7 Sunday.
	Weekday int `json:"weekday"`
	Start   int `json:"start"`
	End     int `json:"end"`
	SlotMin int `json:"slotMin"`
	// Breaks are [start, end) minute ranges inside the hours.
	Breaks [][2]int `json:"breaks"`
}

// MeetingRequest is PUT /api/desk/visits/{id}/meeting: the video meeting
// link of an online visit, https ("" clears it).
type MeetingRequest struct {
	URL string `json:"url"`
}

// CancelRequest is POST /api/desk/visits/{id}/cancel.
type CancelRequest struct {
	Reason string `json:"reason"`
}

// OutcomeRequest is POST /api/desk/visits/{id}/outcome.
type OutcomeRequest struct {
	// Status is "attended" or "no_show".
	Status string `json:"status"`
}

// BlockRequest is POST /api/desk/blocks.
type BlockRequest struct {
	ClinicID int64  `json:"clinicId"`
	DoctorID int64  `json:"doctorId"`
	Start    string `json:"start"`
	End      string `json:"end"`
	Reason   string `json:"reason"`
}

// ScheduleRequest is PUT /api/desk/schedule: a doctor's weekly hours at
// the clinic from today on (an empty list: no hours).
type ScheduleRequest struct {
	ClinicID int64         `json:"clinicId"`
	DoctorID int64         `json:"doctorId"`
	Weekly   []WeeklyHours `json:"weekly"`
}

// ExceptionRequest is POST /api/desk/exceptions: one date off, or other
// hours, for a doctor at the clinic; Clear removes the date's exception.
type ExceptionRequest struct {
	ClinicID int64  `json:"clinicId"`
	DoctorID int64  `json:"doctorId"`
	Date     string `json:"date"`
	Off      bool   `json:"off"`
	Clear    bool   `json:"clear"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	SlotMin  int    `json:"slotMin"`
}
