package booking

import (
	"context"
	"errors"
	"testing"
	"time"

	"sogliq/server/api"
	"sogliq/server/derrors"
)

// TestHoldGate: while a hold of a time is under way, another of the same
// time waits its turn without touching the database and then is answered
// from the outcome: taken (the hold made or found is someone else's), the
// same refusal of the time, or go to the database (its own hold, or
// nothing decided); past its wait, "being booked". Another time never
// waits.
func TestHoldGate(t *testing.T) {
	key := gateKey{doctor: 1, clinic: 1, start: 100}
	winner := asker{user: 7, session: "s7", requestKey: "k7"}
	for _, test := range []struct {
		name    string
		heldBy  *asker
		refused error
		who     asker
		status  int // the follower's refusal; 0: it goes to the database
	}{
		{"someone else made the hold", &winner, nil, asker{session: "s8"}, 409},
		{"anonymous, someone else's hold", &winner, nil, asker{}, 409},
		{"a booking found", &asker{}, nil, asker{session: "s8", requestKey: "k8"}, 409},
		{"the same session asks again", &winner, nil, asker{session: "s7"}, 0},
		{"the same request key (a lost answer)", &winner, nil, asker{requestKey: "k7"}, 0},
		{"a held time found by its user", &asker{user: 7}, nil, asker{user: 7}, 0},
		{"the time refused", nil, api.Fail(400, "booking.past"), asker{session: "s8"}, 400},
		{"nothing decided (the patient's limit, a failure)", nil, nil, asker{session: "s8"}, 0},
	} {
		t.Run(test.name, func(t *testing.T) {
			var g holdGate
			first, err := g.enter(context.Background(), key, asker{}, time.Now().Add(time.Second))
			if err != nil || first == nil {
				t.Fatalf("the first: %v", err)
			}
			if other, err := g.enter(context.Background(), gateKey{1, 1, 200, 0, 0}, asker{}, time.Now()); err != nil || other == nil {
				t.Fatalf("another time waited: %v", err)
			}
			got := make(chan *turn, 1)
			go func() {
				next, err := g.enter(context.Background(), key, asker{}, time.Now().Add(10*time.Second))
				if err != nil {
					t.Error(err)
				}
				got <- next
			}()
			time.Sleep(10 * time.Millisecond)
			select {
			case <-got:
				t.Fatal("the second got past the gate before the first left")
			default:
			}
			first.led, first.heldBy, first.refused = true, test.heldBy, test.refused
			g.leave(first)
			next := <-got
			if err := g.verdict(next, test.who, time.Now()); api.StatusOf(err) != test.status && !(test.status == 0 && err == nil) {
				t.Errorf("%v, want %d", err, test.status)
			}
			g.leave(next)
		})
	}
	t.Run("one at a time, in order of arrival", func(t *testing.T) {
		var g holdGate
		first, _ := g.enter(context.Background(), key, asker{}, time.Now().Add(time.Second))
		turns := make(chan int, 3)
		for i := range 3 {
			go func() {
				next, err := g.enter(context.Background(), key, asker{}, time.Now().Add(10*time.Second))
				if err != nil {
					t.Error(err)
					return
				}
				turns <- i
				time.Sleep(5 * time.Millisecond)
				g.leave(next)
			}()
			time.Sleep(5 * time.Millisecond) // arrive in order
		}
		first.led, first.heldBy = true, &winner
		g.leave(first)
		for want := range 3 {
			if got := <-turns; got != want {
				t.Errorf("turn %d went to %d", want, got)
			}
		}
	})
	t.Run("past the wait", func(t *testing.T) {
		var g holdGate
		first, _ := g.enter(context.Background(), key, asker{}, time.Now().Add(time.Second))
		defer g.leave(first)
		var ae *derrors.Refusal
		if _, err := g.enter(context.Background(), key, asker{}, time.Now().Add(20*time.Millisecond)); !errors.As(err, &ae) || api.StatusOf(err) != 409 || ae.Key != "booking.beingHeld" {
			t.Errorf("%v, want 409 booking.beingHeld", err)
		}
		if len(g.lanes) != 1 || len(g.lanes[key].waiting) != 0 {
			t.Errorf("%d lanes, %v", len(g.lanes), g.lanes[key])
		}
	})
	t.Run("past the wait, the outcome known", func(t *testing.T) {
		var g holdGate
		first, _ := g.enter(context.Background(), key, asker{}, time.Now())
		second := make(chan *turn, 1)
		go func() {
			next, _ := g.enter(context.Background(), key, asker{}, time.Now().Add(10*time.Second))
			second <- next
		}()
		time.Sleep(10 * time.Millisecond)
		first.led, first.heldBy = true, &winner
		g.leave(first)
		next := <-second // its turn, not yet left
		defer g.leave(next)
		for _, test := range []struct {
			who  asker
			want string
		}{{asker{session: "s8"}, "booking.taken"}, {asker{session: "s7"}, "booking.beingHeld"}} {
			var ae *derrors.Refusal
			if _, err := g.enter(context.Background(), key, test.who, time.Now().Add(20*time.Millisecond)); !errors.As(err, &ae) || ae.Key != test.want {
				t.Errorf("%v: %v, want %s", test.who, err, test.want)
			}
		}
	})
	t.Run("the outcome lasts OutcomeTTL, or until the hold is released", func(t *testing.T) {
		var g holdGate
		first, _ := g.enter(context.Background(), key, asker{}, time.Now())
		waiting := make(chan *turn, 2)
		for range 2 {
			go func() {
				next, _ := g.enter(context.Background(), key, asker{}, time.Now().Add(10*time.Second))
				waiting <- next
			}()
		}
		time.Sleep(10 * time.Millisecond)
		first.led, first.heldBy = true, &winner
		g.leave(first)
		next := <-waiting
		if err := g.verdict(next, asker{session: "s8"}, time.Now().Add(OutcomeTTL+time.Millisecond)); err != nil {
			t.Errorf("after OutcomeTTL: %v, want nil", err)
		}
		g.forget(key)
		if err := g.verdict(next, asker{session: "s8"}, time.Now()); err != nil {
			t.Errorf("after the release: %v, want nil", err)
		}
		g.leave(next)
		g.leave(<-waiting)
	})
	t.Run("the gate empties", func(t *testing.T) {
		var g holdGate
		first, _ := g.enter(context.Background(), key, asker{}, time.Now())
		first.led, first.heldBy = true, &winner
		g.leave(first)
		if next, err := g.enter(context.Background(), key, asker{}, time.Now()); err != nil || next == nil || len(g.lanes) != 1 {
			t.Fatalf("after the hold: %v, %d lanes", err, len(g.lanes))
		} else if err := g.verdict(next, asker{session: "s8"}, time.Now()); err != nil {
			t.Errorf("an empty gate remembers: %v", err)
		}
	})
}
