package web

import (
	"context"
	"io"
	"net/http/httptest"
	"sync"
	"testing"
)

// movingTable is a redirect table a test changes, counting its changes.
type movingTable struct {
	mu      sync.Mutex
	to      map[string]string
	version uint64
}

func (m *movingTable) Lookup(_ context.Context, path string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	to, ok := m.to[path]
	return to, ok
}

func (m *movingTable) Version() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.version
}

func (m *movingTable) move(from, to string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.to[from] = to
	m.version++
}

// TestHitIndex: a page's second request is a hit through the index; a
// change of a redirect table ends what the index knew (the moved page is
// a 301 at once); the bare root, which follows the visitor's language
// cookie, is never answered from the index.
func TestHitIndex(t *testing.T) {
	s := newTestServer(t, nil, io.Discard)
	table := &movingTable{to: map[string]string{}}
	s.Redirects = table
	app := s.App()
	get := func(path string, headers ...string) (int, string, string) {
		t.Helper()
		req := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		resp, err := app.Test(req, -1)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Header.Get("X-Cache"), resp.Header.Get("Location")
	}
	get("/doctors?page=2")
	if st, state, _ := get("/doctors?page=2"); st != 200 || state != "HIT" {
		t.Fatalf("second request: %d %s, want 200 HIT", st, state)
	}
	if _, ok := s.hits.get([]byte("/doctors?page=2")); !ok {
		t.Fatal("the index does not know /doctors?page=2 after a hit")
	}
	table.move("/doctors", "/kliniki")
	if st, _, to := get("/doctors?page=2"); st != 301 || to != "/kliniki?page=2" {
		t.Errorf("after the table moved /doctors: %d to %q, want 301 to /kliniki?page=2", st, to)
	}
	get("/")
	get("/")
	if st, _, to := get("/", "Cookie", "lang=uz"); st != 302 || to != "/uz" {
		t.Errorf("/ with lang=uz after two hits: %d to %q, want 302 to /uz", st, to)
	}
}
