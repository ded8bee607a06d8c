package cache

import (
	"sync"
	"time"
)

// minPruneSize is the number of remembered tags below which tagTimes never
// prunes: a sweep of a small map is not worth its cost.
const minPruneSize = 1024

// tagTimes remembers, per tag, the latest purge this process has heard of
// (its own Purge calls, pub/sub messages and tag times read from Redis). An
// entry created no later than one of its tags' purge times is stale.
type tagTimes struct {
	mu      sync.RWMutex
	purged  map[string]time.Time
	horizon time.Duration // entries older than this have expired anyway
	pruneAt int           // map size at which the next sweep runs
}

func newTagTimes(horizon time.Duration) *tagTimes {
	return &tagTimes{purged: make(map[string]time.Time), horizon: horizon, pruneAt: minPruneSize}
}

// mark records that tags were purged at t; an earlier time never replaces a
// later one, whatever order messages arrive in.
func (tt *tagTimes) mark(t time.Time, tags ...string) {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	for _, tag := range tags {
		if old, ok := tt.purged[tag]; !ok || t.After(old) {
			tt.purged[tag] = t
		}
	}
	if len(tt.purged) >= tt.pruneAt {
		tt.prune(t)
	}
}

// prune forgets purges older than the horizon: every entry created before
// them has expired, so they can no longer make one stale. The next sweep
// waits until the map doubles, which keeps marking amortised O(1).
func (tt *tagTimes) prune(now time.Time) {
	cutoff := now.Add(-tt.horizon)
	for tag, t := range tt.purged {
		if t.Before(cutoff) {
			delete(tt.purged, tag)
		}
	}
	tt.pruneAt = max(minPruneSize, 2*len(tt.purged))
}

// latest is the later of the purge times this process heard of for tag
// and for prefix+tag, zero for none.
func (tt *tagTimes) latest(tag, prefix string) time.Time {
	tt.mu.RLock()
	defer tt.mu.RUnlock()
	a, b := tt.purged[tag], tt.purged[prefix+tag]
	if b.After(a) {
		return b
	}
	return a
}

// purgedSince reports whether any of e's tags, with prefix, was purged at
// or after e.Created. Equal times count as purged: the render may have read the data
// just before the change.
func (tt *tagTimes) purgedSince(e *Entry, prefix string) bool {
	tt.mu.RLock()
	defer tt.mu.RUnlock()
	for _, tag := range e.Tags {
		if t, ok := tt.purged[prefix+tag]; ok && !e.Created.After(t) {
			return true
		}
	}
	return false
}
