package booking

import (
	"context"
	"errors"
	"sync"
	"time"

	"sogliq/server/api"
)

// GateWait bounds how long a hold waits in this process for another hold
// of the same time to end. That one is a few statements (milliseconds,
// tens on a loaded machine); past the bound the asker is told the time
// is being booked by someone else, 409 booking.beingHeld, within a
// second and well inside the database budget (1.5 s), never a 503.
const GateWait = 750 * time.Millisecond

// holdGate lets one hold of a time (a doctor, a clinic, a start) into
// the database at a time in this process. A rush of patients on one free
// time used to be a rush of transactions on the doctor's lock, each
// holding a pooled connection while it waited: the queue outlasted the
// database budget (503s) and took the pool from everyone else. Behind
// the gate the others wait without touching the database; when the one
// in front made its hold, or found the time taken, they are answered 409
// at once (but the one whose hold it is, who gets it back), and when it
// was refused for the time itself (not in the schedule, past...) they
// get the same refusal. Otherwise (its patient was over a limit, the
// database failed) the next goes in. The gate spares the database the
// losers; who gets the time is still the exclusion constraint's word,
// across processes too.
type holdGate struct {
	mu      sync.Mutex
	flights map[gateKey]*flight
}

// gateKey is a time of a doctor at a clinic, for a visit type (0: none;
// a refusal of one type's fit is not another's).
type gateKey struct {
	doctor, clinic int64
	start          int64 // Unix seconds
	visitType      int64
}

// flight is the hold of a time under way. Its fields are set before done
// closes and read after.
type flight struct {
	done chan struct{}
	// heldBy is who holds the time (asker{} for a booking: nobody gets
	// it back), as the hold made or found it; nil when it did neither.
	heldBy *asker
	// refused is the refusal of the time itself, the same for anyone
	// asking for it; nil for none.
	refused error
}

// asker is who asks for a hold: the one whose hold it is may ask again
// (a lost answer) and gets it back (Hold's Repeat). Behind the gate the
// user is not known (its session is not read: that is the point), so
// there one asker is one session or one request key (the booking form
// sends the same key when it asks for the same time again).
type asker struct {
	user       int64 // 0: none, or not known
	session    string
	requestKey string
}

// same reports whether a and b are known to be the same visitor's.
func (a asker) same(b asker) bool {
	return a.user != 0 && a.user == b.user || a.session != "" && a.session == b.session ||
		a.requestKey != "" && a.requestKey == b.requestKey
}

// errGateAgain: the hold waited for ended without an answer for the
// others; check the time again and enter again.
var errGateAgain = errors.New("booking: the gate is free again")

// enter makes the caller's hold of key the one under way, once no other
// is (waiting until at most `until`), and returns its flight, for leave.
// It refuses with 409 booking.taken when the one it waited for made the
// hold, or found the time taken, for someone else, with that one's
// refusal of the time, with 409
// booking.beingHeld past until, and with ctx's error when ctx ends first;
// errGateAgain asks the caller to check the time and enter again.
func (g *holdGate) enter(ctx context.Context, key gateKey, who asker, until time.Time) (*flight, error) {
	g.mu.Lock()
	f := g.flights[key]
	if f == nil {
		f = &flight{done: make(chan struct{})}
		if g.flights == nil {
			g.flights = map[gateKey]*flight{}
		}
		g.flights[key] = f
		g.mu.Unlock()
		return f, nil
	}
	g.mu.Unlock()
	timer := time.NewTimer(time.Until(until))
	defer timer.Stop()
	select {
	case <-f.done:
	case <-timer.C:
		return nil, api.Fail(409, "booking.beingHeld")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	switch {
	case f.heldBy != nil && !f.heldBy.same(who):
		return nil, api.Fail(409, "booking.taken")
	case f.refused != nil:
		return nil, f.refused
	}
	return nil, errGateAgain
}

// leave ends the hold f of key: heldBy is who holds the time now (nil:
// not known), refused the refusal of the time itself (nil: none).
func (g *holdGate) leave(key gateKey, f *flight, heldBy *asker, refused error) {
	f.heldBy, f.refused = heldBy, refused
	g.mu.Lock()
	delete(g.flights, key)
	g.mu.Unlock()
	close(f.done)
}
