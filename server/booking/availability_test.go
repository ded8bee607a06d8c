package booking

import (
	"context"
	"testing"
	"time"

	"sogliq/server/database/dbtest"
)

// TestAvailabilityMatchesNext: for every doctor of the seed, at several
// hours of a Tashkent day, Availability's first free time is the one
// /api/slots offers (Next), and its days are FreeDays' days with a slot,
// each clinic within its horizon: a third of the clinics take bookings 3
// days ahead, a third 60, the others the default 30.
func TestAvailabilityMatchesNext(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := NewStore(db)
	var ids []int64
	if err := db.Select(&ids, `SELECT id FROM doctors ORDER BY id LIMIT 300`); err != nil {
		t.Fatal(err)
	}
	db.MustExec(`
		INSERT INTO clinic_booking_rules (clinic_id, horizon_days)
		SELECT id, CASE WHEN id % 3 = 0 THEN 3 ELSE 60 END
		FROM clinics
		WHERE id % 3 <> 2`)
	base := time.Now().In(Tashkent).Truncate(24 * time.Hour)
	for _, hour := range []int{3, 11, 17, 22} {
		now := time.Date(base.Year(), base.Month(), base.Day(), hour, 7, 0, 0, Tashkent)
		got, err := s.Availability(ctx, ids, now)
		if err != nil {
			t.Fatal(err)
		}
		next, err := s.Next(ctx, ids, 0, 1, "ru", now)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range next.Doctors {
			a := got[d.DoctorID]
			want := ""
			if d.NextFree != nil {
				want = *d.NextFree
			}
			have := ""
			if !a.First.IsZero() {
				have = Stamp(a.First)
			}
			if have != want {
				t.Errorf("%02d:07, doctor %d: Availability first %q, Next %q", hour, d.DoctorID, have, want)
			}
		}
		plans, err := s.Plans(ctx, ids, 0, "ru", Today(now), ThroughHorizon, now)
		if err != nil {
			t.Fatal(err)
		}
		days, beyond := map[int64]Days{}, 0
		for _, p := range plans {
			for i, d := range FreeDays(p.Plan, now, Today(now), MaxHorizonDays) {
				if len(d.Slots) > 0 {
					a := days[p.DoctorID]
					a.Add(i)
					days[p.DoctorID] = a
					if i >= DefaultHorizonDays {
						beyond++
					}
				}
			}
		}
		for _, id := range ids {
			if got[id].Days != days[id] {
				t.Errorf("%02d:07, doctor %d: days %x, FreeDays %x", hour, id, got[id].Days, days[id])
			}
		}
		if beyond == 0 {
			t.Errorf("%02d:07: no doctor is free past day %d: the 60-day clinics are not read", hour, DefaultHorizonDays)
		}
	}
}
