package booking

import (
	"context"
	"testing"
	"time"

	"sogliq/server/database/dbtest"
)

// TestAvailabilityMatchesNext: for every doctor of the seed, at several
// hours of a Tashkent day, Availability's first free time is the one
// /api/slots offers (Next), and its days are FreeDays' days with a slot.
func TestAvailabilityMatchesNext(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := NewStore(db)
	var ids []int64
	if err := db.Select(&ids, `SELECT id FROM doctors ORDER BY id LIMIT 300`); err != nil {
		t.Fatal(err)
	}
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
		plans, err := s.Plans(ctx, ids, 0, "ru", Today(now), AddDays(Today(now), HorizonDays-1), now)
		if err != nil {
			t.Fatal(err)
		}
		days := map[int64]uint32{}
		for _, p := range plans {
			for i, d := range FreeDays(p.Plan, now, Today(now), HorizonDays) {
				if len(d.Slots) > 0 {
					days[p.DoctorID] |= 1 << i
				}
			}
		}
		for _, id := range ids {
			if got[id].Days != days[id] {
				t.Errorf("%02d:07, doctor %d: days %014b, FreeDays %014b", hour, id, got[id].Days, days[id])
			}
		}
	}
}
