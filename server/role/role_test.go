package role

import (
	"errors"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/derrors"
)

// TestGrantRevoke: a grant creates the user when needed, twice is once,
// revoke reports whether there was a grant; an unknown clinic is refused.
func TestGrantRevoke(t *testing.T) {
	db := dbtest.New(t)
	ctx := t.Context()
	if _, err := db.Exec(`INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		SELECT n, 'clinic-' || n, 'К' || n, 'K' || n, (SELECT min(id) FROM regions), '', '', '' FROM generate_series(1, 2) n`); err != nil {
		t.Fatal(err)
	}
	s := NewStore(db)
	for range 2 {
		if err := s.Grant(ctx, "998901112233", Staff, "clinic-2"); err != nil {
			t.Fatal(err)
		}
	}
	var user int64
	if err := db.Get(&user, `SELECT id FROM users WHERE phone = '998901112233'`); err != nil {
		t.Fatal(err)
	}
	if got, err := s.StaffClinics(ctx, user); err != nil || len(got) != 1 || got[0] != 2 {
		t.Errorf("StaffClinics = %v, %v; want [2]", got, err)
	}
	if err := s.Grant(ctx, "998901112233", Staff, "nowhere"); !errors.Is(err, derrors.NotFound) {
		t.Errorf("unknown clinic: %v", err)
	}
	if err := s.Grant(ctx, "998901112233", Staff, ""); err == nil {
		t.Error("staff of no clinic was granted")
	}
	for _, want := range []bool{true, false} {
		if had, err := s.Revoke(ctx, "998901112233", Staff, "clinic-2"); err != nil || had != want {
			t.Errorf("Revoke = %v, %v; want %v", had, err, want)
		}
	}
	if got, _ := s.StaffClinics(ctx, user); len(got) != 0 {
		t.Errorf("after revoke: %v", got)
	}
}
