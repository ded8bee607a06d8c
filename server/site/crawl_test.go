package site_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sogliq/server/site/sitetest"
)

// TestCrawl starts at / and /uz, follows every internal link to depth 3 and
// checks what a search engine would: no 5xx, no internal link to a 404, no
// redirect chain longer than one hop, and on every page a title, a
// description, a canonical, both hreflang links and exactly one h1; and
// every <img> with srcset, width, height and alt, at most one with
// fetchpriority="high", each file of its src and srcset answering 200.
func TestCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("crawl")
	}
	s := sitetest.Start(t, sitetest.Options{PoolSize: 2})
	base, _ := url.Parse(s.URL)
	type visit struct {
		path, from string
		depth      int
	}
	seen := map[string]bool{"/": true, "/uz": true}
	imgs := &imageSet{seen: map[string]string{}}
	frontier := []visit{{"/", "", 0}, {"/uz", "", 0}}
	var mu sync.Mutex
	pages := 0
	titles := map[string][]string{} // title and description → pages

	for len(frontier) > 0 {
		var next []visit
		var wg sync.WaitGroup
		sem := make(chan struct{}, 4)
		for _, v := range frontier {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				links, head := crawlPage(t, s, v.path, v.from, imgs)
				mu.Lock()
				if head != "" {
					titles[head] = append(titles[head], v.path)
				}
				defer mu.Unlock()
				pages++
				if v.depth == 3 {
					return
				}
				for _, l := range links {
					u, err := base.Parse(l)
					if err != nil || u.Host != base.Host || strings.HasPrefix(u.Path, "/assets/") {
						continue
					}
					key := u.Path
					if key == "" {
						key = "/"
					}
					if u.RawQuery != "" {
						key += "?" + u.RawQuery
					}
					if !seen[key] {
						seen[key] = true
						next = append(next, visit{key, v.path, v.depth + 1})
					}
				}
			}()
		}
		wg.Wait()
		frontier = next
	}
	t.Logf("crawled %d pages", pages)
	checked := imgs.check(t, s)
	t.Logf("checked %d image files", checked)
	if checked < 20 {
		t.Errorf("the crawl met %d image files: are the demo pictures on the pages?", checked)
	}
	for head, paths := range titles {
		if len(paths) > 1 {
			t.Errorf("%d pages share the title and description %q: %v", len(paths), head, paths)
		}
	}
}

// crawlGet is a crawler's GET: a 503 (the site shedding load: the test
// machine's two cores are shared with the other packages' tests) is asked
// again after its Retry-After, twice at most, as search engines do; any
// other answer, and a third 503, is the answer.
func crawlGet(t *testing.T, target string) sitetest.Page {
	t.Helper()
	for attempt := 1; ; attempt++ {
		p := sitetest.Get(t, target)
		if p.Resp.StatusCode != http.StatusServiceUnavailable || attempt == 3 {
			return p
		}
		wait, err := strconv.Atoi(p.Resp.Header.Get("Retry-After"))
		if err != nil || wait < 1 || wait > 5 {
			wait = 1
		}
		time.Sleep(time.Duration(wait) * time.Second)
	}
}

// crawlPage checks one page and returns its links and its title and
// description (empty for a page that was not a 200).
func crawlPage(t *testing.T, s *sitetest.Site, path, from string, imgs *imageSet) (links []string, head string) {
	t.Helper()
	p := crawlGet(t, s.URL+path)
	status := p.Resp.StatusCode
	if status == http.StatusMovedPermanently || status == http.StatusFound {
		to := p.Resp.Header.Get("Location")
		p = crawlGet(t, s.URL+to)
		if p.Resp.StatusCode >= 300 && p.Resp.StatusCode < 400 {
			t.Errorf("%s (linked from %s) redirects more than once: to %s, then %s", path, from, to, p.Resp.Header.Get("Location"))
			return nil, ""
		}
		status = p.Resp.StatusCode
	}
	switch {
	case status >= 500:
		t.Errorf("%s (linked from %s): %d", path, from, status)
		return nil, ""
	case status == 404:
		t.Errorf("%s is linked from %s but answers 404", path, from)
		return nil, ""
	case status != 200:
		return nil, ""
	}
	for _, sel := range []string{`head > title`, `head > meta[name="description"]`, `head > link[rel="canonical"]`,
		`head > link[rel="alternate"][hreflang="ru"]`, `head > link[rel="alternate"][hreflang="uz"]`} {
		if len(p.All(t, sel)) != 1 {
			t.Errorf("%s: %d of %s, want 1", path, len(p.All(t, sel)), sel)
		}
	}
	if n := len(p.All(t, "h1")); n != 1 {
		t.Errorf("%s: %d h1, want 1", path, n)
	}
	// As a search engine does, nofollow links (the language switcher's,
	// which store a choice) are not followed.
	for _, a := range p.All(t, "a[href]:not([rel~=nofollow])") {
		links = append(links, sitetest.Attr(a, "href"))
	}
	checkImages(t, p, path, imgs)
	// A redirect lands on a page the crawl reaches under its own URL too.
	if status != p.Resp.StatusCode || p.Resp.Request.URL.Path != path {
		return links, ""
	}
	title := sitetest.Text(p.One(t, "head > title"))
	description := sitetest.Attr(p.One(t, `head > meta[name="description"]`), "content")
	return links, title + " | " + description
}

// imageSet collects the image files the crawled pages name, each with the
// first page naming it, to fetch each once at the end.
type imageSet struct {
	mu   sync.Mutex
	seen map[string]string
}

func (s *imageSet) add(u, page string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.seen[u]; !ok {
		s.seen[u] = page
	}
}

// check fetches every collected file; each must answer 200 with an image.
func (s *imageSet) check(t *testing.T, site *sitetest.Site) int {
	t.Helper()
	base, _ := url.Parse(site.URL)
	for u, page := range s.seen {
		abs, err := base.Parse(u)
		if err != nil {
			t.Errorf("%s: image URL %q: %v", page, u, err)
			continue
		}
		resp, err := http.Get(abs.String())
		if err != nil {
			t.Errorf("%s: GET %s: %v", page, u, err)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "image/") {
			t.Errorf("%s: image %s answers %d %s", page, u, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
	}
	return len(s.seen)
}

// checkImages checks every <img> of a page: srcset, width, height and alt
// present, at most one fetched with high priority; it collects their files.
func checkImages(t *testing.T, p sitetest.Page, path string, imgs *imageSet) {
	t.Helper()
	high := 0
	for _, img := range p.All(t, "img") {
		src := sitetest.Attr(img, "src")
		for _, a := range []string{"srcset", "width", "height", "alt"} {
			if strings.TrimSpace(sitetest.Attr(img, a)) == "" {
				t.Errorf("%s: <img src=%q> has no %s", path, src, a)
			}
		}
		if sitetest.Attr(img, "fetchpriority") == "high" {
			high++
		}
		imgs.add(src, path)
		for _, c := range strings.Split(sitetest.Attr(img, "srcset"), ",") {
			if f := strings.Fields(c); len(f) > 0 {
				imgs.add(f[0], path)
			}
		}
	}
	if high > 1 {
		t.Errorf("%s: %d images with fetchpriority=high, want at most one", path, high)
	}
}
