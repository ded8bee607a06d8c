package telegram

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"sogliq/server/telegram/telegramtest"
)

// TestBotErrorsHideToken: whatever fails, the error does not carry the
// token (it is part of every Bot API URL).
func TestBotErrorsHideToken(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	fake := telegramtest.Start(t)
	fake.Block(7)
	for name, bot := range map[string]*Bot{
		"nobody listening": {APIURL: closed, Token: testToken},
		"bad URL":          {APIURL: "http://[::1", Token: testToken},
		"blocked":          {APIURL: fake.URL, Token: testToken},
	} {
		err := bot.SendMessage(context.Background(), Message{ChatID: 7, Text: "x"})
		if err == nil || strings.Contains(err.Error(), testToken) || strings.Contains(err.Error(), "test-token") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if calls := fake.Calls(); len(calls) != 1 || calls[0].Token != testToken {
		t.Errorf("the fake saw %+v", calls)
	}
}

// TestBotRetryAfter: a 429 is tried again after retry_after; one asking
// for longer than MaxWait is returned for the job queue to retry later.
func TestBotRetryAfter(t *testing.T) {
	fake := telegramtest.Start(t)
	bot := &Bot{APIURL: fake.URL, Token: testToken}
	fake.Throttle(8, 1, 2)
	start := time.Now()
	if err := bot.SendMessage(context.Background(), Message{ChatID: 8, Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 2*time.Second {
		t.Errorf("sent after %v, before two retry_after of 1 s", d)
	}
	if n, ok := len(fake.Of("sendMessage")), len(fake.Sent("sendMessage", 8)); n != 3 || ok != 1 {
		t.Errorf("%d calls, %d sent; want 3, 1", n, ok)
	}
	fake.Throttle(9, 60, 1)
	bot.MaxWait = 5 * time.Second
	err := bot.SendMessage(context.Background(), Message{ChatID: 9, Text: "x"})
	var e *APIError
	if !errors.As(err, &e) || e.Code != 429 || e.RetryAfter != time.Minute || Blocked(err) {
		t.Errorf("a long 429: %v", err)
	}
}
