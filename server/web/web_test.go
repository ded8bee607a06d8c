package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"sogliq/server/cache"
	"sogliq/server/derrors"
	"sogliq/server/i18n"
	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/ssr"
)

// A stand-in server bundle: it writes the document's language, page and
// data, which is all these tests look at.
const testBundle = `globalThis.__sogliqRender = function (json) {
  var p = JSON.parse(json);
  if (p.data && p.data.throw) { throw new Error("render failed"); }
  if (p.data && p.data.spin) { for (;;) {} }
  return '<!DOCTYPE html><html lang="' + p.lang + '"><body data-page="' + p.page + '">' + JSON.stringify(p.data) + '</body></html>';
};`

// newTestServer serves the real route table with the given loaders (the
// others answer an empty page) and logs into log.
func newTestServer(t testing.TB, loaders page.Loaders, log io.Writer) *Server {
	t.Helper()
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(LogHandler(slog.NewTextHandler(log, nil)))
	engine, err := ssr.NewEngine(&ssr.Bundle{ID: "test", Server: testBundle}, ssr.Options{Size: 1, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	all := page.Loaders{}
	for _, r := range routes.Routes {
		all[r.Name] = func(context.Context, page.Request) (page.Result, error) {
			return page.Result{Data: map[string]any{}}, nil
		}
	}
	for name, l := range loaders {
		all[name] = l
	}
	s, err := New(Deps{
		PublicURL: "https://sogliq.test",
		Engine:    engine,
		Cache:     cache.New(nil, cache.Options{Logger: logger}),
		Routes:    routes,
		Dict:      dict,
		Regions:   []region.Region{{ID: 1, Slug: "tashkent"}, {ID: 2, Slug: "samarkand"}},
		Loaders:   all,
		Logger:    logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestFailuresGiveTheErrorPageInTheVisitorsLanguage(t *testing.T) {
	for _, test := range []struct {
		name   string
		loader page.Loader
		path   string
		status int
		want   string
	}{
		{"panic", func(context.Context, page.Request) (page.Result, error) { panic("nil map") }, "/uz/doctors", 500, "Nimadir noto'g'ri ketdi"},
		{"error", func(context.Context, page.Request) (page.Result, error) { return page.Result{}, errors.New("db down") }, "/doctors", 500, "Что-то пошло не так"},
		{"render throws", func(context.Context, page.Request) (page.Result, error) {
			return page.Result{Data: map[string]any{"throw": true}}, nil
		}, "/uz/samarkand/doctors", 500, "Nimadir noto'g'ri ketdi"},
		{"renderer busy past the budget", func(context.Context, page.Request) (page.Result, error) {
			return page.Result{}, fmt.Errorf("waiting for a runtime: %w", context.DeadlineExceeded)
		}, "/doctors", 503, "Сервис временно недоступен"},
		{"render past its deadline", func(context.Context, page.Request) (page.Result, error) {
			return page.Result{}, fmt.Errorf("render: %w", ssr.ErrTimeout)
		}, "/uz/doctors", 503, "Xizmat vaqtincha"},
		{"invalid", func(context.Context, page.Request) (page.Result, error) {
			return page.Result{}, fmt.Errorf("bad page number: %w", derrors.Invalid)
		}, "/doctors", 400, "Неверный запрос"},
	} {
		t.Run(test.name, func(t *testing.T) {
			var log bytes.Buffer
			s := newTestServer(t, page.Loaders{"doctors": test.loader}, &log)
			req := httptest.NewRequest("GET", test.path, nil)
			req.Header.Set("X-Request-ID", "req-"+strings.ReplaceAll(test.name, " ", "-"))
			resp, err := s.App().Test(req, -1)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, test.status, body)
			}
			lang := "ru"
			if strings.HasPrefix(test.path, "/uz") {
				lang = "uz"
			}
			for _, want := range []string{`lang="` + lang + `"`, `data-page="Error"`, test.want} {
				if !bytes.Contains(body, []byte(want)) {
					t.Errorf("body lacks %q: %s", want, body)
				}
			}
			for _, leak := range []string{"goroutine", "nil map", "db down", "render failed"} {
				if bytes.Contains(body, []byte(leak)) {
					t.Errorf("the visitor sees %q", leak)
				}
			}
			if test.status == 500 && !strings.Contains(log.String(), "request_id=req-") {
				t.Errorf("the failure is not logged with the request id:\n%s", log.String())
			}
		})
	}
}

func TestOverlongPathIsNotFound(t *testing.T) {
	s := newTestServer(t, nil, io.Discard)
	resp, err := s.App().Test(httptest.NewRequest("GET", "/doctors/"+strings.Repeat("a", 5000), nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 404 {
		t.Errorf("status %d, want 404", resp.StatusCode)
	}
}

// TestShownPath: an error page echoes at most maxShownPath characters of
// the path, never cutting one in two, with an ellipsis when cut.
func TestShownPath(t *testing.T) {
	for _, test := range []struct{ path, want string }{
		{"/nope", "/nope"},
		{"/" + strings.Repeat("a", 199), "/" + strings.Repeat("a", 199)},
		{"/" + strings.Repeat("a", 200), "/" + strings.Repeat("a", 199) + "…"},
		{"/" + strings.Repeat("a", 10<<10), "/" + strings.Repeat("a", 199) + "…"},
		{"/" + strings.Repeat("я", 5<<10), "/" + strings.Repeat("я", 199) + "…"},
	} {
		if got := shownPath(test.path); got != test.want {
			t.Errorf("shownPath(%d bytes) = %q, want %q", len(test.path), got, test.want)
		}
	}
}

// TestStrictTransportSecurity: with HSTS on, every answer (a page, an
// error page, an API error) tells the browser to keep to HTTPS; off, none
// does.
func TestStrictTransportSecurity(t *testing.T) {
	for _, hsts := range []bool{true, false} {
		s := newTestServer(t, nil, io.Discard)
		s.HSTS = hsts
		app := s.App()
		for _, path := range []string{"/doctors", "/no-such-page", "/uz/doctors?page=0"} {
			resp, err := app.Test(httptest.NewRequest("GET", path, nil), -1)
			if err != nil {
				t.Fatal(err)
			}
			got := resp.Header.Get("Strict-Transport-Security")
			if want := map[bool]string{true: "max-age=31536000; includeSubDomains"}[hsts]; got != want {
				t.Errorf("HSTS %v, %s (%d): Strict-Transport-Security %q, want %q", hsts, path, resp.StatusCode, got, want)
			}
		}
	}
}

// TestErrorPagesNeverWaitForARenderer: with the only runtime busy on a
// render that spins until its deadline, a 404 (echoing its own path, in
// its language) comes out at once, from the documents rendered at start
// (another region's from the default region's until its own is ready).
func TestErrorPagesNeverWaitForARenderer(t *testing.T) {
	s := newTestServer(t, page.Loaders{"doctors": func(context.Context, page.Request) (page.Result, error) {
		return page.Result{Data: map[string]any{"spin": true}}, nil
	}}, io.Discard)
	if err := s.WarmErrorPages(context.Background()); err != nil {
		t.Fatal(err)
	}
	app := s.App()
	before := s.Engine.Stats().Renders
	spun := make(chan struct{})
	go func() {
		defer close(spun)
		_, _ = app.Test(httptest.NewRequest("GET", "/doctors", nil), -1)
	}()
	for s.Engine.Stats().Renders == before { // the spinning render has its runtime
		runtime.Gosched()
	}
	for _, test := range []struct {
		path   string
		status int
		want   string
	}{
		{"/no-such-page-<b>", 404, "/no-such-page-&lt;b&gt;"},
		{"/uz/samarkand/no-such-page", 404, "/uz/samarkand/no-such-page"},
	} {
		resp, err := app.Test(httptest.NewRequest("GET", test.path, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		select {
		case <-spun:
			t.Fatalf("%s answered only once the runtime was free", test.path)
		default:
		}
		if resp.StatusCode != test.status || !strings.Contains(string(body), test.want) {
			t.Errorf("%s: %d, want %d with %q: %.300s", test.path, resp.StatusCode, test.status, test.want, body)
		}
		if strings.ContainsAny(string(body), pathMark+typeMark+idMark) {
			t.Errorf("%s: a mark left in the page", test.path)
		}
	}
	<-spun
}
