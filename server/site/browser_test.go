package site_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/consultant"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/role"
	"sogliq/server/site/sitetest"
)

// browserTimeout bounds the whole node run; a hung browser must not hang CI.
// The booking flow (two languages) added about a minute and a half.
const browserTimeout = 10 * time.Minute

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
	})

	editorEnv := editorFixture(t, s)

	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	defer cancel()
	// The files are named, not the folder: node 20 searches a folder, node 22
	// reads its arguments as globs.
	// E2E_ONLY=editor runs client/e2e/editor.test.mjs alone (while working on it).
	files, err := filepath.Glob(filepath.Join(root, "client", "e2e", os.Getenv("E2E_ONLY")+"*.test.mjs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no client/e2e/*.test.mjs (%v)", err)
	}
	args := append([]string{"--test", "--test-reporter=spec"}, files...)
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = root
	cmd.Env = append(append(os.Environ(), "BASE_URL="+s.URL, "SMS_GATEWAY_URL="+sms.URL), editorEnv...)
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
}

// editorFixture grants the editor role to the phone client/e2e/editor.test.mjs
// signs in with, and picks the doctor it edits: a Tashkent doctor outside
// the specialties the other browser tests list (kardiolog), moved to the
// specialty with the fewest Tashkent doctors (so it shows on the first
// page of the listing). It returns the test's environment.
func editorFixture(t *testing.T, s *sitetest.Site) []string {
	t.Helper()
	const phone = "998907400001"
	if err := role.NewStore(s.DB).Grant(context.Background(), phone, role.Editor, ""); err != nil {
		t.Fatal(err)
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
		"EDITOR_DOCTOR_ID=" + strconv.FormatInt(doctor.ID, 10),
		"EDITOR_DOCTOR_SLUG=" + doctor.Slug,
		"EDITOR_DOCTOR_NAME=" + doctor.Name,
		"EDITOR_SPECIALTY_ID=" + strconv.FormatInt(specialty.ID, 10),
		"EDITOR_SPECIALTY_SLUG=" + specialty.Slug,
		"EDITOR_SPECIALTY_NAME=" + specialty.Name,
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
