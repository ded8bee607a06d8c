package booking

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/lib/pq"
)

// Days is a set of the days of a horizon, day i the Tashkent date
// Today(now)+i. Two words hold MaxHorizonDays (90) and more: a listing
// keeps one per doctor, so it is a value, never a slice.
type Days [2]uint64

// DaysFrom is the set of the n days from day from (days past the set's
// 128 are left out).
func DaysFrom(from, n int) Days {
	var d Days
	for i := from; i < from+n; i++ {
		d.Add(i)
	}
	return d
}

// Add puts day i in d; a day outside 0..127 is ignored.
func (d *Days) Add(i int) {
	if i >= 0 && i < 128 {
		d[i/64] |= 1 << (i % 64)
	}
}

// Has reports whether day i is in d.
func (d Days) Has(i int) bool { return i >= 0 && i < 128 && d[i/64]&(1<<(i%64)) != 0 }

// Meets reports whether d and o have a day in common.
func (d Days) Meets(o Days) bool { return d[0]&o[0] != 0 || d[1]&o[1] != 0 }

// Empty reports whether d has no day.
func (d Days) Empty() bool { return d == Days{} }

// Availability is when a doctor has free times over their clinics'
// horizons (each clinic's own): First is the earliest free start (zero
// when there is none), Days has day i when the Tashkent date Today(now)+i
// has at least one free time.
type Availability struct {
	First time.Time
	Days  Days
}

// Free reports whether any of the days of mask has a free time.
func (a Availability) Free(mask Days) bool { return a.Days.Meets(mask) }

// Availability is the Availability of each doctor of ids at now, by the
// same rules as the free times /api/slots offers (FreeDays), each clinic
// within its own horizon: what doctor listings filter and sort by.
// Doctors with no free time are left out of the map. A doctor's summary
// that still holds (freesummary.go) is read; the others are computed and
// kept for the next listing.
func (s *Store) Availability(ctx context.Context, ids []int64, now time.Time) (map[int64]Availability, error) {
	known, err := s.freeSummaries(ctx, ids, now)
	if err != nil {
		return nil, fmt.Errorf("booking.Availability(%d doctors): %w", len(ids), err)
	}
	out := make(map[int64]Availability, len(ids))
	var stale []int64
	for _, id := range ids {
		if a, ok := known.fresh[id]; ok {
			if !a.Days.Empty() {
				out[id] = a
			}
		} else {
			stale = append(stale, id)
		}
	}
	if len(stale) == 0 {
		return out, nil
	}
	computed, err := s.computeAvailability(ctx, stale, now)
	if err != nil {
		return nil, fmt.Errorf("booking.Availability(%d doctors): %w", len(ids), err)
	}
	if err := s.saveFreeSummaries(ctx, computed, known.gens, now); err != nil {
		// The listing is right without its cache; the next one computes again.
		slog.WarnContext(ctx, "booking: free summaries not kept", slog.Any("err", err))
	}
	for id, f := range computed {
		if !f.Days.Empty() {
			out[id] = f.Availability
		}
	}
	return out, nil
}

// computeAvailability computes the free summary of each doctor of ids at
// now from their schedules, holds and bookings: the Availability, and
// until when it holds without a write (stale).
func (s *Store) computeAvailability(ctx context.Context, ids []int64, now time.Time) (map[int64]freeSummary, error) {
	plans, heldUntil, err := s.availabilityPlans(ctx, ids, now)
	if err != nil {
		return nil, err
	}
	midnight, _ := time.ParseInLocation(DateLayout, Today(now), Tashkent)
	out := make(map[int64]freeSummary, len(ids))
	for _, id := range ids {
		f := freeSummary{stale: midnight.AddDate(0, 0, 1)}
		if t, ok := heldUntil[id]; ok && t.Before(f.stale) {
			f.stale = t
		}
		out[id] = f
	}
	for _, p := range plans {
		f := out[p.DoctorID]
		busy := sortedBusy(p.Plan.Busy)
		earliest := now.Add(p.Plan.Lead)
		var first time.Time
		for i := range p.Plan.horizon() {
			day := midnight.AddDate(0, 0, i)
			if s, ok := firstFreeOn(p.Plan, busy, earliest, day, day.Format(DateLayout)); ok {
				f.Days.Add(i)
				if first.IsZero() || s.Start.Before(first) {
					first = s.Start
				}
			}
		}
		if !first.IsZero() {
			if f.First.IsZero() || first.Before(f.First) {
				f.First = first
			}
			// Once the clinic's first free time is inside its notice it
			// is no longer offered: the first time, or a day, may change.
			// At exactly its notice it still is (the summary holds while
			// now < stale; a microsecond is the database's step).
			if t := first.Add(-p.Plan.Lead + time.Microsecond); t.Before(f.stale) {
				f.stale = t
			}
		}
		out[p.DoctorID] = f
	}
	return out, nil
}

// firstFreeOn is the first free slot of date (whose Tashkent midnight is
// midnight) by eachFreeDay's rules, busy sorted by start, without cutting
// the whole day into slots: a listing asks this of every doctor.
func firstFreeOn(p Plan, busy []Range, earliest, midnight time.Time, date string) (Slot, bool) {
	var first Slot
	found := false
	try := func(start, end, length int, breaks []Span) {
		if length <= 0 {
			return
		}
		for t := start; t+length <= end; {
			sp := Span{t, t + length}
			if b, ok := overlappingBreak(breaks, sp); ok {
				t = max(b.End, t+1)
				continue
			}
			s := Slot{Start: midnight.Add(time.Duration(sp.Start) * time.Minute), End: midnight.Add(time.Duration(sp.End) * time.Minute)}
			if found && !s.Start.Before(first.Start) {
				return // this row cannot beat the first found
			}
			if !s.Start.Before(earliest) && !overlapsAny(busy, s) {
				first, found = s, true
				return
			}
			t += length
		}
	}
	if e, ok := exceptionOn(p.Exceptions, date); ok {
		if !e.Off {
			try(e.Start, e.End, e.Slot, e.Breaks)
		}
		return first, found
	}
	weekday := int(midnight.Weekday())
	if weekday == 0 {
		weekday = 7
	}
	for _, w := range p.Weekly {
		if w.Weekday == weekday && (w.ValidFrom == "" || w.ValidFrom <= date) && (w.ValidTo == "" || date <= w.ValidTo) {
			try(w.Start, w.End, w.Slot, w.Breaks)
		}
	}
	return first, found
}

// availabilityPlans is Plans without what only a booking widget shows
// (clinic names, prices, the cancel cut-off) and without its order, for
// the hundreds of doctors of a listing, with when each doctor's first
// counted hold expires: on a listing of 1,000 doctors,
// Plans' ordering by array_position and its break arrays built by
// subqueries took 70 and 55 ms of PostgreSQL's time; these take ~10.
// The schedules are read through the longest horizon of the clinics.
func (s *Store) availabilityPlans(ctx context.Context, ids []int64, now time.Time) ([]ClinicPlan, map[int64]time.Time, error) {
	var clinics []struct {
		DoctorID int64 `db:"doctor_id"`
		ClinicID int64 `db:"clinic_id"`
		LeadMin  int   `db:"lead_min"`
		Horizon  int   `db:"horizon_days"`
	}
	const q = `
		SELECT dc.doctor_id, dc.clinic_id, coalesce(r.lead_min, 60) AS lead_min,
		       coalesce(r.horizon_days, $2) AS horizon_days
		FROM doctor_clinics dc
		LEFT JOIN clinic_booking_rules r ON r.clinic_id = dc.clinic_id
		WHERE dc.doctor_id = ANY($1)`
	if err := s.selectPrepared(ctx, &clinics, q, pq.Array(ids), DefaultHorizonDays); err != nil {
		return nil, nil, fmt.Errorf("booking.availabilityPlans: %w", err)
	}
	if len(clinics) == 0 {
		return nil, nil, nil
	}
	keys := make([][2]int64, len(clinics))
	longest := 0
	for i, c := range clinics {
		keys[i] = [2]int64{c.DoctorID, c.ClinicID}
		longest = max(longest, c.Horizon)
	}
	today := Today(now)
	r, err := s.readSchedules(ctx, ids, keys, today, AddDays(today, longest-1), now, true)
	if err != nil {
		return nil, nil, err
	}
	out := make([]ClinicPlan, len(clinics))
	for i, c := range clinics {
		out[i] = ClinicPlan{DoctorID: c.DoctorID, ClinicID: c.ClinicID, Plan: r.plan(keys[i], c.LeadMin, c.Horizon)}
	}
	return out, r.heldUntil, nil
}

// weeklyLean is Weekly with the breaks read from the multirange's text
// and the rows scanned by hand: sqlx's reflection and to_char cost more
// than the query itself on a listing's ~5,000 rows.
func (s *Store) weeklyLean(ctx context.Context, ids []int64, from, to string) (map[[2]int64][]Weekly, error) {
	const q = `
		SELECT doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, breaks::text,
		       valid_from::text, coalesce(valid_to::text, '')
		FROM schedules
		WHERE doctor_id = ANY($1)
		  AND valid_from <= $3::date
		  AND (valid_to IS NULL OR valid_to >= $2::date)`
	stmt, err := s.prepared(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("booking.weeklyLean: %w", err)
	}
	rows, err := stmt.QueryContext(ctx, pq.Array(ids), from, to)
	if err != nil {
		return nil, fmt.Errorf("booking.weeklyLean: %w", err)
	}
	defer rows.Close()
	out := map[[2]int64][]Weekly{}
	for rows.Next() {
		var key [2]int64
		var w Weekly
		var breaks string
		if err := rows.Scan(&key[0], &key[1], &w.Weekday, &w.Start, &w.End, &w.Slot, &breaks, &w.ValidFrom, &w.ValidTo); err != nil {
			return nil, fmt.Errorf("booking.weeklyLean: %w", err)
		}
		if w.Breaks, err = parseSpans(breaks); err != nil {
			return nil, fmt.Errorf("booking.weeklyLean: breaks %q: %w", breaks, err)
		}
		out[key] = append(out[key], w)
	}
	return out, rows.Err()
}

// parseSpans reads an int4multirange as PostgreSQL writes it,
// "{[720,780),[900,960)}" (integer ranges are always "[lo,hi)").
func parseSpans(text string) ([]Span, error) {
	text = strings.TrimSuffix(strings.TrimPrefix(text, "{"), "}")
	if text == "" {
		return nil, nil
	}
	var out []Span
	for _, r := range strings.Split(text, "),") {
		lo, hi, ok := strings.Cut(strings.Trim(r, "[)"), ",")
		if !ok {
			return nil, fmt.Errorf("range %q", r)
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("range %q", r)
		}
		out = append(out, Span{a, b})
	}
	return out, nil
}
