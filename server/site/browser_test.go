package site_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/analytics"
	"sogliq/server/booking"
	"sogliq/server/consultant"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/role"
	"sogliq/server/site/sitetest"
)

// browserTimeout bounds the whole node run; a hung browser must not hang CI.
// The booking flow (two languages) added about a minute and a half, the
// desk flow (three browsers) about one; on a shared, loaded machine the
// whole run took over ten minutes.
const browserTimeout = 15 * time.Minute

// TestBrowser runs the browser tests in client/e2e against a seeded site:
// pages without JavaScript, islands hydrating without console errors, the
// burger menu. It needs node, Chromium and node_modules/playwright-core.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests skipped under -short")
	}
	root := sitetest.RepoRoot(t)
	node := requireBrowserTools(t, root)
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{
		GeoIPURL:   geoIPStub(t) + "/json/{ip}",
		SMS:        &account.HTTPSender{URL: sms.URL},
		Consultant: &consultant.OpenAIModel{URL: llmtest.Start(t).URL, Model: "test"},
		// Every patient of the suite signs in from 127.0.0.1: past
		// account.CodesPerIP (20 an hour) the later ones got 429.
		SignInCodesPerAddress: 200,
	})

	dashboardFixture(t, s)
	editorEnv := editorFixture(t, s)
	freeDoctorFixture(t, s)

	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	defer cancel()
	// The files are named, not the folder: node 20 searches a folder, node 22
	// reads its arguments as globs.
	// E2E_ONLY=desk runs client/e2e/desk.test.mjs alone, while working on it.
	pattern := cmp.Or(os.Getenv("E2E_ONLY"), "*")
	files, err := filepath.Glob(filepath.Join(root, "client", "e2e", pattern+".test.mjs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no client/e2e/*.test.mjs (%v)", err)
	}
	args := append([]string{"--test", "--test-reporter=spec"}, files...)
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = root
	seen := filepath.Join(t.TempDir(), "analytics-seen.jsonl")
	trackSeen := filepath.Join(t.TempDir(), "track-seen.jsonl")
	cmd.Env = append(append(os.Environ(), "BASE_URL="+s.URL, "SMS_GATEWAY_URL="+sms.URL, "ANALYTICS_SEEN="+seen, "TRACK_SEEN="+trackSeen), append(append(append(append(deskFixture(t, s), editorEnv...), waitlistFixture(t, s)...), calendarFixture(t, s)...), append(append(documentsFixture(t, s), onlineFixture(t, s)...), journeyFixture(t, s)...)...)...)
	if pattern == "*" || strings.Contains(pattern, "telegram") {
		cmd.Env = append(cmd.Env, telegramFixture(t)...)
	}
	// node --test forks a process per file and Playwright forks Chromium:
	// on timeout, SIGTERM the whole group so Playwright closes its browsers,
	// and give up on the pipes if something still holds them.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	logw := &lineLogger{t: t}
	cmd.Stdout = logw
	cmd.Stderr = logw
	err = cmd.Run()
	logw.flush()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("node --test client/e2e/ did not finish within %v", browserTimeout)
	}
	if err != nil {
		t.Fatalf("node --test client/e2e/ failed: %v (output above)", err)
	}
	if pattern == "*" || pattern == "analytics" {
		checkPageViewsStored(t, s, seen)
	}
	if pattern == "*" || pattern == "track" {
		checkTrackEventsStored(t, s, trackSeen)
	}
}

// checkTrackEventsStored: every track-event client/e2e/track.test.mjs saw
// accepted is a row of analytic_events, with its entity, id and route.
func checkTrackEventsStored(t *testing.T, s *sitetest.Site, seen string) {
	t.Helper()
	raw, err := os.ReadFile(seen)
	if err != nil {
		t.Fatalf("the track-event test wrote nothing to %s: %v", seen, err)
	}
	if err := s.Events.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var v struct {
			Entity, Event, Route string
			ID                   int64
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		kinds[v.Event] = true
		const q = `
			SELECT count(*)
			FROM analytic_events
			WHERE event = $1
				AND entity = $2
				AND entity_id = $3
				AND route = $4`
		var n int
		if err := s.DB.Get(&n, q, v.Event, v.Entity, v.ID, v.Route); err != nil {
			t.Fatal(err)
		}
		if n < 1 {
			t.Errorf("analytic_events holds no row of the track-event %s", line)
		}
	}
	for _, k := range []string{"card_view", "phone_shown", "booking_started", "site_opened"} {
		if !kinds[k] {
			t.Errorf("the track-event test saw no %s", k)
		}
	}
}

// dashboardFixture gives +998 90 777-00-11 the editor role and writes this
// month's page views, track-events and searches for client/e2e/dashboard.test.mjs.
func dashboardFixture(t *testing.T, s *sitetest.Site) {
	t.Helper()
	if err := role.NewStore(s.DB).Grant(context.Background(), "998907770011", role.Editor, ""); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`
		INSERT INTO analytic_events (at, event, device_id, route, page_type, page_id, platform, device, lang)
		SELECT at, 'page_view', 'fixture-' || (n % 40), p.route, p.page_type, p.page_id,
			CASE WHEN n % 3 = 0 THEN 'desktop' ELSE 'mobile' END,
			CASE n % 3 WHEN 0 THEN 'desktop' WHEN 1 THEN 'android' ELSE 'ios' END,
			CASE WHEN n % 4 = 0 THEN 'uz' ELSE 'ru' END
		FROM generate_series(date_trunc('month', now()), now(), interval '50 minutes') WITH ORDINALITY AS g(at, n)
		CROSS JOIN LATERAL (
			(SELECT '/doctor/' || d.slug AS route, 'doctor' AS page_type, d.slug AS page_id
			FROM doctors d WHERE n % 5 = 0 ORDER BY d.id OFFSET (n % 7) LIMIT 1)
			UNION ALL
			(SELECT '/klinika/' || c.slug, 'clinic', c.slug
			FROM clinics c WHERE n % 5 = 1 ORDER BY c.id OFFSET (n % 4) LIMIT 1)
			UNION ALL SELECT '/', 'home', '' WHERE n % 5 = 2
			UNION ALL SELECT '/doctors/kardiolog', 'specialty', 'kardiolog' WHERE n % 5 = 3
			UNION ALL SELECT '/uslugi', 'services', '' WHERE n % 5 = 4
		) p`, `
		INSERT INTO searches (at, query, lang, region_id, results)
		SELECT now() - n * interval '1 hour', q, 'ru', NULL, 0
		FROM unnest(ARRAY['ортодонт детский', 'ортодонт детский', 'ортодонт детский', 'гирудотерапия', 'гирудотерапия', 'ПЦР на дому']) WITH ORDINALITY AS u(q, n)`,
	} {
		if _, err := s.DB.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// checkPageViewsStored: every page view client/e2e/analytics.test.mjs saw
// the browser send is a row of analytic_events, field for field.
func checkPageViewsStored(t *testing.T, s *sitetest.Site, seen string) {
	t.Helper()
	raw, err := os.ReadFile(seen)
	if err != nil {
		t.Fatalf("the page-view test wrote nothing to %s: %v", seen, err)
	}
	if err := s.Events.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if len(lines) < 9 {
		t.Errorf("the page-view test saw %d views, want 9", len(lines))
	}
	for _, line := range lines {
		var v analytics.PageViewParams
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		const q = `
			SELECT count(*)
			FROM analytic_events
			WHERE event = 'page_view'
				AND device_id = $1
				AND route = $2
				AND page_type = $3
				AND page_id = $4
				AND platform = $5
				AND device = $6`
		var n int
		if err := s.DB.Get(&n, q, v.DeviceID, v.Route, v.PageType, v.PageID, v.Platform, v.Device); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("analytic_events holds %d rows of the view %s, want 1", n, line)
		}
	}
}

// editorFixture grants the editor role to the phone client/e2e/editor.test.mjs
// signs in with, and picks the doctor it edits: a Tashkent doctor outside
// the specialties the other browser tests list (kardiolog), moved to the
// specialty with the fewest Tashkent doctors (so it shows on the first
// page of the listing). It returns the test's environment.
func editorFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	// Two editors: a phone gets a few codes an hour (account.CodesPerPhone),
	// and editor.test.mjs and editortypes.test.mjs each sign in.
	const phone, typesPhone = "998907400001", "998907400002"
	for _, p := range []string{phone, typesPhone} {
		if err := role.NewStore(s.DB).Grant(context.Background(), p, role.Editor, ""); err != nil {
			t.Fatal(err)
		}
	}
	var doctor struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
		Name string `db:"full_name_ru"`
	}
	const pickDoctor = `
		SELECT d.id, d.slug, d.full_name_ru
		FROM doctors d
		WHERE d.region_id = (SELECT id FROM regions WHERE slug = 'tashkent')
		  AND NOT EXISTS (
			SELECT 1
			FROM doctor_specialties ds
			JOIN specialties s ON s.id = ds.specialty_id
			WHERE ds.doctor_id = d.id
			  AND s.slug = 'kardiolog')
		ORDER BY d.popularity DESC, d.id
		LIMIT 1`
	if err := s.DB.Get(&doctor, pickDoctor); err != nil {
		t.Fatal(err)
	}
	var specialty struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
		Name string `db:"name_ru"`
	}
	const pickSpecialty = `
		SELECT s.id, s.slug, s.name_ru
		FROM specialties s
		WHERE s.slug <> 'kardiolog'
		  AND s.id NOT IN (SELECT specialty_id FROM doctor_specialties WHERE doctor_id = $1)
		ORDER BY (
			SELECT count(*)
			FROM doctor_specialties ds
			JOIN doctors d ON d.id = ds.doctor_id
			WHERE ds.specialty_id = s.id
			  AND d.region_id = (SELECT id FROM regions WHERE slug = 'tashkent')), s.id
		LIMIT 1`
	if err := s.DB.Get(&specialty, pickSpecialty, doctor.ID); err != nil {
		t.Fatal(err)
	}
	return []string{
		"EDITOR_PHONE=+" + phone,
		"EDITOR_TYPES_PHONE=+" + typesPhone,
		"EDITOR_DOCTOR_ID=" + strconv.FormatInt(doctor.ID, 10),
		"EDITOR_DOCTOR_SLUG=" + doctor.Slug,
		"EDITOR_DOCTOR_NAME=" + doctor.Name,
		"EDITOR_SPECIALTY_ID=" + strconv.FormatInt(specialty.ID, 10),
		"EDITOR_SPECIALTY_SLUG=" + specialty.Slug,
		"EDITOR_SPECIALTY_NAME=" + specialty.Name,
	}
}

// grantStaff makes each phone (without +998) staff of its clinic (a slug).
func grantStaff(t *testing.T, s *sitetest.Site, clinicOf map[string]string) {
	t.Helper()
	roles := role.NewStore(s.DB)
	for phone, clinic := range clinicOf {
		if err := roles.Grant(context.Background(), "998"+phone, role.Staff, clinic); err != nil {
			t.Fatal(err)
		}
	}
}

// geoIPStub is a location service on loopback that places every address in
// Samarkand, for the region prompt of client/e2e/region.test.mjs.
func geoIPStub(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"city":"Samarkand","country":"UZ"}`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// lineLogger writes what it is given into the test log, a line at a time.
type lineLogger struct {
	t   *testing.T
	mu  sync.Mutex
	buf []byte
}

func (l *lineLogger) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		l.t.Log(string(l.buf[:i]))
		l.buf = l.buf[i+1:]
	}
}

// flush logs a last line that had no newline.
func (l *lineLogger) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		l.t.Log(string(l.buf))
		l.buf = nil
	}
}

// requireBrowserTools returns the path of node, or skips the test (fails it
// when CI is set) if node, Chromium or playwright-core is missing.
func requireBrowserTools(t *testing.T, root string) string {
	t.Helper()
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	node, nodeErr := exec.LookPath("node")
	var missing []string
	if nodeErr != nil {
		missing = append(missing, "node (Node.js 20+) on PATH")
	}
	if _, err := os.Stat(chromium); err != nil {
		missing = append(missing, "Chromium at "+chromium+" (apt-get install -y chromium, or set CHROMIUM)")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "playwright-core")); err != nil {
		missing = append(missing, "node_modules/playwright-core (run npm ci)")
	}
	if len(missing) == 0 {
		return node
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("browser tests cannot run in CI; install: %v", missing)
	}
	t.Skipf("\n*** SKIPPING BROWSER TESTS: missing %v ***\n*** they will FAIL in CI (CI is set there) ***", missing)
	return ""
}

// deskFixture prepares client/e2e/desk.test.mjs (and relatives.test.mjs): staff of a clinic and of
// another, a patient with a visit of that clinic that began at midnight
// (to be marked attended) and one later today (to be confirmed); it
// returns their names as DESK_* environment variables.
func deskFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	var c struct {
		ID      int64  `db:"clinic_id"`
		Slug    string `db:"slug"`
		Name    string `db:"name_ru"`
		Doctor  int64  `db:"doctor_id"`
		DocSlug string `db:"doctor_slug"`
		Other   string `db:"other"`
	}
	err := s.DB.Get(&c, `SELECT dc.clinic_id, c.slug, c.name_ru, dc.doctor_id, d.slug AS doctor_slug,
			(SELECT slug FROM clinics WHERE id <> dc.clinic_id ORDER BY id LIMIT 1) AS other
		FROM doctor_clinics dc JOIN clinics c ON c.id = dc.clinic_id JOIN doctors d ON d.id = dc.doctor_id
		ORDER BY dc.clinic_id, dc.doctor_id LIMIT 1`)
	if err != nil {
		t.Fatal(err)
	}
	const staff, other, patient = "901110001", "901110002", "901110003"
	grantStaff(t, s, map[string]string{staff: c.Slug, other: c.Other})
	var user int64
	if err := s.DB.Get(&user, `INSERT INTO users (phone, first_name, last_name) VALUES ($1, 'Нодира', 'Юсупова') RETURNING id`, "998"+patient); err != nil {
		t.Fatal(err)
	}
	midnight, _ := time.ParseInLocation(booking.DateLayout, booking.Today(time.Now()), booking.Tashkent)
	visit := func(start time.Time) int64 {
		var id int64
		err := s.DB.Get(&id, `INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
			VALUES ($1, $2, tstzrange($3, $4), 'booked', $3, $5, 100000, true, 'Нодира Юсупова', 'self', $3, $3, $3) RETURNING id`,
			c.Doctor, c.ID, start, start.Add(15*time.Minute), user)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	past, next := visit(midnight), visit(midnight.Add(23*time.Hour+30*time.Minute))
	return []string{
		"DESK_CLINIC=" + c.Slug, "DESK_CLINIC_ID=" + strconv.FormatInt(c.ID, 10), "DESK_CLINIC_NAME=" + c.Name,
		"DESK_DOCTOR=" + strconv.FormatInt(c.Doctor, 10), "DESK_DOCTOR_SLUG=" + c.DocSlug,
		"DESK_PAST_VISIT=" + strconv.FormatInt(past, 10), "DESK_NEXT_VISIT=" + strconv.FormatInt(next, 10),
		"DESK_STAFF=" + staff, "DESK_OTHER_STAFF=" + other, "DESK_PATIENT=" + patient,
	}
}

// waitlistFixture prepares client/e2e/returnto.test.mjs: a doctor with no
// free time in the horizon (their weekly hours and dated hours removed;
// not a cardiologist, not the editor's or the desk's doctor: the doctor
// with the highest id outside those), and a returning patient with a
// name. It returns them as WAITLIST_* environment variables.
func waitlistFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	var d struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	const pick = `
		SELECT d.id, d.slug
		FROM doctors d
		WHERE NOT EXISTS (
			SELECT 1
			FROM doctor_specialties ds
			JOIN specialties s ON s.id = ds.specialty_id
			WHERE ds.doctor_id = d.id
			  AND s.slug = 'kardiolog')
		  AND d.id <> (SELECT min(doctor_id) FROM doctor_clinics WHERE clinic_id = (SELECT min(clinic_id) FROM doctor_clinics))
		  AND d.id NOT IN (SELECT id FROM doctors ORDER BY popularity DESC, id LIMIT 5)
		ORDER BY d.id DESC
		LIMIT 1`
	if err := s.DB.Get(&d, pick); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DELETE FROM schedules WHERE doctor_id = $1`,
		`DELETE FROM schedule_exceptions WHERE doctor_id = $1`,
	} {
		if _, err := s.DB.Exec(q, d.ID); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	const returning = "998907300002"
	if _, err := s.DB.Exec(`INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ($1, 'Азиз', 'Рахимов', now())`, returning); err != nil {
		t.Fatal(err)
	}
	return []string{
		"WAITLIST_DOCTOR_ID=" + strconv.FormatInt(d.ID, 10),
		"WAITLIST_DOCTOR_SLUG=" + d.Slug,
		"WAITLIST_RETURNING_PHONE=" + returning,
	}
}

// calendarFixture prepares client/e2e/calendar.test.mjs: a patient with a
// visit in three days at a doctor free then. It returns them as
// CALENDAR_* environment variables.
func calendarFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	const patient = "907300091"
	var user int64
	if err := s.DB.Get(&user, `INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ($1, 'Камола', 'Азимова', now()) RETURNING id`, "998"+patient); err != nil {
		t.Fatal(err)
	}
	midnight, _ := time.ParseInLocation(booking.DateLayout, booking.Today(time.Now()), booking.Tashkent)
	start := midnight.AddDate(0, 0, 3).Add(10 * time.Hour)
	var visit int64
	const q = `
		INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
		SELECT dc.doctor_id, dc.clinic_id, tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'), 'booked', $1, $2, dc.price, true, 'Камола Азимова', 'self', now(), now(), now()
		FROM doctor_clinics dc
		WHERE NOT EXISTS (
			SELECT 1
			FROM appointments a
			WHERE a.doctor_id = dc.doctor_id
			  AND a.live
			  AND a.during && tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'))
		ORDER BY dc.doctor_id DESC, dc.clinic_id
		LIMIT 1
		RETURNING id`
	if err := s.DB.Get(&visit, q, start, user); err != nil {
		t.Fatal(err)
	}
	return []string{"CALENDAR_PATIENT=" + patient, "CALENDAR_VISIT=" + strconv.FormatInt(visit, 10)}
}

// documentsFixture prepares client/e2e/documents.test.mjs: a patient with
// a visit in two days at 11:00 (at a doctor free then), staff of that
// visit's clinic and of another clinic. It returns them as DOCS_*
// environment variables.
func documentsFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	const patient, staff, other = "907500001", "907500002", "907500003"
	var user int64
	if err := s.DB.Get(&user, `INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ($1, 'Дилноза', 'Каримова', now()) RETURNING id`, "998"+patient); err != nil {
		t.Fatal(err)
	}
	midnight, _ := time.ParseInLocation(booking.DateLayout, booking.Today(time.Now()), booking.Tashkent)
	start := midnight.AddDate(0, 0, 2).Add(11 * time.Hour)
	var v struct {
		ID     int64  `db:"id"`
		Clinic int64  `db:"clinic_id"`
		Slug   string `db:"slug"`
		Other  string `db:"other"`
	}
	const q = `
		WITH booked AS (
			INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
			SELECT dc.doctor_id, dc.clinic_id, tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'), 'booked', $1, $2, dc.price, true, 'Дилноза Каримова', 'self', now(), now(), now()
			FROM doctor_clinics dc
			WHERE NOT EXISTS (
				SELECT 1
				FROM appointments a
				WHERE a.doctor_id = dc.doctor_id
				  AND a.live
				  AND a.during && tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'))
			ORDER BY dc.doctor_id DESC, dc.clinic_id
			OFFSET 5
			LIMIT 1
			RETURNING id, clinic_id)
		SELECT b.id, b.clinic_id, c.slug,
		       (SELECT slug FROM clinics WHERE id <> b.clinic_id ORDER BY id DESC LIMIT 1) AS other
		FROM booked b
		JOIN clinics c ON c.id = b.clinic_id`
	if err := s.DB.Get(&v, q, start, user); err != nil {
		t.Fatal(err)
	}
	grantStaff(t, s, map[string]string{staff: v.Slug, other: v.Other})
	return []string{
		"DOCS_PATIENT=" + patient, "DOCS_VISIT=" + strconv.FormatInt(v.ID, 10), "DOCS_DAY=" + booking.Stamp(start)[:10],
		"DOCS_CLINIC=" + v.Slug, "DOCS_OTHER_CLINIC=" + v.Other, "DOCS_STAFF=" + staff, "DOCS_OTHER_STAFF=" + other,
	}
}

// onlineFixture prepares client/e2e/online.test.mjs: a patient with a
// visit of an online visit type in three days at 15:00 (at a doctor free
// then) and staff of that visit's clinic. It returns them as ONLINE_*
// environment variables.
func onlineFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	const patient, staff = "907600001", "907600002"
	var user int64
	if err := s.DB.Get(&user, `INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ($1, 'Шахло', 'Рахимова', now()) RETURNING id`, "998"+patient); err != nil {
		t.Fatal(err)
	}
	midnight, _ := time.ParseInLocation(booking.DateLayout, booking.Today(time.Now()), booking.Tashkent)
	start := midnight.AddDate(0, 0, 3).Add(15 * time.Hour)
	var v struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	const q = `
		WITH booked AS (
			INSERT INTO appointments (doctor_id, clinic_id, visit_type_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
			SELECT vt.doctor_id, vt.clinic_id, vt.id, tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'), 'booked', $1, $2, vt.price, true, 'Шахло Рахимова', 'self', now(), now(), now()
			FROM visit_types vt
			WHERE vt.active
			  AND vt.online
			  AND NOT EXISTS (
				SELECT 1
				FROM appointments a
				WHERE a.doctor_id = vt.doctor_id
				  AND a.live
				  AND a.during && tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'))
			ORDER BY vt.doctor_id DESC, vt.clinic_id
			LIMIT 1
			RETURNING id, clinic_id)
		SELECT b.id, c.slug
		FROM booked b
		JOIN clinics c ON c.id = b.clinic_id`
	if err := s.DB.Get(&v, q, start, user); err != nil {
		t.Fatal(err)
	}
	grantStaff(t, s, map[string]string{staff: v.Slug})
	return []string{
		"ONLINE_PATIENT=" + patient, "ONLINE_VISIT=" + strconv.FormatInt(v.ID, 10), "ONLINE_DAY=" + booking.Stamp(start)[:10],
		"ONLINE_CLINIC=" + v.Slug, "ONLINE_STAFF=" + staff,
	}
}
