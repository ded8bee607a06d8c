package site_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"sogliq/server/site/sitetest"
	"sogliq/server/warm"
)

// TestWarmerFillsRedis: a warmer's pass renders the most visited
// specialty's listings first, and a fresh instance then finds every card
// of those pages in Redis (renders none).
func TestWarmerFillsRedis(t *testing.T) {
	rdb := sitetest.Redis(t)
	opts := sitetest.Options{Redis: rdb, RedisTimeout: 2 * time.Second, Uncached: true}
	a := sitetest.Start(t, opts)
	ctx := context.Background()
	if _, err := a.DB.ExecContext(ctx, `UPDATE specialties SET popularity = 1000000 WHERE slug = 'nevrolog'`); err != nil {
		t.Fatal(err)
	}
	w := warm.New(a.DB, a.Server, a.Engine, warm.Options{Budget: 1, Limit: 6})
	targets, err := w.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/doctors/nevrolog", "/doctors/nevrolog/deti", "/uz/doctors/nevrolog", "/uz/doctors/nevrolog/deti"}
	for i, target := range want {
		if len(targets) <= i || targets[i] != target {
			t.Fatalf("targets begin %q, want %q", targets[:min(len(targets), len(want))], want)
		}
	}
	n, err := w.Pass(ctx)
	if err != nil || n != 6 {
		t.Fatalf("Pass = %d, %v; want 6 rendered", n, err)
	}
	// The warmer's cards reach Redis in the background: wait until their
	// number stops growing.
	held := -1
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		keys, err := rdb.Keys(ctx, "sogliq-test:"+t.Name()+":fragment:*").Result()
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) == held {
			break
		}
		held = len(keys)
	}
	// A doctor on two of the listings (adults' and children's) is one
	// card per language.
	card := regexp.MustCompile(`<article class="doctor-summary">.*?href="([^"]+)"`)
	distinct := map[string]bool{}
	b := sitetest.StartWithDB(t, a.DB, opts)
	for _, target := range targets[:6] {
		p := sitetest.Get(t, b.URL+target)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", target, p.Resp.StatusCode)
		}
		for _, m := range card.FindAllStringSubmatch(p.Body, -1) {
			distinct[m[1]] = true
		}
	}
	if len(distinct) == 0 {
		t.Fatal("the warmed listings show no card")
	}
	if got := b.Fragments.Fetched(); got < uint64(len(distinct)) {
		t.Errorf("a fresh instance fetched %d cards from Redis for the warmed listings, want their %d", got, len(distinct))
	}
}
