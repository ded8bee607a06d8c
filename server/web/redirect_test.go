package web

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"

	"sogliq/server/page"
	"sogliq/server/route"
)

// serveRaw runs one request through the app without a network or Go's
// URL parser in between, so any bytes reach the handlers as a client
// could send them.
func serveRaw(handler fasthttp.RequestHandler, method, uri string, headers ...string) *fasthttp.Response {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(uri)
	req.Header.SetHost("sogliq.test")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	var ctx fasthttp.RequestCtx
	ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1234}, nil)
	handler(&ctx)
	resp := &fasthttp.Response{}
	ctx.Response.CopyTo(resp)
	return resp
}

// table is a RedirectLookup of fixed rows.
type table map[string]string

func (t table) Lookup(ctx context.Context, path string) (string, bool) {
	to, ok := t[path]
	return to, ok
}

// redirectServer is the test server with redirect tables whose rows try
// to leave the site, and a loader that redirects.
func redirectServer(t testing.TB) fasthttp.RequestHandler {
	t.Helper()
	s := newTestServer(t, page.Loaders{
		"doctor": func(_ context.Context, r page.Request) (page.Result, error) {
			if r.Params["slug"] == "moved" {
				return page.Result{}, &page.Redirect{Route: "doctor", Params: map[string]string{"slug": "//evil.example"}}
			}
			return page.Result{Data: map[string]any{}}, nil
		},
	}, io.Discard)
	s.Redirects = table{"/doctors/lor": "https://evil.example/x", "/doctors/ent": "//evil.example", "/doctors/old": "/doctors//new\\x"}
	s.RouteRules = table{"/doctors/rule": "/\\evil.example"}
	return s.App().Handler()
}

func TestRedirectsStayOnSite(t *testing.T) {
	h := redirectServer(t)
	for _, test := range []struct {
		uri      string
		status   int
		location string
	}{
		{"/ru//evil.example", 301, "/evil.example"},
		{"/en/\\evil.example", 301, "/evil.example"},
		{"/en/\\\\evil.example", 301, "/evil.example"},
		{"/ru/\\/evil.example?x=1", 301, "/evil.example?x=1"},
		{"/tashkent//doctors", 301, "/doctors"},
		{"//doctors/tashkent", 301, "/doctors"},
		{"/uz//tashkent//doctors", 301, "/uz/doctors"},
		{"//doctors", 301, "/doctors"},
		{"/\\doctors", 301, "/doctors"},
		{"/doctors\\", 301, "/doctors"},
		{"//doctors//?page=2", 301, "/doctors?page=2"},
		{"/uz//", 301, "/uz"},
		{"//", 301, "/"},
		{"/ru/%2F%2Fevil.example", 301, "/%2F%2Fevil.example"},
		{"/ru/%5Cevil.example", 301, "/%5Cevil.example"},
		{"/ru/%09/evil.example", 404, ""}, // a control byte names no page
		{"/ru/doctors?next=//evil.example&x=\\y", 301, "/doctors?next=//evil.example&x=%5Cy"},
		{"/ru/doctors?a=%0D%0ASet-Cookie:x", 301, "/doctors?a=%0D%0ASet-Cookie:x"},
		{"//evil.example", 404, ""},
		{"/\\evil.example", 404, ""},
		{"/doctors/samarkand/\\", 301, "/samarkand/doctors"},
		{"/doctors/old", 301, "/doctors/new/x"},              // a table row collapsed
		{"/doctors/lor", 500, ""},                            // a row off the site is refused, never followed
		{"/doctors/ent", 500, ""},                            //
		{"/doctors/rule", 500, ""},                           //
		{"/doctor/moved", 301, "/doctor/%2F%2Fevil.example"}, // a loader's redirect: the slug is escaped
	} {
		t.Run(test.uri, func(t *testing.T) {
			resp := serveRaw(h, "GET", test.uri)
			location := string(resp.Header.Peek("Location"))
			if resp.StatusCode() != test.status || location != test.location {
				t.Errorf("GET %q = %d Location %q, want %d %q", test.uri, resp.StatusCode(), location, test.status, test.location)
			}
		})
	}
}

// FuzzRedirectsStayOnSite: for any request path, query and language
// cookie, a Location the site answers with is a path of the site.
func FuzzRedirectsStayOnSite(f *testing.F) {
	for _, seed := range []string{"/ru//evil.example", "/en/\\evil.example", "/tashkent//doctors", "//doctors/tashkent",
		"/ru/\t/x", "/doctors/old", "/doctor/moved", "/ru/%2F%2Fx", "/?a=b", "/uz//", "/doctors/samarkand/", "/\\/x"} {
		f.Add(seed, "page=2", "uz")
	}
	h := redirectServer(f)
	f.Fuzz(func(t *testing.T, path, query, lang string) {
		uri := path
		if query != "" {
			uri += "?" + query
		}
		resp := serveRaw(h, "GET", uri, "Cookie", "lang="+strings.Map(cookieSafe, lang))
		location := string(resp.Header.Peek("Location"))
		if location == "" {
			return
		}
		if err := route.CheckLocation(location); err != nil {
			t.Fatalf("GET %q: %v", uri, err)
		}
	})
}

func cookieSafe(r rune) rune {
	if r < 0x21 || r > 0x7e || r == ';' {
		return -1
	}
	return r
}

// TestLanguageChoiceIsRemembered: the language switcher's link (?lang=
// naming the page's language) sets the language cookie for 365 days and
// sends the visitor, privately, to the page without the parameter, the
// rest of the query kept; then the bare root follows the cookie. A ?lang=
// that is not the page's language stores nothing.
func TestLanguageChoiceIsRemembered(t *testing.T) {
	h := redirectServer(t)
	for _, test := range []struct {
		uri, location, cookie string
	}{
		{"/uz/doctors/kardiolog?page=2&lang=uz", "/uz/doctors/kardiolog?page=2", "uz"},
		{"/uz?lang=uz", "/uz", "uz"},
		{"/?lang=ru", "/", "ru"},
		{"/doctors?lang=ru&sort=rating", "/doctors?sort=rating", "ru"},
		{"/doctors?lang=uz", "/doctors", ""},
		{"/uz/doctors?lang=xx", "/uz/doctors", ""},
	} {
		resp := serveRaw(h, "GET", test.uri)
		if resp.StatusCode() != 302 || string(resp.Header.Peek("Location")) != test.location {
			t.Errorf("GET %s = %d to %q, want 302 to %q", test.uri, resp.StatusCode(), resp.Header.Peek("Location"), test.location)
		}
		if cc := string(resp.Header.Peek("Cache-Control")); cc != "private, no-store" {
			t.Errorf("GET %s: Cache-Control %q", test.uri, cc)
		}
		var c fasthttp.Cookie
		c.SetKey("lang")
		stored := resp.Header.Cookie(&c)
		switch {
		case test.cookie == "" && stored:
			t.Errorf("GET %s stored the language %q", test.uri, c.Value())
		case test.cookie != "" && (!stored || string(c.Value()) != test.cookie || c.MaxAge() != 365*24*60*60 || string(c.Path()) != "/" || c.SameSite() != fasthttp.CookieSameSiteLaxMode):
			t.Errorf("GET %s: cookie %s, want lang=%s for 365 days on /", test.uri, c.String(), test.cookie)
		}
	}
	// Back at the bare root, the stored choice leads to /uz.
	resp := serveRaw(h, "GET", "/", "Cookie", "lang=uz")
	if resp.StatusCode() != 302 || string(resp.Header.Peek("Location")) != "/uz" {
		t.Errorf("GET / with lang=uz = %d to %q, want /uz", resp.StatusCode(), resp.Header.Peek("Location"))
	}
}
