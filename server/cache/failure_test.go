package cache

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"sogliq/server/cache/redistest"
)

// TestFetchSurvivesRedisFailure runs concurrent Fetches and breaks the
// private Redis halfway through; every Fetch must still return its page.
// The local layer is smaller than the key set, so Redis is used throughout.
func TestFetchSurvivesRedisFailure(t *testing.T) {
	for _, test := range []struct {
		name       string
		goroutines int
		fetches    int // per goroutine
		backoff    time.Duration
		breakRedis func(*redistest.Server)
	}{
		{"stopped", 20, 200, 0, (*redistest.Server).Stop},
		// Paused, every call waits for RedisTimeout: with no back-off each
		// Fetch pays it (fewer fetches keep the run short); with it, one
		// call per window does.
		{"paused, no back-off", 20, 40, -1, (*redistest.Server).Pause},
		{"paused, back-off", 20, 200, 0, (*redistest.Server).Pause},
	} {
		t.Run(test.name, func(t *testing.T) {
			srv := redistest.Start(t)
			t.Cleanup(srv.Resume) // before Stop, which the server registered first
			rdb := slowFallbackClient(t, srv)
			c := newTestCache(t, rdb, Options{LocalBytes: 10 << 20, RedisBackoff: test.backoff})

			total := test.goroutines * test.fetches
			var done atomic.Int32
			var breakOnce sync.Once
			var slowest atomic.Int64
			var wg sync.WaitGroup
			began := time.Now()
			for g := range test.goroutines {
				wg.Go(func() {
					for i := range test.fetches {
						if int(done.Add(1)) == total/2 {
							breakOnce.Do(func() { test.breakRedis(srv) })
						}
						key := fmt.Sprintf("page-%d", (g*test.fetches+i)%30)
						start := time.Now()
						e, _, err := c.Fetch(context.Background(), key, bodyOf(key))
						storeMax(&slowest, time.Since(start))
						if err != nil || e == nil || string(e.Body) != key {
							t.Errorf("Fetch(%q) = %v, %v; want its page", key, e, err)
							return
						}
					}
				})
			}
			wg.Wait()
			t.Logf("%d fetches in %v, slowest %v", total, time.Since(began), time.Duration(slowest.Load()))
			// A Fetch should wait about 2×RedisTimeout (100ms) at most. The
			// bound is far looser, to survive a loaded machine, but below
			// the client's 10s fallback timeouts, which only a call that
			// ignored RedisTimeout would wait for.
			if d := time.Duration(slowest.Load()); d > fallbackTimeout/2 {
				t.Errorf("slowest Fetch took %v; some Redis call ignored RedisTimeout", d)
			}
		})
	}
}

// fallbackTimeout replaces the socket, dial and pool timeouts of
// NewRedisClient in slowFallbackClient.
const fallbackTimeout = 10 * time.Second

// slowFallbackClient is NewRedisClient's client with its fallback timeouts
// raised to fallbackTimeout, so that only the context deadlines the cache
// sets (RedisTimeout) can make a call to a hung server return quickly.
func slowFallbackClient(t *testing.T, srv *redistest.Server) *redis.Client {
	t.Helper()
	opts, err := redisOptions(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout, opts.PoolTimeout = fallbackTimeout, fallbackTimeout, fallbackTimeout, fallbackTimeout
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { _ = rdb.Close() })
	return rdb
}

func bodyOf(key string) func(context.Context) (*Entry, error) {
	return func(ctx context.Context) (*Entry, error) {
		return NewEntry(200, nil, []byte(key), []string{"page"}, time.Now()), nil
	}
}

func storeMax(m *atomic.Int64, d time.Duration) {
	for {
		old := m.Load()
		if int64(d) <= old || m.CompareAndSwap(old, int64(d)) {
			return
		}
	}
}

// TestPurgeReportsRedisFailure checks that a purge which could not reach
// Redis says so, while still applying to its own process.
func TestPurgeReportsRedisFailure(t *testing.T) {
	srv := redistest.Start(t)
	rdb, err := NewRedisClient(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = rdb.Close() })
	c := newTestCache(t, rdb, Options{})
	fetch(t, c, "k", newRenderer("v1", "doctor:1").render)
	srv.Stop()
	if err := c.Purge(context.Background(), "doctor:1"); err == nil {
		t.Error("Purge with Redis stopped = nil error, want one")
	}
	if _, state := fetch(t, c, "k", newRenderer("v2", "doctor:1").render); state != StateStale {
		t.Errorf("Fetch after a local-only purge: state %s, want STALE", state)
	}
}

// failEvery is a go-redis hook failing every nth GET as a timeout would.
type failEvery struct {
	n     int64
	count atomic.Int64
}

func (f *failEvery) DialHook(next redis.DialHook) redis.DialHook { return next }

func (f *failEvery) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if cmd.Name() == "get" && f.count.Add(1)%f.n == 0 {
			cmd.SetErr(context.DeadlineExceeded)
			return context.DeadlineExceeded
		}
		return next(ctx, cmd)
	}
}

func (f *failEvery) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// TestRedisStaysOnThroughOccasionalFailures: with the CPU saturated, one
// Redis read in four failing (a goroutine woken late) costs those reads
// only: the others are still hits from Redis. A breaker that opened on
// one failure turned Redis off for nearly every request of a busy server.
func TestRedisStaysOnThroughOccasionalFailures(t *testing.T) {
	srv := redistest.Start(t)
	writer := newTestCache(t, slowFallbackClient(t, srv), Options{LocalBytes: -1})
	keys := make([]string, 40)
	for i := range keys {
		keys[i] = fmt.Sprintf("page-%d", i)
		if _, _, err := writer.Fetch(context.Background(), keys[i], bodyOf(keys[i])); err != nil {
			t.Fatal(err)
		}
	}
	rdb := slowFallbackClient(t, srv)
	rdb.AddHook(&failEvery{n: 4})
	// Every read goes to Redis, and only the hook fails one: the timeout
	// is far above what the spinners (and the race detector) can delay a
	// reply by, so the test does not depend on the machine's speed.
	reader := newTestCache(t, rdb, Options{LocalBytes: -1, RedisTimeout: 5 * time.Second})

	stop := make(chan struct{})
	var spinners sync.WaitGroup
	for range 4 * runtime.GOMAXPROCS(0) {
		spinners.Go(func() {
			for x := 0; ; x++ {
				select {
				case <-stop:
					return
				default:
				}
				for range 100_000 {
					x ^= x << 1
				}
			}
		})
	}
	states := map[string]int{}
	for range 5 {
		for _, key := range keys {
			e, state, err := reader.Fetch(context.Background(), key, bodyOf(key))
			if err != nil || string(e.Body) != key {
				t.Fatalf("Fetch(%q) = %v, %v", key, e, err)
			}
			states[state]++
		}
	}
	close(stop)
	spinners.Wait()
	if total := 5 * len(keys); states[StateHit] < total*6/10 {
		t.Errorf("%v of %d reads: Redis was turned off by occasional failures", states, total)
	}
}
