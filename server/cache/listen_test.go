package cache

import (
	"context"
	"testing"
	"time"

	"sogliq/server/cache/redistest"
)

// TestListen, on a real Redis shared by two processes a and b: a listener
// of a hears its tag purged by a and expired by b, not another tag, once
// more when the purge subscription comes back from a break, and nothing
// once its context has ended.
func TestListen(t *testing.T) {
	srv := redistest.Start(t)
	a := newTestCache(t, srv.Client(), Options{RedisTimeout: 2 * time.Second})
	b := newTestCache(t, srv.Client(), Options{RedisTimeout: 2 * time.Second})
	ctx := context.Background()
	// listen returns a channel that receives one value per call of a's
	// listener of tag, which ends with the test or with stop.
	listen := func(tag string) (heard chan struct{}, stop context.CancelFunc) {
		lctx, stop := context.WithCancel(ctx)
		t.Cleanup(stop)
		heard = make(chan struct{}, 16)
		a.Listen(lctx, tag, func() { heard <- struct{}{} })
		return heard, stop
	}
	hear := func(heard chan struct{}, what string) {
		t.Helper()
		select {
		case <-heard:
		case <-time.After(deliveryLimit):
			t.Fatalf("%s: the listener was not called", what)
		}
	}
	quiet := func(heard chan struct{}, what string) {
		t.Helper()
		select {
		case <-heard:
			t.Errorf("%s: the listener was called", what)
		default:
		}
	}
	// sync returns once a has applied every message b published before:
	// messages on one channel arrive in order.
	sentinel, _ := listen("sentinel")
	sync := func() {
		t.Helper()
		if err := b.Purge(ctx, "sentinel"); err != nil {
			t.Fatal(err)
		}
		hear(sentinel, "b's sentinel purge")
	}

	own, _ := listen("own")
	if err := a.Purge(ctx, "own"); err != nil {
		t.Fatal(err)
	}
	hear(own, "a's own purge")

	other, _ := listen("redirects:seo_redirects")
	if err := b.Purge(ctx, "redirects:route_rules", "doctor:1"); err != nil {
		t.Fatal(err)
	}
	sync()
	quiet(other, "b's purge of other tags")
	if err := b.Expire(ctx, "redirects:seo_redirects"); err != nil {
		t.Fatal(err)
	}
	hear(other, "b's expiry")

	// Messages published while the subscription is down are lost: coming
	// back, a wakes every listener.
	idle, _ := listen("never-purged")
	if err := srv.Client().ClientKillByFilter(ctx, "TYPE", "pubsub").Err(); err != nil {
		t.Fatal(err)
	}
	hear(idle, "the subscription's return")
	hear(sentinel, "the subscription's return") // so that sync waits for its next purge

	ended, stop := listen("ended")
	stop()
	if err := b.Purge(ctx, "ended"); err != nil {
		t.Fatal(err)
	}
	if err := a.Purge(ctx, "ended"); err != nil {
		t.Fatal(err)
	}
	sync()
	quiet(ended, "purges after the listener's context ended")
}
