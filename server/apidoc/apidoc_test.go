package apidoc

import (
	"strings"
	"sync"
	"testing"
	"time"
)

type inner struct {
	Note string `json:"note,omitempty"`
}

type sample struct {
	inner
	ID     int64     `json:"id"`
	At     time.Time `json:"at"`
	Tags   []string  `json:"tags"`
	Next   *sample   `json:"next"`
	Hidden string    `json:"-"`
	//lint:ignore U1000 an unexported field, which the schema must leave out
	private int
}

func build(t *testing.T) *Spec {
	t.Helper()
	doc, err := Build(map[string]any{"title": "t", "version": "1"}, nil, []Op{
		{Method: "GET", Path: "/api/things/{id}", Answers: []Answer{{Status: 200, Data: sample{}}}, Errors: []int{404}},
		{Method: "GET", Path: "/api/things/new", Answers: []Answer{{Status: 200, Whole: Object(map[string]any{"ok": Boolean})}}},
		{Method: "DELETE", Path: "/api/things/{id}", Session: true, Answers: []Answer{{Status: 204}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSpec(doc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBuildFromGoTypes(t *testing.T) {
	if _, err := Build(nil, nil, []Op{{Method: "GET", Path: "/api/x"}}, []Op{{Method: "GET", Path: "/api/x"}}); err == nil {
		t.Error("an operation twice is no error")
	}
	if got := strings.Join(Fields(sample{}), ","); got != "at,id,next,note,tags" {
		t.Errorf("Fields = %s", got)
	}
	s := build(t)
	schema := s.doc["components"].(map[string]any)["schemas"].(map[string]any)["apidoc.sample"].(map[string]any)
	if req := schema["required"].([]any); len(req) != 4 { // note is omitempty
		t.Errorf("required = %v", req)
	}
	del := s.operation("DELETE", "/api/things/{id}")
	for _, status := range []string{"401", "403", "415", "204"} {
		if del["responses"].(map[string]any)[status] == nil {
			t.Errorf("DELETE lacks %s", status)
		}
	}
	if got := strings.Join(s.doc.Operations(), ";"); got != "DELETE /api/things/{id};GET /api/things/new;GET /api/things/{id}" {
		t.Errorf("Operations = %s", got)
	}
}

func TestCheck(t *testing.T) {
	s := build(t)
	const js = "application/json; charset=utf-8"
	if got := s.Template("GET", "/api/things/new?x=1"); got != "/api/things/new" {
		t.Errorf("a literal path loses to a parameter: %s", got)
	}
	for _, ok := range []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/api/things/7", 200, `{"data":{"id":7,"at":"2026-01-02T03:04:05+05:00","tags":null,"next":{"id":8,"at":"2026-01-02T03:04:05Z","tags":["a"],"next":null}}}`},
		{"GET", "/api/things/7", 404, `{"error":"Не найдено"}`},
		{"GET", "/api/things/new", 200, `{"ok":true}`},
		{"DELETE", "/api/things/7", 204, ``},
	} {
		if err := s.Check(ok.method, ok.path, ok.status, js, []byte(ok.body)); err != nil {
			t.Errorf("%s %s %d: %v", ok.method, ok.path, ok.status, err)
		}
	}
	for _, bad := range []struct {
		method, path string
		status       int
		body, want   string
	}{
		{"GET", "/api/things/7", 200, `{"data":{"id":"7","at":"2026-01-02T03:04:05Z","tags":[],"next":null}}`, "does not match"},
		{"GET", "/api/things/7", 200, `{"data":{"id":7,"at":"yesterday","tags":[],"next":null}}`, "does not match"},
		{"GET", "/api/things/7", 409, `{"error":"x"}`, "does not list"},
		{"GET", "/api/things/7", 404, `{"message":"x"}`, "does not match"},
		{"PUT", "/api/things/7", 200, `{}`, "not in the API document"},
		{"GET", "/api/other", 200, `{}`, "not in the API document"},
		{"DELETE", "/api/things/7", 204, `{"data":1}`, "a body where none"},
	} {
		err := s.Check(bad.method, bad.path, bad.status, js, []byte(bad.body))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s %s %d %s: %v, want %q", bad.method, bad.path, bad.status, bad.body, err, bad.want)
		}
	}
}

// The site's tests check answers from many goroutines at once (go test -race).
func TestCheckConcurrently(t *testing.T) {
	s := build(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body := 200, `{"ok":true}`
			if i%2 == 1 {
				status, body = 404, `{"error":"x"}`
			}
			if err := s.Check("GET", "/api/things/new", status, "application/json", []byte(body)); err != nil && status == 200 {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}
