// Package llmtest is an OpenAI-compatible chat completions API on loopback
// for tests. Its answer is a function of what it was sent, so a test can
// tell that the question, the history and the language reached the model:
//
//	"Ответ (ru, 3): <the last question>", "Javob (uz, 1): <...>"
package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Request is what the fake model was sent.
type Request struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	// Auth is the Authorization header.
	Auth string `json:"-"`
}

// Server is the fake API.
type Server struct {
	// URL is the API's base URL (OpenAIModel.URL).
	URL string

	mu       sync.Mutex
	requests []Request
	fail     bool
	delay    time.Duration
}

// Start runs the fake API until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL + "/v1"
	return s
}

// SetFailing makes the API answer 500 until set back.
func (s *Server) SetFailing(fail bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = fail
}

// SetDelay makes every answer wait d, as a real model thinks: calls in
// parallel then overlap.
func (s *Server) SetDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// Requests returns what was asked so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Answer is the reply to a conversation in lang whose messages (without
// the system prompt) number n and whose last question is q.
func Answer(lang string, n int, q string) string {
	word := "Ответ"
	if lang == "uz" {
		word = "Javob"
	}
	return fmt.Sprintf("%s (%s, %d): %s", word, lang, n, q)
}

// ServeHTTP answers POST /v1/chat/completions.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.NotFound(w, r)
		return
	}
	var req Request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) < 2 || req.Messages[0].Role != "system" {
		http.Error(w, "want a system prompt and a question", http.StatusBadRequest)
		return
	}
	req.Auth = r.Header.Get("Authorization")
	s.mu.Lock()
	s.requests = append(s.requests, req)
	fail, delay := s.fail, s.delay
	s.mu.Unlock()
	time.Sleep(delay)
	if fail {
		http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
		return
	}
	lang := "ru"
	if strings.HasPrefix(req.Messages[0].Content, "Siz ") {
		lang = "uz"
	}
	history := req.Messages[1:]
	answer := Answer(lang, len(history), history[len(history)-1].Content)
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"index": 0, "message": map[string]string{"role": "assistant", "content": answer}}},
	})
}
