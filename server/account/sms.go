package account

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"
)

// Sender delivers a text message to a phone (998 and nine digits).
type Sender interface {
	Send(ctx context.Context, phone, text string) error
}

// idempotencyKey is the context key of WithIdempotencyKey.
type idempotencyKey struct{}

// WithIdempotencyKey names the message sent with ctx: a gateway that
// honours the Idempotency-Key header delivers a message once however
// often it is posted with the same key. The job queue's notices pass one
// per notice, so a retry after a crash between the gateway's yes and the
// job's commit is recognised as the same message.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey{}, key)
}

// IdempotencyKey is the key WithIdempotencyKey put in ctx, "" for none.
func IdempotencyKey(ctx context.Context) string {
	key, _ := ctx.Value(idempotencyKey{}).(string)
	return key
}

// HTTPSender posts messages to an SMS gateway (SMS_URL): a JSON body
// {"phone": "+998901234567", "text": "..."} with the token (SMS_TOKEN), when
// there is one, as a bearer token, and the message's idempotency key
// (WithIdempotencyKey), when it has one, as the Idempotency-Key header.
// Any 2xx answer is success; Eskiz, Play Mobile and the like sit behind a
// small adapter of this shape.
type HTTPSender struct {
	URL   string
	Token string
	// Client defaults to one with a 10 s timeout.
	Client *http.Client
}

// Send posts one message.
func (s *HTTPSender) Send(ctx context.Context, phone, text string) error {
	body, err := json.Marshal(map[string]string{"phone": "+" + phone, "text": text})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("account.HTTPSender: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if s.Token != "" {
		req.Header.Set("Authorization", "Bearer "+s.Token)
	}
	if key := IdempotencyKey(ctx); key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	client := s.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("account.HTTPSender: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		return fmt.Errorf("account.HTTPSender: gateway answered %s: %q", resp.Status, snippet)
	}
	return nil
}

// LogSender writes messages to the log instead of sending them: the
// development and demo sites sign in without an SMS gateway, the code
// read from the server's log. Production refuses to start it (see
// config.SMS).
type LogSender struct {
	Logger *slog.Logger
}

// Send logs the message at Warn, so it stands out.
func (s *LogSender) Send(ctx context.Context, phone, text string) error {
	s.Logger.WarnContext(ctx, "SMS not sent (no SMS_URL): written here instead",
		slog.String("phone", DisplayPhone(phone)), slog.String("text", text))
	return nil
}
