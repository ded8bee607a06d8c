package site_test

import (
	"encoding/xml"
	"io"
	"net/http"
	"strings"
	"testing"

	"sogliq/server/route"
	"sogliq/server/site/sitetest"
)

func fetchXML(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("%s: status %d", url, resp.StatusCode)
	}
	if err := xml.Unmarshal(body, v); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}

// TestSitemapsListLivePages reads robots.txt, the index and every sitemap,
// and requests a sample of the listed pages: each must answer 200.
func TestSitemapsListLivePages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	robots := sitetest.Get(t, s.URL+"/robots.txt")
	if !strings.Contains(robots.Body, "Sitemap: "+s.URL+"/sitemap.xml") || !strings.Contains(robots.Body, "Disallow: /api/") {
		t.Errorf("robots.txt:\n%s", robots.Body)
	}
	var index struct {
		Locs []string `xml:"sitemap>loc"`
	}
	fetchXML(t, s.URL+"/sitemap.xml", &index)
	if len(index.Locs) < 3 {
		t.Fatalf("the index lists %v", index.Locs)
	}
	for _, loc := range index.Locs {
		var set struct {
			Locs []string `xml:"url>loc"`
		}
		fetchXML(t, loc, &set)
		if len(set.Locs) == 0 {
			t.Errorf("%s lists no page", loc)
		}
		// The first page of every file and every 199th after it, each in
		// both languages: it answers 200, and its page type (which the
		// page takes from its route's match) is what analytics classifies
		// its path as (route.Classify), or its events would be refused.
		for i := 0; i < len(set.Locs); i += 199 {
			path := strings.TrimPrefix(set.Locs[i], s.URL)
			paths := []string{path}
			if path != "/uz" && !strings.HasPrefix(path, "/uz/") {
				paths = append(paths, strings.TrimSuffix("/uz"+path, "/"))
			}
			for _, path := range paths {
				p := sitetest.Get(t, s.URL+path)
				if p.Resp.StatusCode != 200 {
					t.Errorf("%s lists %s, which answers %d", loc, path, p.Resp.StatusCode)
					continue
				}
				doc := p.One(t, "html")
				typ, id := route.Classify(s.Server.Routes, path)
				if got, gotID := sitetest.Attr(doc, "data-page-type"), sitetest.Attr(doc, "data-page-id"); got != typ || gotID != id {
					t.Errorf("%s: page type %q id %q, Classify says %q %q", path, got, gotID, typ, id)
				}
			}
		}
	}
	if p := sitetest.Get(t, s.URL+"/sitemaps/doctors-99.xml"); p.Resp.StatusCode != 404 {
		t.Errorf("a sitemap past the last answers %d", p.Resp.StatusCode)
	}
}
