package cache

import (
	"context"
	"strings"
	"time"
)

// FragmentLife is how long Redis keeps a card's HTML. Its key names the
// build and the card's data (ssr/props.go), so a kept card is never
// wrong, only unused after a deploy or a change: the expiry frees it.
const FragmentLife = 7 * 24 * time.Hour

// fragmentQueue bounds the cards waiting to be written to Redis; a full
// queue drops the newest (the card is rendered again where it is missed).
const fragmentQueue = 512

func (c *Cache) fragmentKey(key string) string { return c.opts.Prefix + "fragment:" + key }

// GetFragments reads the cards keys name from Redis in one round trip:
// for each key its tag and HTML, "" and "" when Redis does not hold it
// (or fails, or the breaker is open: then all are missing).
func (c *Cache) GetFragments(ctx context.Context, keys []string) (tags, htmls []string) {
	tags, htmls = make([]string, len(keys)), make([]string, len(keys))
	if len(keys) == 0 || !c.redisUsable() {
		return tags, htmls
	}
	rkeys := make([]string, len(keys))
	for i, k := range keys {
		rkeys[i] = c.fragmentKey(k)
	}
	rctx, cancel := context.WithTimeout(ctx, c.opts.RedisTimeout)
	defer cancel()
	vals, err := c.rdb.MGet(rctx, rkeys...).Result()
	if err != nil {
		c.redisFailed(ctx, "mget fragments", err)
		return tags, htmls
	}
	c.redisDone()
	for i, v := range vals {
		if s, ok := v.(string); ok {
			// The value is the tag, a line break, the HTML (PutFragment).
			tags[i], htmls[i], _ = strings.Cut(s, "\n")
		}
	}
	return tags, htmls
}

type fragmentWrite struct{ key, tag, html string }

// PutFragment stores a card in Redis for FragmentLife, in the background:
// the render that made it never waits for Redis. Writes queued together
// go in one pipeline.
func (c *Cache) PutFragment(key, tag, html string) {
	if c.rdb == nil {
		return
	}
	select {
	case c.fragmentWrites <- fragmentWrite{key, tag, html}:
	default: // the queue is full: Redis is slow, and the card can be rendered again
	}
}

// writeFragments is PutFragment's writer, until Close.
func (c *Cache) writeFragments(ctx context.Context) {
	for {
		var batch []fragmentWrite
		select {
		case <-ctx.Done():
			return
		case w := <-c.fragmentWrites:
			batch = append(batch, w)
		}
	more:
		for len(batch) < 64 {
			select {
			case w := <-c.fragmentWrites:
				batch = append(batch, w)
			default:
				break more
			}
		}
		if !c.redisUsable() {
			continue
		}
		rctx, cancel := context.WithTimeout(ctx, c.opts.RedisTimeout)
		pipe := c.rdb.Pipeline()
		for _, w := range batch {
			pipe.Set(rctx, c.fragmentKey(w.key), w.tag+"\n"+w.html, FragmentLife)
		}
		_, err := pipe.Exec(rctx)
		cancel()
		if err != nil {
			c.redisFailed(ctx, "set fragments", err)
		} else {
			c.redisDone()
		}
	}
}
