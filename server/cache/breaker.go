package cache

import (
	"sync"
	"sync/atomic"
	"time"
)

// breaker decides when the cache stops calling Redis: when, within one
// window, at least minFailures calls failed and they were at least half of
// the calls made. It then stays open for the back-off, after which calls go
// through again (and a new window starts). One slow call on a busy machine
// says little (a goroutine woken behind thirty renders waits its turn);
// half the calls failing says Redis is down or hung.
type breaker struct {
	window  time.Duration
	backoff time.Duration // 0: never open

	// openUntil is the UnixNano before which Redis is skipped: read on
	// every call, without the lock.
	openUntil atomic.Int64

	mu              sync.Mutex
	windowStart     time.Time
	calls, failures int
	minFailures     int
}

// newBreaker returns a closed breaker; backoff ≤ 0 never opens.
func newBreaker(window, backoff time.Duration) *breaker {
	return &breaker{window: window, backoff: max(backoff, 0), minFailures: 5}
}

// allow reports whether to call Redis now.
func (b *breaker) allow(now time.Time) bool {
	return now.UnixNano() >= b.openUntil.Load()
}

// record counts a call's outcome and opens the breaker when the window's
// failures reach the rule; it reports whether this call opened it.
func (b *breaker) record(now time.Time, failed bool) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.Sub(b.windowStart) >= b.window {
		b.windowStart, b.calls, b.failures = now, 0, 0
	}
	b.calls++
	if failed {
		b.failures++
	}
	if b.backoff == 0 || b.failures < b.minFailures || 2*b.failures < b.calls {
		return false
	}
	b.openUntil.Store(now.Add(b.backoff).UnixNano())
	b.windowStart, b.calls, b.failures = now.Add(b.backoff), 0, 0
	return true
}
