package booking

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"golang.org/x/sync/errgroup"

	"sogliq/server/derrors"
	"sogliq/shared"
)

// The limits against abuse.
const (
	HoldTTL             = 5 * time.Minute
	MaxLiveHolds        = 3  // per user
	HoldsPerAddress     = 30 // holds per address per hour
	HoldsPerAddressSpan = time.Hour
)

// The upcoming visits one person (the user, or each relative they book
// for) and one account may have (limits.json).
var (
	UpcomingVisitsPerPerson  = shared.MustReadLimits().UpcomingVisitsPerPerson
	UpcomingVisitsPerAccount = shared.MustReadLimits().UpcomingVisitsPerAccount
)

// Store keeps schedules, holds and bookings in PostgreSQL.
type Store struct {
	db *sqlx.DB
	// retried counts the transactions inTx ran again (see Retried).
	retried atomic.Int64
	// stmts are the prepared statements by their text (selectPrepared).
	stmtsMu sync.Mutex
	stmts   map[string]*sqlx.Stmt
	// Queue takes the SMS notices of bookings, in the booking's own
	// transaction; nil queues none (the seeder, benchmarks).
	Queue Queue
	// gate lets one hold of a time at a time into the database.
	gate holdGate
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
	// Price is the visit type's, else the doctor's at the clinic.
	Price int
	Plan  Plan
	// CancelCutoff is how long before a visit the patient may still
	// cancel or move it on the site, in whole hours.
	CancelCutoff time.Duration
	// Type is the visit type the plan's times are for (PlansOf); nil for
	// plain slots.
	Type *VisitType
}

// clinicRow is a clinic of a doctor as Plans and PlansOf read it; the
// type's columns are PlansOf's alone.
type clinicRow struct {
	DoctorID int64  `db:"doctor_id"`
	ClinicID int64  `db:"clinic_id"`
	Slug     string `db:"slug"`
	Name     string `db:"name"`
	Address  string `db:"address"`
	Price    int    `db:"price"`
	LeadMin  int    `db:"lead_min"`
	Horizon  int    `db:"horizon_days"`
	Cutoff   int    `db:"cutoff_hours"`
	typeRow
}

// Plans loads, for each doctor of ids, their clinics (only clinicID when
// it is not 0) with the schedules, the exceptions of the dates from ..
// to (ThroughHorizon: to the last day of the longest horizon of the
// clinics) and the busy ranges overlapping them, names in lang. Doctors come out
// in the order of ids, clinics by id. Its four statements are prepared
// (selectPrepared): planning them cost twice what running them does.
// The plans are of plain slots; PlansOf adds visit types.
func (s *Store) Plans(ctx context.Context, ids []int64, clinicID int64, lang, from, to string, now time.Time) ([]ClinicPlan, error) {
	return s.PlansOf(ctx, ids, clinicID, lang, from, to, now, nil)
}

// PlansOf is Plans with each clinic's visit type chosen by choice (nil:
// plain slots, as Plans): the plan's Fit, Price and Type are the type's.
// A clinic where the doctor has no active type keeps plain slots, but
// with choice.Kind set it is left out.
func (s *Store) PlansOf(ctx context.Context, ids []int64, clinicID int64, lang, from, to string, now time.Time, choice *TypeChoice) ([]ClinicPlan, error) {
	return s.plans(ctx, ids, clinicID, lang, from, to, now, choice, false)
}

// ThroughHorizon, as the last date asked of Plans, reads the dates up to
// the last day of the longest horizon of the clinics read: what a
// doctor's free times over their clinics' horizons depend on.
const ThroughHorizon = ""

// plans is PlansOf, its schedules read side by side or not
// (readSchedules).
func (s *Store) plans(ctx context.Context, ids []int64, clinicID int64, lang, from, to string, now time.Time, choice *TypeChoice, sideBySide bool) ([]ClinicPlan, error) {
	var clinics []clinicRow
	const q = `
		SELECT dc.doctor_id, dc.clinic_id, c.slug,
		       pick_lang($3, c.name_ru, c.name_uz) AS name,
		       pick_lang($3, c.address_ru, c.address_uz) AS address,
		       dc.price, coalesce(r.lead_min, 60) AS lead_min, coalesce(r.horizon_days, $4) AS horizon_days,
		       coalesce(r.cancel_cutoff_hours, 2) AS cutoff_hours
		FROM doctor_clinics dc
		JOIN clinics c ON c.id = dc.clinic_id
		LEFT JOIN clinic_booking_rules r ON r.clinic_id = dc.clinic_id
		WHERE dc.doctor_id = ANY($1)
		  AND ($2 = 0 OR dc.clinic_id = $2)
		ORDER BY array_position($1, dc.doctor_id), dc.clinic_id`
	var err error
	if choice == nil {
		err = s.selectPrepared(ctx, &clinics, q, pq.Array(ids), clinicID, lang, DefaultHorizonDays)
	} else {
		err = s.selectPrepared(ctx, &clinics, typedClinics, pq.Array(ids), clinicID, lang, choice.Kind, pq.Array(choice.IDs), choice.Moved, DefaultHorizonDays)
	}
	if err != nil {
		return nil, fmt.Errorf("booking.Plans: %w", err)
	}
	if len(clinics) == 0 {
		return nil, nil
	}
	keys := make([][2]int64, len(clinics))
	longest := 0
	for i, c := range clinics {
		keys[i] = [2]int64{c.DoctorID, c.ClinicID}
		longest = max(longest, c.Horizon)
	}
	if to == ThroughHorizon {
		to = AddDays(Today(now), longest-1)
	}
	r, err := s.readSchedules(ctx, ids, keys, from, to, now, sideBySide)
	if err != nil {
		return nil, err
	}
	out := make([]ClinicPlan, len(clinics))
	for i, c := range clinics {
		out[i] = ClinicPlan{
			DoctorID: c.DoctorID, ClinicID: c.ClinicID, Slug: c.Slug, Name: c.Name, Address: c.Address, Price: c.Price,
			Plan:         r.plan(keys[i], c.LeadMin, c.Horizon),
			CancelCutoff: time.Duration(c.Cutoff) * time.Hour,
		}
		if c.TypeID != 0 {
			t := c.visitType(slotOf(out[i].Plan))
			out[i].Type, out[i].Price, out[i].Plan.Fit = &t, c.TypePrice, c.fit()
		}
	}
	return out, nil
}

// Weekly loads the schedule rows of the doctors ids valid somewhere in
// from .. to, by doctor and clinic, in no order: what the plans are made
// of, and the hours the desk shows and edits.
func (s *Store) Weekly(ctx context.Context, ids []int64, from, to string) (map[[2]int64][]Weekly, error) {
	var rows []struct {
		DoctorID    int64         `db:"doctor_id"`
		ClinicID    int64         `db:"clinic_id"`
		Weekday     int           `db:"weekday"`
		Start       int           `db:"starts_min"`
		End         int           `db:"ends_min"`
		Slot        int           `db:"slot_min"`
		BreakStarts pq.Int64Array `db:"break_starts"`
		BreakEnds   pq.Int64Array `db:"break_ends"`
		ValidFrom   string        `db:"valid_from"`
		ValidTo     string        `db:"valid_to"`
	}
	const q = `
		SELECT doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min,
		       ARRAY(SELECT lower(b) FROM unnest(breaks) b) AS break_starts,
		       ARRAY(SELECT upper(b) FROM unnest(breaks) b) AS break_ends,
		       to_char(valid_from, 'YYYY-MM-DD') AS valid_from,
		       coalesce(to_char(valid_to, 'YYYY-MM-DD'), '') AS valid_to
		FROM schedules
		WHERE doctor_id = ANY($1)
		  AND valid_from <= $3::date
		  AND (valid_to IS NULL OR valid_to >= $2::date)`
	if err := s.selectPrepared(ctx, &rows, q, pq.Array(ids), from, to); err != nil {
		return nil, fmt.Errorf("booking.Weekly: %w", err)
	}
	out := map[[2]int64][]Weekly{}
	for _, r := range rows {
		key := [2]int64{r.DoctorID, r.ClinicID}
		out[key] = append(out[key], Weekly{
			Weekday: r.Weekday, Start: r.Start, End: r.End, Slot: r.Slot,
			Breaks: spans(r.BreakStarts, r.BreakEnds), ValidFrom: r.ValidFrom, ValidTo: r.ValidTo,
		})
	}
	return out, nil
}

func spans(starts, ends []int64) []Span {
	var out []Span
	for i := range min(len(starts), len(ends)) {
		out = append(out, Span{int(starts[i]), int(ends[i])})
	}
	return out
}

// exceptionSet holds exceptions by doctor and clinic (own) and by clinic
// (clinic-wide).
type exceptionSet struct {
	own    map[[2]int64][]Exception
	clinic map[int64][]Exception
}

func (s *Store) exceptions(ctx context.Context, ids, clinics []int64, from, to string) (exceptionSet, error) {
	var rows []struct {
		DoctorID    sql.NullInt64 `db:"doctor_id"`
		ClinicID    int64         `db:"clinic_id"`
		Day         string        `db:"day"`
		Off         bool          `db:"off"`
		Start       int           `db:"starts_min"`
		End         int           `db:"ends_min"`
		Slot        int           `db:"slot_min"`
		BreakStarts pq.Int64Array `db:"break_starts"`
		BreakEnds   pq.Int64Array `db:"break_ends"`
	}
	const q = `
		SELECT e.doctor_id, e.clinic_id, to_char(e.day, 'YYYY-MM-DD') AS day, e.starts_min IS NULL AS off,
		       coalesce(e.starts_min, 0) AS starts_min, coalesce(e.ends_min, 0) AS ends_min,
		       coalesce(e.slot_min, 0) AS slot_min,
		       ARRAY(SELECT lower(b) FROM unnest(e.breaks) b) AS break_starts,
		       ARRAY(SELECT upper(b) FROM unnest(e.breaks) b) AS break_ends
		FROM schedule_exceptions e
		WHERE e.doctor_id = ANY($1)
		  AND e.day BETWEEN $3::date AND $4::date
		UNION ALL
		SELECT e.doctor_id, e.clinic_id, to_char(e.day, 'YYYY-MM-DD') AS day, e.starts_min IS NULL AS off,
		       coalesce(e.starts_min, 0) AS starts_min, coalesce(e.ends_min, 0) AS ends_min,
		       coalesce(e.slot_min, 0) AS slot_min,
		       ARRAY(SELECT lower(b) FROM unnest(e.breaks) b) AS break_starts,
		       ARRAY(SELECT upper(b) FROM unnest(e.breaks) b) AS break_ends
		FROM schedule_exceptions e
		WHERE e.clinic_id = ANY($2)
		  AND coalesce(e.doctor_id, 0) = 0
		  AND e.day BETWEEN $3::date AND $4::date`
	if err := s.selectPrepared(ctx, &rows, q, pq.Array(ids), pq.Array(clinics), from, to); err != nil {
		return exceptionSet{}, fmt.Errorf("booking.exceptions: %w", err)
	}
	set := exceptionSet{own: map[[2]int64][]Exception{}, clinic: map[int64][]Exception{}}
	for _, r := range rows {
		e := Exception{Date: r.Day, ClinicWide: !r.DoctorID.Valid, Off: r.Off, Start: r.Start, End: r.End, Slot: r.Slot,
			Breaks: spans(r.BreakStarts, r.BreakEnds)}
		if e.ClinicWide {
			set.clinic[r.ClinicID] = append(set.clinic[r.ClinicID], e)
		} else {
			key := [2]int64{r.DoctorID.Int64, r.ClinicID}
			set.own[key] = append(set.own[key], e)
		}
	}
	return set, nil
}

// busy loads the doctors' bookings, unexpired holds and the desk's blocks
// (clipped to the dates) overlapping the dates from .. to (Tashkent), by
// doctor, and when each doctor's first unexpired hold expires. An
// appointment lies inside one date's hours (a visit type's
// consecutive slots too), so one that overlaps starts less than a day
// before: the bound lets the B-tree on (doctor, start) answer. The
// overlap is written with lower and upper, not &&: given during &&, the
// planner may take the exclusion constraint's GiST index instead, a probe
// of which costs more than the B-tree range.
func (s *Store) busy(ctx context.Context, ids []int64, from, to string, now time.Time) (map[int64][]Range, map[int64]time.Time, error) {
	start, _ := time.ParseInLocation(DateLayout, from, Tashkent)
	end, _ := time.ParseInLocation(DateLayout, to, Tashkent)
	var rows []struct {
		DoctorID int64        `db:"doctor_id"`
		Start    time.Time    `db:"start"`
		End      time.Time    `db:"end"`
		Expires  sql.NullTime `db:"expires"`
	}
	const q = `
		SELECT doctor_id, lower(during) AS start, upper(during) AS end,
		       CASE WHEN status = 'held' THEN expires_at END AS expires
		FROM appointments
		WHERE doctor_id = ANY($1)
		  AND live
		  AND lower(during) < $3
		  AND lower(during) > $2::timestamptz - interval '1 day'
		  AND upper(during) > $2
		  AND (status <> 'held' OR expires_at > $4)
		UNION ALL
		SELECT doctor_id, greatest(lower(during), $2) AS start, least(upper(during), $3) AS end,
		       NULL AS expires
		FROM schedule_blocks
		WHERE doctor_id = ANY($1)
		  AND during && tstzrange($2, $3)`
	if err := s.selectPrepared(ctx, &rows, q, pq.Array(ids), start, end.AddDate(0, 0, 1), now); err != nil {
		return nil, nil, fmt.Errorf("booking.busy: %w", err)
	}
	out, held := map[int64][]Range{}, map[int64]time.Time{}
	for _, r := range rows {
		out[r.DoctorID] = append(out[r.DoctorID], Range{r.Start, r.End})
		if r.Expires.Valid {
			if t, ok := held[r.DoctorID]; !ok || r.Expires.Time.Before(t) {
				held[r.DoctorID] = r.Expires.Time
			}
		}
	}
	return out, held, nil
}

// selectPrepared runs the statement q, prepared once per Store (and by
// database/sql once per connection), into dest. Planning Plans' four
// statements took ~2.2 ms of the server's CPU per listing page on the
// large seed, running them ~1 ms; a prepared statement's generic plan is
// made once.
func (s *Store) selectPrepared(ctx context.Context, dest any, q string, args ...any) error {
	stmt, err := s.prepared(ctx, q)
	if err != nil {
		return err
	}
	return stmt.SelectContext(ctx, dest, args...)
}

// prepared is the statement q, prepared once per Store.
func (s *Store) prepared(ctx context.Context, q string) (*sqlx.Stmt, error) {
	s.stmtsMu.Lock()
	defer s.stmtsMu.Unlock()
	if stmt, ok := s.stmts[q]; ok {
		return stmt, nil
	}
	stmt, err := s.db.PreparexContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if s.stmts == nil {
		s.stmts = map[string]*sqlx.Stmt{}
	}
	s.stmts[q] = stmt
	return stmt, nil
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
		return &derrors.Refusal{Kind: derrors.Conflict, Key: "booking.taken", Cause: err}
	case patientBusy:
		return &derrors.Refusal{Kind: derrors.Conflict, Key: "booking.overlap", Cause: err}
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
			return &derrors.Refusal{Kind: derrors.Busy, Key: "booking.busy", Cause: err}
		}
		s.retried.Add(1)
	}
}

// InTx runs fn in a transaction as the Store's own changes run (inTx):
// again after a deadlock or a serialization conflict, 503 booking.busy
// when it keeps failing so. The desk's changes of hours and blocks run in
// it too.
func (s *Store) InTx(ctx context.Context, fn func(*sqlx.Tx) error) error { return s.inTx(ctx, fn) }

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
	return &derrors.Refusal{Kind: derrors.NotFound, Key: key, Cause: errors.New(cause)}
}

// newUUID is a random (version 4) UUID.
func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// schedules are the reads every plan is made of, for a set of doctors at
// their clinics.
type schedules struct {
	weekly     map[[2]int64][]Weekly
	exceptions exceptionSet
	busy       map[int64][]Range
	// heldUntil is when each doctor's first counted hold expires (its
	// time becomes free without a write).
	heldUntil map[int64]time.Time
}

// plan is the plan of the doctor and clinic of key, with lead minutes'
// notice and the clinic's horizon in days.
func (r schedules) plan(key [2]int64, leadMin, horizon int) Plan {
	exc := append([]Exception(nil), r.exceptions.own[key]...)
	exc = append(exc, r.exceptions.clinic[key[1]]...)
	return Plan{Weekly: r.weekly[key], Exceptions: exc, Busy: r.busy[key[0]], Lead: time.Duration(leadMin) * time.Minute, Horizon: horizon}
}

// readSchedules reads the weekly hours, exceptions and busy times of the
// doctors ids at the clinics of keys (doctor, clinic) from from to to.
// Side by side, the three reads run at once on three connections (a
// listing's, whose page waits for the slowest, not their sum; the weekly
// rows then scanned by hand, cheaper for its many rows), else one after
// the other on one (a hold's: a rush of holds must not take three
// connections each).
func (s *Store) readSchedules(ctx context.Context, ids []int64, keys [][2]int64, from, to string, now time.Time, sideBySide bool) (schedules, error) {
	clinicIDs := make([]int64, len(keys))
	for i, k := range keys {
		clinicIDs[i] = k[1]
	}
	var r schedules
	reads := []func(context.Context) error{
		func(ctx context.Context) (err error) {
			if sideBySide {
				r.weekly, err = s.weeklyLean(ctx, ids, from, to)
			} else {
				r.weekly, err = s.Weekly(ctx, ids, from, to)
			}
			return err
		},
		func(ctx context.Context) (err error) {
			r.exceptions, err = s.exceptions(ctx, ids, clinicIDs, from, to)
			return err
		},
		func(ctx context.Context) (err error) {
			r.busy, r.heldUntil, err = s.busy(ctx, ids, from, to, now)
			return err
		},
	}
	if !sideBySide {
		for _, read := range reads {
			if err := read(ctx); err != nil {
				return schedules{}, err
			}
		}
		return r, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, read := range reads {
		g.Go(func() error { return read(gctx) })
	}
	if err := g.Wait(); err != nil {
		return schedules{}, err
	}
	return r, nil
}
