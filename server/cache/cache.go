// Package cache is the rendered-page cache: a small in-process 2Q in front
// of Redis, invalidated by tag, serving stale entries while one request per
// key re-renders them.
//
// Keys are opaque strings built by the web layer (build id · lang · region ·
// route · canonical query), so a deploy changes every key and no purge-all is
// needed.
//
// Timing. An entry is fresh for FreshFor after it was created, then stale for
// StaleFor more, then gone. Purge(tag) records the tag's purge time in Redis
// and tells every process over pub/sub; an entry created no later than a
// purge of one of its tags is stale from then on. A stale entry is served at
// once (state "STALE") while one background render per key replaces it.
//
// Failure. Redis is an optimisation: a Redis call that fails or takes longer
// than RedisTimeout is logged at Warn and treated as a miss, and once half
// the calls of a few seconds have failed (five at least) Redis is skipped
// for RedisBackoff, so an outage costs a handful of timeouts, not one per
// request, while a busy CPU that makes a few calls late does not turn
// Redis off. With a nil Redis client the in-process layer works
// alone (one process, no sharing).
//
// Consistency. The local layer trusts pub/sub: if a purge message is lost,
// a local copy can stay fresh until FreshFor runs out. When the subscription
// breaks and comes back, the local layer is cleared and every listener
// (Listen) is called, because messages may have been missed in between.
package cache

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"sogliq/server/metrics"
)

// States reported by Fetch; the web layer copies them into X-Cache.
const (
	StateHit   = "HIT"   // fresh entry from the local layer or Redis
	StateMiss  = "MISS"  // rendered for this request (or for a concurrent one it waited on)
	StateStale = "STALE" // stale entry served while a background render replaces it
)

// DefaultLocalBytes is the in-process layer's default bound, 32 MiB: about
// 250 listing pages of 130 KB (identity, gzip and brotli bodies), or
// thousands of smaller cards, in a process that should stay near 130 MB
// under load on a 2-core machine (issue 15). Redis, when configured, holds
// the rest.
const DefaultLocalBytes = 32 << 20

// Options configures a Cache. Zero fields take the documented defaults.
type Options struct {
	// LocalBytes bounds the memory of the in-process layer (twoQ): its entries'
	// bodies (identity and compressed), headers and tags (default
	// DefaultLocalBytes; negative disables the local layer, so every
	// lookup goes to Redis).
	LocalBytes int64
	// FreshFor is how long an entry that carries no policy of its own
	// (Entry.FreshFor zero) is fresh (default 5m); pages carry their
	// route's (route.CachePolicy).
	FreshFor time.Duration
	// StaleFor is how much longer such a stale entry is served while it is
	// re-rendered (default 1h); after that it is a miss. Redis keys expire
	// when the entry does.
	StaleFor time.Duration
	// Cap, when set, bounds every entry's fresh and stale times, its own
	// policy included (tests set 1ns to reuse nothing).
	Cap time.Duration
	// RedisTimeout bounds each Redis lookup or store (default
	// DefaultRedisTimeout); a slower or failing call is a miss, logged at
	// Warn, never an error.
	RedisTimeout time.Duration
	// RedisBackoff is how long Redis is skipped once the breaker opens
	// (half the calls of a window failed; default 1s; negative: never).
	RedisBackoff time.Duration
	// RenderTimeout is the deadline of the detached render context
	// (default 10s).
	RenderTimeout time.Duration
	// Name labels the cache's metrics (default "pages").
	Name string
	// Prefix starts every Redis key and the pub/sub channel (default
	// "sogliq:"); tests use their own.
	Prefix string
	// Refreshes bounds the background renders of stale entries in flight
	// at once (default 1). A stale hit finding them all busy starts none:
	// the stale entry keeps answering and a later hit refreshes it.
	Refreshes int
	// ServeExpired reports whether a render's error lets an expired entry
	// still held answer instead (e.g. database.Unavailable: an old page
	// beats an error page while the database is down); nil: never.
	ServeExpired func(error) bool
	// OnPurge, when set, learns the tags of every purge and expiry, local
	// or from pub/sub (without the "expire:" mark): the engine's card
	// fragments are dropped by the same tags as pages.
	OnPurge func(tags []string)
	// Logger receives Redis warnings and render panics (default slog.Default()).
	Logger *slog.Logger
	// Now is the clock (default time.Now); tests replace it.
	Now func() time.Time
}

func (o Options) withDefaults() Options {
	if o.LocalBytes == 0 {
		o.LocalBytes = DefaultLocalBytes
	}
	if o.FreshFor <= 0 {
		o.FreshFor = 5 * time.Minute
	}
	if o.StaleFor <= 0 {
		o.StaleFor = time.Hour
	}
	if o.RedisTimeout <= 0 {
		o.RedisTimeout = DefaultRedisTimeout
	}
	if o.RedisBackoff == 0 {
		o.RedisBackoff = time.Second
	}
	if o.RenderTimeout <= 0 {
		o.RenderTimeout = 10 * time.Second
	}
	if o.Refreshes <= 0 {
		o.Refreshes = 1
	}
	if o.Name == "" {
		o.Name = "pages"
	}
	if o.Prefix == "" {
		o.Prefix = "sogliq:"
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// DefaultRedisTimeout bounds a Redis call. Measured on 2 cores: a 60 KB
// GET takes 0.02 ms at p50 and 0.4 ms at p99 on an idle machine, but 10–20
// ms at p99 with the CPU saturated, and several times that with thirty
// requests' goroutines queued behind renders (each may run 10 ms before it
// is preempted). A call past 250 ms is Redis's fault, not the scheduler's;
// a miss costs a render (~30 ms of CPU), so waiting that long for a hit
// still pays.
const DefaultRedisTimeout = 250 * time.Millisecond

// redisWindow is the breaker's window.
const redisWindow = 5 * time.Second

// Cache is the page cache. It is safe for concurrent use; Close it to stop
// its pub/sub subscriber.
type Cache struct {
	rdb   *redis.Client // nil: local layer alone
	opts  Options
	log   *slog.Logger
	local *twoQ
	tags  *tagTimes
	group singleflight.Group

	// refreshSlots holds one token per background render in flight
	// (Options.Refreshes); refreshing the keys they render.
	refreshSlots chan struct{}
	refreshMu    sync.Mutex
	refreshing   map[string]bool
	dropped      atomic.Uint64

	// breaker skips Redis while it fails (real time, not Options.Now).
	breaker *breaker

	// listeners are the Listen calls whose context has not ended.
	listenMu  sync.Mutex
	listeners map[*listener]struct{}

	stop      context.CancelFunc // stops the subscriber
	pubsub    *redis.PubSub
	ready     chan struct{} // closed once the first subscription is confirmed
	done      chan struct{} // closed when the subscriber has returned
	closeOnce sync.Once

	// fragmentWrites queues the cards PutFragment stores in Redis.
	fragmentWrites chan fragmentWrite

	// onWait, when set (by tests), runs after a Fetch has joined a render
	// and before it waits for the result.
	onWait func()
}

// New returns a Cache on rdb, or on the in-process layer alone when rdb is
// nil. With Redis it subscribes to purge messages until Close. rdb should
// have ContextTimeoutEnabled (see NewRedisClient); without it go-redis
// ignores RedisTimeout and a hung Redis stalls page requests, so New logs a
// warning.
func New(rdb *redis.Client, opts Options) *Cache {
	opts = opts.withDefaults()
	c := &Cache{
		rdb:   rdb,
		opts:  opts,
		log:   opts.Logger,
		local: newTwoQ(opts.LocalBytes),
		tags:  newTagTimes(max(MaxLife, opts.FreshFor+opts.StaleFor)),

		breaker:      newBreaker(redisWindow, opts.RedisBackoff),
		refreshSlots: make(chan struct{}, opts.Refreshes),
		refreshing:   map[string]bool{},
		listeners:    map[*listener]struct{}{},

		ready: make(chan struct{}),
		done:  make(chan struct{}),
	}
	if rdb == nil {
		close(c.done)
		return c
	}
	if !rdb.Options().ContextTimeoutEnabled {
		c.log.Warn("cache: redis client has ContextTimeoutEnabled off; a hung Redis will stall requests beyond RedisTimeout")
	}
	ctx, cancel := context.WithCancel(context.Background())
	c.stop = cancel
	c.pubsub = rdb.Subscribe(ctx, c.channel())
	go c.subscribe(ctx)
	c.fragmentWrites = make(chan fragmentWrite, fragmentQueue)
	go c.writeFragments(ctx)
	return c
}

// Close stops the pub/sub subscriber and waits for it. It does not close
// the Redis client, which belongs to the caller. Close is idempotent.
func (c *Cache) Close() error {
	c.closeOnce.Do(func() {
		if c.pubsub == nil {
			return
		}
		c.stop()
		_ = c.pubsub.Close() // unblocks the subscriber's read; its error is of no use at shutdown
	})
	<-c.done
	return nil
}

// Fetch returns the entry for key and its state (StateHit, StateMiss or
// StateStale).
//
// On a miss it calls render, at most once at a time per key: concurrent
// Fetches of the same key wait for the same render. On a stale hit it
// returns the stale entry at once and starts one background render per key,
// unless Options.Refreshes of them are already running (see Refreshing).
// render runs on a context detached from ctx (context.WithoutCancel plus
// RenderTimeout), so a client hang-up does not cancel work others wait for;
// a Fetch whose ctx ends while waiting returns ctx's error. The entry's
// Created is set to no later than the moment render began, so a purge during
// the render leaves the result stale rather than fresh with old data.
//
// An error from render is returned (wrapped) to every waiter and nothing is
// cached, except that an expired entry still held answers instead (as
// StateStale) when Options.ServeExpired says so of the error; a panic in render is recovered, logged and returned the same way;
// a nil entry with a nil error is an error. Only entries with Status 200 are
// stored: any other status (404, 500, a redirect) is returned to the waiters
// of that render and rendered afresh next time.
func (c *Cache) Fetch(ctx context.Context, key string, render func(ctx context.Context) (*Entry, error)) (*Entry, string, error) {
	e, f := c.lookup(ctx, key)
	switch f {
	case fresh:
		return e, StateHit, nil
	case stale:
		c.refresh(ctx, key, render)
		return e, StateStale, nil
	}
	ch := c.group.DoChan(key, c.renderFunc(ctx, key, render))
	if c.onWait != nil {
		c.onWait()
	}
	select {
	case res := <-ch:
		if res.Err != nil && e != nil && c.opts.ServeExpired != nil && c.opts.ServeExpired(res.Err) {
			// An expired page beats an error page (the database may be
			// down): served as stale, never stored again.
			c.log.WarnContext(ctx, "cache: render failed; serving an expired entry", slog.String("key", key), slog.Any("err", res.Err))
			return e, StateStale, nil
		}
		if res.Err != nil {
			return nil, StateMiss, fmt.Errorf("cache.Fetch(%q): %w", key, res.Err)
		}
		return res.Val.(*Entry), StateMiss, nil
	case <-ctx.Done():
		return nil, StateMiss, fmt.Errorf("cache.Fetch(%q): %w", key, ctx.Err())
	}
}

// Local returns key's entry when the in-process layer holds it fresh: no
// Redis call, no render, nothing allocated. The web layer's fast path
// serves hits with it and takes anything else to Fetch.
func (c *Cache) Local(key string) (*Entry, bool) {
	e, ok := c.local.get(key)
	if !ok || c.freshness(e, c.opts.Now()) != fresh {
		return nil, false
	}
	c.count("local", fresh)
	return e, true
}

// LocalBytes is what the in-process layer holds now (its entries' sizes).
func (c *Cache) LocalBytes() int64 { return c.local.bytes() }

// Peek returns the entry for key if it is fresh, without rendering; the web
// layer uses it to answer If-None-Match with 304 before any render. A stale
// entry reports false on purpose: answering 304 from it would start no
// re-render, so a revalidating client could keep an outdated page for up to
// StaleFor. Fetch serves the stale entry just as fast and starts the render,
// and its ETag can then answer the 304.
func (c *Cache) Peek(ctx context.Context, key string) (*Entry, bool) {
	e, f := c.lookup(ctx, key)
	return e, f == fresh
}

// Purge makes every entry carrying any of tags stale, in this process at
// once and in every process sharing Redis as soon as the pub/sub message
// arrives. It records each tag's purge time in Redis (tag:<tag>, expiring
// with the entries it can affect) and publishes the purge. With Redis
// configured, a failed Redis call is returned as an error: the purge then
// reached only this process. Bound the call with ctx.
func (c *Cache) Purge(ctx context.Context, tags ...string) error {
	if len(tags) == 0 {
		return nil
	}
	at := c.opts.Now()
	c.mark(at, tags)
	if c.rdb == nil {
		return nil
	}
	if err := c.publishPurge(ctx, at, tags); err != nil {
		return fmt.Errorf("cache.Purge(%q): %w", tags, err)
	}
	return nil
}

// mark records a purge of tags at at and tells OnPurge and the listeners.
func (c *Cache) mark(at time.Time, tags []string) {
	c.tags.mark(at, tags...)
	plain := make([]string, len(tags))
	for i, t := range tags {
		plain[i] = strings.TrimPrefix(t, expirePrefix)
	}
	if c.opts.OnPurge != nil {
		c.opts.OnPurge(plain)
	}
	c.wake(plain, false)
}

// PurgedAt is when tag was last purged or expired, as far as this process
// has heard (its own Purge and Expire calls at once, other processes' as
// their pub/sub messages arrive), zero for never: what a cache of its own
// beside this one (catalog's references) checks what it holds against,
// with no goroutine between the purge and the check.
func (c *Cache) PurgedAt(tag string) time.Time {
	return c.tags.latest(tag, expirePrefix)
}

// listener is one Listen call: its tag, and a wake-up its goroutine has
// not taken yet (one at most: purges meanwhile fold into it).
type listener struct {
	tag  string
	wake chan struct{}
}

// Listen calls fn after every purge or expiry of tag, made by this process
// or by another sharing Redis (as the pub/sub message arrives; a process
// hears its own purges come back too), and after the purge subscription
// comes back from a break, when purges may have been missed; until ctx
// ends, after which no call begins. It returns at once. fn runs on a
// goroutine of its own, one call at a time, never on the subscriber's:
// purges that arrive while it runs fold into one more call, so fn should
// read afresh what it follows rather than count calls. Tags no entry
// carries are fine: Listen and Purge then make a broadcast of changes.
func (c *Cache) Listen(ctx context.Context, tag string, fn func()) {
	l := &listener{tag: tag, wake: make(chan struct{}, 1)}
	c.listenMu.Lock()
	c.listeners[l] = struct{}{}
	c.listenMu.Unlock()
	go func() {
		defer func() {
			c.listenMu.Lock()
			delete(c.listeners, l)
			c.listenMu.Unlock()
		}()
		for {
			select {
			case <-ctx.Done():
				return
			case <-l.wake:
				// Both may be ready at once; an ended ctx wins.
				if ctx.Err() != nil {
					return
				}
				fn()
			}
		}
	}()
}

// wake tells the listeners of any of tags, or every listener when all is
// set, without waiting for them.
func (c *Cache) wake(tags []string, all bool) {
	c.listenMu.Lock()
	defer c.listenMu.Unlock()
	for l := range c.listeners {
		if !all && !slices.Contains(tags, l.tag) {
			continue
		}
		select {
		case l.wake <- struct{}{}:
		default: // a wake-up is already waiting: this purge folds into it
		}
	}
}

// expirePrefix marks the purge time of a tag whose entries Expire makes
// misses: "expire:doctor:12".
const expirePrefix = "expire:"

// Expire makes every entry carrying any of tags a miss (not a stale hit),
// in this process at once and in every process sharing Redis as the
// pub/sub message arrives: the next request renders, as publishing an
// edit needs (the visitor must not be served the old page once more).
// It travels as a Purge of the tags with expirePrefix.
func (c *Cache) Expire(ctx context.Context, tags ...string) error {
	prefixed := make([]string, len(tags))
	for i, t := range tags {
		prefixed[i] = expirePrefix + t
	}
	return c.Purge(ctx, prefixed...)
}

// freshness grades an entry at a moment.
type freshness int

const (
	expired freshness = iota // absent or past FreshFor+StaleFor: a miss
	stale                    // servable while it is re-rendered
	fresh
)

// MaxLife is the longest an entry's fresh and stale times together may
// be: purge times are remembered that long.
const MaxLife = 24 * time.Hour

// life is how long e is fresh and then stale: its own policy, else the
// cache's, within Cap.
func (c *Cache) life(e *Entry) (fresh, stale time.Duration) {
	fresh, stale = e.FreshFor, e.StaleFor
	if fresh <= 0 {
		fresh, stale = c.opts.FreshFor, c.opts.StaleFor
	}
	if c.opts.Cap > 0 {
		fresh, stale = min(fresh, c.opts.Cap), min(stale, c.opts.Cap)
	}
	return fresh, stale
}

func (c *Cache) freshness(e *Entry, now time.Time) freshness {
	age := now.Sub(e.Created)
	freshFor, staleFor := c.life(e)
	switch {
	case age >= freshFor+staleFor || c.tags.purgedSince(e, expirePrefix):
		return expired
	case age >= freshFor || c.tags.purgedSince(e, ""):
		return stale
	}
	return fresh
}

// lookup finds key in the local layer, then in Redis. A stale local entry
// is checked against Redis too, because another process may already have
// stored its replacement; that saves one render per process per purge.
func (c *Cache) lookup(ctx context.Context, key string) (*Entry, freshness) {
	now := c.opts.Now()
	e, ok := c.local.get(key)
	f := expired
	if ok {
		if f = c.freshness(e, now); f == fresh {
			c.count("local", f)
			return e, f
		}
		if f == expired {
			c.local.remove(key, e)
		}
	}
	if c.local != nil {
		c.count("local", f)
	}
	if !c.redisUsable() {
		return e, f
	}
	re := c.redisGet(ctx, key)
	if re == nil {
		c.count("redis", expired)
		return e, f
	}
	rf := c.freshness(re, now)
	c.count("redis", rf)
	if rf > f {
		c.local.put(key, re)
		return re, rf
	}
	return e, f
}

// count records a lookup's result in layer for the metrics.
func (c *Cache) count(layer string, f freshness) {
	result := "miss"
	switch f {
	case fresh:
		result = "hit"
	case stale:
		result = "stale"
	}
	metrics.CacheLookup(c.opts.Name, layer, result)
}

// refreshKey marks the context of a background render.
type refreshKey struct{}

// Refreshing reports whether ctx is that of a background render replacing a
// stale entry: nobody waits for it, so the renderer may give it lower
// priority than a render a visitor is waiting on.
func Refreshing(ctx context.Context) bool {
	r, _ := ctx.Value(refreshKey{}).(bool)
	return r
}

// Stats counts a cache's work since it started.
type Stats struct {
	// DroppedRefreshes counts stale hits that started no background
	// render because Options.Refreshes were already running.
	DroppedRefreshes uint64
}

// Stats returns the cache's counters.
func (c *Cache) Stats() Stats {
	return Stats{DroppedRefreshes: c.dropped.Load()}
}

// refresh starts a background render of key unless one is running for it
// or every refresh slot is taken. Dropping is safe: the stale entry keeps
// answering, and the next stale hit tries again.
func (c *Cache) refresh(ctx context.Context, key string, render func(context.Context) (*Entry, error)) {
	c.refreshMu.Lock()
	if c.refreshing[key] {
		c.refreshMu.Unlock()
		return
	}
	select {
	case c.refreshSlots <- struct{}{}:
	default:
		c.refreshMu.Unlock()
		c.dropped.Add(1)
		return
	}
	c.refreshing[key] = true
	c.refreshMu.Unlock()
	// A miss of the same key (its entry expired meanwhile) may share the
	// flight; it then waits on a render of background priority, which is
	// rare and still bounded by the render deadline.
	ch := c.group.DoChan(key, c.renderFunc(context.WithValue(ctx, refreshKey{}, true), key, render))
	go func() {
		<-ch
		c.refreshMu.Lock()
		delete(c.refreshing, key)
		<-c.refreshSlots
		c.refreshMu.Unlock()
	}()
}

// renderFunc returns the singleflight function for key: render on a
// detached context, recover a panic, and store a 200 entry.
func (c *Cache) renderFunc(ctx context.Context, key string, render func(context.Context) (*Entry, error)) func() (any, error) {
	return func() (any, error) {
		ctx := context.WithoutCancel(ctx)
		// A render for key may have finished, here or in another process,
		// between this Fetch's lookup and the start of this flight. One more
		// lookup (local, else one Redis GET) is cheap next to a render.
		if e, f := c.lookup(ctx, key); f == fresh {
			return e, nil
		}
		e, err := c.render(ctx, key, render)
		if err != nil {
			return nil, err
		}
		if e.Status == http.StatusOK {
			// Redis first: once this process serves the new entry, the
			// others can read it too.
			c.redisSet(ctx, key, e)
			c.local.put(key, e)
		}
		return e, nil
	}
}

// render calls fn under RenderTimeout and turns a panic or a nil entry into
// an error, so every waiter of the flight gets an answer.
func (c *Cache) render(ctx context.Context, key string, fn func(context.Context) (*Entry, error)) (e *Entry, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.opts.RenderTimeout)
	defer cancel()
	started := c.opts.Now()
	defer func() {
		if r := recover(); r != nil {
			c.log.ErrorContext(ctx, "cache: render panicked",
				slog.String("key", key), slog.Any("panic", r), slog.String("stack", string(debug.Stack())))
			e, err = nil, fmt.Errorf("render panicked: %v", r)
		}
	}()
	e, err = fn(ctx)
	switch {
	case err != nil:
		return nil, err
	case e == nil:
		return nil, fmt.Errorf("render returned no entry")
	}
	if e.Created.After(started) {
		cp := *e // the caller's value stays as it made it
		cp.Created = started
		e = &cp
	}
	return e, nil
}
