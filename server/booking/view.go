package booking

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"sogliq/server/api"
)

// Translator gives a visitor-facing message in a language; *i18n.Dict is one.
type Translator = api.Translator

// bookingRow is a booking as read, before the clock and the language.
type bookingRow struct {
	ID              int64          `db:"id"`
	Status          string         `db:"status"`
	CancelledBy     sql.NullString `db:"cancelled_by"`
	SuccessorID     sql.NullInt64  `db:"successor_id"`
	Start           time.Time      `db:"start"`
	End             time.Time      `db:"end"`
	Price           int            `db:"price"`
	DoctorID        int64          `db:"doctor_id"`
	DoctorSlug      string         `db:"doctor_slug"`
	DoctorName      string         `db:"doctor_name"`
	Specialty       string         `db:"specialty"`
	ClinicID        int64          `db:"clinic_id"`
	ClinicSlug      string         `db:"clinic_slug"`
	ClinicName      string         `db:"clinic_name"`
	ClinicAddress   string         `db:"clinic_address"`
	ClinicPhone     string         `db:"clinic_phone"`
	PatientName     string         `db:"patient_name"`
	Reason          string         `db:"reason"`
	CancelCutoffHrs int            `db:"cutoff_hours"`
	Reviewed        bool           `db:"reviewed"`
	Confirmed       bool           `db:"confirmed"`
	TypeID          sql.NullInt64  `db:"visit_type_id"`
	TypeName        string         `db:"type_name"`
	Online          bool           `db:"online"`
	MeetingURL      string         `db:"meeting_url"`
}

// bookingSelect reads bookingRows; $1 is the language, the caller adds
// the WHERE clause.
const bookingSelect = `
	SELECT a.id, a.status, a.cancelled_by, a.successor_id,
	       lower(a.during) AS start, upper(a.during) AS end, a.price,
	       d.id AS doctor_id, d.slug AS doctor_slug,
	       pick_lang($1, d.full_name_ru, d.full_name_uz) AS doctor_name,
	       coalesce((
	           SELECT pick_lang($1, s.name_ru, s.name_uz)
	           FROM doctor_specialties ds
	           JOIN specialties s ON s.id = ds.specialty_id
	           WHERE ds.doctor_id = d.id
	           ORDER BY ds.specialty_id
	           LIMIT 1), '') AS specialty,
	       c.id AS clinic_id, c.slug AS clinic_slug,
	       pick_lang($1, c.name_ru, c.name_uz) AS clinic_name,
	       pick_lang($1, c.address_ru, c.address_uz) AS clinic_address,
	       c.phone AS clinic_phone,
	       a.patient_name, a.reason, coalesce(r.cancel_cutoff_hours, 2) AS cutoff_hours,
	       EXISTS (SELECT 1 FROM reviews rv WHERE rv.appointment_id = a.id) AS reviewed,
	       a.confirmed_at IS NOT NULL AS confirmed,
	       a.visit_type_id, coalesce(pick_lang($1, vt.name_ru, vt.name_uz), '') AS type_name,
	       coalesce(vt.online, false) AS online, coalesce(a.meeting_url, '') AS meeting_url
	FROM appointments a
	LEFT JOIN visit_types vt ON vt.id = a.visit_type_id
	JOIN doctors d ON d.id = a.doctor_id
	JOIN clinics c ON c.id = a.clinic_id
	LEFT JOIN clinic_booking_rules r ON r.clinic_id = a.clinic_id`

// Booking reads the user's booking id in lang; another user's or a
// missing one is a 404.
func (s *Store) Booking(ctx context.Context, userID, id int64, lang string, now time.Time, dict Translator) (Booking, error) {
	var row bookingRow
	const q = bookingSelect + `
		WHERE a.id = $2
		  AND a.user_id = $3
		  AND a.status NOT IN ('held', 'released', 'expired')`
	err := s.db.GetContext(ctx, &row, q, lang, id, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return Booking{}, notFound("booking.notFound", fmt.Sprintf("booking %d of user %d", id, userID))
	}
	if err != nil {
		return Booking{}, fmt.Errorf("booking.Booking(%d): %w", id, err)
	}
	return row.view(lang, now, dict), nil
}

// Visits reads every booking of the user, in lang.
func (s *Store) Visits(ctx context.Context, userID int64, lang string, now time.Time, dict Translator) (Visits, error) {
	var rows []bookingRow
	const q = bookingSelect + `
		WHERE a.user_id = $2
		  AND a.status NOT IN ('held', 'released', 'expired')
		ORDER BY lower(a.during) DESC, a.id DESC
		LIMIT 500`
	if err := s.db.SelectContext(ctx, &rows, q, lang, userID); err != nil {
		return Visits{}, fmt.Errorf("booking.Visits(%d): %w", userID, err)
	}
	v := Visits{Upcoming: []Booking{}, Past: []Booking{}}
	for i := len(rows) - 1; i >= 0; i-- {
		if r := rows[i]; r.Status == "booked" && r.End.After(now) {
			v.Upcoming = append(v.Upcoming, r.view(lang, now, dict))
		}
	}
	for _, r := range rows {
		if !(r.Status == "booked" && r.End.After(now)) {
			v.Past = append(v.Past, r.view(lang, now, dict))
		}
	}
	return v, nil
}

// cancelUntil is when the clinic's cut-off for the visit falls.
func (r bookingRow) cancelUntil() time.Time {
	return r.Start.Add(-time.Duration(r.CancelCutoffHrs) * time.Hour)
}

func (r bookingRow) view(lang string, now time.Time, dict Translator) Booking {
	until := r.cancelUntil()
	open := r.Status == "booked" && now.Before(until)
	b := Booking{
		ID: r.ID, Status: r.Status, CancelledBy: r.CancelledBy.String, SuccessorID: r.SuccessorID.Int64,
		Start: Stamp(r.Start), End: Stamp(r.End), Price: r.Price,
		Doctor:            BookingDoctor{ID: r.DoctorID, Slug: r.DoctorSlug, Name: r.DoctorName, Specialty: r.Specialty},
		Clinic:            BookingClinic{ID: r.ClinicID, Slug: r.ClinicSlug, Name: r.ClinicName, Address: r.ClinicAddress, Phone: r.ClinicPhone},
		PatientName:       r.PatientName,
		Reason:            r.Reason,
		CanCancel:         open,
		CanReschedule:     open,
		CanReview:         r.Status == "attended" && !r.Reviewed,
		Confirmed:         r.Confirmed,
		CancelUntil:       Stamp(until),
		CancelCutoffHours: r.CancelCutoffHrs,
		IcsURL:            "/api/bookings/" + strconv.FormatInt(r.ID, 10) + ".ics",
		Online:            r.Online,
	}
	// The link opens the meeting only while the visit stands.
	if r.Online && r.Status == "booked" {
		b.MeetingURL = r.MeetingURL
	}
	if lang == "uz" {
		b.IcsURL += "?lang=uz"
	}
	if r.TypeID.Valid {
		b.VisitType = &BookingType{ID: r.TypeID.Int64, Name: r.TypeName, Minutes: int(r.End.Sub(r.Start) / time.Minute)}
	}
	if r.Status == "booked" && r.End.After(now) {
		b.GoogleCalendarURL = googleCalendarURL(b, lang, dict)
	}
	start, cancel := r.Start.In(Tashkent), until.In(Tashkent)
	// A visit booked inside the cut-off (a clinic's lead time may be
	// shorter) is never told a time to cancel by that has already passed:
	// from then on only the clinic's phone can cancel or move it.
	key := "booking.smsText"
	if !now.Before(until) {
		key = "booking.smsTextPhoneOnly"
	}
	b.SMSText = dict.T(lang, key,
		"doctor", r.DoctorName, "date", start.Format("02.01.2006"), "time", start.Format("15:04"),
		"clinic", r.ClinicName, "address", r.ClinicAddress, "phone", r.ClinicPhone,
		"until", cancel.Format("02.01.2006 15:04"))
	if b.Online {
		b.SMSText += " " + b.meetingText(lang, dict)
	} else if b.VisitType != nil {
		b.SMSText += " " + b.typeText(lang, dict)
	}
	return b
}

// typeText names a typed visit's type and length for its SMS, so the
// patient knows what was booked (an online visit's text names it already).
func (b Booking) typeText(lang string, dict Translator) string {
	return dict.T(lang, "booking.smsVisitType", "type", b.VisitType.Name, "minutes", strconv.Itoa(b.VisitType.Minutes))
}

// meetingText tells the patient of an online visit where it takes place:
// the meeting link, or that the clinic will send it (in /history).
func (b Booking) meetingText(lang string, dict Translator) string {
	if b.MeetingURL != "" {
		return dict.T(lang, "booking.smsMeeting", "url", b.MeetingURL)
	}
	return dict.T(lang, "booking.smsMeetingPending")
}
