package cache

import (
	"context"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/cache/redistest"
)

// TestOnPurge: OnPurge hears this process's purges and expiries (without
// the expire mark) and those of another process over pub/sub (a process
// also hears its own purges come back; dropping cards twice is harmless).
func TestOnPurge(t *testing.T) {
	srv := redistest.Start(t)
	var mu sync.Mutex
	var heard [][]string
	listener := New(srv.Client(), Options{Prefix: "onpurge:", RedisTimeout: 2 * time.Second, OnPurge: func(tags []string) {
		mu.Lock()
		defer mu.Unlock()
		heard = append(heard, tags)
	}})
	defer listener.Close()
	other := New(srv.Client(), Options{Prefix: "onpurge:", RedisTimeout: 2 * time.Second})
	defer other.Close()
	ctx := context.Background()
	if err := listener.Purge(ctx, "doctor:1"); err != nil {
		t.Fatal(err)
	}
	if err := listener.Expire(ctx, "clinic:2"); err != nil {
		t.Fatal(err)
	}
	// The other process's purge arrives over pub/sub: publish until it is
	// heard (the subscription may not be up yet), bounded by a deadline.
	want := []string{"clinic:2", "doctor:1", "doctor:3"}
	tags := func() []string {
		set := map[string]bool{}
		for _, h := range heard {
			for _, tag := range h {
				set[tag] = true
			}
		}
		return slices.Sorted(maps.Keys(set))
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := other.Expire(ctx, "doctor:3"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
		mu.Lock()
		got := slices.Contains(tags(), "doctor:3")
		mu.Unlock()
		if got || time.Now().After(deadline) {
			break
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if diff := cmp.Diff(want, tags()); diff != "" {
		t.Errorf("OnPurge heard (-want +got):\n%s", diff)
	}
}
