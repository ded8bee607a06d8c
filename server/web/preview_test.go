package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// everywhere sends every path to /doctors, as a redirect table could.
type everywhere struct{}

func (everywhere) Lookup(context.Context, string) (string, bool) { return "/doctors", true }

// TestIsPage: a path is a page when the route checks let it through and
// its loader finds the data; the redirect tables do not hide a page, a
// private page counts without a session, and only a failure of the
// loader's own (not a 4xx answer) is an error.
func TestIsPage(t *testing.T) {
	s := newTestServer(t, page.Loaders{"doctor": func(_ context.Context, r page.Request) (page.Result, error) {
		switch r.Params["slug"] {
		case "gone":
			return page.Result{}, fmt.Errorf("doctor: %w", derrors.NotFound)
		case "removed":
			return page.Result{}, fmt.Errorf("doctor: %w", derrors.Gone)
		case "renamed":
			return page.Result{}, &page.Redirect{Route: "doctor", Params: map[string]string{"slug": "live"}}
		case "broken":
			return page.Result{}, errors.New("db down")
		}
		return page.Result{Data: map[string]any{}}, nil
	}}, io.Discard)
	s.Redirects, s.RouteRules = everywhere{}, everywhere{}
	for _, test := range []struct {
		path    string
		want    bool
		wantErr bool
	}{
		{path: "/", want: true},
		{path: "/uz", want: true},
		{path: "/doctor/live", want: true},
		{path: "/uz/doctor/live", want: true},
		{path: "/samarkand/doctors", want: true},
		{path: "/profile", want: true}, // private: no session, still a page
		{path: "/history", want: true},
		{path: "/doctor/gone"},
		{path: "/doctor/removed"},
		{path: "/doctor/renamed"},
		{path: "/no/such/page"},
		{path: "/ru/doctors"},       // the language alias redirects
		{path: "/tashkent/doctors"}, // the default region written out
		{path: "/doctors/"},         // a trailing slash
		{path: "/doctor/broken", wantErr: true},
	} {
		got, err := s.IsPage(context.Background(), test.path)
		if got != test.want || (err != nil) != test.wantErr {
			t.Errorf("IsPage(%q) = %v, %v; want %v, error %v", test.path, got, err, test.want, test.wantErr)
		}
	}
}
