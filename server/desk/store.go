package desk

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/account"
	"sogliq/server/booking"
	"sogliq/server/derrors"
	"sogliq/server/documents"
)

// Store reads and changes a clinic's visits, blocks and hours.
type Store struct {
	db *sqlx.DB
	// bookings reads the doctors' weekly hours as the free times read
	// them, and runs the desk's changes in its transactions (InTx: again
	// after a deadlock).
	bookings *booking.Store
	// Waitlist is told, in the changing transaction, of hours, days and
	// blocks that may free a doctor's time; nil tells nobody.
	Waitlist *booking.Store
	// Documents lists what patients attached to the visits shown, with
	// links for the staff member who looks; nil shows none.
	Documents *documents.Store
}

// withDocuments fills each visit of day at clinic with its documents,
// linked for viewer.
func (s *Store) withDocuments(ctx context.Context, day *DeskDay, clinic, viewer int64, now time.Time) error {
	var ids []int64
	for _, d := range day.Doctors {
		for _, v := range d.Visits {
			ids = append(ids, v.ID)
		}
	}
	if s.Documents == nil || len(ids) == 0 {
		return nil
	}
	docs, err := s.Documents.ForClinic(ctx, viewer, clinic, ids, now)
	if err != nil {
		return err
	}
	for _, d := range day.Doctors {
		for i := range d.Visits {
			if list, ok := docs[d.Visits[i].ID]; ok {
				d.Visits[i].Documents = list
			}
		}
	}
	return nil
}

// freed queues the doctor's waitlist job in tx (see booking.QueueFreed).
func (s *Store) freed(ctx context.Context, tx *sqlx.Tx, doctorID int64) error {
	if s.Waitlist == nil {
		return nil
	}
	return s.Waitlist.QueueFreed(ctx, tx.Tx, doctorID, time.Time{})
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db, bookings: booking.NewStore(db)} }

// NoShowWindow is how far back the desk counts a patient's no-shows.
const NoShowWindow = 90 * 24 * time.Hour

// Clinics are the clinics of ids with their names in lang, by name.
func (s *Store) Clinics(ctx context.Context, ids []int64, lang string) ([]DeskClinic, error) {
	out := []DeskClinic{}
	const q = `
		SELECT id, slug, pick_lang($2, name_ru, name_uz) AS name
		FROM clinics
		WHERE id = ANY($1)
		ORDER BY name, id`
	if err := s.db.SelectContext(ctx, &out, q, pq.Array(ids), lang); err != nil {
		return nil, fmt.Errorf("desk.Clinics: %w", err)
	}
	return out, nil
}

// Day reads the clinic's doctors with their visits and blocks of the
// days from .. from+days-1 (Tashkent) and their weekly hours as of from.
func (s *Store) Day(ctx context.Context, clinicID int64, from string, days int, lang string, now time.Time) (DeskDay, error) {
	start, err := time.ParseInLocation(booking.DateLayout, from, booking.Tashkent)
	if err != nil {
		return DeskDay{}, derrors.Refuse(derrors.Invalid, "desk.badFrom")
	}
	end := start.AddDate(0, 0, days)
	out := DeskDay{ClinicID: clinicID, From: from, Days: make([]string, days), Doctors: []DeskDoctor{}}
	for i := range days {
		out.Days[i] = booking.AddDays(from, i)
	}
	var doctors []struct {
		ID   int64  `db:"id"`
		Name string `db:"name"`
	}
	const q = `
		SELECT d.id, pick_lang($2, d.full_name_ru, d.full_name_uz) AS name
		FROM doctor_clinics dc
		JOIN doctors d ON d.id = dc.doctor_id
		WHERE dc.clinic_id = $1
		ORDER BY name, d.id`
	if err := s.db.SelectContext(ctx, &doctors, q, clinicID, lang); err != nil {
		return DeskDay{}, fmt.Errorf("desk.Day(%d): %w", clinicID, err)
	}
	visits, err := s.visits(ctx, clinicID, start, end, now, lang)
	if err != nil {
		return DeskDay{}, err
	}
	blocks, err := s.blocks(ctx, clinicID, start, end)
	if err != nil {
		return DeskDay{}, err
	}
	ids := make([]int64, len(doctors))
	for i, d := range doctors {
		ids[i] = d.ID
	}
	weekly, err := s.weekly(ctx, clinicID, ids, from)
	if err != nil {
		return DeskDay{}, err
	}
	types, err := s.types(ctx, clinicID, 0, from)
	if err != nil {
		return DeskDay{}, err
	}
	for _, d := range doctors {
		doc := DeskDoctor{ID: d.ID, Name: d.Name, Visits: visits[d.ID], Blocks: blocks[d.ID], Weekly: weekly[d.ID], Types: types[d.ID]}
		if doc.Types == nil {
			doc.Types = []DeskVisitType{}
		}
		if doc.Visits == nil {
			doc.Visits = []DeskVisit{}
		}
		if doc.Blocks == nil {
			doc.Blocks = []DeskBlock{}
		}
		if doc.Weekly == nil {
			doc.Weekly = []WeeklyHours{}
		}
		out.Doctors = append(out.Doctors, doc)
	}
	return out, nil
}

// visits reads the clinic's visits starting in start .. end by doctor,
// each with its patient's no-shows in the NoShowWindow before now.
func (s *Store) visits(ctx context.Context, clinicID int64, start, end, now time.Time, lang string) (map[int64][]DeskVisit, error) {
	var rows []struct {
		DoctorID  int64        `db:"doctor_id"`
		ID        int64        `db:"id"`
		Start     time.Time    `db:"start"`
		End       time.Time    `db:"end"`
		Status    string       `db:"status"`
		Confirmed sql.NullTime `db:"confirmed_at"`
		Patient   string       `db:"patient_name"`
		Birth     sql.NullTime `db:"birth"`
		Phone     string       `db:"phone"`
		Reason    string       `db:"reason"`
		NoShows   int          `db:"no_shows"`
		TypeName  string       `db:"type_name"`
		Price     int          `db:"price"`
		Returning *bool        `db:"returning_patient"`
		Online    bool         `db:"online"`
		Meeting   string       `db:"meeting_url"`
	}
	const q = `
		SELECT a.doctor_id, a.id, lower(a.during) AS start, upper(a.during) AS end, a.status,
		       a.confirmed_at, a.patient_name, coalesce(u.phone, '') AS phone, a.reason,
		       -- A visit for oneself keeps no birth date of its own: the profile's.
		       coalesce(a.patient_birth_date, CASE WHEN a.patient_self THEN u.birth_date END)::timestamp AS birth,
		       (SELECT count(*)
		        FROM appointments n
		        WHERE n.user_id = a.user_id
		          AND n.patient_key = a.patient_key
		          AND n.status = 'no_show'
		          AND lower(n.during) >= $4
		          AND lower(n.during) < $5) AS no_shows,
		       coalesce(pick_lang($6, vt.name_ru, vt.name_uz), '') AS type_name,
		       coalesce(a.price, 0) AS price, a.returning_patient,
		       coalesce(vt.online, false) AS online, coalesce(a.meeting_url, '') AS meeting_url
		FROM appointments a
		LEFT JOIN visit_types vt ON vt.id = a.visit_type_id
		-- A patient who deleted their account left their visits without
		-- them (booking.Store.ForgetPatient): no user, name or phone.
		LEFT JOIN users u ON u.id = a.user_id
		WHERE a.clinic_id = $1
		  AND lower(a.during) >= $2
		  AND lower(a.during) < $3
		  AND a.status IN ('booked', 'attended', 'no_show', 'cancelled')
		ORDER BY lower(a.during), a.id`
	if err := s.db.SelectContext(ctx, &rows, q, clinicID, start, end, now.Add(-NoShowWindow), now, lang); err != nil {
		return nil, fmt.Errorf("desk.visits(%d): %w", clinicID, err)
	}
	out := map[int64][]DeskVisit{}
	for _, r := range rows {
		v := DeskVisit{ID: r.ID, Start: booking.Stamp(r.Start), End: booking.Stamp(r.End), Status: r.Status,
			PatientName: r.Patient, Phone: account.DisplayPhone(r.Phone), Reason: r.Reason, NoShows: r.NoShows,
			TypeName: r.TypeName, Price: r.Price, Returning: r.Returning, Online: r.Online, MeetingURL: r.Meeting,
			Documents: []documents.Document{}}
		if r.Birth.Valid {
			age := ageOn(r.Birth.Time, r.Start.In(booking.Tashkent))
			v.PatientAge = &age
		}
		if r.Confirmed.Valid {
			v.Confirmed = booking.Stamp(r.Confirmed.Time)
		}
		out[r.DoctorID] = append(out[r.DoctorID], v)
	}
	return out, nil
}

// ageOn is the age in whole years on day of someone born on birth (a
// date, read as UTC midnight).
func ageOn(birth, day time.Time) int {
	age := day.Year() - birth.Year()
	if day.Month() < birth.Month() || day.Month() == birth.Month() && day.Day() < birth.Day() {
		age--
	}
	return max(age, 0)
}

func (s *Store) blocks(ctx context.Context, clinicID int64, start, end time.Time) (map[int64][]DeskBlock, error) {
	var rows []struct {
		DoctorID int64     `db:"doctor_id"`
		ID       int64     `db:"id"`
		Start    time.Time `db:"start"`
		End      time.Time `db:"end"`
		Reason   string    `db:"reason"`
	}
	const q = `
		SELECT doctor_id, id, lower(during) AS start, upper(during) AS end, reason
		FROM schedule_blocks
		WHERE clinic_id = $1
		  AND during && tstzrange($2, $3)
		ORDER BY lower(during), id`
	if err := s.db.SelectContext(ctx, &rows, q, clinicID, start, end); err != nil {
		return nil, fmt.Errorf("desk.blocks(%d): %w", clinicID, err)
	}
	out := map[int64][]DeskBlock{}
	for _, r := range rows {
		out[r.DoctorID] = append(out[r.DoctorID], DeskBlock{ID: r.ID, Start: booking.Stamp(r.Start), End: booking.Stamp(r.End), Reason: r.Reason})
	}
	return out, nil
}

// weekly is the hours of the doctors ids at the clinic on day, by doctor,
// by weekday and start.
func (s *Store) weekly(ctx context.Context, clinicID int64, ids []int64, day string) (map[int64][]WeeklyHours, error) {
	rows, err := s.bookings.Weekly(ctx, ids, day, day)
	if err != nil {
		return nil, fmt.Errorf("desk.weekly(%d): %w", clinicID, err)
	}
	out := map[int64][]WeeklyHours{}
	for _, id := range ids {
		for _, r := range rows[[2]int64{id, clinicID}] {
			w := WeeklyHours{Weekday: r.Weekday, Start: r.Start, End: r.End, SlotMin: r.Slot, Breaks: [][2]int{}}
			for _, b := range r.Breaks {
				w.Breaks = append(w.Breaks, [2]int{b.Start, b.End})
			}
			out[id] = append(out[id], w)
		}
		slices.SortFunc(out[id], func(a, b WeeklyHours) int { return cmp.Or(a.Weekday-b.Weekday, a.Start-b.Start) })
	}
	return out, nil
}

// VisitClinic is the clinic of visit id (sql.ErrNoRows for none or a hold).
func (s *Store) VisitClinic(ctx context.Context, id int64) (int64, error) {
	var clinic int64
	const q = `
		SELECT clinic_id
		FROM appointments
		WHERE id = $1
		  AND status NOT IN ('held', 'released', 'expired')`
	err := s.db.GetContext(ctx, &clinic, q, id)
	return clinic, err
}

// BlockClinic is the clinic of block id (sql.ErrNoRows for none).
func (s *Store) BlockClinic(ctx context.Context, id int64) (int64, error) {
	var clinic int64
	const q = `
		SELECT clinic_id
		FROM schedule_blocks
		WHERE id = $1`
	err := s.db.GetContext(ctx, &clinic, q, id)
	return clinic, err
}

// SQLSTATEs the store answers.
const (
	foreignKeyViolation = "23503"
	exclusionViolation  = "23P01"
)

func isCode(err error, code string) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && string(pqErr.Code) == code
}

// Block closes start .. end of the doctor at the clinic to new visits.
func (s *Store) Block(ctx context.Context, in BlockRequest, start, end time.Time, staffID int64, now time.Time) (int64, error) {
	var id int64
	const q = `
		INSERT INTO schedule_blocks (doctor_id, clinic_id, during, reason, created_by, created_at)
		VALUES ($1, $2, tstzrange($3, $4), $5, $6, $7)
		RETURNING id`
	err := s.db.GetContext(ctx, &id, q, in.DoctorID, in.ClinicID, start, end, in.Reason, staffID, now)
	if isCode(err, foreignKeyViolation) {
		return 0, derrors.Refuse(derrors.NotFound, "desk.notAtClinic")
	}
	if err != nil {
		return 0, fmt.Errorf("desk.Block: %w", err)
	}
	return id, nil
}

// Unblock removes block id; the doctor's waitlist may take the time.
func (s *Store) Unblock(ctx context.Context, id int64) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var doctor int64
		const q = `
			DELETE FROM schedule_blocks
			WHERE id = $1
			RETURNING doctor_id`
		err := tx.GetContext(ctx, &doctor, q, id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("desk.Unblock(%d): %w", id, err)
		}
		return s.freed(ctx, tx, doctor)
	})
}

// inTx runs fn in a transaction of booking's (booking.Store.InTx), again
// after a deadlock.
func (s *Store) inTx(ctx context.Context, fn func(*sqlx.Tx) error) error {
	return s.bookings.InTx(ctx, fn)
}

// SetWeekly makes weekly the doctor's hours at the clinic from today on:
// rows that began before today end yesterday, later ones go. The
// schedules' exclusion constraint refuses hours overlapping the doctor's
// at another clinic (409 desk.scheduleOverlap).
func (s *Store) SetWeekly(ctx context.Context, clinicID, doctorID int64, weekly []WeeklyHours, today string) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		var at bool
		const qAt = `
			SELECT EXISTS (
				SELECT 1
				FROM doctor_clinics
				WHERE doctor_id = $1
				  AND clinic_id = $2)`
		if err := tx.GetContext(ctx, &at, qAt, doctorID, clinicID); err != nil {
			return fmt.Errorf("desk.SetWeekly: %w", err)
		}
		if !at {
			return derrors.Refuse(derrors.NotFound, "desk.notAtClinic")
		}
		const qDrop = `
			DELETE FROM schedules
			WHERE doctor_id = $1
			  AND clinic_id = $2
			  AND valid_from >= $3::date`
		const qEnd = `
			UPDATE schedules
			SET valid_to = $3::date - 1
			WHERE doctor_id = $1
			  AND clinic_id = $2
			  AND (valid_to IS NULL OR valid_to >= $3::date)`
		for _, q := range []string{qDrop, qEnd} {
			if _, err := tx.ExecContext(ctx, q, doctorID, clinicID, today); err != nil {
				return fmt.Errorf("desk.SetWeekly: %w", err)
			}
		}
		const qAdd = `
			INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, breaks, valid_from)
			VALUES ($1, $2, $3, $4, $5, $6, $7::int4multirange, $8::date)`
		for _, w := range weekly {
			_, err := tx.ExecContext(ctx, qAdd, doctorID, clinicID, w.Weekday, w.Start, w.End, w.SlotMin, breaksLiteral(w.Breaks), today)
			if isCode(err, exclusionViolation) {
				return derrors.Refuse(derrors.Conflict, "desk.scheduleOverlap")
			}
			if err != nil {
				return fmt.Errorf("desk.SetWeekly: %w", err)
			}
		}
		return s.freed(ctx, tx, doctorID)
	})
}

// breaksLiteral writes minute ranges as an int4multirange literal.
func breaksLiteral(breaks [][2]int) string {
	parts := make([]string, len(breaks))
	for i, b := range breaks {
		parts[i] = "[" + strconv.Itoa(b[0]) + "," + strconv.Itoa(b[1]) + ")"
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// SetException writes (or, with Clear, removes) the doctor's exception
// of one date at the clinic.
func (s *Store) SetException(ctx context.Context, in ExceptionRequest) error {
	return s.inTx(ctx, func(tx *sqlx.Tx) error {
		if in.Clear {
			const q = `
				DELETE FROM schedule_exceptions
				WHERE clinic_id = $1
				  AND doctor_id = $2
				  AND day = $3::date`
			if _, err := tx.ExecContext(ctx, q, in.ClinicID, in.DoctorID, in.Date); err != nil {
				return fmt.Errorf("desk.SetException: %w", err)
			}
			return s.freed(ctx, tx, in.DoctorID)
		}
		var start, end, slot any
		if !in.Off {
			start, end, slot = in.Start, in.End, in.SlotMin
		}
		const q = `
			INSERT INTO schedule_exceptions (clinic_id, doctor_id, day, starts_min, ends_min, slot_min)
			SELECT $1, $2, $3::date, $4, $5, $6
			FROM doctor_clinics
			WHERE doctor_id = $2
			  AND clinic_id = $1
			ON CONFLICT (clinic_id, (coalesce(doctor_id, 0)), day) DO UPDATE
			SET starts_min = excluded.starts_min, ends_min = excluded.ends_min, slot_min = excluded.slot_min, breaks = '{}'`
		res, err := tx.ExecContext(ctx, q, in.ClinicID, in.DoctorID, in.Date, start, end, slot)
		if err != nil {
			return fmt.Errorf("desk.SetException: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return derrors.Refuse(derrors.NotFound, "desk.notAtClinic")
		}
		if in.Off {
			return nil
		}
		// Other hours on that date may open time.
		return s.freed(ctx, tx, in.DoctorID)
	})
}
