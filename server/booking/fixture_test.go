package booking

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/account/smstest"
	"sogliq/server/apidoc"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/jobs"
)

// t0 is the tests' clock: Monday 2026-11-23, 08:00 in Tashkent.
var t0 = time.Date(2026, 11, 23, 8, 0, 0, 0, Tashkent)

// The fixture: doctor 1 works at clinics 1 and 2, doctor 2 at clinic 1,
// doctor 3 at clinic 2; clinic 3 has nobody. Every weekday 09:00-18:00 in
// 30-minute slots with a 13:00-14:00 lunch; doctor 1 at clinic 2 in the
// evening, 18:00-21:00.
type fixture struct {
	db      *sqlx.DB
	store   *Store
	dict    *i18n.Dict
	app     *fiber.App
	gateway *smstest.Gateway
	// queue inserts the booking's jobs (insert-only, like serve
	// --no-workers); startWorkers runs workers.
	queue *jobs.Queue
	// The clock of the handlers, the queue and the workers (Now, Advance, Set).
	*jobs.ManualClock
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: dbtest.New(t), dict: dict, ManualClock: jobs.NewManualClock(t0), gateway: smstest.Start(t)}
	f.store = NewStore(f.db)
	f.queue = f.newQueue(t, false)
	f.store.Queue = f.queue
	f.exec(t, `INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		SELECT n, 'clinic-' || n, 'Клиника ' || n, n || '-klinika', (SELECT min(id) FROM regions),
		       'ул. Навои, ' || n, 'Navoiy ko''chasi, ' || n, '+998 71 200-00-0' || n
		FROM generate_series(1, 3) n`)
	f.exec(t, `INSERT INTO specialties (id, slug, name_ru, name_uz, name_children_ru, name_children_uz)
		VALUES (1, 'kardiolog', 'Кардиолог', 'Kardiolog', 'Детский кардиолог', 'Bolalar kardiologi')`)
	f.exec(t, `INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		SELECT n, 'doctor-' || n, 'Врач ' || n, 'Shifokor ' || n, 'f', 2000, (SELECT min(id) FROM regions)
		FROM generate_series(1, 3) n`)
	f.exec(t, `INSERT INTO doctor_specialties VALUES (1, 1), (2, 1), (3, 1)`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (1, 1, 150000), (1, 2, 200000), (2, 1, 100000), (3, 2, 120000)`)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, breaks, valid_from)
		SELECT dc.doctor_id, dc.clinic_id, w, 540, 1080, 30, '{[780,840)}', '2026-01-01'
		FROM (VALUES (1, 1), (2, 1), (3, 2)) dc (doctor_id, clinic_id), generate_series(1, 7) w`)
	f.exec(t, `INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		SELECT 1, 2, w, 1080, 1260, 60, '2026-01-01' FROM generate_series(1, 7) w`)
	f.exec(t, `INSERT INTO users (id, phone, first_name, last_name, birth_date)
		SELECT n, '99890' || lpad(n::text, 7, '0'), 'Имя' || n, 'Фамилия', '1990-01-01'
		FROM generate_series(1, 1000) n`)
	f.app = apiApp(t, &Handler{
		Store: f.store, Accounts: account.NewStore(f.db), Dict: dict, PublicURL: "https://sogliq.test",
		Now: f.Now,
	})
	return f
}

// apiApp serves h's API as the server does, behind a trusted peer (the
// address app.Test connects from) so X-Forwarded-For names the visitor;
// a 5xx's cause is logged.
func apiApp(t testing.TB, h *Handler) *fiber.App {
	t.Helper()
	h.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("0.0.0.0/32")}
	h.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	app := accounttest.App(t, h.Dict)
	h.Register(app)
	return app
}

// newQueue is a job queue on a pool of its own, as another process would
// have, on the fixture's clock and gateway; with work its workers run
// until the test ends (or stop is called).
func (f *fixture) newQueue(t testing.TB, work bool) *jobs.Queue {
	t.Helper()
	pool, err := sqlx.Open("postgres", dbtest.URL(t, f.db))
	if err != nil {
		t.Fatal(err)
	}
	store := NewStore(pool)
	workers := river.NewWorkers()
	AddWorkers(workers,
		&NoticeWorker{Store: store, SMS: &account.HTTPSender{URL: f.gateway.URL}, Dict: f.dict, PublicURL: "https://sogliq.test", Now: f.Now},
		&ReleaseHoldsWorker{Store: store, Now: f.Now},
		&WaitlistWorker{Store: store, Now: f.Now},
		&RefreshFreeWorker{Store: store, Now: f.Now})
	q, err := jobs.New(pool.DB, jobs.Config{Work: work, Workers: workers, Periodic: PeriodicJobs(), Clock: f,
		PollInterval: 100 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	store.Queue = q
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopQueue(t, q)
		pool.Close()
	})
	return q
}

// startWorkers runs a working queue, like another server process.
func (f *fixture) startWorkers(t testing.TB) *jobs.Queue {
	t.Helper()
	return f.newQueue(t, true)
}

func stopQueue(t testing.TB, q *jobs.Queue) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := q.Stop(ctx); err != nil {
		t.Errorf("stopping the queue: %v", err)
	}
}

func (f *fixture) exec(t testing.TB, q string, args ...any) {
	t.Helper()
	dbtest.Exec(t, f.db, q, args...)
}

// session signs user id in and returns the token cookie's value.
func (f *fixture) session(t testing.TB, id int64) string {
	t.Helper()
	return accounttest.SignIn(t, f.db, id, f.Now())
}

// answer is an API answer taken apart.
type answer struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

// data is the answer's "data" object.
func (a answer) data() map[string]any { m, _ := a.body["data"].(map[string]any); return m }

func (a answer) num(key string) int64 { v, _ := a.data()[key].(float64); return int64(v) }

// call sends a request as the user whose token is given ("" for none),
// from an address of that token (X-Forwarded-For through the trusted
// peer) unless headers name one.
func (f *fixture) call(t testing.TB, method, path, body, token string, headers ...string) answer {
	t.Helper()
	h := fnv.New32a()
	h.Write([]byte(token))
	sum := h.Sum32()
	headers = append([]string{"X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", byte(sum>>16), byte(sum>>8), byte(sum))}, headers...)
	a := request(t, f.app, method, path, body, token, headers...)
	if strings.HasPrefix(path, "/api/") {
		if err := documented(t).Check(method, path, a.status, a.header.Get("Content-Type"), a.raw); err != nil {
			t.Errorf("answer not as documented: %v", err)
		}
	}
	return a
}

var (
	specOnce sync.Once
	specDoc  *apidoc.Spec
	specErr  error
)

// documented is this package's part of the API document, which every
// answer of f.call is checked against.
func documented(t testing.TB) *apidoc.Spec {
	specOnce.Do(func() {
		doc, err := apidoc.Build(map[string]any{"title": "booking", "version": "test"}, []apidoc.Fragment{APIFragment()}, APIDoc())
		if err == nil {
			specDoc, err = apidoc.NewSpec(doc)
		}
		specErr = err
	})
	if specErr != nil {
		t.Fatal(specErr)
	}
	return specDoc
}

// request sends a request to app as the user whose token is given ("" for
// none), with headers (name, value, ...), and takes the answer apart.
func request(t testing.TB, app *fiber.App, method, path, body, token string, headers ...string) answer {
	t.Helper()
	a := accounttest.Call(t, app, method, path, body, token, headers...)
	return answer{status: a.Status, header: a.Header, raw: a.Raw, body: a.Body}
}

// slot is a Tashkent time on the test Monday's date plus days.
func slot(days int, hhmm string) string {
	d, _ := time.ParseInLocation("15:04", hhmm, Tashkent)
	return time.Date(2026, 11, 23+days, d.Hour(), d.Minute(), 0, 0, Tashkent).Format(time.RFC3339)
}

func holdBody(doctor, clinic int64, start string) string {
	return fmt.Sprintf(`{"doctorId": %d, "clinicId": %d, "start": %q}`, doctor, clinic, start)
}

func bookBody(holdID int64, key, idem string) string {
	return fmt.Sprintf(`{"holdId": %d, "holdKey": %q, "idempotencyKey": %q, "patient": {"self": true}, "reason": "", "consent": true}`, holdID, key, idem)
}

// uuidN is a fixed UUID per n.
func uuidN(n int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }

// holdAs holds start of doctor at clinic for the user of token; it fails
// the test unless the answer is 201.
func (f *fixture) holdAs(t testing.TB, token string, doctor, clinic int64, start string) (int64, string) {
	t.Helper()
	a := f.call(t, "POST", "/api/bookings/holds", holdBody(doctor, clinic, start), token)
	if a.status != 201 {
		t.Fatalf("hold %s: %d %s", start, a.status, a.raw)
	}
	key, _ := a.data()["key"].(string)
	return a.num("id"), key
}

// book holds and books start for the user of token, returning the booking id.
func (f *fixture) book(t testing.TB, token string, doctor, clinic int64, start string, n int) int64 {
	t.Helper()
	id, key := f.holdAs(t, token, doctor, clinic, start)
	a := f.call(t, "POST", "/api/bookings", bookBody(id, key, uuidN(n)), token)
	if a.status != 201 {
		t.Fatalf("book %s: %d %s", start, a.status, a.raw)
	}
	return a.num("id")
}

// statusOf is an appointment's status in the database.
func (f *fixture) statusOf(t testing.TB, id int64) string {
	t.Helper()
	var s string
	if err := f.db.Get(&s, `SELECT status FROM appointments WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	return s
}
