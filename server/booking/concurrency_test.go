package booking

import (
	"fmt"
	"sync"
	"testing"
)

// attempts is how many visitors race for one time.
const attempts = 1000

// beingHeld is the gate's refusal (booking.beingHeld in Russian).
const beingHeld = "Это время сейчас записывает другой пациент. Выберите другое время или попробуйте через минуту."

// signInAll gives users 1..attempts a session each ("token-of-N").
func (f *fixture) signInAll(t testing.TB) {
	t.Helper()
	f.exec(t, `INSERT INTO sessions (token_hash, user_id, expires_at)
		SELECT sha256(convert_to('token-of-' || n, 'UTF8')), n, $1
		FROM generate_series(1, $2::int) n
		ON CONFLICT DO NOTHING`, t0.AddDate(1, 0, 0), attempts)
}

// race runs attempt for users 1..attempts at once and counts the
// answers by status; every refusal must be 409 with the message want, and
// no answer may be an error (anything but 201 and 409). No transaction
// may have needed a retry either: PostgreSQL aborting one to break a
// deadlock is what turned into a 500 under load before the doctor's lock
// (a retry hides it until the fourth time in a row).
func race(t *testing.T, f *fixture, want string, attempt func(user int) answer) (counts map[int]int) {
	t.Helper()
	retried := f.store.Retried()
	defer func() {
		if n := f.store.Retried() - retried; n != 0 {
			t.Errorf("%d transactions were aborted (deadlock or serialization failure) and run again", n)
		}
		errs := 0
		for status, n := range counts {
			if status != 201 && status != 409 {
				errs += n
			}
		}
		if errs != 0 {
			t.Errorf("%d errors, want 0: %v", errs, counts)
		}
	}()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		start = make(chan struct{})
	)
	counts = map[int]int{}
	for user := 1; user <= attempts; user++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			a := attempt(user)
			mu.Lock()
			defer mu.Unlock()
			counts[a.status]++
			// A hold that waited past GateWait behind the one in front (the
			// race detector slows that one down) is refused as "being
			// held": a 409 too, never an error.
			if a.status == 409 && a.body["error"] != want && a.body["error"] != beingHeld {
				t.Errorf("user %d: 409 %s, want %q", user, a.raw, want)
			}
			if a.status != 201 && a.status != 409 {
				t.Errorf("user %d: %d %s", user, a.status, a.raw)
			}
		}()
	}
	close(start)
	wg.Wait()
	return counts
}

func token(user int) string { return fmt.Sprintf("token-of-%d", user) }

// TestConcurrency races 1,000 visitors (each signed in, each from their
// own address) for one free time, over the API on the pool's connections
// (fewer than the visitors: they queue as in production), four ways. The
// races share one database, each on its own doctor or time.
func TestConcurrency(t *testing.T) {
	f := newFixture(t)
	f.db.SetMaxOpenConns(16)
	f.signInAll(t)
	t.Run("holds", func(t *testing.T) { concurrentHolds(t, f) })
	t.Run("hold and book", func(t *testing.T) { concurrentBookings(t, f) })
	t.Run("one leaked hold", func(t *testing.T) { concurrentBookingsOfOneHold(t, f) })
	t.Run("an expired hold", func(t *testing.T) { concurrentTakersOfAnExpiredHold(t, f) })
}

// concurrentHolds: 1,000 visitors hold one free time at once: one hold,
// 999 clear refusals.
func concurrentHolds(t *testing.T, f *fixture) {
	counts := race(t, f, "Это время уже занято. Выберите другое.", func(user int) answer {
		return f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(1, "10:00")), token(user))
	})
	if counts[201] != 1 || counts[409] != attempts-1 {
		t.Errorf("answers %v, want 1×201 and %d×409", counts, attempts-1)
	}
	f.expectRows(t, slot(1, "10:00"), 1, 1)
}

// concurrentBookings: 1,000 users go through the whole flow (hold, then
// book) for one free time at once: one booking, 999 refusals.
func concurrentBookings(t *testing.T, f *fixture) {
	f.Advance(HoldTTL) // the users' holds of the last race lapse
	counts := race(t, f, "Это время уже занято. Выберите другое.", func(user int) answer {
		a := f.call(t, "POST", "/api/bookings/holds", holdBody(1, 1, slot(2, "10:00")), token(user))
		if a.status != 201 {
			return a
		}
		key, _ := a.data()["key"].(string)
		return f.call(t, "POST", "/api/bookings", bookBody(a.num("id"), key, uuidN(user)), token(user))
	})
	if counts[201] != 1 || counts[409] != attempts-1 {
		t.Errorf("answers %v, want 1×201 and %d×409", counts, attempts-1)
	}
	f.expectRows(t, slot(2, "10:00"), 1, 1)
	var booked int
	f.db.Get(&booked, `SELECT count(*) FROM appointments WHERE status = 'booked' AND user_id IS NOT NULL AND patient_key IS NOT NULL AND price = 150000`)
	if booked != 1 {
		t.Errorf("%d complete bookings, want 1", booked)
	}
}

// concurrentBookingsOfOneHold: 1,000 users book the same hold (its key
// leaked) at once: it becomes one booking.
func concurrentBookingsOfOneHold(t *testing.T, f *fixture) {
	id, key := f.holdAs(t, "", 2, 1, slot(3, "10:00"))
	counts := race(t, f, "Время больше не удерживается: прошло 5 минут или его заняли. Выберите время снова.", func(user int) answer {
		// Keys of their own: the last race's keys are taken (a repeat answers 200).
		return f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(10000+user)), token(user))
	})
	if counts[201] != 1 || counts[409] != attempts-1 {
		t.Errorf("answers %v, want 1×201 and %d×409", counts, attempts-1)
	}
	f.expectRows(t, slot(3, "10:00"), 1, 1)
}

// concurrentTakersOfAnExpiredHold: a hold expires; 1,000 visitors want
// its time at once: the expired hold blocks nobody, one of them gets it,
// and it is expired exactly once.
func concurrentTakersOfAnExpiredHold(t *testing.T, f *fixture) {
	old, _ := f.holdAs(t, "", 3, 2, slot(4, "10:00"))
	f.Advance(HoldTTL)
	counts := race(t, f, "Это время уже занято. Выберите другое.", func(user int) answer {
		return f.call(t, "POST", "/api/bookings/holds", holdBody(3, 2, slot(4, "10:00")), token(user))
	})
	if counts[201] != 1 || counts[409] != attempts-1 {
		t.Errorf("answers %v, want 1×201 and %d×409", counts, attempts-1)
	}
	f.expectRows(t, slot(4, "10:00"), 2, 1)
	var expired int
	f.db.Get(&expired, `SELECT count(*) FROM appointment_history WHERE appointment_id = $1 AND status = 'expired'`, old)
	if s := f.statusOf(t, old); s != "expired" || expired != 1 {
		t.Errorf("the old hold is %s with %d expiries recorded", s, expired)
	}
}

// expectRows checks the appointments written at start: total rows, live
// ones, and that every row has its history (no half-written row).
func (f *fixture) expectRows(t *testing.T, start string, total, live int) {
	t.Helper()
	var n struct {
		Total   int `db:"total"`
		Live    int `db:"live"`
		Orphans int `db:"orphans"`
	}
	const q = `
		SELECT count(*) AS total, count(*) FILTER (WHERE live AND (status <> 'held' OR expires_at > $1)) AS live,
		       count(*) FILTER (WHERE NOT EXISTS (
		           SELECT 1 FROM appointment_history h WHERE h.appointment_id = a.id AND h.status = a.status)) AS orphans
		FROM appointments a
		WHERE lower(during) = $2`
	if err := f.db.Get(&n, q, f.Now(), start); err != nil {
		t.Fatal(err)
	}
	if n.Total != total || n.Live != live || n.Orphans != 0 {
		t.Errorf("appointments: %+v, want %d rows, %d live, every status in the history", n, total, live)
	}
}
