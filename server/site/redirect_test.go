package site_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/site/sitetest"
)

func TestRedirectRules(t *testing.T) {
	db := dbtest.NewSeeded(t)
	for _, r := range [][2]string{
		{"/doctors/kardiologiya", "/doctors/kardiolog-old"},
		{"/doctors/kardiolog-old", "/doctors/kardiolog"},
		{"/uz/doctors/kardiologiya", "/uz/doctors/kardiolog"},
		{"/tashkent-region/doctors", "/region/doctors"},
	} {
		if _, err := db.ExecContext(context.Background(), `INSERT INTO seo_redirects (source, target) VALUES ($1, $2)`, r[0], r[1]); err != nil {
			t.Fatal(err)
		}
	}
	s := sitetest.StartWithDB(t, db, sitetest.Options{})
	for _, test := range []struct {
		path   string
		status int
		to     string
	}{
		{"/ru/doctors", 301, "/doctors"},
		{"/ru", 301, "/"},
		{"/en/samarkand/doctors/kardiolog?page=2", 301, "/samarkand/doctors/kardiolog?page=2"},
		{"/doctors/kardiologiya", 301, "/doctors/kardiolog"}, // a chain, one hop
		{"/doctors/kardiologiya/?page=2", 301, "/doctors/kardiolog?page=2"},
		{"/uz/doctors/kardiologiya?utm_source=x", 301, "/uz/doctors/kardiolog?utm_source=x"},
		{"/tashkent-region/doctors", 200, ""}, // suspicious: not followed
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			if got := p.Resp.Header.Get("Location"); got != test.to {
				t.Errorf("Location = %q, want %q", got, test.to)
			}
		})
	}
	for _, test := range []struct {
		url    string
		status int
		body   string
	}{
		{"/doctors/kardiologiya", 200, `{"data":{"to":"/doctors/kardiolog"}}`},
		{"https://sogliq.uz/uz/doctors/kardiologiya/?x=1", 200, `{"data":{"to":"/uz/doctors/kardiolog"}}`},
		{"/doctors/kardiolog", 404, `{"data":null}`},
		{"/tashkent-region/doctors", 404, `{"data":null}`},
		{"", 400, ""},
	} {
		t.Run("api "+test.url, func(t *testing.T) {
			resp, err := http.Get(s.URL + "/api/seo-redirects/check?url=" + url.QueryEscape(test.url))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d (%s)", resp.StatusCode, test.status, body)
			}
			if test.body != "" && string(body) != test.body {
				t.Errorf("body %s, want %s", body, test.body)
			}
			if test.status == 400 {
				var e struct{ Error string }
				if json.Unmarshal(body, &e) != nil || e.Error == "" {
					t.Errorf("a 400 without a readable error: %s", body)
				}
			}
		})
	}
}
