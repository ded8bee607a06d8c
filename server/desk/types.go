package desk

// The types of the desk's page and API (tygo generates client/gen/desk.ts
// from this file alone). Times are RFC 3339 in Tashkent, dates YYYY-MM-DD,
// minutes after midnight for weekly hours.

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
	Phone       string `json:"phone"`
	Reason      string `json:"reason"`
	// NoShows counts the patient's no-shows in the last 90 days.
	NoShows int `json:"noShows"`
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
