package site_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/consultant"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/role"
	"sogliq/server/route"
	"sogliq/server/site/sitetest"
)

// auditTimeout bounds the browser audit: about 120 pages, each loaded once
// and checked at five widths, took 9 minutes on two loaded cores.
const auditTimeout = 20 * time.Minute

// auditPage is one page the audits visit: its path and the Cookie header
// of the visitor who may see it ("" for everyone).
type auditPage struct {
	Path   string `json:"path"`
	Cookie string `json:"cookie"`
	// Open, when set, is what the browser audit taps before checking (a
	// time that opens the booking dialog); the HTML checker sees the page.
	Open string `json:"open,omitempty"`
}

// auditPages is a real page for every route of the table in both
// languages (Tashkent, plus Samarkand's home), the private ones as a
// signed-in visitor holding the roles they need: a staff member of the
// first clinic with a booking and a consultant chat of their own, and a
// newcomer for the registration page.
func auditPages(t *testing.T, s *sitetest.Site, sms *smstest.Gateway) []auditPage {
	t.Helper()
	newcomer, _ := signIn(t, s, sms, "+998 90 711-00-02")
	member, _ := signIn(t, s, sms, "+998 90 711-00-01")
	token, _, _ := strings.Cut(member, "; is_new_user")
	bookingID, clinic := bookFirstFree(t, s, token)
	if err := role.NewStore(s.DB).Grant(context.Background(), "998907110001", role.Staff, clinic); err != nil {
		t.Fatal(err)
	}
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	var pages []auditPage
	for _, lang := range []string{"ru", "uz"} {
		chat := askConsultant(t, s, token, lang, "Болит голова")
		for _, r := range routes.Routes {
			rest := samplePath(t, s.DB, r, "tashkent")
			switch r.Name {
			case "booking":
				rest = fmt.Sprintf("/history/%d", bookingID)
			case "consultant-chat":
				rest = fmt.Sprintf("/profile/consultant/ai_chat/%d", chat)
			case "search":
				rest = "/search?q=" + map[string]string{"ru": "кардиолог", "uz": "kardiolog"}[lang]
			}
			cookie := ""
			switch r.Access {
			case route.AccessOptional, "":
			case route.AccessNewUser:
				cookie = newcomer
			default:
				cookie = token
			}
			prefix := route.Prefix(route.Place{Lang: lang, Region: "tashkent"}, r.Region)
			pages = append(pages, auditPage{Path: route.Join(prefix, rest), Cookie: cookie})
		}
		pages = append(pages, auditPage{Path: route.Join(route.Prefix(route.Place{Lang: lang, Region: "samarkand"}, true), "/")})
	}
	// The states a visitor meets beyond a route's sample (issue 34 item
	// 19): results with count chips, no results, the signed-in header of a
	// cached page, and the dialogs open.
	pages = append(pages,
		auditPage{Path: "/search?q=зуб"},
		auditPage{Path: "/uz/search?q=tish"},
		auditPage{Path: "/search?q=щщзжжх"},
		auditPage{Path: "/doctors/kardiolog", Cookie: token + "; signed_in=1"},
		auditPage{Path: "/doctors/kardiolog", Open: ".doctor-summary .slot-button"},
		auditPage{Path: "/uz/doctors", Open: ".region-picker__button"},
	)
	return pages
}

// TestPagesAudit checks every route's page, in both languages, with the
// Nu HTML Checker (0 errors) and, in Chromium, with axe-core at 390 and
// 1366 px (0 violations of any impact) and for horizontal overflow at 320,
// 360 and 390 px (client/e2e/audit/pages.test.mjs).
func TestPagesAudit(t *testing.T) {
	if testing.Short() {
		t.Skip("page audits skipped under -short")
	}
	root := sitetest.RepoRoot(t)
	node := requireBrowserTools(t, root)
	java := requireJava(t, root)
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{
		SMS:        &account.HTTPSender{URL: sms.URL},
		Consultant: &consultant.OpenAIModel{URL: llmtest.Start(t).URL, Model: "test"},
	})
	pages := auditPages(t, s, sms)
	t.Run("nu", func(t *testing.T) { checkNu(t, s, java, root, pages) })
	t.Run("browser", func(t *testing.T) { runAudit(t, s, node, root, pages) })
}

// checkNu fetches every page's HTML as its visitor and runs the Nu HTML
// Checker over all of them in one JVM.
func checkNu(t *testing.T, s *sitetest.Site, java, root string, pages []auditPage) {
	dir := t.TempDir()
	names := map[string]string{}
	var files []string
	for i, p := range pages {
		got := sitetest.Get(t, s.URL+p.Path, "Cookie", p.Cookie)
		if got.Resp.StatusCode != 200 {
			t.Errorf("%s: %d", p.Path, got.Resp.StatusCode)
			continue
		}
		file := filepath.Join(dir, fmt.Sprintf("page%03d.html", i))
		if err := os.WriteFile(file, []byte(got.Body), 0o644); err != nil {
			t.Fatal(err)
		}
		names["file:"+file] = p.Path
		files = append(files, file)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append([]string{"-jar", filepath.Join(root, "node_modules", "vnu-jar", "build", "dist", "vnu.jar"),
		"--format", "json", "--errors-only", "--exit-zero-always"}, files...)
	cmd := exec.CommandContext(ctx, java, args...)
	var out strings.Builder
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("vnu: %v\n%s", err, out.String())
	}
	var report struct {
		Messages []struct {
			URL       string `json:"url"`
			Type      string `json:"type"`
			Message   string `json:"message"`
			Extract   string `json:"extract"`
			FirstLine int    `json:"firstLine"`
			LastLine  int    `json:"lastLine"`
		} `json:"messages"`
	}
	if err := json.Unmarshal([]byte(out.String()), &report); err != nil {
		t.Fatalf("vnu's report: %v\n%s", err, out.String())
	}
	for _, m := range report.Messages {
		if m.Type != "error" && m.Type != "non-document-error" {
			continue
		}
		path := names[m.URL]
		if path == "" {
			path = m.URL
		}
		t.Errorf("%s: %s (line %d): %q", path, m.Message, m.LastLine, m.Extract)
	}
	t.Logf("Nu HTML Checker: %d pages, %d messages", len(files), len(report.Messages))
}

// runAudit runs the browser audits of client/e2e/audit over pages.
func runAudit(t *testing.T, s *sitetest.Site, node, root string, pages []auditPage) {
	list := filepath.Join(t.TempDir(), "pages.json")
	raw, _ := json.Marshal(pages)
	if err := os.WriteFile(list, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), auditTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=spec", filepath.Join(root, "client", "e2e", "audit", "pages.test.mjs"))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "BASE_URL="+s.URL, "AUDIT_PAGES="+list)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	logw := &lineLogger{t: t}
	cmd.Stdout = logw
	cmd.Stderr = logw
	err := cmd.Run()
	logw.flush()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("the page audit did not finish within %v", auditTimeout)
	}
	if err != nil {
		t.Fatalf("the page audit failed: %v (output above)", err)
	}
}

// requireJava returns the path of java, or skips the test (fails it when
// CI is set) if java or node_modules/vnu-jar is missing.
func requireJava(t *testing.T, root string) string {
	t.Helper()
	java, err := exec.LookPath("java")
	var missing []string
	if err != nil {
		missing = append(missing, "java (apt-get install -y default-jre-headless)")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "vnu-jar", "build", "dist", "vnu.jar")); err != nil {
		missing = append(missing, "node_modules/vnu-jar (run npm ci)")
	}
	if len(missing) == 0 {
		return java
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("the Nu HTML Checker cannot run in CI; install: %v", missing)
	}
	t.Skipf("\n*** SKIPPING THE PAGE AUDITS: missing %v ***\n*** they will FAIL in CI (CI is set there) ***", missing)
	return ""
}
