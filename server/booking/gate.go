package booking

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/derrors"
)

// GateWait bounds how long a hold waits in this process for its turn at
// its time (holdGate). The one in front is a few statements (milliseconds,
// tens on a loaded machine), or a refusal answered from memory (tens of
// microseconds); past the bound the asker is told the time is being
// booked by someone else, 409 booking.beingHeld, within a second and well
// inside the database budget (1.5 s), never a 503.
const GateWait = 750 * time.Millisecond

// OutcomeTTL is how long the outcome of a hold that went to the database
// answers the holds of its time queued behind it (holdGate), from memory.
// A time held by someone is refused 409 booking.taken for that long
// without a new look; a hold released in this process meanwhile is
// forgotten at once (Release), one released in another process may be
// refused for up to OutcomeTTL, as a listing read that long ago would
// have shown it taken. The exclusion constraint still decides who gets a
// time.
const OutcomeTTL = time.Second

// holdGate lets holds of a time (a doctor, a clinic, a start) past it
// one at a time in this process, in order of arrival: a lane per time.
//
// A rush of patients on one free time used to be a rush of transactions
// on the doctor's lock, each holding a pooled connection while it waited:
// the queue outlasted the database budget (503s) and took the pool from
// everyone else. Behind the gate the others wait without touching the
// database. The first goes to the database; its outcome then answers the
// ones behind it from memory, one after the other: 409 booking.taken
// when it made or found the time held by someone else (but the one whose
// hold it is, who goes to the database and gets it back), the same
// refusal when it was refused for the time itself (not in the schedule,
// past...). When it decided nothing (its patient was over a limit, the
// database failed), the next goes to the database.
//
// One at a time, not all at once when the first is done: the losers'
// answers take a core at most between them, and the other requests
// (other doctors' holds, listings) keep the rest; a thousand losers all
// woken at once filled both cores' run queues for tens of milliseconds.
// Handler.Admit queues a hold before the site's middleware, so a request
// waiting its turn has cost only its read.
type holdGate struct {
	mu    sync.Mutex
	lanes map[gateKey]*lane
}

// gateKey is a time of a doctor at a clinic, for a visit type (0: none;
// a refusal of one type's fit is not another's).
type gateKey struct {
	doctor, clinic int64
	start          int64 // Unix seconds
	visitType      int64
	// moving is the visit a reschedule's hold replaces: its askers are
	// not the others', whose verdict on a switched-off type differs.
	moving int64
}

// lane is the holds of one time: the one past the gate and those waiting.
type lane struct {
	waiting []chan struct{} // in order of arrival; closed: its turn
	// The outcome of the last hold that went to the database, for the
	// ones behind it while decided is within OutcomeTTL (zero: none):
	// heldBy is who holds the time (asker{} for a booking: nobody gets
	// it back), refused the refusal of the time itself.
	decided time.Time
	heldBy  *asker
	refused error
}

// turn is a hold's place past the gate. The one that went to the
// database sets led and its outcome before leaving.
type turn struct {
	key     gateKey
	lane    *lane
	led     bool
	heldBy  *asker
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

// enter waits for key's turn, behind those that came before, until
// `until`: past it the hold is refused with the outcome of the one in
// front when there is one (verdict), else 409 booking.beingHeld; with
// ctx's error when ctx ends first. The turn ends with leave.
func (g *holdGate) enter(ctx context.Context, key gateKey, who asker, until time.Time) (*turn, error) {
	g.mu.Lock()
	l := g.lanes[key]
	if l == nil {
		if g.lanes == nil {
			g.lanes = map[gateKey]*lane{}
		}
		g.lanes[key] = &lane{}
		t := &turn{key: key, lane: g.lanes[key]}
		g.mu.Unlock()
		return t, nil
	}
	mine := make(chan struct{})
	l.waiting = append(l.waiting, mine)
	g.mu.Unlock()
	timer := time.NewTimer(time.Until(until))
	defer timer.Stop()
	var err error
	select {
	case <-mine:
		return &turn{key: key, lane: l}, nil
	case <-timer.C:
	case <-ctx.Done():
		err = ctx.Err()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if i := slices.Index(l.waiting, mine); i >= 0 {
		l.waiting = slices.Delete(l.waiting, i, i+1)
		if err == nil {
			if err = l.verdict(who, time.Now()); err == nil {
				err = derrors.Refuse(derrors.Conflict, "booking.beingHeld")
			}
		}
		return nil, err
	}
	// Its turn came as the wait ended: take it (leave passes it on).
	return &turn{key: key, lane: l}, nil
}

// verdict is who's answer from the outcome of the hold in front: 409
// booking.taken, that hold's refusal of the time, or nil: go to the
// database.
func (g *holdGate) verdict(t *turn, who asker, now time.Time) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return t.lane.verdict(who, now)
}

// verdict is holdGate.verdict; g.mu is held.
func (l *lane) verdict(who asker, now time.Time) error {
	if l.decided.IsZero() || now.Sub(l.decided) > OutcomeTTL {
		return nil
	}
	switch {
	case l.heldBy != nil && !l.heldBy.same(who):
		return derrors.Refuse(derrors.Conflict, "booking.taken")
	case l.refused != nil:
		return l.refused
	}
	return nil
}

// leave ends t, keeping its outcome when it went to the database, and
// gives the next waiting its turn.
func (g *holdGate) leave(t *turn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := t.lane
	if t.led {
		l.decided, l.heldBy, l.refused = time.Time{}, t.heldBy, t.refused
		if t.heldBy != nil || t.refused != nil {
			l.decided = time.Now()
		}
	}
	if len(l.waiting) == 0 {
		delete(g.lanes, t.key)
		return
	}
	next := l.waiting[0]
	l.waiting = l.waiting[1:]
	close(next)
}

// forget drops the outcomes kept for key's time (its hold was released),
// whatever visit type they were asked with: a freed time is free for
// every type that fits it.
func (g *holdGate) forget(key gateKey) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for k, l := range g.lanes {
		if k.doctor == key.doctor && k.clinic == key.clinic && k.start == key.start {
			l.decided = time.Time{}
		}
	}
}

// admittedKey is the request context's key of the turn Handler.Admit took.
type admittedKey struct{}

// admission is the turn Admit took for a hold of key, or its refusal.
type admission struct {
	key  gateKey
	turn *turn
	err  error
}

// Admit is admission control for the site's front (web.Deps.Admission,
// ahead of every middleware): a hold request (POST /api/bookings/holds)
// waits for its time's turn (holdGate) here, having cost only its read,
// and goes through the site's middleware and the handler when its turn
// comes, holding the turn until its answer is made; Hold takes the turn
// from the request's context. A hold that waited past GateWait goes on
// with its refusal, 409 booking.beingHeld, which the handler answers. A
// body Admit cannot read goes on at once: the handler refuses it.
func (h *Handler) Admit(c *fiber.Ctx) error {
	if c.Method() != fiber.MethodPost || c.Path() != "/api/bookings/holds" {
		return c.Next()
	}
	var in HoldRequest
	if json.Unmarshal(c.Body(), &in) != nil {
		return c.Next()
	}
	c.Locals(holdRequestLocal, in)
	start, err := time.Parse(time.RFC3339, in.Start)
	if err != nil {
		return c.Next()
	}
	ctx, key := c.UserContext(), gateKey{in.DoctorID, in.ClinicID, start.Unix(), in.TypeID, in.RescheduleID}
	who := asker{session: c.Cookies(account.TokenCookie), requestKey: strings.ToLower(in.IdempotencyKey)}
	t, err := h.Store.gate.enter(ctx, key, who, time.Now().Add(GateWait))
	if t != nil {
		defer h.Store.gate.leave(t)
	}
	c.SetUserContext(context.WithValue(ctx, admittedKey{}, admission{key: key, turn: t, err: err}))
	return c.Next()
}

// holdRequestLocal is the Locals key of the hold request Admit read:
// the handler does not read the body again (api.Bodies has refused one
// that is not JSON).
const holdRequestLocal = "sogliq.holdRequest"

// admitted is the turn (or refusal) Admit took for key in ctx; ok false
// for none.
func admitted(ctx context.Context, key gateKey) (a admission, ok bool) {
	a, ok = ctx.Value(admittedKey{}).(admission)
	if !ok || a.key != key {
		return admission{}, false
	}
	return a, true
}
