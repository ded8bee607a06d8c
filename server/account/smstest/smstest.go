// Package smstest is an SMS gateway on loopback for tests: it takes the
// messages account.HTTPSender posts and keeps them, so a test reads the
// sign-in code the way a patient reads their phone.
package smstest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"testing"
)

// Message is one SMS as the gateway received it.
type Message struct {
	Phone string `json:"phone"`
	Text  string `json:"text"`
	// Auth is the request's Authorization header.
	Auth string `json:"-"`
	// Key is the request's Idempotency-Key header.
	Key string `json:"-"`
}

// Gateway records messages. Like a gateway that honours idempotency keys,
// it delivers a message posted again with a key it has seen only once
// (answering 200 both times); Posts counts every post. GET /last?phone=+998... answers the last
// message to a phone as JSON (for browser tests, which run outside Go).
type Gateway struct {
	// URL is where account.HTTPSender posts.
	URL string

	mu       sync.Mutex
	messages []Message
	posts    []Message
	fail     bool
}

// Start runs a gateway until the test ends.
func Start(t testing.TB) *Gateway {
	t.Helper()
	g := &Gateway{}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	g.URL = srv.URL
	return g
}

// SetFailing makes the gateway refuse messages (402) until set back.
func (g *Gateway) SetFailing(fail bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.fail = fail
}

// Posts returns every message posted and accepted so far, repeats of a
// key included.
func (g *Gateway) Posts() []Message {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Message(nil), g.posts...)
}

// Messages returns what was delivered so far.
func (g *Gateway) Messages() []Message {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Message(nil), g.messages...)
}

var code = regexp.MustCompile(`\b\d{6}\b`)

// LastCode is the six-digit code in the last message to phone ("+998..."),
// "" when none came.
func (g *Gateway) LastCode(phone string) string {
	msgs := g.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Phone == phone {
			return code.FindString(msgs[i].Text)
		}
	}
	return ""
}

// ServeHTTP takes a message (POST) or answers the last one to a phone (GET /last).
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/last" {
		phone := r.URL.Query().Get("phone")
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"code": g.LastCode(phone)})
		return
	}
	var m Message
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	m.Auth = r.Header.Get("Authorization")
	m.Key = r.Header.Get("Idempotency-Key")
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.fail {
		http.Error(w, "no credit", http.StatusPaymentRequired)
		return
	}
	g.posts = append(g.posts, m)
	for _, seen := range g.messages {
		if m.Key != "" && seen.Key == m.Key {
			return
		}
	}
	g.messages = append(g.messages, m)
}
