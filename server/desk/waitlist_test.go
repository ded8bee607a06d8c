package desk

import (
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/riverqueue/river"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/booking"
	"sogliq/server/i18n"
	"sogliq/server/jobs"
	"sogliq/server/role"
)

// TestWaitlistTriggers: the desk's changes that may free a doctor's time
// (weekly hours, a date's hours, a block removed, a clinic's
// cancellation, a longer booking horizon) queue the doctor's waitlist job in their transaction
// while a patient waits for the doctor; a day off queues none, and
// neither does a doctor nobody waits for.
func TestWaitlistTriggers(t *testing.T) {
	f := newFixture(t)
	workers := river.NewWorkers()
	booking.AddWorkers(workers, &booking.NoticeWorker{}, &booking.ReleaseHoldsWorker{}, &booking.WaitlistWorker{}, &booking.RefreshFreeWorker{})
	q, err := jobs.New(f.db.DB, jobs.Config{Workers: workers, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	bookings := booking.NewStore(f.db)
	bookings.Queue = q
	store := NewStore(f.db)
	store.Waitlist = bookings
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	h := &Handler{Store: store, Bookings: bookings, Roles: role.NewStore(f.db), Accounts: account.NewStore(f.db), Dict: dict, Now: func() time.Time { return now }}
	f.app = accounttest.App(t, dict)
	h.Register(f.app)
	f.exec(t, `INSERT INTO waitlist (user_id, doctor_id, joined_at, updated_at) VALUES (1, 1, $1, $1)`, now)
	staff1, staff2 := f.session(t, 2), f.session(t, 3)
	jobsOf := func() []string {
		var out []string
		f.db.Select(&out, `SELECT args->>'doctorId' FROM river_job WHERE kind = 'waitlist_freed' ORDER BY id`)
		return out
	}
	block := f.call(t, "POST", "/api/desk/blocks", fmt.Sprintf(`{"clinicId": 1, "doctorId": 1, "start": %q, "end": %q}`,
		booking.Stamp(now.Add(24*time.Hour)), booking.Stamp(now.Add(30*time.Hour))), staff1)
	if block.status != 201 {
		t.Fatalf("block: %d %s", block.status, block.raw)
	}
	visit := f.visit(t, 1, 26)
	tomorrow := booking.AddDays(booking.Today(now), 1)
	for _, step := range []struct {
		name, method, path, body, token string
		status                          int
		want                            []string
	}{
		{"a day off", "POST", "/api/desk/exceptions", fmt.Sprintf(`{"clinicId": 1, "doctorId": 1, "date": %q, "off": true}`, tomorrow), staff1, 200, nil},
		{"a date's hours", "POST", "/api/desk/exceptions", fmt.Sprintf(`{"clinicId": 1, "doctorId": 1, "date": %q, "start": 600, "end": 900, "slotMin": 30}`, tomorrow), staff1, 200, []string{"1"}},
		{"weekly hours", "PUT", "/api/desk/schedule", `{"clinicId": 1, "doctorId": 1, "weekly": [{"weekday": 1, "start": 540, "end": 1080, "slotMin": 30, "breaks": []}]}`, staff1, 200, []string{"1", "1"}},
		{"a block removed", "DELETE", fmt.Sprintf("/api/desk/blocks/%v", block.body["data"].(map[string]any)["id"]), "", staff1, 204, []string{"1", "1", "1"}},
		{"a clinic's cancellation", "POST", fmt.Sprintf("/api/desk/visits/%d/cancel", visit), `{"reason": "врач заболел"}`, staff1, 200, []string{"1", "1", "1", "1"}},
		{"nobody waits for doctor 2", "PUT", "/api/desk/schedule", `{"clinicId": 2, "doctorId": 2, "weekly": []}`, staff2, 200, []string{"1", "1", "1", "1"}},
		{"a shorter horizon", "PUT", "/api/desk/booking-rules", `{"clinicId": 1, "horizonDays": 7, "cancelCutoffHours": 2}`, staff1, 200, []string{"1", "1", "1", "1"}},
		{"a longer horizon", "PUT", "/api/desk/booking-rules", `{"clinicId": 1, "horizonDays": 30, "cancelCutoffHours": 2}`, staff1, 200, []string{"1", "1", "1", "1", "1"}},
		{"the same horizon, another cut-off", "PUT", "/api/desk/booking-rules", `{"clinicId": 1, "horizonDays": 30, "cancelCutoffHours": 6}`, staff1, 200, []string{"1", "1", "1", "1", "1"}},
		{"a longer horizon, nobody waits", "PUT", "/api/desk/booking-rules", `{"clinicId": 2, "horizonDays": 60, "cancelCutoffHours": 2}`, staff2, 200, []string{"1", "1", "1", "1", "1"}},
	} {
		if a := f.call(t, step.method, step.path, step.body, step.token); a.status != step.status {
			t.Fatalf("%s: %d %s", step.name, a.status, a.raw)
		}
		if diff := cmp.Diff(step.want, jobsOf()); diff != "" {
			t.Errorf("%s: waitlist jobs (-want +got):\n%s", step.name, diff)
		}
	}
}
