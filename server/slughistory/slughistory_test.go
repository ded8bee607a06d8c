package slughistory

import (
	"context"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/route"
)

func TestEveryRouteEntityIsKnown(t *testing.T) {
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range routes.Routes {
		for param, entity := range r.SlugOf {
			if !Known(entity) {
				t.Errorf("route %s: parameter %s names entity %q, which has no slug history", r.Name, param, entity)
			}
		}
	}
}

func TestRenamesAreRecordedAndResolved(t *testing.T) {
	db := dbtest.NewSeeded(t)
	ctx := context.Background()
	s := NewStore(db)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	var doctor, service string
	if err := db.GetContext(ctx, &doctor, `SELECT slug FROM doctors ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if err := db.GetContext(ctx, &service, `SELECT slug FROM services WHERE kind = 'diagnostic' ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	// A doctor renamed twice: both former slugs lead to the current one.
	exec(`UPDATE doctors SET slug = $2 WHERE slug = $1`, doctor, doctor+"-2")
	exec(`UPDATE doctors SET slug = $2 WHERE slug = $1`, doctor+"-2", doctor+"-3")
	// A service row names its entity by kind.
	exec(`UPDATE services SET slug = $2 WHERE slug = $1 AND kind = 'diagnostic'`, service, service+"-new")
	for _, test := range []struct {
		entity, old, want string
		ok                bool
	}{
		{"doctor", doctor, doctor + "-3", true},
		{"doctor", doctor + "-2", doctor + "-3", true},
		{"doctor", doctor + "-3", "", false}, // current, not former
		{"diagnostic", service, service + "-new", true},
		{"service", service, "", false}, // another kind's history
		{"clinic", "never-was", "", false},
	} {
		got, ok, err := s.Current(ctx, test.entity, test.old)
		if err != nil {
			t.Fatal(err)
		}
		if got != test.want || ok != test.ok {
			t.Errorf("Current(%q, %q) = %q, %v; want %q, %v", test.entity, test.old, got, ok, test.want, test.ok)
		}
	}
	// Taking a former slug back makes it current again.
	exec(`UPDATE doctors SET slug = $2 WHERE slug = $1`, doctor+"-3", doctor)
	if _, ok, _ := s.Current(ctx, "doctor", doctor); ok {
		t.Errorf("%s is current again but still listed as former", doctor)
	}
	if got, ok, _ := s.Current(ctx, "doctor", doctor+"-3"); !ok || got != doctor {
		t.Errorf("Current(doctor, %s-3) = %q, %v; want %q", doctor, got, ok, doctor)
	}
	if _, _, err := s.Current(ctx, "spaceship", "x"); err == nil {
		t.Error("an unknown entity is not an error")
	}
}
