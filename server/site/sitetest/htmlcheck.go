package sitetest

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// Page is a fetched page: the response (body consumed) and its parsed document.
type Page struct {
	Resp *http.Response
	Body string
	Doc  *html.Node
}

// client never follows redirects: tests look at them.
var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// Get fetches url with the given headers (name, value pairs) and parses the body.
func Get(t testing.TB, url string, headers ...string) Page {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	CheckAPI(t, http.MethodGet, url, resp, raw)
	doc, err := html.Parse(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatalf("%s: parsing the HTML: %v", url, err)
	}
	return Page{Resp: resp, Body: string(raw), Doc: doc}
}

// All returns the nodes matching the CSS selector.
func (p Page) All(t testing.TB, selector string) []*html.Node {
	t.Helper()
	sel, err := cascadia.Compile(selector)
	if err != nil {
		t.Fatalf("selector %q: %v", selector, err)
	}
	return sel.MatchAll(p.Doc)
}

// One returns the first node matching selector, failing the test when none does.
func (p Page) One(t testing.TB, selector string) *html.Node {
	t.Helper()
	nodes := p.All(t, selector)
	if len(nodes) == 0 {
		t.Fatalf("%s: nothing matches %q", p.Resp.Request.URL.Path, selector)
	}
	return nodes[0]
}

// Text is the text content of n, spaces folded.
func Text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// Attr is n's attribute name, or "".
func Attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}
