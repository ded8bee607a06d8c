package site_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/site/sitetest"
)

// securityHeaderNames are the headers every answer carries (web.securityHeaders).
var securityHeaderNames = []string{"X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Content-Security-Policy"}

// TestOversizedRequestsCarrySecurityHeaders: a request line or a header
// past the 16 KiB read buffer is answered 431 by fasthttp before any
// middleware runs; the answer still carries the security headers (issue
// 11, item 8). Sent over raw TCP: Go's client would refuse to send them.
func TestOversizedRequestsCarrySecurityHeaders(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	normal, err := http.Get(s.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	normal.Body.Close()
	for _, test := range []struct{ name, request string }{
		{"request line", "GET /" + strings.Repeat("a", 20<<10) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
		{"header", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("b", 20<<10) + "\r\nConnection: close\r\n\r\n"},
		{"many headers", "GET / HTTP/1.1\r\nHost: x\r\n" + strings.Repeat("X-H: "+strings.Repeat("c", 100)+"\r\n", 200) + "Connection: close\r\n\r\n"},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp := rawRequest(t, s.URL, test.request)
			if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
				t.Fatalf("status %d, want 431", resp.StatusCode)
			}
			for _, name := range securityHeaderNames {
				if got, want := resp.Header.Get(name), normal.Header.Get(name); got == "" || got != want {
					t.Errorf("%s = %q, want %q as on every answer", name, got, want)
				}
			}
		})
	}
}

// rawRequest writes request as given on a new connection and reads the answer.
func rawRequest(t *testing.T, base, request string) *http.Response {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := conn.Write([]byte(request)); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(resp.Body); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// TestNotFoundEchoesThePathOnce: a 10 KB path gets a 404 page no bigger
// than a short path's (plus the echo), showing the path once, cut to 200
// characters with an ellipsis (issue 11: 5 echoes made 54 KB).
func TestNotFoundEchoesThePathOnce(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	short := sitetest.Get(t, s.URL+"/nope")
	for _, test := range []struct {
		name, path, shown string
	}{
		{"10 KB", "/" + strings.Repeat("a", 10<<10), "/" + strings.Repeat("a", 199) + "…"},
		// The path as requested, percent escapes and all.
		{"markup", "/%3Cb%3Ex%3C%2Fb%3E" + strings.Repeat("z", 300), "/%3Cb%3Ex%3C%2Fb%3E" + strings.Repeat("z", 181) + "…"},
		{"short", "/nope-at-all", "/nope-at-all"},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != http.StatusNotFound {
				t.Fatalf("status %d, want 404", p.Resp.StatusCode)
			}
			want := "Страница не найдена: " + test.shown
			if got := sitetest.Text(p.One(t, ".error-page__message")); got != want {
				t.Errorf("message = %q, want %q", got, want)
			}
			// Counted on the text of the document (markup decoded), so an
			// echo in an attribute or a script counts too.
			if n := strings.Count(p.Body, escapeText(test.shown)); n != 1 {
				t.Errorf("the path appears %d times in the page, want once", n)
			}
			if limit := len(short.Body) + 4*len(test.shown); len(p.Body) > limit {
				t.Errorf("page of %d bytes, want at most %d (a short path's page is %d)", len(p.Body), limit, len(short.Body))
			}
		})
	}
}

// escapeText is how React writes text: <, >, & and quotes escaped.
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// TestErrorPagesNameNoURL: a 404, 400, 410, 500 or 503 page is noindex and
// names no canonical URL, hreflang alternate or og:url: the URL asked is no
// page (issue 11, item 8).
func TestErrorPagesNameNoURL(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	// Every query runs out of budget at once: the 503 page.
	slow := sitetest.Start(t, sitetest.Options{DBBudget: time.Nanosecond})
	// A closed pool is no outage but a fault: the 500 page.
	closedDB := dbtest.NewSeeded(t)
	broken := sitetest.StartWithDB(t, closedDB, sitetest.Options{})
	closedDB.Close()
	for _, test := range []struct {
		name, url string
		status    int
	}{
		{"404", s.URL + "/nope/at/all", 404},
		{"404 uz, regional", s.URL + "/uz/samarkand/doctors/no-such-specialty", 404},
		{"400", s.URL + "/doctors/kardiolog?page=abc", 400},
		{"503", slow.URL + "/doctors", 503},
		{"500", broken.URL + "/uz/doctors", 500},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, test.url)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			p.One(t, ".error-page__message") // the React error page, not the last resort
			for _, sel := range []string{`link[rel="canonical"]`, `link[rel="alternate"]`, `meta[property="og:url"]`, `link[hreflang]`} {
				if n := len(p.All(t, sel)); n != 0 {
					t.Errorf("%d %s on the error page, want none", n, sel)
				}
			}
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.HasPrefix(got, "noindex") {
				t.Errorf("robots = %q, want noindex", got)
			}
		})
	}
	// A page that exists keeps them.
	p := sitetest.Get(t, s.URL+"/doctors")
	if len(p.All(t, `link[rel="canonical"]`)) != 1 || len(p.All(t, `link[rel="alternate"]`)) != 3 {
		t.Error("/doctors lost its canonical or hreflang links")
	}
}

// TestAPIBodiesAreJSON walks every state-changing API route the app has
// (its route list, so a new route is covered without a line here): a
// text/plain body is a 415 and malformed JSON a 400, in the caller's
// language, before any guard or handler ran (issue 11, item 8).
func TestAPIBodiesAreJSON(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, r := range s.App.GetRoutes(true) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		default:
			continue
		}
		if !strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		// Parameters get a value of the right shape; the body is refused first.
		var segs []string
		for _, seg := range strings.Split(r.Path, "/") {
			if strings.HasPrefix(seg, ":") {
				seg = "1"
			}
			segs = append(segs, seg)
		}
		paths = append(paths, r.Method+" "+strings.Join(segs, "/"))
	}
	// The routes known today, so an empty walk cannot pass.
	for _, want := range []string{"POST /api/auth/code", "PUT /api/account/profile", "DELETE /api/bookings/holds/1", "POST /api/consultant/chats/1/messages"} {
		if !slices.Contains(paths, want) {
			t.Fatalf("route list %q lacks %s", paths, want)
		}
	}
	rules := s.Server.Bodies
	for _, route := range paths {
		method, path, _ := strings.Cut(route, " ")
		for _, test := range []struct {
			name, contentType, body string
			status                  int
			key                     string
		}{
			{"text/plain", "text/plain", `{"phone":"+998901234567"}`, 415, "api.notJSON"},
			{"no type", "", `{"phone":"+998901234567"}`, 415, "api.notJSON"},
			{"malformed JSON", "application/json", `{"phone":`, 400, "api.badBody"},
			{"escaped NUL", "application/json; charset=utf-8", `{"phone":"\u0000"}`, 400, "api.badBody"},
			// A handler that reads no body must not act on a form, a
			// picture or a (malformed) multipart body either.
			{"form", "application/x-www-form-urlencoded", "question=x&confirm=yes", 415, "api.notJSON"},
			{"picture", "image/png", "\x89PNG", 415, "api.notJSON"},
			{"malformed multipart", "multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=", 415, "api.notJSON"},
		} {
			if (test.name == "form" && slices.Contains(rules.Forms, path)) || (test.status == 415 && slices.Contains(rules.Uploads, path)) {
				continue // the paths that take them
			}
			for _, lang := range []string{"ru", "uz"} {
				req, err := http.NewRequest(method, s.URL+path+"?lang="+lang, strings.NewReader(test.body))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", test.contentType)
				if test.contentType == "" {
					req.Header.Del("Content-Type")
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				var got struct{ Error string }
				err = json.NewDecoder(resp.Body).Decode(&got)
				resp.Body.Close()
				if resp.StatusCode != test.status || err != nil || got.Error != dict.T(lang, test.key) {
					t.Errorf("%s %s, %s, lang %s = %d %q (%v); want %d %q",
						method, path, test.name, lang, resp.StatusCode, got.Error, err, test.status, dict.T(lang, test.key))
				}
			}
		}
	}
	t.Logf("%d routes: %s", len(paths), strings.Join(paths, ", "))
}

// TestNoRedirectLeavesTheSite: issue 11's redirect cases and their
// neighbours, sent raw (Go's client would clean the paths), with the exact
// status and Location: every Location is a path of this site.
func TestNoRedirectLeavesTheSite(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path   string
		status int
		to     string
	}{
		{"/ru//evil.example", 301, "/evil.example"},
		{"/ru///evil.example/", 301, "/evil.example/"},
		{"/ru/\\evil.example", 301, "/evil.example"},
		{"/en/\\\\evil.example", 301, "/evil.example"},
		{"/ru/\\/evil.example", 301, "/evil.example"},
		{"/ru/%2F%2Fevil.example", 301, "/%2F%2Fevil.example"}, // escaped: one path segment
		{"/ru/%5C%5Cevil.example", 301, "/%5C%5Cevil.example"},
		{"/ru/http://evil.example", 301, "/http:/evil.example"},
		{"/ru/https:%2F%2Fevil.example", 301, "/https:%2F%2Fevil.example"},
		{"/ru/./evil.example", 301, "/./evil.example"},
		{"/ru/../evil.example", 301, "/../evil.example"},
		{"/ru//evil.example?x=//y", 301, "/evil.example?x=//y"},
		{"/en", 301, "/"},
		{"/tashkent//doctors", 301, "/doctors"},
		{"//doctors/tashkent", 301, "/doctors"},
		{"/uz/tashkent//doctors", 301, "/uz/doctors"},
		{"/doctors/samarkand", 301, "/samarkand/doctors"},
		{"/doctors/kardiolog/", 301, "/doctors/kardiolog"},
		{"/doctors//kardiolog", 301, "/doctors/kardiolog"},
		{"/ru/doctors/?page=2", 301, "/doctors/?page=2"},
		{"/uz//evil.example", 404, ""},
		{"/\\evil.example", 404, ""},
		{"/tashkent/\\/evil.example", 404, ""},
		{"/ru/%09/evil.example", 404, ""},
	} {
		t.Run(test.path, func(t *testing.T) {
			resp := rawRequest(t, s.URL, "GET "+test.path+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
			to := resp.Header.Get("Location")
			if resp.StatusCode != test.status || to != test.to {
				t.Errorf("%d %q, want %d %q", resp.StatusCode, to, test.status, test.to)
			}
			if to != "" && (!strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") || strings.HasPrefix(to, "/\\")) {
				t.Errorf("Location %q leaves the site", to)
			}
		})
	}
}

// TestAPIPathsOfAnotherCase: an API path written in another case is an
// unknown page (404, in the page's language), never an API handler's error
// rendered as a page (it was a 500).
func TestAPIPathsOfAnotherCase(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ method, path, body string }{
		{"GET", "/API/suggest?q=kardio", ""},
		{"GET", "/Api/slots?doctor=1", ""},
		{"POST", "/API/bookings/holds", `{"doctor":1}`},
		{"POST", "/api/AUTH/code", `{"phone":"+998901234567"}`},
		{"DELETE", "/uz/API/bookings/holds/1", ""},
	} {
		req, err := http.NewRequest(test.method, s.URL+test.path, strings.NewReader(test.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := http.StatusNotFound
		if test.method != "GET" {
			want = http.StatusMethodNotAllowed // only pages live there, and they are read
		}
		if resp.StatusCode != want {
			t.Errorf("%s %s = %d, want %d", test.method, test.path, resp.StatusCode, want)
		}
	}
}
