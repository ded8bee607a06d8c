package web

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

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

// sessions is a SessionLookup of fixed tokens: "live" is user 7, "broken"
// fails as a database would.
type sessions struct{}

func (sessions) SessionUser(ctx context.Context, token string, now time.Time) (int64, error) {
	switch token {
	case "live":
		return 7, nil
	case "broken":
		return 0, errors.New("connection refused")
	}
	return 0, fmt.Errorf("no session: %w", derrors.NotFound)
}

func TestGuardAccess(t *testing.T) {
	s := testServer(t)
	s.Sessions, s.Now = sessions{}, time.Now
	for _, test := range []struct {
		name, path, token string
		newUser           bool
		wantTo            string // a private 302
		wantUser          int64
		wantErr           bool
	}{
		{name: "public page", path: "/doctors"},
		{name: "public page with a session", path: "/doctors", token: "live"},
		{name: "profile, no token", path: "/profile", wantTo: "/"},
		{name: "uz profile, no token", path: "/uz/profile", wantTo: "/uz"},
		{name: "profile, dead token", path: "/profile/personal", token: "expired", wantTo: "/"},
		{name: "profile, live", path: "/profile", token: "live", wantUser: 7},
		{name: "consultant, live", path: "/uz/profile/consultant/ai_chat/3", token: "live", wantUser: 7},
		{name: "trailing slash, nobody: guarded first", path: "/profile/", wantTo: "/"},
		{name: "finalize, live but not new", path: "/register/finalize", token: "live", wantTo: "/"},
		{name: "finalize, new but no session", path: "/uz/register/finalize", newUser: true, wantTo: "/uz"},
		{name: "finalize, new and live", path: "/register/finalize", token: "live", newUser: true, wantUser: 7},
		{name: "lookup fails", path: "/profile", token: "broken", wantErr: true},
	} {
		t.Run(test.name, func(t *testing.T) {
			pr := s.newPageRequest(test.path, "")
			pr.token, pr.newUser = test.token, test.newUser
			err := s.checkRoute(context.Background(), pr)
			var rd *redirect
			switch {
			case test.wantTo != "":
				if !errors.As(err, &rd) || rd.to != test.wantTo || rd.status != 302 || !rd.private {
					t.Errorf("checkRoute = %v, want a private 302 to %s", err, test.wantTo)
				}
			case test.wantErr:
				if err == nil || errors.As(err, &rd) || errors.Is(err, derrors.NotFound) {
					t.Errorf("checkRoute = %v, want the lookup's failure (a 500)", err)
				}
			default:
				if err != nil && !errors.As(err, &rd) { // a signed-in /profile/ still gets its slash trimmed
					t.Fatalf("checkRoute = %v", err)
				}
				if pr.userID != test.wantUser {
					t.Errorf("userID = %d, want %d", pr.userID, test.wantUser)
				}
			}
		})
	}
}
