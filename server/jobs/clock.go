package jobs

import (
	"sync"
	"time"
)

// ManualClock is a Clock that stands still until moved: the tests' clock
// for the queue, the workers and the handlers alike.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock returns a clock showing t.
func NewManualClock(t time.Time) *ManualClock { return &ManualClock{now: t} }

// Now is the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NowOrNil is the clock's time: River then passes it to its queries
// instead of the database's now().
func (c *ManualClock) NowOrNil() *time.Time {
	t := c.Now()
	return &t
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Set moves the clock to t.
func (c *ManualClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
