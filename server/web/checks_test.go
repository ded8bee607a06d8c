package web

import (
	"context"
	"errors"
	"testing"

	"sogliq/server/derrors"
	"sogliq/server/region"
	"sogliq/server/route"
)

func testServer(t *testing.T) *Server {
	t.Helper()
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Deps: Deps{Routes: routes}, regionBySlug: map[string]region.Region{}}
	for _, slug := range []string{"tashkent", "samarkand"} {
		s.regionBySlug[slug] = region.Region{Slug: slug}
	}
	s.defaultRegion = s.regionBySlug["tashkent"]
	return s
}

func TestCheckRoute(t *testing.T) {
	s := testServer(t)
	for _, test := range []struct {
		path, query string
		cookie      string
		accept      string
		wantRoute   string // on success
		wantTo      string // on a redirect
		wantErr     error  // otherwise
	}{
		{path: "/doctors/kardiolog", wantRoute: "specialty"},
		{path: "/ru/doctors", query: "page=2", wantTo: "/doctors?page=2"},
		{path: "/en", wantTo: "/"},
		{path: "/", wantRoute: "home"},
		{path: "/", cookie: "uz", wantTo: "/uz"},
		{path: "/", cookie: "ru", accept: "uz", wantRoute: "home"},
		{path: "/", accept: "uz-UZ,uz;q=0.9,ru;q=0.8", wantTo: "/uz"},
		{path: "/", accept: "ru-RU,ru;q=0.9,uz;q=0.8", wantRoute: "home"},
		{path: "/", accept: "en-US,en;q=0.9", wantRoute: "home"},
		{path: "/doctors", cookie: "uz", wantRoute: "doctors"}, // only the root is steered
		{path: "/uz/samarkand/doctors", wantRoute: "doctors"},
		{path: "/doctors/", wantTo: "/doctors"},
		{path: "/doctors//", wantTo: "/doctors"},
		{path: "/uz/", wantTo: "/uz"},
		{path: "//doctors", wantTo: "/doctors"},
		{path: "/uz//doctors/kardiolog", wantTo: "/uz/doctors/kardiolog"},
		{path: "/doctors/kardiolog/", query: "page=2", wantTo: "/doctors/kardiolog?page=2"},
		{path: "/tashkent/doctors", wantTo: "/doctors"},
		{path: "/doctors/samarkand", wantTo: "/samarkand/doctors"},
		{path: "/uz/doctors/kardiolog/samarkand", query: "page=2", wantTo: "/uz/samarkand/doctors/kardiolog?page=2"},
		{path: "/doctors/kardiolog/deti/samarkand/", wantTo: "/samarkand/doctors/kardiolog/deti"},
		{path: "/doctors/tashkent", wantTo: "/doctors"},
		{path: "/doctor/x/samarkand", wantErr: derrors.NotFound}, // doctor cards take no region
		{path: "/uz/tashkent", wantTo: "/uz"},
		{path: "/unknown", wantErr: derrors.NotFound},
		{path: "/doctor/%FF%FE", wantErr: derrors.NotFound},
		{path: "/samarkand/doctor/x", wantErr: derrors.NotFound},
	} {
		t.Run(test.path, func(t *testing.T) {
			pr := s.newPageRequest(test.path, test.query)
			pr.cookieLang, pr.acceptLanguage = test.cookie, test.accept
			err := s.checkRoute(context.Background(), pr)
			var rd *redirect
			switch {
			case test.wantTo != "":
				if !errors.As(err, &rd) || rd.to != test.wantTo || (rd.status != 301 && rd.status != 302) {
					t.Errorf("checkRoute = %v, want a redirect to %s", err, test.wantTo)
				}
			case test.wantErr != nil:
				if !errors.Is(err, test.wantErr) {
					t.Errorf("checkRoute = %v, want %v", err, test.wantErr)
				}
			default:
				if err != nil || pr.match.Route.Name != test.wantRoute {
					t.Errorf("checkRoute = %v, route %v; want %s", err, pr.match.Route, test.wantRoute)
				}
			}
		})
	}
}

func TestEtagMatches(t *testing.T) {
	for _, test := range []struct {
		header string
		want   bool
	}{
		{`"abc"`, true},
		{`W/"abc"`, true},
		{`"x", "abc"`, true},
		{`*`, true},
		{`"abd"`, false},
		{``, false},
	} {
		if got := etagMatches(test.header, `"abc"`); got != test.want {
			t.Errorf("etagMatches(%q) = %v, want %v", test.header, got, test.want)
		}
	}
}

func TestBestLanguage(t *testing.T) {
	for header, want := range map[string]string{
		"":                        "ru",
		"uz":                      "uz",
		"UZ-uz":                   "uz",
		"ru,uz":                   "ru",
		"uz;q=0.5,ru;q=0.6":       "ru",
		"en,uz;q=0.3":             "uz",
		"uz;q=0":                  "ru",
		"uz;q=abc,ru;q=0.1":       "ru",
		"de-DE,de;q=0.9,en;q=0.8": "ru",
	} {
		if got := bestLanguage(header); got != want {
			t.Errorf("bestLanguage(%q) = %q, want %q", header, got, want)
		}
	}
}
