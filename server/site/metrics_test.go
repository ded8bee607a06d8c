package site_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sogliq/server/metrics"
	"sogliq/server/site/sitetest"
)

// scrape reads the metrics listener and returns every sample line's value
// by its name and labels as printed (`name{label="v"}`).
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %d", resp.StatusCode)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// TestMetrics: the metrics listener (METRICS_ADDR, here port 0) counts
// requests by route name and status, renders by route, the page cache's
// hits and misses, the runtimes' wait and the named queries; the public
// port does not serve /metrics.
func TestMetrics(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	addr, err := metrics.Serve(ctx, "127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr.String()

	before := scrape(t, base)
	// The site's page cache is its own: a miss (one render), then a hit.
	for range 2 {
		resp, err := http.Get(s.URL + "/uz/doctors/kardiolog")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("listing: %d", resp.StatusCode)
		}
	}
	resp, err := http.Get(s.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK || strings.Contains(string(body), "sogliq_") {
		t.Errorf("the public port answers /metrics with %d and the metrics", resp.StatusCode)
	}
	after := scrape(t, base)

	for _, test := range []struct {
		sample  string
		atLeast float64
	}{
		{`sogliq_http_request_duration_seconds_count{route="specialty",status="200"}`, 2},
		{`sogliq_render_duration_seconds_count{route="specialty"}`, 1},
		{`sogliq_cache_lookups_total{cache="pages",layer="local",result="miss"}`, 1},
		{`sogliq_cache_lookups_total{cache="pages",layer="local",result="hit"}`, 1},
		{`sogliq_ssr_pool_wait_seconds_count`, 1},
		{`sogliq_db_query_duration_seconds_count{query="doctors.list"}`, 1},
		{`sogliq_db_query_duration_seconds_count{query="doctors.clinics"}`, 1},
		// The public 404 of /metrics is a page that matched no route.
		{`sogliq_http_request_duration_seconds_count{route="page:none",status="404"}`, 1},
	} {
		if got := after[test.sample] - before[test.sample]; got < test.atLeast {
			t.Errorf("%s moved by %v, want at least %v", test.sample, got, test.atLeast)
		}
	}
	// A listing counts its doctors in doctors.list's statement: the
	// count runs alone only for a page beyond the end.
	if count := `sogliq_db_query_duration_seconds_count{query="doctors.count"}`; after[count] != before[count] {
		t.Errorf("%s moved by %v on a first page, want 0", count, after[count]-before[count])
	}
	if _, ok := after["go_goroutines"]; !ok {
		t.Error("no Go runtime metrics (go_goroutines)")
	}
}
