package site_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/role"
	"sogliq/server/site/sitetest"
)

// bookFirstFree books, as the user of cookies, the first free time among
// the first doctors; it returns the booking and its clinic's slug.
func bookFirstFree(t *testing.T, s *sitetest.Site, cookies string) (int64, string) {
	t.Helper()
	id := bookFirstFreeTime(t, s, cookies)
	var slug string
	if err := s.DB.Get(&slug, `SELECT c.slug FROM appointments a JOIN clinics c ON c.id = a.clinic_id WHERE a.id = $1`, id); err != nil {
		t.Fatal(err)
	}
	return id, slug
}

// TestDeskPage: /desk is private, never cached, noindex, in both
// languages; a clinic's staff sees its visit, another clinic's staff and
// a patient do not; staff see their clinic's booking rules.
func TestDeskPage(t *testing.T) {
	sms := smstest.Start(t)
	// What the desk shows and to whom, not how fast: a busy machine (the
	// CI's) once took the week's render past the 2 s deadline (503).
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}, RenderTimeout: 20 * time.Second, DBBudget: 20 * time.Second})
	patient, _ := signIn(t, s, sms, "+998 90 700-00-11")
	staff, _ := signIn(t, s, sms, "+998 90 700-00-12")
	other, _ := signIn(t, s, sms, "+998 90 700-00-13")
	id, clinic := bookFirstFree(t, s, patient)
	var otherClinic string
	if err := s.DB.Get(&otherClinic, `SELECT slug FROM clinics WHERE slug <> $1 ORDER BY id LIMIT 1`, clinic); err != nil {
		t.Fatal(err)
	}
	roles := role.NewStore(s.DB)
	if err := roles.Grant(context.Background(), "998907000012", role.Staff, clinic); err != nil {
		t.Fatal(err)
	}
	if err := roles.Grant(context.Background(), "998907000013", role.Staff, otherClinic); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.Exec(`INSERT INTO clinic_booking_rules (clinic_id, horizon_days, cancel_cutoff_hours) SELECT id, 45, 12 FROM clinics WHERE slug = $1`, clinic); err != nil {
		t.Fatal(err)
	}
	visit := fmt.Sprintf(`[data-visit="%d"]`, id)
	for _, test := range []struct {
		name, path, cookie, h1 string
		sees                   bool
		denied                 bool
		rules                  string
	}{
		{"staff", "/desk", staff, "Приём клиники: ", true, false,
			"Запись не больше чем на 45 дн. вперёд; пациент отменяет не позднее чем за 12 ч до приёма"},
		{"staff, uz", "/uz/desk", staff, "Klinika qabuli: ", true, false,
			"Ko'pi bilan 45 kun oldinga yoziladi; bemor qabuldan kamida 12 soat oldin bekor qiladi"},
		{"another clinic's staff", "/desk", other, "Приём клиники: ", false, false,
			"Запись не больше чем на 30 дн. вперёд; пациент отменяет не позднее чем за 2 ч до приёма"},
		{"a patient", "/desk", patient, "Приём клиники", false, true, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path, "Cookie", test.cookie)
			if p.Resp.StatusCode != 200 {
				t.Fatalf("%d", p.Resp.StatusCode)
			}
			if cc := p.Resp.Header.Get("Cache-Control"); cc != "private, no-store" || p.Resp.Header.Get("X-Cache") != "" {
				t.Errorf("Cache-Control %q, X-Cache %q", cc, p.Resp.Header.Get("X-Cache"))
			}
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
				t.Errorf("robots %q", got)
			}
			if got := sitetest.Text(p.One(t, "main h1")); !strings.HasPrefix(got, test.h1) {
				t.Errorf("h1 %q, want %q…", got, test.h1)
			}
			if got := len(p.All(t, visit)) > 0; got != test.sees {
				t.Errorf("sees the visit: %v, want %v", got, test.sees)
			}
			if got := len(p.All(t, ".desk__denied")) > 0; got != test.denied {
				t.Errorf("denied: %v, want %v", got, test.denied)
			}
			if rules := p.All(t, ".desk-rules summary"); test.rules != "" && (len(rules) != 1 || sitetest.Text(rules[0]) != test.rules) || test.rules == "" && len(rules) != 0 {
				t.Errorf("rules %d, want %q", len(rules), test.rules)
			}
		})
	}
	if p := sitetest.Get(t, s.URL+"/desk"); p.Resp.StatusCode != 302 {
		t.Errorf("nobody: %d", p.Resp.StatusCode)
	}
}
