package cache

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"sogliq/server/cache/redistest"
)

// benchPage returns a 100 KB listing of doctor cards, varied enough to
// compress like a real page (a repeated line compresses a thousandfold and
// would flatter every codec).
func benchPage() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"Иванов", "Петров", "Каримов", "Юсупов", "Rahimov", "Toshmatov", "Сидорова", "Абдуллаева"}
	specs := []string{"кардиолог", "невролог", "педиатр", "стоматолог", "терапевт", "urolog"}
	var sb strings.Builder
	sb.WriteString("<!doctype html><html lang=ru><head><title>Врачи</title></head><body>")
	for sb.Len() < 100_000 {
		fmt.Fprintf(&sb, `<article class="doctor-card"><a href="/doctors/doc-%d"><img src="/img/d/%x.webp" alt="%s"><h3>%s</h3></a>`+
			`<p class=spec>%s, стаж %d лет</p><p class=price>%d сум</p><span class=rating>%.1f (%d отзывов)</span></article>`,
			r.IntN(100000), r.Uint64(), names[r.IntN(len(names))], names[r.IntN(len(names))],
			specs[r.IntN(len(specs))], r.IntN(40), r.IntN(500)*1000, 3+2*r.Float64(), r.IntN(900))
	}
	return []byte(sb.String())
}

func benchCache(b *testing.B, rdb *redis.Client, local int64) *Cache {
	b.Helper()
	c := New(rdb, Options{
		LocalBytes: local,
		Prefix:     "bench:" + b.Name() + ":",
		Logger:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	b.Cleanup(func() { _ = c.Close() })
	return c
}

func benchFetch(b *testing.B, c *Cache) {
	b.Helper()
	ctx := context.Background()
	page := benchPage()
	render := func(ctx context.Context) (*Entry, error) {
		return NewEntry(200, map[string]string{"Content-Type": "text/html"}, page, []string{"page", "doctor:1"}, time.Now()), nil
	}
	if _, _, err := c.Fetch(ctx, "k", render); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, state, err := c.Fetch(ctx, "k", render); err != nil || state != StateHit {
			b.Fatalf("Fetch = %s, %v; want HIT", state, err)
		}
	}
}

// BenchmarkFetchHit measures a hit in the in-process layer.
func BenchmarkFetchHit(b *testing.B) {
	benchFetch(b, benchCache(b, nil, 0))
}

// BenchmarkFetchRedisHit measures a hit read from Redis (GET, MGET of the
// tag times, decode, gunzip of the identity body), the local layer off.
func BenchmarkFetchRedisHit(b *testing.B) {
	srv := redistest.Start(b)
	rdb, err := NewRedisClient(srv.URL())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = rdb.Close() })
	benchFetch(b, benchCache(b, rdb, -1))
}

// BenchmarkNewEntry measures the compression a render pays.
func BenchmarkNewEntry(b *testing.B) {
	page := benchPage()
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		NewEntry(200, nil, page, nil, time.Now())
	}
}
