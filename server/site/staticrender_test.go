package site_test

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/consultant"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/site/sitetest"
)

// TestStaticRenderMatchesReact renders every route's page in both
// languages, as its visitor sees it (signed in where the route asks), and
// a page that is not found, on a site that renders with the bundle's
// static renderer and reuses fragments and on one that renders everything
// with react-dom/server's renderToString: the documents must be identical
// (client/staticRender.ts).
func TestStaticRenderMatchesReact(t *testing.T) {
	sms := smstest.Start(t)
	llm := llmtest.Start(t).URL
	var logs logBuffer
	opts := func(react bool) sitetest.Options {
		return sitetest.Options{
			Log: &logs,
			// The comparison is of HTML, not of speed: React's render of
			// the desk's week on a busy machine may take seconds.
			RenderTimeout: 20 * time.Second,
			DBBudget:      20 * time.Second,
			Uncached:      true,
			NoFragments:   react,
			React:         react,
			SMS:           &account.HTTPSender{URL: sms.URL},
			Consultant:    &consultant.OpenAIModel{URL: llm, Model: "test"},
		}
	}
	static := sitetest.Start(t, opts(false))
	react := sitetest.StartWithDB(t, static.DB, opts(true))
	pages := auditPages(t, static, sms)
	pages = append(pages, auditPage{Path: "/no-such-page"}, auditPage{Path: "/uz/no-such-page"})
	body := func(s *sitetest.Site, p auditPage) string {
		t.Helper()
		got := sitetest.Get(t, s.URL+p.Path, "Cookie", p.Cookie)
		// The sites differ in their port, which absolute URLs carry, and
		// the desk's island reads the clock ("now") to the second.
		return deskNow.ReplaceAllString(strings.ReplaceAll(got.Body, s.URL, "http://site"), `"now":""`)
	}
	for _, p := range pages {
		if diff := cmp.Diff(body(react, p), body(static, p)); diff != "" {
			t.Errorf("%s: the static renderer's page differs from React's (-react +static):\n%s", p.Path, diff)
		}
	}
	// A page or card the static renderer refuses falls back to React,
	// which would make the comparison above pass without it.
	if log := logs.String(); pageFallback.MatchString(log) {
		t.Errorf("the static renderer refused a page:\n%s", log)
	}
}

// pageFallback is the engine's log line of a page or card rendered by
// React (ssr.Engine installFallback).
var pageFallback = regexp.MustCompile(`fell back to React.* kind=(page|card)`)

var deskNow = regexp.MustCompile(`"now":"[^"]*"`)

// logBuffer collects a site's log lines from its goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
