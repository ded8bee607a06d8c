package booking

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/api"
	"sogliq/server/derrors"
)

// The limits against abuse.
const (
	HoldTTL             = 5 * time.Minute
	MaxLiveHolds        = 3  // per user
	MaxActiveBookings   = 5  // future bookings per user
	HoldsPerAddress     = 30 // holds per address per hour
	HoldsPerAddressSpan = time.Hour
)

// Store keeps schedules, holds and bookings in PostgreSQL.
type Store struct {
	db *sqlx.DB
	// retried counts the transactions inTx ran again (see Retried).
	retried atomic.Int64
}

// Retried is how many transactions the Store ran again since it was made
// because PostgreSQL aborted them to break a deadlock or a serialization
// conflict. The doctor's lock should keep it at 0; the concurrency test
// checks that it does.
func (s *Store) Retried() int64 { return s.retried.Load() }

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// ClinicPlan is one clinic of a doctor with what its free times depend on.
type ClinicPlan struct {
	DoctorID int64
	ClinicID int64
	Slug     string
	Name     string
	Address  string
	Price    int
	Plan     Plan
}

// Plans loads, for each doctor of ids, their clinics (only clinicID when
// it is not 0) with the schedules, the exceptions of the dates from ..
// to and the busy ranges overlapping them, names in lang. Doctors come out
// in the order of ids, clinics by id.
//
// It is one statement (plansQuery): a listing page's free times and every
// hold read plans, and on a busy database each round trip waits for the
// server's turn on a core again; four statements cost four such waits.
func (s *Store) Plans(ctx context.Context, ids []int64, clinicID int64, lang, from, to string, now time.Time) ([]ClinicPlan, error) {
	start, _ := time.ParseInLocation(DateLayout, from, Tashkent)
	end, _ := time.ParseInLocation(DateLayout, to, Tashkent)
	var rows []struct {
		DoctorID   int64  `db:"doctor_id"`
		ClinicID   int64  `db:"clinic_id"`
		Slug       string `db:"slug"`
		Name       string `db:"name"`
		Address    string `db:"address"`
		Price      int    `db:"price"`
		LeadMin    int    `db:"lead_min"`
		Weekly     []byte `db:"weekly"`
		Exceptions []byte `db:"exceptions"`
		Busy       []byte `db:"busy"`
	}
	if err := s.db.SelectContext(ctx, &rows, plansQuery, pq.Array(ids), clinicID, lang, from, to, start, end.AddDate(0, 0, 1), now); err != nil {
		return nil, fmt.Errorf("booking.Plans: %w", err)
	}
	out := make([]ClinicPlan, len(rows))
	for i, r := range rows {
		var plan struct {
			weekly     []weeklyJSON
			exceptions []exceptionJSON
			busy       []Range
		}
		for _, part := range []struct {
			raw []byte
			v   any
		}{{r.Weekly, &plan.weekly}, {r.Exceptions, &plan.exceptions}, {r.Busy, &plan.busy}} {
			if err := json.Unmarshal(part.raw, part.v); err != nil {
				return nil, fmt.Errorf("booking.Plans: doctor %d at clinic %d: %w", r.DoctorID, r.ClinicID, err)
			}
		}
		p := Plan{Busy: plan.busy, Lead: time.Duration(r.LeadMin) * time.Minute}
		for _, w := range plan.weekly {
			p.Weekly = append(p.Weekly, Weekly{Weekday: w.Weekday, Start: w.Start, End: w.End, Slot: w.Slot,
				Breaks: spans(w.Breaks), ValidFrom: w.ValidFrom, ValidTo: w.ValidTo})
		}
		for _, e := range plan.exceptions {
			p.Exceptions = append(p.Exceptions, Exception{Date: e.Date, ClinicWide: e.ClinicWide, Off: e.Off,
				Start: e.Start, End: e.End, Slot: e.Slot, Breaks: spans(e.Breaks)})
		}
		out[i] = ClinicPlan{DoctorID: r.DoctorID, ClinicID: r.ClinicID, Slug: r.Slug, Name: r.Name, Address: r.Address, Price: r.Price, Plan: p}
	}
	return out, nil
}

// plansQuery reads, per doctor of $1 at each clinic ($2, or 0 for all),
// names in $3: the clinic, the price and lead time, and as JSON arrays the
// weekly rows valid somewhere in the dates $4 .. $5, the exceptions of
// those dates (the doctor's own first, then the clinic's), and the
// doctor's bookings and unexpired holds (at $8) overlapping $6 .. $7, at
// any clinic. A busy range is one slot, at most 8 hours
// (schedules.slot_min), so one that overlaps starts less than a day before
// $6: the bound lets the B-tree on (doctor, start) answer (migration
// 00106). The overlap is written with lower and upper, not &&: given
// during &&, the planner takes the exclusion constraint's GiST index, a
// probe of which cost more than the whole B-tree range.
const plansQuery = `
	SELECT dc.doctor_id, dc.clinic_id, c.slug,
	       CASE WHEN $3 = 'uz' THEN c.name_uz ELSE c.name_ru END AS name,
	       CASE WHEN $3 = 'uz' THEN c.address_uz ELSE c.address_ru END AS address,
	       dc.price, coalesce(r.lead_min, 60) AS lead_min,
	       coalesce((
	           SELECT json_agg(json_build_object(
	                      'weekday', s.weekday, 'start', s.starts_min, 'end', s.ends_min, 'slot', s.slot_min,
	                      'breaks', ARRAY(SELECT ARRAY[lower(b), upper(b)] FROM unnest(s.breaks) b),
	                      'from', to_char(s.valid_from, 'YYYY-MM-DD'),
	                      'to', coalesce(to_char(s.valid_to, 'YYYY-MM-DD'), ''))
	                  ORDER BY s.weekday, s.starts_min)
	           FROM schedules s
	           WHERE s.doctor_id = dc.doctor_id
	             AND s.clinic_id = dc.clinic_id
	             AND s.valid_from <= $5::date
	             AND (s.valid_to IS NULL OR s.valid_to >= $4::date)), '[]') AS weekly,
	       coalesce((
	           SELECT json_agg(json_build_object(
	                      'date', to_char(e.day, 'YYYY-MM-DD'), 'clinicWide', e.doctor_id IS NULL,
	                      'off', e.starts_min IS NULL, 'start', coalesce(e.starts_min, 0),
	                      'end', coalesce(e.ends_min, 0), 'slot', coalesce(e.slot_min, 0),
	                      'breaks', ARRAY(SELECT ARRAY[lower(b), upper(b)] FROM unnest(e.breaks) b))
	                  ORDER BY e.doctor_id IS NULL, e.day)
	           FROM schedule_exceptions e
	           WHERE e.clinic_id = dc.clinic_id
	             AND coalesce(e.doctor_id, 0) IN (0, dc.doctor_id)
	             AND e.day BETWEEN $4::date AND $5::date), '[]') AS exceptions,
	       coalesce((
	           SELECT json_agg(json_build_object('Start', lower(a.during), 'End', upper(a.during)))
	           FROM appointments a
	           WHERE a.doctor_id = dc.doctor_id
	             AND a.live
	             AND lower(a.during) < $7
	             AND lower(a.during) > $6::timestamptz - interval '1 day'
	             AND upper(a.during) > $6
	             AND (a.status <> 'held' OR a.expires_at > $8)), '[]') AS busy
	FROM doctor_clinics dc
	JOIN clinics c ON c.id = dc.clinic_id
	LEFT JOIN clinic_booking_rules r ON r.clinic_id = dc.clinic_id
	WHERE dc.doctor_id = ANY($1)
	  AND ($2 = 0 OR dc.clinic_id = $2)
	ORDER BY array_position($1, dc.doctor_id), dc.clinic_id`

// weeklyJSON and exceptionJSON are plansQuery's rows of schedules and
// schedule_exceptions.
type (
	weeklyJSON struct {
		Weekday   int      `json:"weekday"`
		Start     int      `json:"start"`
		End       int      `json:"end"`
		Slot      int      `json:"slot"`
		Breaks    [][2]int `json:"breaks"`
		ValidFrom string   `json:"from"`
		ValidTo   string   `json:"to"`
	}
	exceptionJSON struct {
		Date       string   `json:"date"`
		ClinicWide bool     `json:"clinicWide"`
		Off        bool     `json:"off"`
		Start      int      `json:"start"`
		End        int      `json:"end"`
		Slot       int      `json:"slot"`
		Breaks     [][2]int `json:"breaks"`
	}
)

func spans(breaks [][2]int) []Span {
	var out []Span
	for _, b := range breaks {
		out = append(out, Span{b[0], b[1]})
	}
	return out
}

// DoctorExists reports whether doctor id exists.
func (s *Store) DoctorExists(ctx context.Context, id int64) (bool, error) {
	var ok bool
	const q = `
		SELECT EXISTS (
			SELECT 1
			FROM doctors
			WHERE id = $1)`
	if err := s.db.GetContext(ctx, &ok, q, id); err != nil {
		return false, fmt.Errorf("booking.DoctorExists(%d): %w", id, err)
	}
	return ok, nil
}

// SQLSTATEs the store answers.
const (
	exclusionViolation = "23P01"
	deadlockDetected   = "40P01"
	serializationFail  = "40001"
)

// The exclusion constraints of appointments (migration 00104).
const (
	doctorBusy  = "appointments_doctor_busy"
	patientBusy = "appointments_patient_busy"
)

// constraintRefusal maps a violated exclusion constraint to its refusal.
func constraintRefusal(err error) error {
	var pqErr *pq.Error
	if !errors.As(err, &pqErr) || pqErr.Code != exclusionViolation {
		return err
	}
	switch pqErr.Constraint {
	case doctorBusy:
		return &api.Error{Status: 409, Key: "booking.taken", Cause: err}
	case patientBusy:
		return &api.Error{Status: 409, Key: "booking.overlap", Cause: err}
	}
	return err
}

// inTx runs fn in a transaction, again (up to three times) when
// PostgreSQL aborted it to break a deadlock or a serialization conflict.
// The doctor's lock (Hold, Book, Reschedule) keeps the writers of one
// doctor's rows from deadlocking in the exclusion constraint, so this is
// the last line: a change that still fails that way is answered 503
// booking.busy with Retry-After, never 500, and nothing of it is written.
func (s *Store) inTx(ctx context.Context, fn func(*sqlx.Tx) error) error {
	for attempt := 0; ; attempt++ {
		err := s.tryTx(ctx, fn)
		var pqErr *pq.Error
		if !errors.As(err, &pqErr) || pqErr.Code != deadlockDetected && pqErr.Code != serializationFail {
			return err
		}
		if attempt == 3 {
			return &api.Error{Status: 503, Key: "booking.busy", RetryAfter: time.Second, Cause: err}
		}
		s.retried.Add(1)
	}
}

func (s *Store) tryTx(ctx context.Context, fn func(*sqlx.Tx) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("booking: begin: %w", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("booking: commit: %w", err)
	}
	return nil
}

// lock takes a transaction-scoped advisory lock on name: requests of one
// user (or one address) take turns, so the limits are counted one by one.
func lock(ctx context.Context, tx *sqlx.Tx, name string) error {
	const q = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`
	if _, err := tx.ExecContext(ctx, q, name); err != nil {
		return fmt.Errorf("booking: lock %s: %w", name, err)
	}
	return nil
}

// newKey is a hold's secret: 24 random bytes, URL-safe.
func newKey() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("booking: key: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func keyHash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// notFound is an error wrapping derrors.NotFound answered with key.
func notFound(key string, cause string) error {
	return &api.Error{Status: 404, Key: key, Cause: fmt.Errorf("%s: %w", cause, derrors.NotFound)}
}

// newUUID is a random (version 4) UUID.
func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
