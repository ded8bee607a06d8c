package site_test

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sogliq/server/apidoc"
	"sogliq/server/site"
	"sogliq/server/site/sitetest"
)

// checkAPI validates an /api answer against the document (the API test
// helpers call, postJSON, apiGet, signIn and askConsultant run it).
var checkAPI = sitetest.CheckAPI

var fiberParam = regexp.MustCompile(`:(\w+)`)

// TestOpenAPIRoutes: every /api route the app registers is in the
// document, and every documented operation is a route (issue 29).
func TestOpenAPIRoutes(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	doc, err := site.APIDocument()
	if err != nil {
		t.Fatal(err)
	}
	documented := doc.Operations()
	var routes []string
	for _, r := range s.App.GetRoutes(true) {
		if !strings.HasPrefix(r.Path, "/api/") || r.Method == http.MethodHead {
			continue // HEAD comes with every GET
		}
		route := r.Method + " " + fiberParam.ReplaceAllString(r.Path, "{$1}")
		if !slices.Contains(routes, route) {
			routes = append(routes, route)
		}
	}
	if len(routes) < 50 {
		t.Fatalf("only %d /api routes: %q", len(routes), routes)
	}
	for _, r := range routes {
		if !slices.Contains(documented, r) {
			t.Errorf("%s is registered but not in the API document (add it to its package's APIDoc)", r)
		}
	}
	for _, op := range documented {
		if !slices.Contains(routes, op) {
			t.Errorf("%s is documented but no route serves it", op)
		}
	}
	t.Logf("%d operations documented, %d /api routes", len(documented), len(routes))
	if _, err := apidoc.NewSpec(doc); err != nil {
		t.Fatal(err)
	}

	// The served document is this one; the reference pages list every operation.
	for _, u := range []string{"/api/openapi.json", "/api/docs", "/uz/api/docs"} {
		resp, err := http.Get(s.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", u, resp.StatusCode)
		}
		if u == "/api/openapi.json" {
			if string(body) != string(doc.JSON()) {
				t.Errorf("GET %s is not the document", u)
			}
			continue
		}
		checkAPI(t, "GET", u, resp, body)
		page := string(body)
		if resp.Header.Get("X-Robots-Tag") != "noindex" || !strings.Contains(page, `<meta name="robots" content="noindex">`) {
			t.Errorf("%s is indexable", u)
		}
		if strings.Contains(page, "<script") || regexp.MustCompile(`(src|href)="(https?:)?//`).MatchString(page) {
			t.Errorf("%s loads something: a script or an outside address", u)
		}
		for _, op := range documented {
			method, path, _ := strings.Cut(op, " ")
			if !strings.Contains(page, "<code>"+method+" "+path+"</code>") {
				t.Errorf("%s lacks %s", u, op)
			}
		}
		// In its language: the page's words, the summaries, the refusals.
		for _, want := range map[string][]string{
			"/api/docs":    {`lang="ru"`, "Параметры", "Отправить код входа по SMS", "Придержать свободное время на 5 минут", "нет действующей сессии"},
			"/uz/api/docs": {`lang="uz"`, "Parametrlar", "SMS orqali kirish kodini yuborish", "Boʻsh vaqtni 5 daqiqaga band qilib turish", "amaldagi sessiya yoʻq"},
		}[u] {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %q", u, want)
			}
		}
	}
}

// apiGet is http.Get for an /api path with the answer checked against the
// API document; the body stays readable.
func apiGet(t *testing.T, u string) (*http.Response, error) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	checkAPI(t, http.MethodGet, u, resp, raw)
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	return resp, nil
}
