package booking

import (
	"fmt"
	"sync"
	"testing"
)

// addRelative saves a relative for user and returns its id.
func (f *fixture) addRelative(t testing.TB, user int64, name, birth string) int64 {
	t.Helper()
	var id int64
	err := f.db.Get(&id, `INSERT INTO relatives (user_id, name, birth_date, relation, created_at, updated_at)
		VALUES ($1, $2, $3, 'child', $4, $4) RETURNING id`, user, name, birth, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func relativeBody(holdID int64, key, idem string, relative int64) string {
	return fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "relativeId": %d, "reason": "", "consent": true}`, holdID, key, idem, relative)
}

// bookFor holds and books start of doctor 2 for the user's relative (0:
// themselves) and returns the answer.
func (f *fixture) bookFor(t testing.TB, token string, relative int64, start string, n int) answer {
	t.Helper()
	id, key := f.holdAs(t, token, 2, 1, start)
	if relative == 0 {
		return f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(n)), token)
	}
	return f.call(t, "POST", "/api/bookings", relativeBody(id, key, uuidN(n), relative), token)
}

func TestBookForRelative(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	child := f.addRelative(t, 1, "Алия Каримова", "2019-05-04")
	others := f.addRelative(t, 2, "Чужой Ребёнок", "2018-01-01")

	a := f.bookFor(t, tok, child, slot(1, "09:00"), 1)
	if a.status != 201 {
		t.Fatalf("booking for the child: %d %s", a.status, a.raw)
	}
	var row struct {
		Name     string `db:"patient_name"`
		Birth    string `db:"birth"`
		Key      string `db:"patient_key"`
		Relative int64  `db:"relative_id"`
	}
	if err := f.db.Get(&row, `SELECT patient_name, to_char(patient_birth_date, 'YYYY-MM-DD') AS birth, patient_key, relative_id
		FROM appointments WHERE id = $1`, a.num("id")); err != nil {
		t.Fatal(err)
	}
	if row.Name != "Алия Каримова" || row.Birth != "2019-05-04" || row.Key != "алия каримова|2019-05-04" || row.Relative != child {
		t.Errorf("the visit is for %+v", row)
	}

	// Another user's relative, or none at all: 404, in the caller's language.
	for _, test := range []struct {
		name     string
		relative int64
	}{{"another's", others}, {"missing", 999999}} {
		id, key := f.holdAs(t, tok, 2, 1, slot(1, "10:00"))
		a := f.call(t, "POST", "/api/bookings?lang=uz", relativeBody(id, key, uuidN(50+int(test.relative%7)), test.relative), tok)
		if a.status != 404 || a.body["error"] != "Bunday qarindosh profilingizda yoʻq." {
			t.Errorf("%s relative: %d %s", test.name, a.status, a.raw)
		}
		f.call(t, "DELETE", fmt.Sprintf("/api/bookings/holds/%d?key=%s", id, key), "", tok)
	}

	// Deleting the relative keeps the visit and what it was booked with.
	f.exec(t, `DELETE FROM relatives WHERE id = $1`, child)
	var name string
	var relative *int64
	if err := f.db.QueryRow(`SELECT patient_name, relative_id FROM appointments WHERE id = $1`, a.num("id")).Scan(&name, &relative); err != nil {
		t.Fatal(err)
	}
	if name != "Алия Каримова" || relative != nil || f.statusOf(t, a.num("id")) != "booked" {
		t.Errorf("after deleting the relative: %q %v %s", name, relative, f.statusOf(t, a.num("id")))
	}
}

// TestVisitLimits: five upcoming visits per person (the user and each
// relative on their own), fifteen per account.
func TestVisitLimits(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	people := []int64{0, f.addRelative(t, 1, "Сын Один", "2015-01-01"), f.addRelative(t, 1, "Дочь Два", "2017-02-02"), f.addRelative(t, 1, "Мама Три", "1960-03-03")}
	n := 0
	// Each of the first three people takes their five: 15, the account's cap.
	for p, who := range people[:3] {
		for i := range UpcomingVisitsPerPerson {
			n++
			if a := f.bookFor(t, tok, who, slot(1+i, fmt.Sprintf("%02d:00", 9+p)), n); a.status != 201 {
				t.Fatalf("visit %d of person %d: %d %s", i+1, p, a.status, a.raw)
			}
		}
		// A sixth for the same person is refused, whoever they are.
		if p == 1 {
			a := f.bookFor(t, tok, who, slot(7, "09:00"), 900)
			if a.status != 429 || a.body["error"] != "У одного пациента может быть не больше 5 предстоящих записей. Отмените одну из них, чтобы записаться снова." {
				t.Errorf("sixth visit of a relative: %d %s", a.status, a.raw)
			}
			f.Advance(HoldTTL)
		}
	}
	// The fourth person has none, but the account has fifteen.
	a := f.bookFor(t, tok, people[3], slot(8, "09:00"), 901)
	if a.status != 429 || a.body["error"] != "На один аккаунт можно иметь не больше 15 предстоящих записей на всех. Отмените одну из них, чтобы записаться снова." {
		t.Errorf("sixteenth visit of the account: %d %s", a.status, a.raw)
	}
}

// TestRelativeLimitUnderRace: bookings for one relative sent at once
// never pass the five upcoming visits.
func TestRelativeLimitUnderRace(t *testing.T) {
	f := newFixture(t)
	tok := f.session(t, 1)
	child := f.addRelative(t, 1, "Алия Каримова", "2019-05-04")
	for i := range UpcomingVisitsPerPerson - 1 {
		if a := f.bookFor(t, tok, child, slot(1, fmt.Sprintf("%02d:00", 9+i)), i+1); a.status != 201 {
			t.Fatalf("visit %d: %d %s", i+1, a.status, a.raw)
		}
	}
	type held struct {
		id  int64
		key string
	}
	var holds []held
	for i := range MaxLiveHolds {
		id, key := f.holdAs(t, tok, 2, 1, slot(2, fmt.Sprintf("%02d:00", 9+i)))
		holds = append(holds, held{id, key})
	}
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		counts = map[int]int{}
		start  = make(chan struct{})
	)
	for i, h := range holds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			a := f.call(t, "POST", "/api/bookings", relativeBody(h.id, h.key, uuidN(100+i), child), tok)
			mu.Lock()
			counts[a.status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	if counts[201] != 1 || counts[429] != MaxLiveHolds-1 {
		t.Errorf("answers %v, want one 201 and %d 429", counts, MaxLiveHolds-1)
	}
	var upcoming int
	if err := f.db.Get(&upcoming, `SELECT count(*) FROM appointments WHERE relative_id = $1 AND status = 'booked'`, child); err != nil {
		t.Fatal(err)
	}
	if upcoming != UpcomingVisitsPerPerson {
		t.Errorf("%d upcoming visits for the child, want %d", upcoming, UpcomingVisitsPerPerson)
	}
}

// TestHoldForRelative: a hold naming a relative is refused at once when
// they are not the user's, or have their five upcoming visits.
func TestHoldForRelative(t *testing.T) {
	f := newFixture(t)
	tok, other := f.session(t, 1), f.session(t, 2)
	child := f.addRelative(t, 1, "Алия Каримова", "2019-05-04")
	body := func(start string) string {
		return fmt.Sprintf(`{"doctorId": 2, "clinicId": 1, "start": %q, "relativeId": %d}`, start, child)
	}
	for _, test := range []struct {
		name, token string
		status      int
	}{
		{"nobody signed in", "", 404},
		{"another user", other, 404},
		{"the parent", tok, 201},
	} {
		t.Run(test.name, func(t *testing.T) {
			if a := f.call(t, "POST", "/api/bookings/holds", body(slot(1, "09:00")), test.token); a.status != test.status {
				t.Errorf("%d, want %d: %s", a.status, test.status, a.raw)
			}
		})
	}
	f.Advance(HoldTTL)
	for i := range UpcomingVisitsPerPerson {
		if a := f.bookFor(t, tok, child, slot(2+i, "09:00"), i+1); a.status != 201 {
			t.Fatalf("visit %d: %d %s", i+1, a.status, a.raw)
		}
	}
	if a := f.call(t, "POST", "/api/bookings/holds", body(slot(3, "09:00")), tok); a.status != 429 {
		t.Errorf("a hold for a relative with five upcoming visits: %d %s", a.status, a.raw)
	}
}
