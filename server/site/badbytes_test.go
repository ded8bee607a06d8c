package site_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"sogliq/server/route"
	"sogliq/server/site/sitetest"
)

// TestBadBytesNeverReachTheDatabase: a NUL byte, invalid UTF-8 or an
// overlong encoding in any path parameter of any route is a 404, in any
// query parameter a route reads a 400, in any API's path or query the
// same, all before SQL (issue 11: PostgreSQL refused them and the visitor
// got the 500 page).
func TestBadBytesNeverReachTheDatabase(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		path   string
		status int
	}
	var cases []want
	bad := []string{"%00", "%FF", "%C0%80"}
	for _, r := range routes.Routes {
		var params []string
		for _, seg := range strings.Split(strings.Trim(r.Pattern, "/"), "/") {
			if _, name, ok := strings.Cut(seg, ":"); ok {
				params = append(params, name)
			}
		}
		prefixes := []string{""}
		if r.Region {
			prefixes = append(prefixes, "/uz/samarkand")
		}
		for _, prefix := range prefixes {
			for _, param := range params {
				for _, b := range bad {
					values := map[string]string{}
					for _, p := range params {
						values[p] = "x"
					}
					values[param] = "\x00" // replaced by the raw escape below
					p, err := r.Path(values)
					if err != nil {
						t.Fatal(err)
					}
					cases = append(cases, want{prefix + strings.Replace(p, "%00", b, 1), 404})
				}
			}
			values := map[string]string{}
			for _, p := range params {
				values[p] = "x"
			}
			p, err := r.Path(values)
			if err != nil {
				t.Fatal(err)
			}
			for q := range r.Query {
				for _, b := range []string{"a%00b", "%FF"} {
					cases = append(cases, want{route.Join(prefix, p) + "?" + q + "=" + b, 400})
				}
			}
		}
	}
	cases = append(cases,
		want{"/klinika/a%00b", 404}, want{"/uz/doctor/%01", 404}, want{"/doctors/%ED%A0%80", 404},
		want{"/cert/%00.pdf", 404}, want{"/uz/cert/%FF.pdf", 404},
		want{"/search?q=%00", 400}, want{"/search?type=%FF", 400}, want{"/kliniki/byalltype/all?district=%ff", 400},
		want{"/doctors?utm_source=%FF", 400},
		want{"/api/suggest?q=%00", 400}, want{"/api/suggest?q=%D0", 400}, want{"/api/suggest?q=x&region=%00", 400},
		want{"/api/locations?per_page=%FF", 400}, want{"/api/locations/%00/districts", 404},
		want{"/api/locations/detect?lang=%00", 400}, want{"/api/seo-redirects/check?url=/%00", 400},
		want{"/api/auth/session?lang=%FF", 400}, want{"/sitemaps/%00.xml", 404},
	)
	for _, c := range cases {
		resp, err := http.Get(s.URL + c.path)
		if err != nil {
			t.Fatalf("GET %s: %v", c.path, err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("GET %s = %d, want %d", c.path, resp.StatusCode, c.status)
		}
	}
	t.Logf("%d requests", len(cases))
	// Raw bytes, as a client that does not escape would send them.
	for _, c := range []want{{"/cert/\xff.pdf", 404}, {"/klinika/\xff\xfe", 404}, {"/doctors?district=\xff", 400}, {"/api/suggest?q=\xff", 400}} {
		if got := rawStatus(t, s.URL, c.path); got != c.status {
			t.Errorf("raw GET %q = %d, want %d", c.path, got, c.status)
		}
	}
}

// rawStatus sends a GET for target exactly as given and reads the status.
func rawStatus(t *testing.T, base, target string) int {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := conn.Write([]byte("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
