package site_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"sogliq/server/site/sitetest"
)

// reportPercentiles adds p50 and p99 of the samples as metrics.
func reportPercentiles(b *testing.B, samples []time.Duration) {
	if len(samples) == 0 {
		return
	}
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	at := func(q float64) float64 {
		return float64(samples[int(q*float64(len(samples)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// BenchmarkRenderDoctorList times the goja render alone of the doctors
// listing (20 Cyrillic cards), props loaded once.
func BenchmarkRenderDoctorList(b *testing.B) {
	for _, path := range []string{"/doctors/kardiolog", "/uz/doctors/kardiolog"} {
		b.Run(path, func(b *testing.B) {
			s := sitetest.Start(b, sitetest.Options{PoolSize: 1})
			props, err := s.Server.PageProps(context.Background(), path)
			if err != nil {
				b.Fatal(err)
			}
			samples := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				if _, err := s.Engine.Render(context.Background(), props); err != nil {
					b.Fatal(err)
				}
				samples = append(samples, time.Since(start))
			}
			b.StopTimer()
			reportPercentiles(b, samples)
		})
	}
}

// BenchmarkHTTP measures requests per second over loopback for a cached page
// and for pages whose every request renders (the cache keeps nothing), with
// as many concurrent clients as GOMAXPROCS×4.
func BenchmarkHTTP(b *testing.B) {
	for _, test := range []struct {
		name     string
		uncached bool
	}{{"cached", false}, {"uncached", true}} {
		b.Run(test.name, func(b *testing.B) {
			s := sitetest.Start(b, sitetest.Options{Uncached: test.uncached})
			// Uncached requests rotate over many pages so that concurrent
			// requests do not share one render.
			var urls []string
			for _, specialty := range []string{"kardiolog", "terapevt", "pediatr", "nevrolog", "ginekolog", "stomatolog", "urolog", "endokrinolog"} {
				for _, place := range []string{"", "/samarkand", "/uz", "/uz/fergana"} {
					urls = append(urls, fmt.Sprintf("%s%s/doctors/%s", s.URL, place, specialty))
				}
			}
			if !test.uncached {
				urls = []string{s.URL + "/doctors/kardiolog"}
			}
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			get := func(url string) {
				resp, err := client.Get(url)
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Errorf("%s: status %d", url, resp.StatusCode)
				}
			}
			get(urls[0])
			var n atomic.Int64
			b.SetParallelism(4)
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					get(urls[int(n.Add(1))%len(urls)])
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
	}
}
