package sitetest

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"sogliq/server/apidoc"
	"sogliq/server/site"
)

var (
	specOnce sync.Once
	spec     *apidoc.Spec
	specErr  error
)

// CheckAPI validates an answer to an /api call against the site's API
// document (site.APIDocument): its status documented for the operation,
// its body matching the schema. Get runs it, and so do the site tests'
// API helpers; any other URL passes.
func CheckAPI(t testing.TB, method, url string, resp *http.Response, body []byte) {
	t.Helper()
	path := url
	if i := strings.Index(url, "://"); i >= 0 {
		path = "/"
		if j := strings.Index(url[i+3:], "/"); j >= 0 {
			path = url[i+3+j:]
		}
	}
	if !strings.HasPrefix(path, "/api/") {
		return
	}
	specOnce.Do(func() {
		doc, err := site.APIDocument()
		if err == nil {
			spec, err = apidoc.NewSpec(doc)
		}
		specErr = err
	})
	if specErr != nil {
		t.Fatal(specErr)
	}
	if err := spec.Check(method, path, resp.StatusCode, resp.Header.Get("Content-Type"), body); err != nil {
		t.Errorf("answer not as documented: %v", err)
	}
}
