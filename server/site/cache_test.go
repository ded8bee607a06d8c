package site_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"sogliq/server/cache"
	"sogliq/server/cache/redistest"
	"sogliq/server/site/sitetest"
)

func TestPageCache(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	url := s.URL + "/doctors/kardiolog"

	first := sitetest.Get(t, url)
	if got := first.Resp.Header.Get("X-Cache"); got != "MISS" {
		t.Errorf("first request X-Cache = %q, want MISS", got)
	}
	second := sitetest.Get(t, url+"?utm_source=newsletter")
	if got := second.Resp.Header.Get("X-Cache"); got != "HIT" {
		t.Errorf("second request (tracking parameter added) X-Cache = %q, want HIT", got)
	}
	if first.Body != second.Body {
		t.Error("the cached body differs from the rendered one")
	}
	etag := first.Resp.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}

	renders := s.Engine.Stats().Renders
	notModified := sitetest.Get(t, url, "If-None-Match", etag)
	if notModified.Resp.StatusCode != http.StatusNotModified || notModified.Body != "" {
		t.Errorf("If-None-Match: status %d with %d bytes, want 304 and no body", notModified.Resp.StatusCode, len(notModified.Body))
	}
	if s.Engine.Stats().Renders != renders {
		t.Error("answering If-None-Match rendered the page")
	}

	for _, enc := range []string{"gzip", "br"} {
		body := fetchEncoded(t, url, enc)
		if body != first.Body {
			t.Errorf("%s body differs from the identity body", enc)
		}
	}

	// A purge of a tag the page carries makes it stale: served once as
	// STALE while it re-renders, then a HIT again.
	if err := s.Cache.Purge(context.Background(), "specialty:kardiolog"); err != nil {
		t.Fatal(err)
	}
	if got := sitetest.Get(t, url).Resp.Header.Get("X-Cache"); got != "STALE" {
		t.Errorf("after a purge X-Cache = %q, want STALE", got)
	}
	deadline := time.Now().Add(10 * time.Second)
	for sitetest.Get(t, url).Resp.Header.Get("X-Cache") != "HIT" {
		if time.Now().After(deadline) {
			t.Fatal("the purged page never became a HIT again")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func fetchEncoded(t *testing.T, url, encoding string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Accept-Encoding", encoding)
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if got := resp.Header.Get("Content-Encoding"); got != encoding {
		t.Fatalf("Content-Encoding = %q, want %q", got, encoding)
	}
	var r io.Reader
	switch encoding {
	case "gzip":
		if r, err = gzip.NewReader(resp.Body); err != nil {
			t.Fatal(err)
		}
	case "br":
		r = brotli.NewReader(resp.Body)
	}
	var b bytes.Buffer
	if _, err := io.Copy(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestColdBurstRendersOnce(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	before := s.Engine.Stats().Renders
	var wg sync.WaitGroup
	var failed atomic.Int32
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(s.URL + "/uz/samarkand/doctors/kardiolog")
			if err != nil || resp.StatusCode != 200 {
				failed.Add(1)
				return
			}
			resp.Body.Close()
		}()
	}
	wg.Wait()
	if failed.Load() > 0 {
		t.Fatalf("%d of 30 requests failed", failed.Load())
	}
	if got := s.Engine.Stats().Renders - before; got != 1 {
		t.Errorf("30 concurrent requests on a cold page rendered it %d times, want 1", got)
	}
}

func TestRenderDeadlineGivesTheErrorPage(t *testing.T) {
	// A deadline no render can meet: the page fails with a timeout, which is
	// an overloaded server: the 503 page with Retry-After, in the visitor's
	// language, so crawlers come back.
	s := sitetest.Start(t, sitetest.Options{RenderTimeout: time.Nanosecond})
	for _, test := range []struct{ path, lang, text string }{
		{"/doctors/kardiolog", "ru", "Сервис временно недоступен"},
		{"/uz/doctors/kardiolog", "uz", "Xizmat vaqtincha"},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		if p.Resp.StatusCode != 503 {
			t.Fatalf("%s: status %d, want 503", test.path, p.Resp.StatusCode)
		}
		if p.Resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s: 503 without Retry-After", test.path)
		}
		if got := sitetest.Attr(p.One(t, "html"), "lang"); got != test.lang {
			t.Errorf("%s: lang %q, want %q", test.path, got, test.lang)
		}
		if got := sitetest.Text(p.One(t, "body")); !bytes.Contains([]byte(got), []byte(test.text)) {
			t.Errorf("%s: body %q lacks %q", test.path, got, test.text)
		}
	}
	if st := s.Engine.Stats(); st.Failures == 0 {
		t.Errorf("engine stats %+v: no failed render recorded", st)
	}
}

func TestRedisFailureUnderLoadIsNeverAnError(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	redis := redistest.Start(t)
	rdb, err := cache.NewRedisClient(redis.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer rdb.Close()
	s := sitetest.Start(t, sitetest.Options{Redis: rdb})
	paths := []string{"/", "/doctors", "/doctors/kardiolog", "/uz/doctors/kardiolog", "/samarkand/doctors/terapevt", "/uz/doctors"}
	const workers, perWorker = 6, 120
	var done, bad atomic.Int32
	var stopOnce sync.Once
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWorker {
				// Stop Redis a third of the way through the run, and purge
				// every page so that what follows must render and write to
				// the dead Redis, not just read the in-process layer.
				if done.Add(1) == workers*perWorker/3 {
					stopOnce.Do(func() {
						redis.Stop()
						_ = s.Cache.Purge(context.Background(), "page:home", "page:doctors", "page:specialty")
					})
				}
				resp, err := http.Get(s.URL + paths[(w+i)%len(paths)])
				if err != nil {
					bad.Add(1)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					bad.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if bad.Load() > 0 {
		t.Errorf("%d of %d requests failed after Redis stopped under load", bad.Load(), workers*perWorker)
	}
}
