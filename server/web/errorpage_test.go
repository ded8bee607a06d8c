package web

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"sogliq/server/cache"
	"sogliq/server/i18n"
	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/ssr"
)

// TestMethodNotAllowedSaysSo: a page asked with POST is a 405 whose
// message says so in the visitor's language, not "bad request".
func TestMethodNotAllowedSaysSo(t *testing.T) {
	s := newTestServer(t, nil, io.Discard)
	for _, test := range []struct{ path, want string }{
		{"/doctors", "Этот адрес так не открывается"},
		{"/uz/doctors", "Bu manzil bunday ochilmaydi"},
	} {
		resp, err := s.App().Test(httptest.NewRequest("POST", test.path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 405 || !bytes.Contains(body, []byte(test.want)) {
			t.Errorf("POST %s: %d %s, want 405 saying %q", test.path, resp.StatusCode, body, test.want)
		}
		for _, bad := range []string{"Неверный запрос", "Noto'g'ri so'rov"} {
			if bytes.Contains(body, []byte(bad)) {
				t.Errorf("POST %s says %q", test.path, bad)
			}
		}
	}
}

// TestFallbackErrorPageHasTheChrome: when the renderer cannot render even
// the error page, the page written by hand has the error layout's chrome:
// the stylesheets, the logo, the six links of the top navigation, the
// status picture, the way home and the app's store links, in the visitor's
// language.
func TestFallbackErrorPageHasTheChrome(t *testing.T) {
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	broken := &ssr.Bundle{
		ID:       "broken",
		Server:   `globalThis.__sogliqRender = function () { throw new Error("no renderer"); };`,
		Assets:   map[string][]byte{"media/404-AAAA.svg": []byte("<svg/>"), "media/500-BBBB.svg": []byte("<svg/>"), "app-CCCC.css": []byte("")},
		Manifest: ssr.Manifest{CSS: []string{"/assets/app-CCCC.css"}},
	}
	engine, err := ssr.NewEngine(broken, ssr.Options{Size: 1, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	loaders := page.Loaders{}
	for _, r := range routes.Routes {
		loaders[r.Name] = func(context.Context, page.Request) (page.Result, error) {
			return page.Result{Data: map[string]any{}}, nil
		}
	}
	s, err := New(Deps{
		PublicURL: "https://sogliq.test", Engine: engine, Cache: cache.New(nil, cache.Options{Logger: logger}),
		Routes: routes, Dict: dict, Regions: []region.Region{{ID: 1, Slug: "tashkent"}}, Loaders: loaders, Logger: logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		path, lang, picture, home, doctors, message string
		status                                      int
	}{
		{"/uz/nowhere", "uz", "/assets/media/404-AAAA.svg", "/uz", "/uz/doctors", "Sahifa topilmadi: /uz/nowhere", 404},
		{"/doctors", "ru", "/assets/media/500-BBBB.svg", "/", "/doctors", "Что-то пошло не так", 500},
	} {
		resp, err := s.App().Test(httptest.NewRequest("GET", test.path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != test.status {
			t.Fatalf("%s: status %d, want %d", test.path, resp.StatusCode, test.status)
		}
		doc, err := html.Parse(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		all := func(sel string) []*html.Node { return cascadia.QueryAll(doc, cascadia.MustCompile(sel)) }
		attr := func(sel, name string) string {
			for _, n := range all(sel) {
				for _, a := range n.Attr {
					if a.Key == name {
						return a.Val
					}
				}
			}
			return ""
		}
		checks := []struct {
			what      string
			got, want string
		}{
			{"html lang", attr("html", "lang"), test.lang},
			{"stylesheet", attr(`link[rel="stylesheet"]`, "href"), "/assets/app-CCCC.css"},
			{"logo", attr("header a.header__logo", "href"), test.home},
			{"first link of the navigation", attr("header nav.error-header__nav a", "href"), test.doctors},
			{"picture", attr("img.error-page__image", "src"), test.picture},
			{"way home", attr(".error-page__actions a.button:not(.button--outline)", "href"), test.home},
			{"Google Play", attr(`.error-page__actions a[href^="https://play.google.com/"]`, "rel"), "noopener"},
			{"App Store", attr(`.error-page__actions a[href^="https://apps.apple.com/"]`, "rel"), "noopener"},
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("%s: %s = %q, want %q", test.path, c.what, c.got, c.want)
			}
		}
		if n := len(all("header nav.error-header__nav a")); n != 6 {
			t.Errorf("%s: %d links in the navigation, want 6", test.path, n)
		}
		if h1 := all("h1.error-page__message"); len(h1) != 1 || !strings.HasPrefix(textOf(h1[0]), test.message) {
			t.Errorf("%s: no heading with %q", test.path, test.message)
		}
		if len(all("script")) != 0 {
			t.Errorf("%s: the fallback has a script", test.path)
		}
	}
}

// textOf is the text inside n.
func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
	}
	return b.String()
}
