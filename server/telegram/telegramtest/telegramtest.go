// Package telegramtest is a Bot API server on loopback for tests: it
// records every call, and answers 403 (a bot blocked) or 429 (with
// retry_after) to the chats and methods a test names.
package telegramtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Call is one Bot API call as the server received it.
type Call struct {
	Method string
	// Token is the bot token of the URL.
	Token  string
	Params map[string]any
	// Status is what the server answered.
	Status int
}

// ChatID is the call's chat_id (0 for none).
func (c Call) ChatID() int64 {
	v, _ := c.Params["chat_id"].(float64)
	return int64(v)
}

// Text is the call's text.
func (c Call) Text() string {
	v, _ := c.Params["text"].(string)
	return v
}

// Buttons are the inline keyboard's buttons, row by row flattened.
func (c Call) Buttons() []map[string]any {
	var out []map[string]any
	markup, _ := c.Params["reply_markup"].(map[string]any)
	rows, _ := markup["inline_keyboard"].([]any)
	for _, r := range rows {
		row, _ := r.([]any)
		for _, b := range row {
			if m, ok := b.(map[string]any); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// Server is the fake Bot API.
type Server struct {
	// URL is the API's origin (config.TelegramAPIURL).
	URL string

	mu    sync.Mutex
	calls []Call
	// refusals by chat id: the status and retry_after, and how many
	// calls remain refused (-1: all).
	refusals map[int64]*refusal
}

type refusal struct {
	status, retryAfter, times int
}

// Start runs a server until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{refusals: map[int64]*refusal{}}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Block answers 403 to every message to chat (the person blocked the bot).
func (s *Server) Block(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refusals[chat] = &refusal{status: http.StatusForbidden, times: -1}
}

// Throttle answers 429 with retry_after seconds to the next times
// messages to chat.
func (s *Server) Throttle(chat int64, retryAfter, times int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refusals[chat] = &refusal{status: http.StatusTooManyRequests, retryAfter: retryAfter, times: times}
}

// Calls returns every call so far, refused ones included.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// Sent returns the calls of method to chat that were answered ok.
func (s *Server) Sent(method string, chat int64) []Call {
	var out []Call
	for _, c := range s.Calls() {
		if c.Method == method && c.ChatID() == chat && c.Status == http.StatusOK {
			out = append(out, c)
		}
	}
	return out
}

// Of returns the calls of method, any chat, any answer.
func (s *Server) Of(method string) []Call {
	var out []Call
	for _, c := range s.Calls() {
		if c.Method == method {
			out = append(out, c)
		}
	}
	return out
}

// ServeHTTP answers POST /bot<token>/<method> as the Bot API does.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/bot")
	token, method, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		http.NotFound(w, r)
		return
	}
	call := Call{Method: method, Token: token, Params: map[string]any{}}
	_ = json.NewDecoder(r.Body).Decode(&call.Params)
	s.mu.Lock()
	call.Status = http.StatusOK
	var ref refusal
	if f := s.refusals[call.ChatID()]; f != nil && f.times != 0 && method == "sendMessage" {
		ref = *f
		call.Status = f.status
		if f.times > 0 {
			f.times--
		}
	}
	s.calls = append(s.calls, call)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(call.Status)
	switch call.Status {
	case http.StatusForbidden:
		fmt.Fprint(w, `{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}`)
	case http.StatusTooManyRequests:
		fmt.Fprintf(w, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after %d","parameters":{"retry_after":%d}}`, ref.retryAfter, ref.retryAfter)
	default:
		switch method {
		case "getMe":
			fmt.Fprint(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"Sog'liq","username":"sogliq_test_bot"}}`)
		case "sendMessage":
			fmt.Fprint(w, `{"ok":true,"result":{"message_id":1,"date":0,"chat":{"id":1,"type":"private"}}}`)
		default:
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}
	}
}
