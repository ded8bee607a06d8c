package cache

import (
	"testing"
	"time"
)

// TestBreaker: a few failures among many calls leave Redis on; half the
// calls of a window failing (five at least) turns it off for the back-off,
// after which calls go through again; a zero back-off never opens.
func TestBreaker(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }

	b := newBreaker(5*time.Second, time.Second)
	// 4 failures in 12 calls: a busy moment, not an outage.
	for i := range 12 {
		b.record(at(i), i%3 == 0)
	}
	if !b.allow(at(20)) {
		t.Fatal("4 failures in 12 calls opened the breaker")
	}
	// Redis hangs: failures pile up until they are half the window's calls.
	opened := -1
	for i := 0; i < 20 && opened < 0; i++ {
		if b.record(at(100+i), true) {
			opened = i
		}
	}
	if opened < 0 || b.allow(at(200)) {
		t.Fatalf("20 failures after 12 calls: opened at %d, allowed %v", opened, b.allow(at(200)))
	}
	if !b.allow(at(120 + 1000)) {
		t.Error("still open after the back-off")
	}
	// The next window starts afresh: one failure does not reopen it.
	if b.record(at(1200), true) || !b.allow(at(1201)) {
		t.Error("one failure after the back-off reopened the breaker")
	}
	// A window ends: its failures are forgotten.
	c := newBreaker(5*time.Second, time.Second)
	for i := range 4 {
		c.record(at(i), true)
	}
	if c.record(at(6000), true) {
		t.Error("failures of an old window counted in the new one")
	}

	never := newBreaker(5*time.Second, -1)
	for i := range 50 {
		never.record(at(i), true)
	}
	if !never.allow(at(60)) {
		t.Error("a breaker without back-off opened")
	}
}
