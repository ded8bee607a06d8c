package cache

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/redis/go-redis/v9"

	"sogliq/server/cache/redistest"
)

// deliveryLimit bounds every wait for something asynchronous (pub/sub
// delivery, a background render). Tests poll until the condition holds, so
// the limit only matters when the code is broken.
const deliveryLimit = 10 * time.Second

// newTestCache returns a Cache with its own key prefix, closed at the end of
// the test, whose purge subscription (with Redis) is already confirmed.
func newTestCache(t *testing.T, rdb *redis.Client, opts Options) *Cache {
	t.Helper()
	opts.Prefix = "test:" + t.Name() + ":"
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	c := New(rdb, opts)
	t.Cleanup(func() { _ = c.Close() })
	if rdb != nil {
		select {
		case <-c.ready:
		case <-time.After(deliveryLimit):
			t.Fatal("purge subscription not confirmed")
		}
	}
	return c
}

// renderer counts its calls and renders body with tags.
type renderer struct {
	calls  atomic.Int32
	status int
	body   string
	tags   []string
	now    func() time.Time
}

func (r *renderer) render(ctx context.Context) (*Entry, error) {
	r.calls.Add(1)
	return NewEntry(r.status, map[string]string{"Content-Type": "text/html"}, []byte(r.body), r.tags, r.now()), nil
}

func newRenderer(body string, tags ...string) *renderer {
	return &renderer{status: 200, body: body, tags: tags, now: time.Now}
}

// fetch calls c.Fetch and fails the test on an error.
func fetch(t *testing.T, c *Cache, key string, render func(context.Context) (*Entry, error)) (body, state string) {
	t.Helper()
	e, state, err := c.Fetch(context.Background(), key, render)
	if err != nil {
		t.Fatalf("Fetch(%q): %v", key, err)
	}
	return string(e.Body), state
}

// eventually polls cond until it holds or deliveryLimit passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(deliveryLimit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, deliveryLimit)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

type result struct{ Body, State string }

func TestFetchMissThenHit(t *testing.T) {
	srv := redistest.Start(t)
	for _, test := range []struct {
		name string
		rdb  *redis.Client
	}{
		{"redis", srv.Client()},
		{"local layer alone", nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			c := newTestCache(t, test.rdb, Options{})
			r := newRenderer("v1", "page")
			var got []result
			for range 3 {
				body, state := fetch(t, c, "k", r.render)
				got = append(got, result{body, state})
			}
			want := []result{{"v1", StateMiss}, {"v1", StateHit}, {"v1", StateHit}}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("fetches (-want +got):\n%s", diff)
			}
			if n := r.calls.Load(); n != 1 {
				t.Errorf("render called %d times, want 1", n)
			}
			if _, ok := c.Peek(context.Background(), "k"); !ok {
				t.Error("Peek after a render = false, want true")
			}
			if _, ok := c.Peek(context.Background(), "other"); ok {
				t.Error("Peek of an unknown key = true, want false")
			}
		})
	}
}

// twoProcesses are two caches sharing one Redis and one key prefix, as two
// instances of the site do, both with their purge subscriptions confirmed.
// The tests are of sharing through Redis, so every Redis call must land:
// on a loaded machine (make test's parts side by side, under -race) a SET
// can take past the 50ms default, and a dropped one would leave a stale
// copy where a test expects the other's render.
func twoProcesses(t *testing.T) (a, b *Cache) {
	t.Helper()
	srv := redistest.Start(t)
	rdb := srv.Client()
	a = newTestCache(t, rdb, Options{RedisTimeout: 2 * time.Second})
	b = New(rdb, a.opts) // same prefix: the two share one Redis namespace
	t.Cleanup(func() { _ = b.Close() })
	<-b.ready
	return a, b
}

func TestFetchSharedRedis(t *testing.T) {
	a, b := twoProcesses(t)

	ra := newRenderer("v1", "doctor:1", "page")
	rb := newRenderer("v2", "doctor:1", "page")
	if body, state := fetch(t, a, "k", ra.render); state != StateMiss || body != "v1" {
		t.Fatalf("a.Fetch = %q, %s; want v1, MISS", body, state)
	}
	if body, state := fetch(t, b, "k", rb.render); state != StateHit || body != "v1" {
		t.Fatalf("b.Fetch = %q, %s; want v1, HIT from Redis", body, state)
	}

	if err := a.Purge(context.Background(), "doctor:1"); err != nil {
		t.Fatalf("Purge: %v", err)
	}
	eventually(t, "b hears the purge", func() bool {
		_, fresh := b.Peek(context.Background(), "k")
		return !fresh
	})
	if body, state := fetch(t, b, "k", rb.render); state != StateStale || body != "v1" {
		t.Fatalf("b.Fetch after purge = %q, %s; want v1, STALE", body, state)
	}
	eventually(t, "b's background render lands", func() bool {
		_, state := fetch(t, b, "k", rb.render)
		return state == StateHit
	})
	if body, _ := fetch(t, b, "k", rb.render); body != "v2" {
		t.Errorf("b.Fetch after re-render = %q, want v2", body)
	}
	// a's local copy is stale too, but b has stored v2 in Redis: a takes
	// it instead of rendering again.
	if body, state := fetch(t, a, "k", ra.render); state != StateHit || body != "v2" {
		t.Errorf("a.Fetch after b re-rendered = %q, %s; want v2, HIT", body, state)
	}
	if na, nb := ra.calls.Load(), rb.calls.Load(); na != 1 || nb != 1 {
		t.Errorf("renders: a %d, b %d; want 1 each", na, nb)
	}
}

func TestPurgeOnlyAffectsTaggedEntries(t *testing.T) {
	srv := redistest.Start(t)
	for _, test := range []struct {
		name string
		rdb  *redis.Client
	}{
		{"redis", srv.Client()},
		{"local layer alone", nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			c := newTestCache(t, test.rdb, Options{})
			cardio := newRenderer("cardio", "specialty:kardiolog")
			other := newRenderer("other", "specialty:nevrolog")
			fetch(t, c, "cardio", cardio.render)
			fetch(t, c, "other", other.render)
			if err := c.Purge(context.Background(), "specialty:kardiolog", "doctor:9"); err != nil {
				t.Fatalf("Purge: %v", err)
			}
			// Purge applies to its own process at once, without pub/sub.
			_, cardioState := fetch(t, c, "cardio", cardio.render)
			_, otherState := fetch(t, c, "other", other.render)
			if diff := cmp.Diff([]string{StateStale, StateHit}, []string{cardioState, otherState}); diff != "" {
				t.Errorf("states of purged, unpurged (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFetchSingleflight(t *testing.T) {
	const waiters = 50
	srv := redistest.Start(t)
	for _, test := range []struct {
		name string
		rdb  *redis.Client
	}{
		{"redis", srv.Client()},
		{"local layer alone", nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			c := newTestCache(t, test.rdb, Options{})
			gate := gateAfter(c, waiters)
			var calls atomic.Int32
			render := func(ctx context.Context) (*Entry, error) {
				calls.Add(1)
				<-gate // every Fetch has joined this render
				return NewEntry(200, nil, []byte("once"), nil, time.Now()), nil
			}
			got := fetchConcurrently(c, waiters, "cold", render)
			if n := calls.Load(); n != 1 {
				t.Errorf("render called %d times, want 1", n)
			}
			for i, r := range got {
				if r.err != nil || r.body != "once" || r.state != StateMiss {
					t.Errorf("waiter %d: %q, %s, %v; want once, MISS, nil", i, r.body, r.state, r.err)
				}
			}
		})
	}
}

// gateAfter returns a channel closed once n Fetches of c have joined a
// render, so the render can hold until all of them wait on it.
func gateAfter(c *Cache, n int32) chan struct{} {
	gate := make(chan struct{})
	var joined atomic.Int32
	c.onWait = func() {
		if joined.Add(1) == n {
			close(gate)
		}
	}
	return gate
}

type fetchResult struct {
	body, state string
	err         error
}

func fetchConcurrently(c *Cache, n int, key string, render func(context.Context) (*Entry, error)) []fetchResult {
	got := make([]fetchResult, n)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			e, state, err := c.Fetch(context.Background(), key, render)
			got[i] = fetchResult{state: state, err: err}
			if e != nil {
				got[i].body = string(e.Body)
			}
		})
	}
	wg.Wait()
	return got
}

func TestFetchRenderPanics(t *testing.T) {
	const waiters = 20
	c := newTestCache(t, redistest.Start(t).Client(), Options{})
	gate := gateAfter(c, waiters)
	var calls atomic.Int32
	render := func(ctx context.Context) (*Entry, error) {
		calls.Add(1)
		<-gate
		panic("boom")
	}
	for i, r := range fetchConcurrently(c, waiters, "k", render) {
		if r.err == nil {
			t.Errorf("waiter %d: nil error, want the panic as an error", i)
		}
	}
	if _, ok := c.Peek(context.Background(), "k"); ok {
		t.Error("Peek after a panic = true, want nothing cached")
	}
	c.onWait = nil
	r := newRenderer("recovered")
	if body, state := fetch(t, c, "k", r.render); body != "recovered" || state != StateMiss {
		t.Errorf("Fetch after the panic = %q, %s; want recovered, MISS", body, state)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("panicking render called %d times, want 1", n)
	}
}

func TestFetchRenderError(t *testing.T) {
	c := newTestCache(t, nil, Options{})
	errDB := errors.New("database down")
	var calls atomic.Int32
	render := func(ctx context.Context) (*Entry, error) {
		calls.Add(1)
		return nil, errDB
	}
	for range 2 {
		if _, _, err := c.Fetch(context.Background(), "k", render); !errors.Is(err, errDB) {
			t.Errorf("Fetch error = %v, want one wrapping %v", err, errDB)
		}
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("render called %d times, want 2 (errors are not cached)", n)
	}
}

func TestFetchStoresOnly200(t *testing.T) {
	srv := redistest.Start(t)
	rdb := srv.Client()
	for _, status := range []int{404, 500, 301} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			c := newTestCache(t, rdb, Options{})
			r := &renderer{status: status, body: "nope", now: time.Now}
			for range 2 {
				e, state, err := c.Fetch(context.Background(), "k", r.render)
				if err != nil || e.Status != status || state != StateMiss {
					t.Errorf("Fetch = status %d, %s, %v; want %d, MISS, nil", e.Status, state, err, status)
				}
			}
			if n := r.calls.Load(); n != 2 {
				t.Errorf("render called %d times, want 2", n)
			}
			if n, err := rdb.Exists(context.Background(), c.pageKey("k")).Result(); err != nil || n != 0 {
				t.Errorf("Redis EXISTS = %d, %v; want 0", n, err)
			}
		})
	}
}

func TestFetchClientHangUpDoesNotCancelRender(t *testing.T) {
	c := newTestCache(t, nil, Options{})
	started, release := make(chan struct{}), make(chan struct{})
	var renderErr atomic.Value
	render := func(ctx context.Context) (*Entry, error) {
		close(started)
		<-release
		if err := ctx.Err(); err != nil {
			renderErr.Store(err)
		}
		return NewEntry(200, nil, []byte("done"), nil, time.Now()), nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, _, err := c.Fetch(ctx, "k", render)
		errc <- err
	}()
	<-started
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("Fetch with a cancelled ctx = %v, want context.Canceled", err)
	}
	close(release)
	eventually(t, "the detached render is stored", func() bool {
		_, ok := c.Peek(context.Background(), "k")
		return ok
	})
	if err := renderErr.Load(); err != nil {
		t.Errorf("render's ctx ended with the client's: %v", err)
	}
}

// clock is a settable Options.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

func TestFetchAges(t *testing.T) {
	const fresh, staleFor = time.Minute, time.Hour
	srv := redistest.Start(t)
	for _, test := range []struct {
		name      string
		age       time.Duration
		wantState string
		wantBody  string
	}{
		{"fresh", fresh - time.Second, StateHit, "v1"},
		{"stale", fresh, StateStale, "v1"},
		{"end of stale", fresh + staleFor - time.Second, StateStale, "v1"},
		{"expired", fresh + staleFor, StateMiss, "v2"},
	} {
		t.Run(test.name, func(t *testing.T) {
			start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
			clk := &clock{now: start}
			// Redis keeps the entry past the fake clock's expiry (its TTL
			// runs on real time), so this also checks the age of entries
			// read from Redis. Redis has 2s a call: at the 50ms default a
			// call slowed by a loaded machine is a miss.
			c := newTestCache(t, srv.Client(), Options{FreshFor: fresh, StaleFor: staleFor, Now: clk.Now, LocalBytes: -1, RedisTimeout: 2 * time.Second})
			v1, v2 := newRenderer("v1"), newRenderer("v2")
			v1.now, v2.now = clk.Now, clk.Now
			fetch(t, c, "k", v1.render)
			clk.set(start.Add(test.age))
			body, state := fetch(t, c, "k", v2.render)
			if diff := cmp.Diff(result{test.wantBody, test.wantState}, result{body, state}); diff != "" {
				t.Errorf("Fetch after %v (-want +got):\n%s", test.age, diff)
			}
			if test.wantState == StateStale {
				eventually(t, "background render", func() bool {
					_, state := fetch(t, c, "k", v2.render)
					return state == StateHit
				})
				if n := v2.calls.Load(); n != 1 {
					t.Errorf("background renders = %d, want 1", n)
				}
			}
		})
	}
}

// An expired entry answers instead of an error only when ServeExpired
// says so of the error (the database is down), never for others (a
// deleted page stays a 404).
func TestFetchServesExpiredWhenUnavailable(t *testing.T) {
	errDown, errGone := errors.New("database down"), errors.New("not found")
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, test := range []struct {
		name      string
		err       error
		wantState string
		wantErr   error
	}{
		{"unavailable", errDown, StateStale, nil},
		{"other error", errGone, StateMiss, errGone},
	} {
		t.Run(test.name, func(t *testing.T) {
			clk := &clock{now: start}
			c := newTestCache(t, nil, Options{FreshFor: time.Minute, StaleFor: time.Minute, Now: clk.Now,
				ServeExpired: func(err error) bool { return errors.Is(err, errDown) }})
			v1 := newRenderer("v1")
			v1.now = clk.Now
			fetch(t, c, "k", v1.render)
			clk.set(start.Add(time.Hour))
			e, state, err := c.Fetch(context.Background(), "k", func(context.Context) (*Entry, error) { return nil, test.err })
			if state != test.wantState || !errors.Is(err, test.wantErr) {
				t.Fatalf("Fetch = %v, %s, %v; want %s, %v", e, state, err, test.wantState, test.wantErr)
			}
			if test.wantErr == nil && string(e.Body) != "v1" {
				t.Errorf("body %q, want the expired v1", e.Body)
			}
		})
	}
}

// TestEntryPolicy: an entry's own fresh and stale times rule its life; one
// without them lives by the cache's; Cap bounds both.
func TestEntryPolicy(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	own := &Entry{Created: t0, FreshFor: time.Minute, StaleFor: 10 * time.Minute}
	plain := &Entry{Created: t0}
	for _, test := range []struct {
		name  string
		opts  Options
		entry *Entry
		age   time.Duration
		want  freshness
	}{
		{"own, fresh", Options{}, own, 30 * time.Second, fresh},
		{"own, stale", Options{}, own, 2 * time.Minute, stale},
		{"own, gone", Options{}, own, 11 * time.Minute, expired},
		{"cache's, fresh", Options{}, plain, 2 * time.Minute, fresh},
		{"cache's, stale", Options{}, plain, 30 * time.Minute, stale},
		{"capped", Options{Cap: time.Nanosecond}, own, time.Second, expired},
	} {
		t.Run(test.name, func(t *testing.T) {
			c := New(nil, test.opts)
			defer c.Close()
			if got := c.freshness(test.entry, t0.Add(test.age)); got != test.want {
				t.Errorf("freshness after %s = %d, want %d", test.age, got, test.want)
			}
		})
	}
}

// TestStaleRefreshesBounded: with every render blocked, stale hits on many
// keys start at most Options.Refreshes background renders, the rest are
// dropped (the stale page answers at once all the same), the renders run
// on a context marked Refreshing, and a slot frees once its render ends.
func TestStaleRefreshesBounded(t *testing.T) {
	const bound, keys = 3, 40
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clk := &clock{now: start}
	c := newTestCache(t, nil, Options{FreshFor: time.Minute, StaleFor: time.Hour, Now: clk.Now, Refreshes: bound})
	v1 := newRenderer("v1")
	v1.now = clk.Now
	for i := range keys {
		fetch(t, c, fmt.Sprint("k", i), v1.render)
	}
	clk.set(start.Add(2 * time.Minute))

	var inFlight, most atomic.Int32
	started := make(chan string, keys)
	release := make(chan struct{})
	var notMarked atomic.Int32
	blocked := func(key string) func(context.Context) (*Entry, error) {
		return func(ctx context.Context) (*Entry, error) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			if !Refreshing(ctx) {
				notMarked.Add(1)
			}
			started <- key
			<-release
			return NewEntry(200, nil, []byte("v2"), nil, clk.Now()), nil
		}
	}
	// Three rounds of stale hits on every key while the renders hang.
	for range 3 {
		for i := range keys {
			key := fmt.Sprint("k", i)
			if body, state := fetch(t, c, key, blocked(key)); body != "v1" || state != StateStale {
				t.Fatalf("stale hit on %s = %q, %s; want v1, STALE", key, body, state)
			}
		}
	}
	var refreshed []string
	for range bound {
		refreshed = append(refreshed, <-started)
	}
	// A hit on a key being refreshed joins its refresh; every other hit
	// but the first bound ones is dropped.
	if got, want := c.Stats().DroppedRefreshes, uint64(3*(keys-bound)); got != want {
		t.Errorf("dropped refreshes = %d, want %d", got, want)
	}
	close(release)
	for _, key := range refreshed {
		eventually(t, "refresh of "+key, func() bool {
			_, ok := c.Peek(context.Background(), key)
			return ok
		})
	}
	if m := most.Load(); m > bound {
		t.Errorf("refreshes in flight reached %d, bound %d", m, bound)
	}
	if n := notMarked.Load(); n != 0 {
		t.Errorf("%d refreshes ran on a context not marked Refreshing", n)
	}
	// The slots are free again: the next stale hit on another key refreshes it.
	var other string
	for i := range keys {
		if key := fmt.Sprint("k", i); !slices.Contains(refreshed, key) {
			other = key
			break
		}
	}
	eventually(t, "a freed slot refreshes "+other, func() bool {
		fetch(t, c, other, blocked(other))
		_, ok := c.Peek(context.Background(), other)
		return ok
	})
	if len(started) != 1 {
		t.Errorf("renders after the slots freed = %d, want 1", len(started))
	}
}

// Expire turns a tagged entry into a miss everywhere: in the process
// that expired it at once, and in another process sharing Redis once the
// message arrives (publishing an edit must not show the old page again).
func TestExpireIsAMissOnEveryProcess(t *testing.T) {
	a, b := twoProcesses(t)
	ra := newRenderer("v1", "doctor:1")
	rb := newRenderer("b", "doctor:1")
	other := newRenderer("o", "doctor:2")
	fetch(t, a, "k", ra.render)
	fetch(t, a, "o", other.render)
	fetch(t, b, "kb", rb.render)
	if _, state := fetch(t, b, "kb", rb.render); state != StateHit {
		t.Fatalf("b.Fetch = %s, want HIT", state)
	}
	if err := a.Expire(context.Background(), "doctor:1"); err != nil {
		t.Fatalf("Expire: %v", err)
	}
	if _, state := fetch(t, a, "k", ra.render); state != StateMiss {
		t.Errorf("a.Fetch after Expire = %s, want MISS", state)
	}
	if _, state := fetch(t, a, "o", other.render); state != StateHit {
		t.Errorf("untagged entry after Expire = %s, want HIT", state)
	}
	eventually(t, "b's entry is a miss once it hears the expiry", func() bool {
		_, state := fetch(t, b, "kb", rb.render)
		return state == StateMiss
	})
	if n := rb.calls.Load(); n != 2 {
		t.Errorf("b rendered %d times, want 2", n)
	}
}

// TestPurgedAtHearsPurgesAndExpiries: PurgedAt is the latest purge or
// expiry of a tag, at once in the process that made it and as the message
// arrives in another; other tags leave it alone.
func TestPurgedAtHearsPurgesAndExpiries(t *testing.T) {
	a, b := twoProcesses(t)
	ctx := context.Background()
	if !a.PurgedAt("specialties").IsZero() {
		t.Fatal("a tag never purged has a purge time")
	}
	before := time.Now()
	if err := a.Expire(ctx, "specialties"); err != nil {
		t.Fatal(err)
	}
	expired := a.PurgedAt("specialties")
	if expired.Before(before) {
		t.Fatalf("after Expire: %v, want at or after %v", expired, before)
	}
	if err := a.Purge(ctx, "doctor:1"); err != nil {
		t.Fatal(err)
	}
	if got := a.PurgedAt("specialties"); !got.Equal(expired) {
		t.Errorf("another tag's purge moved it: %v, want %v", got, expired)
	}
	if err := a.Purge(ctx, "specialties"); err != nil {
		t.Fatal(err)
	}
	purged := a.PurgedAt("specialties")
	if purged.Before(expired) {
		t.Errorf("after Purge: %v, want the later of it and the expiry %v", purged, expired)
	}
	deadline := time.Now().Add(deliveryLimit)
	for !b.PurgedAt("specialties").Equal(purged) {
		if time.Now().After(deadline) {
			t.Fatalf("the other process: %v, want %v", b.PurgedAt("specialties"), purged)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
