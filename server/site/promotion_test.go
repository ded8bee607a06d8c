package site_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rsc.io/pdf"

	"sogliq/server/site/sitetest"
)

// seeded reads one value from the seeded database.
func seeded[T any](t *testing.T, s *sitetest.Site, q string, args ...any) T {
	t.Helper()
	var v T
	if err := s.DB.GetContext(context.Background(), &v, q, args...); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestPromotionPages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	slug := seeded[string](t, s, `SELECT slug FROM promotions WHERE ends_on >= current_date ORDER BY id LIMIT 1`)
	clinic := strconv.FormatInt(seeded[int64](t, s, `SELECT clinic_id FROM promotions WHERE ends_on >= current_date ORDER BY id LIMIT 1`), 10)
	for _, test := range []struct {
		path, lang, h1, selector string
		min                      int
	}{
		{"/promotion", "ru", "Акции клиник — Ташкент", "article.promotion-summary", 10},
		{"/uz/promotion", "uz", "Klinikalar aksiyalari — Toshkent", "article.promotion-summary del", 10},
		{"/promotion?page=2", "ru", "Акции клиник", "article.promotion-summary", 4},
		{"/samarkand/promotion", "ru", "Акции клиник — Самарканд", "article.promotion-summary", 3},
		{"/uz/samarkand/promotion", "uz", "Samarqand", "article.promotion-summary strong", 3},
		{"/promotion/" + slug, "ru", "", ".promotion-facts del", 1},
		{"/uz/promotion/" + slug, "uz", "", `.promotion-facts a[href^="/uz/klinika/"]`, 1},
		{"/promotion/clinic/" + clinic, "ru", "Акции клиники", "article.promotion-summary", 1},
		{"/uz/promotion/clinic/" + clinic, "uz", "klinikasi aksiyalari", "article.promotion-summary", 1},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			expectPage(t, p, test.lang, test.h1)
			if got := len(p.All(t, test.selector)); got < test.min {
				t.Errorf("%d nodes match %q, want at least %d", got, test.selector, test.min)
			}
		})
	}
}

// TestPromotionLifecycle: an ended promotion leaves the lists at once, its
// page stays (marked ended, noindex) within the grace period, then is 410.
func TestPromotionLifecycle(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	ctx := context.Background()
	clinic := seeded[int64](t, s, `SELECT c.id FROM clinics c JOIN regions r ON r.id = c.region_id WHERE r.slug = 'tashkent' ORDER BY c.id LIMIT 1`)
	// Days far from the 30-day boundary, so a midnight between insert and
	// request cannot change the answer.
	for slug, endedDaysAgo := range map[string]int{"recently-ended": 5, "long-ended": 40} {
		_, err := s.DB.ExecContext(ctx, `
			INSERT INTO promotions (slug, clinic_id, title_ru, title_uz, old_price, new_price, starts_on, ends_on)
			VALUES ($1, $2, 'Закончилась', 'Tugagan', 100000, 80000, current_date - 100, current_date - $3::int)`,
			slug, clinic, endedDaysAgo)
		if err != nil {
			t.Fatal(err)
		}
	}
	p := sitetest.Get(t, s.URL+"/promotion/recently-ended")
	if p.Resp.StatusCode != 200 {
		t.Fatalf("within the grace period: status %d, want 200", p.Resp.StatusCode)
	}
	p.One(t, ".promotion-ended")
	p.One(t, `head > meta[name="robots"][content^="noindex"]`)
	for _, path := range []string{"/promotion/long-ended", "/uz/promotion/long-ended"} {
		if p := sitetest.Get(t, s.URL+path); p.Resp.StatusCode != http.StatusGone {
			t.Errorf("%s: status %d, want 410", path, p.Resp.StatusCode)
		}
	}
	for _, path := range []string{"/promotion", "/promotion?page=2", "/promotion/clinic/" + strconv.FormatInt(clinic, 10)} {
		for _, a := range sitetest.Get(t, s.URL+path).All(t, "article.promotion-summary h2 a") {
			if h := sitetest.Attr(a, "href"); strings.HasSuffix(h, "-ended") {
				t.Errorf("%s lists the ended promotion %s", path, h)
			}
		}
	}
}

func TestPromotionErrors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path   string
		status int
	}{
		{"/promotion/no-such-promotion", 404},
		{"/uz/promotion/no-such-promotion", 404},
		{"/promotion/clinic/999999", 404},
		{"/promotion/clinic/abc", 404},
		{"/samarkand/promotion/clinic/1", 404},
		{"/promotion?page=99", 404},
		{"/promotion?page=x", 400},
		{"/uz/promotion/clinic/1?page=0", 400},
		{"/cert/NO-SUCH-CODE.pdf", 404},
		{"/uz/cert/NO-SUCH-CODE.pdf", 404},
		{"/cert/SQ0001", 404},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			p.One(t, ".error-page__status")
		})
	}
	// An ended promotion's certificate is a 404 page, not a PDF.
	code := seeded[string](t, s, `SELECT pc.code FROM promotion_certificates pc JOIN promotions p ON p.id = pc.promotion_id WHERE p.ends_on < current_date LIMIT 1`)
	p := sitetest.Get(t, s.URL+"/cert/"+code+".pdf")
	if p.Resp.StatusCode != 404 || !strings.HasPrefix(p.Resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("ended certificate: %d %s, want the 404 page", p.Resp.StatusCode, p.Resp.Header.Get("Content-Type"))
	}
}

// TestCertificatePDF: the voucher parses as a PDF and carries its code, in
// both languages.
func TestCertificatePDF(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	code := seeded[string](t, s, `SELECT pc.code FROM promotion_certificates pc JOIN promotions p ON p.id = pc.promotion_id WHERE current_date BETWEEN p.starts_on AND p.ends_on ORDER BY pc.code LIMIT 1`)
	for _, test := range []struct{ path, title string }{
		{"/cert/" + code + ".pdf", "Сертификат " + code},
		{"/uz/cert/" + code + ".pdf", "Sertifikat " + code},
	} {
		t.Run(test.path, func(t *testing.T) {
			resp, err := http.Get(s.URL + test.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" {
				t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			doc, err := pdf.NewReader(bytes.NewReader(body), int64(len(body)))
			if err != nil {
				t.Fatalf("not a PDF: %v", err)
			}
			if n := doc.NumPage(); n != 1 {
				t.Errorf("%d pages, want 1", n)
			}
			info := doc.Trailer().Key("Info")
			if got := info.Key("Title").Text(); got != test.title {
				t.Errorf("title %q, want %q", got, test.title)
			}
			if got := info.Key("Keywords").Text(); got != code {
				t.Errorf("keywords %q, want the code %q", got, code)
			}
			fonts := doc.Page(1).Resources().Key("Font")
			if len(fonts.Keys()) == 0 {
				t.Fatal("no fonts")
			}
			for _, k := range fonts.Keys() {
				f := fonts.Key(k)
				name := f.Key("BaseFont").Name()
				embedded := f.Key("DescendantFonts").Index(0).Key("FontDescriptor").Key("FontFile2").Kind() == pdf.Stream
				if f.Key("Subtype").Name() != "Type0" || !strings.Contains(strings.ToLower(name), "dejavu") || !embedded {
					t.Errorf("font %s is %s %s (embedded %v), want an embedded DejaVu", k, f.Key("Subtype").Name(), name, embedded)
				}
			}
			if len(doc.Page(1).Resources().Key("XObject").Keys()) != 1 {
				t.Error("no QR image on the page")
			}
		})
	}
}

func TestTelegramLayout(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, lang string }{{"/opentelegram", "ru"}, {"/uz/opentelegram", "uz"}} {
		p := sitetest.Get(t, s.URL+test.path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", test.path, p.Resp.StatusCode)
		}
		if got := sitetest.Attr(p.One(t, "html"), "lang"); got != test.lang {
			t.Errorf("%s: lang %q", test.path, got)
		}
		if n := len(p.All(t, "header, footer, .sidebar")); n != 0 {
			t.Errorf("%s: %d header/footer elements, want none", test.path, n)
		}
		p.One(t, `main.telegram form[role="search"] input[name="q"]`)
		if n := len(p.All(t, "main.telegram nav a")); n < 8 {
			t.Errorf("%s: %d quick links, want 8", test.path, n)
		}
		p.One(t, `head > meta[name="robots"][content^="noindex"]`)
	}
}
