package catalog

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/lib/pq"

	"sogliq/server/booking"
	"sogliq/server/metrics"
)

// The windows of the listings' ?free filter, in Tashkent calendar days.
const (
	FreeToday    = "today"
	FreeTomorrow = "tomorrow"
	FreeWeek     = "week" // today to Sunday, the ISO week
)

// freeDays is the booking.Availability day set of window at now: day 0
// is today (Tashkent). "" is every day of every clinic's horizon.
func freeDays(window string, now time.Time) booking.Days {
	switch window {
	case FreeToday:
		return booking.DaysFrom(0, 1)
	case FreeTomorrow:
		return booking.DaysFrom(1, 1)
	case FreeWeek:
		weekday := int(now.In(booking.Tashkent).Weekday()) // Sunday 0
		return booking.DaysFrom(0, (7-weekday)%7+1)        // today to Sunday, both in
	}
	return booking.DaysFrom(0, booking.MaxHorizonDays)
}

// doctorsByFreeTime is DoctorsBySpecialty when free times decide which
// doctors match (f.Free) or their order (SortEarliest): the other filters
// select every match in SQL, ordered by order; booking computes their
// free times at f.Now; the page is cut here. A free time is reckoned the
// way /api/slots offers it, so a doctor the filter keeps shows one.
func (s *Store) doctorsByFreeTime(ctx context.Context, f DoctorFilter, page DoctorPage, order string) (DoctorPage, error) {
	var ids []int64
	q := `
		SELECT ds.doctor_id
		FROM doctor_specialties ds` + doctorsWhere + `
		ORDER BY ` + order
	done := metrics.Query("doctors.free_matches")
	err := s.db.SelectContext(ctx, &ids, q, f.whereArgs()...)
	done()
	if err != nil {
		return DoctorPage{}, fmt.Errorf("catalog.doctorsByFreeTime(%+v): %w", f, err)
	}
	free, err := s.free.Availability(ctx, ids, f.Now)
	if err != nil {
		return DoctorPage{}, fmt.Errorf("catalog.doctorsByFreeTime(%+v): %w", f, err)
	}
	ids = byFreeTime(ids, free, f.Free != "", freeDays(f.Free, f.Now), f.Sort == SortEarliest)
	page.Total = len(ids)
	from := min(len(ids), (page.Page-1)*page.PerPage)
	if page.Doctors, err = s.cardsByIDs(ctx, ids[from:min(len(ids), from+page.PerPage)], f.Lang); err != nil {
		return DoctorPage{}, fmt.Errorf("catalog.doctorsByFreeTime(%+v): %w", f, err)
	}
	return page, nil
}

// byFreeTime keeps the ids (in listing order) free on a day of days when
// filter is set, and with earliest puts them in order of their first free
// time, doctors with none last; ties keep the listing order.
func byFreeTime(ids []int64, free map[int64]booking.Availability, filter bool, days booking.Days, earliest bool) []int64 {
	if filter {
		ids = slices.DeleteFunc(ids, func(id int64) bool { return !free[id].Free(days) })
	}
	if earliest {
		slices.SortStableFunc(ids, func(a, b int64) int {
			fa, fb := free[a].First, free[b].First
			switch {
			case fa.IsZero() || fb.IsZero():
				return boolOrder(fa.IsZero(), fb.IsZero())
			}
			return fa.Compare(fb)
		})
	}
	return ids
}

// boolOrder orders false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// cardsByIDs loads the cards of ids in lang, in that order.
func (s *Store) cardsByIDs(ctx context.Context, ids []int64, lang string) ([]DoctorCard, error) {
	cards := []DoctorCard{}
	if len(ids) == 0 {
		return cards, nil
	}
	q := `
		SELECT ` + cardColumns("$2") + `
		FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n)
		JOIN doctors d ON d.id = x.id
		ORDER BY x.n`
	if err := s.db.SelectContext(ctx, &cards, q, pq.Array(ids), lang); err != nil {
		return nil, fmt.Errorf("catalog.cardsByIDs: %w", err)
	}
	if err := s.attach(ctx, cards, lang); err != nil {
		return nil, err
	}
	return cards, nil
}
