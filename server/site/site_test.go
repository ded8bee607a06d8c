package site_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// doctorSlug returns the slug of a seeded doctor.
func doctorSlug(t *testing.T, s *sitetest.Site, region string) string {
	t.Helper()
	var slug string
	err := s.DB.GetContext(context.Background(), &slug, `
		SELECT d.slug
		FROM doctors d
		JOIN regions r ON r.id = d.region_id
		WHERE r.slug = $1
		ORDER BY d.id
		LIMIT 1`, region)
	if err != nil {
		t.Fatal(err)
	}
	return slug
}

func TestPages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	doctor := doctorSlug(t, s, "tashkent")
	for _, test := range []struct {
		path      string
		lang      string
		h1        string // a part of the h1
		canonical string // path of the canonical URL
		cards     int    // doctor cards expected, -1 for no check
	}{
		{"/", "ru", "Найдите врача", "/", -1},
		{"/uz", "uz", "shifokor", "/uz", -1},
		{"/samarkand", "ru", "Найдите врача", "/samarkand", -1},
		{"/uz/samarkand", "uz", "shifokor", "/uz/samarkand", -1},
		{"/doctors", "ru", "Врачи по специальностям", "/doctors", -1},
		{"/uz/doctors", "uz", "Mutaxassislik", "/uz/doctors", -1},
		{"/samarkand/doctors", "ru", "Врачи по специальностям", "/samarkand/doctors", -1},
		{"/uz/fergana/doctors", "uz", "Mutaxassislik", "/uz/fergana/doctors", -1},
		{"/doctors/kardiolog", "ru", "Кардиолог — Ташкент", "/doctors/kardiolog", 20},
		{"/uz/doctors/kardiolog", "uz", "Kardiolog — Toshkent", "/uz/doctors/kardiolog", 20},
		{"/doctors/kardiolog?page=2&utm_source=x", "ru", "Кардиолог", "/doctors/kardiolog?page=2", 20},
		{"/doctors/kardiolog?page=1", "ru", "Кардиолог", "/doctors/kardiolog", 20},
		{"/samarkand/doctors/kardiolog", "ru", "Кардиолог — Самарканд", "/samarkand/doctors/kardiolog", -1},
		{"/uz/samarkand/doctors/kardiolog", "uz", "Kardiolog — Samarqand", "/uz/samarkand/doctors/kardiolog", -1},
		{"/doctors/kardiolog/deti", "ru", "Детский кардиолог", "/doctors/kardiolog/deti", -1},
		{"/uz/doctors/kardiolog/deti", "uz", "Bolalar kardiologi", "/uz/doctors/kardiolog/deti", -1},
		{"/doctor/" + doctor, "ru", "", "/doctor/" + doctor, -1},
		{"/uz/doctor/" + doctor, "uz", "", "/uz/doctor/" + doctor, -1},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != 200 {
				t.Fatalf("status %d, want 200", p.Resp.StatusCode)
			}
			if got := sitetest.Attr(p.One(t, "html"), "lang"); got != test.lang {
				t.Errorf("html lang = %q, want %q", got, test.lang)
			}
			if h1 := sitetest.Text(p.One(t, "main h1")); !strings.Contains(strings.ToLower(h1), strings.ToLower(test.h1)) {
				t.Errorf("h1 = %q, want it to contain %q", h1, test.h1)
			}
			if title := sitetest.Text(p.One(t, "head > title")); title == "" {
				t.Error("empty title")
			}
			if got := sitetest.Attr(p.One(t, `head > meta[name="description"]`), "content"); got == "" {
				t.Error("empty description")
			}
			if got, want := sitetest.Attr(p.One(t, `head > link[rel="canonical"]`), "href"), s.URL+test.canonical; got != want {
				t.Errorf("canonical = %q, want %q", got, want)
			}
			for _, lang := range []string{"ru", "uz", "x-default"} {
				p.One(t, `head > link[rel="alternate"][hreflang="`+lang+`"]`)
			}
			if got := sitetest.Attr(p.One(t, `head > meta[property="og:url"]`), "content"); got != s.URL+test.canonical {
				t.Errorf("og:url = %q, want the canonical URL", got)
			}
			if got := sitetest.Attr(p.One(t, `head > meta[property="og:title"]`), "content"); got != sitetest.Text(p.One(t, "head > title")) {
				t.Errorf("og:title = %q differs from the title", got)
			}
			// The site's default picture, or the entity's own (a doctor's photo).
			if got := sitetest.Attr(p.One(t, `head > meta[property="og:image"]`), "content"); !strings.HasPrefix(got, s.URL+"/assets/") && !strings.HasPrefix(got, s.URL+"/media/") {
				t.Errorf("og:image = %q, want an absolute asset or media URL", got)
			} else if resp, err := http.Get(got); err != nil || resp.StatusCode != 200 {
				t.Errorf("og:image %s: %v %v", got, err, resp)
			} else {
				resp.Body.Close()
			}
			if test.cards >= 0 {
				if got := len(p.All(t, "article.doctor-summary")); got != test.cards {
					t.Errorf("%d doctor cards, want %d", got, test.cards)
				}
			}
			// Header and footer carry every link target of spec §2.
			for _, href := range []string{"/kliniki", "/kliniki/tip-roddoma", "/doctors", "/diagnostika", "/uslugi", "/uslugi/analizy",
				"/products", "/promotion", "/bolezn", "/simptom", "/privacy", "/about-us", "/press", "/contacts", "/faq", "/terms", "/news", "/articles"} {
				if !hasLinkEnding(t, p, href) {
					t.Errorf("no link to %s", href)
				}
			}
		})
	}
}

// hasLinkEnding reports whether the page links to path in any language or region form.
func hasLinkEnding(t *testing.T, p sitetest.Page, path string) bool {
	for _, a := range p.All(t, "a[href]") {
		if strings.HasSuffix(sitetest.Attr(a, "href"), path) {
			return true
		}
	}
	return false
}

func TestListingsFilterByRegion(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, region := range []string{"samarkand", "fergana"} {
		p := sitetest.Get(t, s.URL+"/"+region+"/doctors/kardiolog")
		links := p.All(t, "article.doctor-summary h2 a")
		if len(links) == 0 {
			t.Fatalf("%s: no cardiologists listed", region)
		}
		for _, a := range links {
			slug := strings.TrimPrefix(sitetest.Attr(a, "href"), "/doctor/")
			var got string
			err := s.DB.GetContext(context.Background(), &got, `
				SELECT r.slug
				FROM doctors d
				JOIN regions r ON r.id = d.region_id
				WHERE d.slug = $1`, slug)
			if err != nil {
				t.Fatalf("doctor %q: %v", slug, err)
			}
			if got != region {
				t.Errorf("%s listing shows %s from %s", region, slug, got)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	doctor := doctorSlug(t, s, "tashkent")
	for _, test := range []struct {
		path    string
		status  int
		lang    string
		message string
		back    bool
	}{
		{"/nope", 404, "ru", "Страница не найдена: /nope", true},
		{"/uz/nope", 404, "uz", "Sahifa topilmadi: /uz/nope", true},
		{"/doctors/no-such-specialty", 404, "ru", "Страница не найдена", true},
		{"/doctor/no-such-doctor", 404, "ru", "Страница не найдена", true},
		{"/samarkand/doctor/" + doctor, 404, "ru", "Страница не найдена", true},
		{"/doctors/kardiolog?page=999", 404, "ru", "Страница не найдена", true},
		{"/doctors/kardiolog?page=abc", 400, "ru", "Неверный запрос", false},
		{"/uz/doctors/kardiolog?page=0", 400, "uz", "Noto'g'ri so'rov", false},
		{"/doctor/%3Cscript%3Ealert(1)%3C%2Fscript%3E", 404, "ru", "Страница не найдена", true},
		{"/doctor/%FF%FE", 404, "ru", "Страница не найдена", true},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			if got := sitetest.Attr(p.One(t, "html"), "lang"); got != test.lang {
				t.Errorf("html lang = %q, want %q", got, test.lang)
			}
			if got := sitetest.Text(p.One(t, ".error-page__status")); got != itoa(test.status) {
				t.Errorf("status shown = %q", got)
			}
			if got := sitetest.Text(p.One(t, ".error-page__message")); !strings.Contains(got, test.message) {
				t.Errorf("message = %q, want it to contain %q", got, test.message)
			}
			img := sitetest.Attr(p.One(t, "img.error-page__image"), "src")
			if wantImg := map[bool]string{true: "/404-", false: "/500-"}[test.status == 404]; !strings.Contains(img, wantImg) {
				t.Errorf("image %q, want the %s image", img, wantImg)
			}
			if got := len(p.All(t, ".error-page__actions a.button")) == 1; got != test.back {
				t.Errorf("back-to-main button shown = %v, want %v", got, test.back)
			}
			if got := len(p.All(t, ".error-header__nav a")); got != 6 {
				t.Errorf("%d top navigation links, want 6", got)
			}
			p.One(t, `[data-island="DownloadApp"]`)
			if strings.Contains(p.Body, "<script>alert") || strings.Contains(p.Body, "goroutine") {
				t.Error("the error page echoes markup or a stack trace")
			}
			if cc := p.Resp.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control = %q, want no-store", cc)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
func TestRedirects(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, to string }{
		{"/doctors/", "/doctors"},
		{"/doctors/kardiolog/?page=2", "/doctors/kardiolog?page=2"},
		{"/uz/", "/uz"},
		{"/tashkent/doctors", "/doctors"},
		{"/uz/tashkent/doctors/kardiolog?page=2", "/uz/doctors/kardiolog?page=2"},
		{"/tashkent", "/"},
	} {
		t.Run(test.path, func(t *testing.T) {
			expectMoved(t, s.URL+test.path, test.to)
		})
	}
}

// expectMoved checks that url answers 301 to the path to.
func expectMoved(t *testing.T, url, to string) {
	t.Helper()
	p := sitetest.Get(t, url)
	if p.Resp.StatusCode != 301 {
		t.Fatalf("status %d, want 301", p.Resp.StatusCode)
	}
	if got := p.Resp.Header.Get("Location"); got != to {
		t.Errorf("Location = %q, want %q", got, to)
	}
}

func TestHealth(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, path := range []string{"/healthz", "/readyz"} {
		if p := sitetest.Get(t, s.URL+path); p.Resp.StatusCode != 200 {
			t.Errorf("%s: status %d", path, p.Resp.StatusCode)
		}
	}
	s.DB.Close()
	if p := sitetest.Get(t, s.URL+"/readyz"); p.Resp.StatusCode != 503 {
		t.Errorf("/readyz with the database closed: status %d, want 503", p.Resp.StatusCode)
	}
}
