package booking

import (
	"context"
	"errors"
	"testing"
	"time"

	"sogliq/server/api"
)

// TestHoldGate: while a hold of a time is under way, another of the same
// time waits for it without touching the database and then hears the
// outcome: taken (the hold made or found is someone else's), the same
// refusal of the time, enter again (its own hold, or nothing decided), or
// "being booked" past its wait. Another time never waits.
func TestHoldGate(t *testing.T) {
	key := gateKey{doctor: 1, clinic: 1, start: 100}
	winner := asker{user: 7, session: "s7", requestKey: "k7"}
	for _, test := range []struct {
		name    string
		heldBy  *asker
		refused error
		who     asker
		status  int  // the follower's refusal; 0 for errGateAgain
		again   bool // errGateAgain
	}{
		{"someone else made the hold", &winner, nil, asker{session: "s8"}, 409, false},
		{"anonymous, someone else's hold", &winner, nil, asker{}, 409, false},
		{"a booking found", &asker{}, nil, asker{session: "s8", requestKey: "k8"}, 409, false},
		{"the same session asks again", &winner, nil, asker{session: "s7"}, 0, true},
		{"the same request key (a lost answer)", &winner, nil, asker{requestKey: "k7"}, 0, true},
		{"a held time found by its user", &asker{user: 7}, nil, asker{user: 7}, 0, true},
		{"the time refused", nil, api.Fail(400, "booking.past"), asker{session: "s8"}, 400, false},
		{"nothing decided (the patient's limit, a failure)", nil, nil, asker{session: "s8"}, 0, true},
	} {
		t.Run(test.name, func(t *testing.T) {
			var g holdGate
			f, err := g.enter(context.Background(), key, winner, time.Now().Add(time.Second))
			if err != nil || f == nil {
				t.Fatalf("the first: %v", err)
			}
			if other, err := g.enter(context.Background(), gateKey{1, 1, 200, 0}, test.who, time.Now()); err != nil || other == nil {
				t.Fatalf("another time waited: %v", err)
			}
			got := make(chan error, 1)
			go func() {
				_, err := g.enter(context.Background(), key, test.who, time.Now().Add(10*time.Second))
				got <- err
			}()
			time.Sleep(10 * time.Millisecond)
			g.leave(key, f, test.heldBy, test.refused)
			err = <-got
			switch {
			case test.again && !errors.Is(err, errGateAgain):
				t.Errorf("%v, want errGateAgain", err)
			case !test.again && api.StatusOf(err) != test.status:
				t.Errorf("%v, want %d", err, test.status)
			}
		})
	}
	t.Run("past the wait", func(t *testing.T) {
		var g holdGate
		f, _ := g.enter(context.Background(), key, winner, time.Now().Add(time.Second))
		defer g.leave(key, f, nil, nil)
		var ae *api.Error
		if _, err := g.enter(context.Background(), key, asker{session: "s8"}, time.Now().Add(20*time.Millisecond)); !errors.As(err, &ae) || ae.Status != 409 || ae.Key != "booking.beingHeld" {
			t.Errorf("%v, want 409 booking.beingHeld", err)
		}
		if len(g.flights) != 1 {
			t.Errorf("%d flights", len(g.flights))
		}
	})
	t.Run("the gate empties", func(t *testing.T) {
		var g holdGate
		f, _ := g.enter(context.Background(), key, winner, time.Now())
		g.leave(key, f, &winner, nil)
		if f, err := g.enter(context.Background(), key, asker{session: "s8"}, time.Now()); err != nil || f == nil || len(g.flights) != 1 {
			t.Errorf("after the hold: %v, %d flights", err, len(g.flights))
		}
	})
}
