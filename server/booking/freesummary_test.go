package booking

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/lib/pq"
)

// TestFreeSummaryFollowsWrites: after each kind of write a doctor's free
// times depend on, and as time passes, the listing's Availability is what
// computing it afresh gives, and exactly the doctors the write touched
// lose their kept summary (the others are still read from it).
func TestFreeSummaryFollowsWrites(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.Advance(-10 * time.Minute) // 07:50: the first time, 09:00, is past the hour's notice
	ids := []int64{1, 2, 3}
	token := f.session(t, 1)

	// step checks Availability against a fresh computation, then that the
	// summaries it kept are the ones read next.
	step := func(name string) map[int64]Availability {
		t.Helper()
		got, err := f.store.Availability(ctx, ids, f.Now())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := f.store.computeAvailability(ctx, ids, f.Now())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, id := range ids {
			if g, w := got[id], want[id].Availability; !g.First.Equal(w.First) || g.Days != w.Days {
				t.Errorf("%s: doctor %d: kept %v %x, computed %v %x", name, id, g.First, g.Days, w.First, w.Days)
			}
		}
		if stale := staleSummaries(t, f, ids); len(stale) > 0 {
			t.Errorf("%s: doctors %v not kept", name, stale)
		}
		return got
	}
	// touched checks which doctors' summaries a write retired.
	touched := func(name string, want ...int64) {
		t.Helper()
		if got := staleSummaries(t, f, ids); !slices.Equal(got, want) {
			t.Errorf("%s: stale summaries of doctors %v, want %v", name, got, want)
		}
	}

	first := step("at the start")
	if got, want := first[1].First, mustTime(slot(0, "09:00")); !got.Equal(want) {
		t.Fatalf("doctor 1's first free time %v, want %v", got, want)
	}

	f.exec(t, `UPDATE appointments SET confirmed_at = now()`)
	touched("no appointment")
	holdID, _ := f.holdAs(t, token, 1, 1, slot(0, "09:00"))
	touched("a hold", 1)
	if a := step("held"); !a[1].First.Equal(mustTime(slot(0, "09:30"))) {
		t.Errorf("held 09:00: first free %v, want 09:30", a[1].First)
	}
	f.exec(t, `UPDATE appointments SET confirmed_at = now() WHERE id = $1`, holdID)
	touched("a flag of the hold")
	f.Advance(HoldTTL - time.Second)
	touched("before the hold expires")
	f.Advance(2 * time.Second)
	touched("the hold expired", 1)
	if a := step("hold expired"); !a[1].First.Equal(mustTime(slot(0, "09:00"))) {
		t.Errorf("the hold expired: first free %v, want 09:00", a[1].First)
	}

	f.book(t, f.session(t, 2), 2, 1, slot(0, "09:00"), 1)
	touched("a booking", 2)
	step("booked")

	f.exec(t, `INSERT INTO schedule_blocks (doctor_id, clinic_id, during, created_at) VALUES (3, 2, tstzrange($1, $2), now())`,
		mustTime(slot(0, "09:00")), mustTime(slot(0, "12:00")))
	touched("a block", 3)
	step("blocked")

	f.exec(t, `INSERT INTO schedule_exceptions (clinic_id, day) VALUES (2, $1)`, Today(f.Now()))
	touched("a day off at clinic 2", 1, 3)
	step("clinic 2 closed today")

	f.exec(t, `INSERT INTO schedule_exceptions (clinic_id, doctor_id, day) VALUES (1, 2, $1)`, AddDays(Today(f.Now()), 1))
	touched("doctor 2's day off", 2)
	step("doctor 2 off tomorrow")

	f.exec(t, `INSERT INTO clinic_booking_rules (clinic_id, lead_min) VALUES (1, 240)`)
	touched("clinic 1's notice", 1, 2)
	step("four hours' notice")

	f.exec(t, `UPDATE schedules SET starts_min = 600 WHERE doctor_id = 3`)
	touched("doctor 3's hours", 3)
	step("doctor 3 from 10:00")

	// Time alone retires a summary once its first free time is inside the
	// notice, and every summary at midnight.
	var soonest struct {
		At      time.Time `db:"at"`
		Doctors []int64   `db:"doctors"`
	}
	if err := f.db.QueryRow(`
		SELECT stale_at, array_agg(doctor_id ORDER BY doctor_id)
		FROM doctor_free
		GROUP BY 1 ORDER BY 1 LIMIT 1`).Scan(&soonest.At, pq.Array(&soonest.Doctors)); err != nil {
		t.Fatal(err)
	}
	if y, m, d := f.Now().In(Tashkent).Date(); !soonest.At.Before(time.Date(y, m, d+1, 0, 0, 0, 0, Tashkent)) {
		t.Fatalf("every summary holds until midnight (%v): no first free time inside the day", soonest.At)
	}
	f.Set(soonest.At.Add(-time.Second))
	touched("before a first free time passes the notice")
	f.Advance(time.Second)
	touched("a first free time passed the notice", soonest.Doctors...)
	step("later")
	y, m, d := f.Now().In(Tashkent).Date()
	f.Set(time.Date(y, m, d+1, 0, 0, 0, 0, Tashkent))
	touched("midnight", 1, 2, 3)
	step("the next day")

	f.exec(t, `DELETE FROM doctor_clinics WHERE doctor_id = 1 AND clinic_id = 2`)
	touched("doctor 1 left clinic 2", 1)
	step("one clinic")

	// A listing that read a doctor's gen before a write and saves after it
	// keeps a summary no one reads.
	f.exec(t, `DELETE FROM doctor_free`)
	known, err := f.store.freeSummaries(ctx, ids, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	computed, err := f.store.computeAvailability(ctx, ids, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	f.exec(t, `UPDATE schedules SET ends_min = 900 WHERE doctor_id = 3`)
	if err := f.store.saveFreeSummaries(ctx, computed, known.gens, f.Now()); err != nil {
		t.Fatal(err)
	}
	touched("saved after a write", 3)
	step("after the race")

	f.exec(t, `TRUNCATE schedule_blocks`)
	touched("blocks emptied", 1, 2, 3)
}

// TestRefreshFreeSummaries: the refresher computes again the summaries a
// write or midnight retired, at most its limit per run, the longest
// stale first, and what it keeps is what a listing would compute.
func TestRefreshFreeSummaries(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.Advance(-10 * time.Minute)
	ids := []int64{1, 2, 3}
	if _, err := f.store.Availability(ctx, ids, f.Now()); err != nil {
		t.Fatal(err)
	}
	if n, err := f.store.RefreshFreeSummaries(ctx, f.Now(), 100); err != nil || n != 0 {
		t.Fatalf("nothing retired: refreshed %d, %v", n, err)
	}
	f.exec(t, `UPDATE schedules SET ends_min = 900 WHERE doctor_id = 3`)
	if n, err := f.store.RefreshFreeSummaries(ctx, f.Now(), 100); err != nil || n != 1 {
		t.Fatalf("doctor 3's hours changed: refreshed %d, %v", n, err)
	}
	if stale := staleSummaries(t, f, ids); len(stale) > 0 {
		t.Errorf("doctors %v stale after the refresh", stale)
	}
	y, m, d := f.Now().In(Tashkent).Date()
	f.Set(time.Date(y, m, d+1, 0, 0, 30, 0, Tashkent))
	if n, err := f.store.RefreshFreeSummaries(ctx, f.Now(), 2); err != nil || n != 2 {
		t.Fatalf("midnight, a limit of 2: refreshed %d, %v", n, err)
	}
	if stale := staleSummaries(t, f, ids); len(stale) != 1 {
		t.Errorf("after two of three: stale %v", stale)
	}
	if n, err := f.store.RefreshFreeSummaries(ctx, f.Now(), 2); err != nil || n != 1 {
		t.Fatalf("the third: refreshed %d, %v", n, err)
	}
	known, err := f.store.freeSummaries(ctx, ids, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	want, err := f.store.computeAvailability(ctx, ids, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if g, w := known.fresh[id], want[id].Availability; !g.First.Equal(w.First) || g.Days != w.Days {
			t.Errorf("doctor %d: refreshed %v %x, computed %v %x", id, g.First, g.Days, w.First, w.Days)
		}
	}
}

// staleSummaries are the doctors of ids without a summary that holds at
// the fixture's now.
func staleSummaries(t *testing.T, f *fixture, ids []int64) []int64 {
	t.Helper()
	known, err := f.store.freeSummaries(context.Background(), ids, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	var stale []int64
	for _, id := range ids {
		if _, ok := known.fresh[id]; !ok {
			stale = append(stale, id)
		}
	}
	return stale
}

func mustTime(rfc3339 string) time.Time {
	t, err := time.Parse(time.RFC3339, rfc3339)
	if err != nil {
		panic(err)
	}
	return t
}
