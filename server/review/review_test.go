package review

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/cache"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/role"
)

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.FixedZone("UTC+5", 5*3600))

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"  Хороший <b>врач</b>  ":                     "Хороший врач",
		"<script>alert(1)</script>ok":                 "ok",
		"a\u0000b\n\n\n\nc &amp; d":                   "a b\n\nc & d",
		`<a href="javascript:x">ссылка</a> &lt;i&gt;`: "ссылка <i>",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}

type fixture struct {
	db    *sqlx.DB
	app   *fiber.App
	pages *cache.Cache
}

// newFixture: doctor 1 at clinics 1 and 2; user 1 has visits 1
// (attended, clinic 2), 2 (booked), 3 (no show); user 2 is another
// patient, user 3 an editor, user 4 a clinic's staff.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: dbtest.New(t), pages: cache.New(nil, cache.Options{})}
	t.Cleanup(func() { f.pages.Close() })
	for _, q := range []string{
		`INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		 SELECT n, 'clinic-' || n, 'Клиника ' || n, n || '-klinika', (SELECT min(id) FROM regions), '', '', '' FROM generate_series(1, 2) n`,
		`INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id, rating, review_count)
		 VALUES (1, 'doctor-1', 'Врач 1', 'Shifokor 1', 'f', 2000, (SELECT min(id) FROM regions), 0, 0)`,
		`INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (1, 1, 100000), (1, 2, 100000)`,
		`INSERT INTO users (id, phone) SELECT n, '99890000000' || n FROM generate_series(1, 4) n`,
	} {
		f.exec(t, q)
	}
	for i, status := range []string{"attended", "booked", "no_show"} {
		start := now.Add(time.Duration(i-3) * 24 * time.Hour)
		f.exec(t, `INSERT INTO appointments (id, doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
			VALUES ($1, 1, $2, tstzrange($3, $4), $5, $3, 1, 100000, true, 'П', 'self', $3, $3, $3)`, i+1, 2-i%2, start, start.Add(30*time.Minute), status)
	}
	roles := role.NewStore(f.db)
	if err := roles.Grant(t.Context(), "998900000003", role.Editor, ""); err != nil {
		t.Fatal(err)
	}
	if err := roles.Grant(t.Context(), "998900000004", role.Staff, "clinic-1"); err != nil {
		t.Fatal(err)
	}
	h := &Handler{Store: NewStore(f.db), Accounts: account.NewStore(f.db), Roles: roles, Pages: f.pages, Now: func() time.Time { return now }}
	f.app = accounttest.App(t, dict)
	h.Register(f.app)
	return f
}

func (f *fixture) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	dbtest.Exec(t, f.db, q, args...)
}

func (f *fixture) token(t *testing.T, user int64) string {
	t.Helper()
	return accounttest.SignIn(t, f.db, user, now)
}

func (f *fixture) post(t *testing.T, path, body, token string, headers ...string) (int, string) {
	t.Helper()
	a := accounttest.Call(t, f.app, "POST", path, body, token, append([]string{"Content-Type", "application/json"}, headers...)...)
	if a.Status >= 400 {
		msg, _ := a.Body["error"].(string)
		return a.Status, msg
	}
	return a.Status, string(a.Raw)
}

// clinics are the clinics' ratings and counts as "id: rating/count".
func (f *fixture) clinics(t *testing.T) []string {
	t.Helper()
	var out []string
	if err := f.db.Select(&out, `SELECT id || ': ' || rating || '/' || review_count FROM clinics ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *fixture) doctor(t *testing.T) (float64, int) {
	t.Helper()
	var d struct {
		Rating float64 `db:"rating"`
		N      int     `db:"review_count"`
	}
	if err := f.db.Get(&d, `SELECT rating::float8 AS rating, review_count FROM doctors WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	return d.Rating, d.N
}

// TestReviews: only the patient, of an attended visit, once; the text
// cleaned; the rating recomputed and the doctor's cached pages purged;
// an editor (and nobody else) hides it with a reason, and the rating
// forgets it.
func TestReviews(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	cachedAs := func(key, tag string) string {
		_, state, err := f.pages.Fetch(ctx, key, func(context.Context) (*cache.Entry, error) {
			return &cache.Entry{Status: 200, Body: []byte(key), Tags: []string{tag}, Created: time.Now()}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return state
	}
	cached := func() string { return cachedAs("card", "doctor:1") }
	clinicCached := func() string { return cachedAs("clinic", "clinic:2") }
	cached()
	clinicCached()
	if s := cached(); s != cache.StateHit {
		t.Fatalf("the card is not cached: %s", s)
	}
	patient, other, editor, staff := f.token(t, 1), f.token(t, 2), f.token(t, 3), f.token(t, 4)
	for _, test := range []struct {
		name, body, token string
		status            int
		msg               string
	}{
		{"nobody", `{"appointmentId": 1, "stars": 5}`, "", 401, ""},
		{"another patient", `{"appointmentId": 1, "stars": 5}`, other, 404, "Визит не найден."},
		{"a visit still ahead", `{"appointmentId": 2, "stars": 5}`, patient, 409, "Отзыв можно оставить только о состоявшемся приёме."},
		{"a no-show", `{"appointmentId": 3, "stars": 5}`, patient, 409, "Отзыв можно оставить только о состоявшемся приёме."},
		{"no stars", `{"appointmentId": 1, "stars": 0}`, patient, 422, "Поставьте оценку от 1 до 5 звёзд."},
		{"too long", fmt.Sprintf(`{"appointmentId": 1, "stars": 5, "text": %q}`, strings.Repeat("я", 1001)), patient, 422, "Отзыв не длиннее 1000 символов."},
		{"malformed", `{"appointmentId": 1, "stars": `, patient, 400, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			status, msg := f.post(t, "/api/reviews", test.body, test.token)
			if status != test.status || (test.msg != "" && msg != test.msg) {
				t.Errorf("%d %q, want %d %q", status, msg, test.status, test.msg)
			}
		})
	}
	if status, _ := f.post(t, "/api/reviews", `{"appointmentId": 1, "stars": 5, "text": "x"}`, patient, "Sec-Fetch-Site", "cross-site"); status != 403 {
		t.Errorf("cross-site: %d", status)
	}
	if r, n := f.doctor(t); r != 0 || n != 0 {
		t.Fatalf("refusals changed the rating: %v, %d", r, n)
	}
	if s := cached(); s != cache.StateHit {
		t.Fatalf("refusals purged the card: %s", s)
	}

	status, raw := f.post(t, "/api/reviews?lang=uz", `{"appointmentId": 1, "stars": 5, "text": " Отличный <b>врач</b> "}`, patient)
	if status != 201 {
		t.Fatalf("review: %d %s", status, raw)
	}
	var stored struct {
		Body   string `db:"body"`
		Clinic int64  `db:"clinic_id"`
	}
	f.db.Get(&stored, `SELECT body, clinic_id FROM reviews WHERE appointment_id = 1`)
	if stored.Body != "Отличный врач" || stored.Clinic != 2 {
		t.Errorf("stored %+v", stored)
	}
	if r, n := f.doctor(t); r != 4.17 || n != 1 {
		t.Errorf("rating %v from %d reviews, want 4.17 from 1", r, n)
	}
	// The visit was at clinic 2: its rating, not clinic 1's.
	if diff := cmp.Diff([]string{"1: 0.00/0", "2: 4.17/1"}, f.clinics(t)); diff != "" {
		t.Errorf("clinic ratings (-want +got):\n%s", diff)
	}
	if s := cached(); s == cache.StateHit {
		t.Error("publishing did not purge the doctor's pages")
	}
	if s := clinicCached(); s == cache.StateHit {
		t.Error("publishing did not purge the clinic's pages")
	}
	if status, msg := f.post(t, "/api/reviews", `{"appointmentId": 1, "stars": 1}`, patient); status != 409 || msg != "Вы уже оставили отзыв об этом приёме." {
		t.Errorf("twice: %d %q", status, msg)
	}

	var id int64
	f.db.Get(&id, `SELECT id FROM reviews WHERE appointment_id = 1`)
	hide := fmt.Sprintf("/api/reviews/%d/hide", id)
	for _, tok := range []string{patient, staff} {
		if status, msg := f.post(t, hide, `{"reason": "spam"}`, tok); status != 403 || msg != "Скрывать отзывы могут только редакторы." {
			t.Errorf("hide as a non-editor: %d %q", status, msg)
		}
	}
	if status, _ := f.post(t, hide, `{"reason": " "}`, editor); status != 422 {
		t.Errorf("hide without a reason: %d", status)
	}
	cached()
	if status, raw := f.post(t, hide, `{"reason": "оскорбления"}`, editor); status != 200 {
		t.Fatalf("hide: %d %s", status, raw)
	}
	var reason string
	f.db.Get(&reason, `SELECT hidden_reason FROM reviews WHERE id = $1 AND hidden_at IS NOT NULL AND hidden_by = 3`, id)
	if reason != "оскорбления" {
		t.Errorf("kept reason %q", reason)
	}
	if r, n := f.doctor(t); r != 0 || n != 0 {
		t.Errorf("after hiding: %v from %d", r, n)
	}
	if diff := cmp.Diff([]string{"1: 0.00/0", "2: 0.00/0"}, f.clinics(t)); diff != "" {
		t.Errorf("clinic ratings after hiding (-want +got):\n%s", diff)
	}
	if s := cached(); s == cache.StateHit {
		t.Error("hiding did not purge the doctor's pages")
	}
}
