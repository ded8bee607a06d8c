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

	"sogliq/server/images"
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

// BenchmarkRender times the goja render alone, props loaded once, of the
// doctors listing (20 Cyrillic cards) and of one doctor's and one clinic's
// page, with every card rendered in place (fragments off) and with the
// cards reused from the fragment store (warm), and for comparison with
// react-dom/server rendering the whole page (react, fragments off).
func BenchmarkRender(b *testing.B) {
	for _, path := range []string{"/doctors/kardiolog", "/uz/doctors/kardiolog", "/doctor/", "/klinika/"} {
		for _, frag := range []string{"react", "off", "warm"} {
			b.Run(path+"/fragments="+frag, func(b *testing.B) {
				s := sitetest.Start(b, sitetest.Options{PoolSize: 1, NoFragments: frag != "warm", React: frag == "react"})
				props, err := s.Server.PageProps(context.Background(), benchPath(b, s, path))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Engine.Render(context.Background(), props); err != nil {
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
}

// benchPath completes "/doctor/" and "/klinika/" with the first doctor's
// and clinic's slug.
func benchPath(b *testing.B, s *sitetest.Site, path string) string {
	table := map[string]string{"/doctor/": "doctors", "/klinika/": "clinics"}[path]
	if table == "" {
		return path
	}
	var slug string
	if err := s.DB.Get(&slug, "SELECT slug FROM "+table+" ORDER BY id LIMIT 1"); err != nil {
		b.Fatal(err)
	}
	return path + slug
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

// BenchmarkMedia: requests per second over loopback for one encoded image
// (a doctor's portrait at 2x, already in the store), through the whole
// middleware stack, 4 clients per CPU; "revalidated" sends the ETag the
// browser holds and gets 304 without a store read.
func BenchmarkMedia(b *testing.B) {
	s := sitetest.Start(b, sitetest.Options{})
	var hash string
	if err := s.DB.Get(&hash, "SELECT photo FROM doctors WHERE photo IS NOT NULL ORDER BY id LIMIT 1"); err != nil {
		b.Fatal(err)
	}
	url := s.URL + images.URL(hash, images.Portrait, 2)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	first, err := client.Get(url)
	if err != nil {
		b.Fatal(err)
	}
	io.Copy(io.Discard, first.Body)
	first.Body.Close()
	etag := first.Header.Get("ETag")
	for _, test := range []struct {
		name, ifNoneMatch string
		status            int
	}{{"cached", "", 200}, {"revalidated", etag, 304}} {
		b.Run(test.name, func(b *testing.B) {
			b.SetParallelism(4)
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req, _ := http.NewRequest(http.MethodGet, url, nil)
					if test.ifNoneMatch != "" {
						req.Header.Set("If-None-Match", test.ifNoneMatch)
					}
					resp, err := client.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != test.status {
						b.Errorf("status %d, want %d", resp.StatusCode, test.status)
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
		})
	}
}
