package cache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"sogliq/server/metrics"
)

// NewRedisClient opens a client for redisURL (redis://[:password@]host:port/db)
// tuned for a cache that must fail fast: go-redis honours context deadlines
// (so RedisTimeout bounds every call, even on a hung server), commands are
// not retried (a retry after the deadline is wasted work), and the socket
// and pool timeouts bound calls made without a deadline, such as Purge with
// a bare context.
func NewRedisClient(redisURL string) (*redis.Client, error) {
	opts, err := redisOptions(redisURL)
	if err != nil {
		return nil, fmt.Errorf("cache.NewRedisClient: %w", err)
	}
	return redis.NewClient(opts), nil
}

func redisOptions(redisURL string) (*redis.Options, error) {
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, err
	}
	opts.ContextTimeoutEnabled = true
	opts.MaxRetries = -1
	opts.DialTimeout = time.Second
	opts.ReadTimeout = time.Second
	opts.WriteTimeout = time.Second
	opts.PoolTimeout = 200 * time.Millisecond
	return opts, nil
}

func (c *Cache) pageKey(key string) string { return c.opts.Prefix + "page:" + key }
func (c *Cache) tagKey(tag string) string  { return c.opts.Prefix + "tag:" + tag }
func (c *Cache) channel() string           { return c.opts.Prefix + "purge" }

// redisUsable reports whether to try Redis now: it is configured and the
// breaker is closed.
func (c *Cache) redisUsable() bool {
	return c.rdb != nil && c.breaker.allow(time.Now())
}

// redisDone counts a call that worked (a missing key included) toward the
// breaker's window.
func (c *Cache) redisDone() { c.breaker.record(time.Now(), false) }

// redisFailed logs a failed call and counts it toward the breaker. A call
// that failed because the caller's own context ended says nothing about
// Redis.
func (c *Cache) redisFailed(parent context.Context, op string, err error) {
	if parent.Err() != nil {
		return
	}
	metrics.RedisError(c.opts.Name, op)
	opened := c.breaker.record(time.Now(), true)
	c.log.WarnContext(parent, "cache: redis call failed; treating as a miss",
		slog.String("op", op), slog.Any("err", err), slog.Bool("skipping_redis", opened))
}

// redisGet reads key's entry and the purge times of its tags (a second round
// trip: the tags are known only once the entry is decoded), remembering
// those times locally. Any failure is a miss.
func (c *Cache) redisGet(ctx context.Context, key string) *Entry {
	if !c.redisUsable() {
		return nil
	}
	rctx, cancel := context.WithTimeout(ctx, c.opts.RedisTimeout)
	defer cancel()
	b, err := c.rdb.Get(rctx, c.pageKey(key)).Bytes()
	if errors.Is(err, redis.Nil) {
		c.redisDone()
		return nil
	}
	if err != nil {
		c.redisFailed(ctx, "get", err)
		return nil
	}
	e, err := decodeEntry(b)
	if err != nil {
		c.log.WarnContext(ctx, "cache: dropping unreadable entry", slog.String("key", key), slog.Any("err", err))
		return nil
	}
	if err := c.loadTagTimes(rctx, e.Tags); err != nil {
		c.redisFailed(ctx, "mget", err)
		return nil
	}
	c.redisDone()
	return e
}

func (c *Cache) loadTagTimes(ctx context.Context, tags []string) error {
	if len(tags) == 0 {
		return nil
	}
	// Each tag's purge and expiry times (Expire).
	all := make([]string, 0, 2*len(tags))
	for _, t := range tags {
		all = append(all, t, expirePrefix+t)
	}
	tags = all
	keys := make([]string, len(tags))
	for i, t := range tags {
		keys[i] = c.tagKey(t)
	}
	vals, err := c.rdb.MGet(ctx, keys...).Result()
	if err != nil {
		return err
	}
	for i, v := range vals {
		s, ok := v.(string)
		if !ok {
			continue // never purged, or the purge has expired
		}
		if ns, err := strconv.ParseInt(s, 10, 64); err == nil {
			c.tags.mark(time.Unix(0, ns), tags[i])
		}
	}
	return nil
}

// redisSet stores e for its fresh and stale time, after which it is a miss
// anyway.
// Failure is logged; the entry is still in the local layer.
func (c *Cache) redisSet(ctx context.Context, key string, e *Entry) {
	if !c.redisUsable() {
		return
	}
	rctx, cancel := context.WithTimeout(ctx, c.opts.RedisTimeout)
	defer cancel()
	fresh, stale := c.life(e)
	ttl := fresh + stale
	if err := c.rdb.Set(rctx, c.pageKey(key), encodeEntry(e), ttl).Err(); err != nil {
		c.redisFailed(ctx, "set", err)
		return
	}
	c.redisDone()
}

// purgeMessage is the pub/sub payload of a purge.
type purgeMessage struct {
	At   int64    `json:"at"` // UnixNano
	Tags []string `json:"tags"`
}

// publishPurge writes the tags' purge times and announces them in one
// round trip. The tag keys expire with the entries they could make stale.
func (c *Cache) publishPurge(ctx context.Context, at time.Time, tags []string) error {
	msg, err := json.Marshal(purgeMessage{At: at.UnixNano(), Tags: tags})
	if err != nil {
		return err
	}
	ttl := max(MaxLife, c.opts.FreshFor+c.opts.StaleFor)
	_, err = c.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, t := range tags {
			p.Set(ctx, c.tagKey(t), at.UnixNano(), ttl)
		}
		p.Publish(ctx, c.channel(), msg)
		return nil
	})
	return err
}

// subscribe applies purge messages until ctx ends. go-redis reconnects and
// resubscribes after a broken connection; each confirmation after the first
// means messages may have been lost, so the local layer is cleared and
// every listener (Listen) is woken.
func (c *Cache) subscribe(ctx context.Context) {
	defer close(c.done)
	confirmed := false
	for {
		msg, err := c.pubsub.Receive(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			c.log.WarnContext(ctx, "cache: purge subscription failed; retrying", slog.Any("err", err))
			if !sleep(ctx, time.Second) {
				return
			}
			continue
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			if confirmed {
				c.local.clear()
				c.wake(nil, true)
			} else {
				confirmed = true
				close(c.ready)
			}
		case *redis.Message:
			c.applyPurge(ctx, m.Payload)
		}
	}
}

func (c *Cache) applyPurge(ctx context.Context, payload string) {
	var m purgeMessage
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		c.log.WarnContext(ctx, "cache: ignoring malformed purge message", slog.Any("err", err))
		return
	}
	c.mark(time.Unix(0, m.At), m.Tags)
}

// sleep waits for d or until ctx ends, reporting whether the full d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
