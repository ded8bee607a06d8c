package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Bot calls the Bot API (https://core.telegram.org/bots/api) as one bot.
type Bot struct {
	// APIURL is the Bot API's origin (config.TelegramAPIURL).
	APIURL string
	// Token is the bot's token: it goes into every URL, and so no error
	// here carries the URL.
	Token string
	// Client defaults to one with a 10 s timeout.
	Client *http.Client
	// MaxWait bounds how long a call waits for a 429's retry_after before
	// trying again (default 30 s); a longer wait is returned as the
	// *APIError, and the caller's job is retried later.
	MaxWait time.Duration
	// Name is the bot's username (getMe), for t.me links; "" unknown.
	Name string
}

// ID is the bot's numeric id: the token's part before the colon (public:
// Telegram shows it to anyone; the part after is the secret).
func (b *Bot) ID() string {
	id, _, _ := strings.Cut(b.Token, ":")
	return id
}

// GetMe reads the bot's username into b.Name.
func (b *Bot) GetMe(ctx context.Context) error {
	var me struct {
		Username string `json:"username"`
	}
	if err := b.Call(ctx, "getMe", map[string]any{}, &me); err != nil {
		return err
	}
	b.Name = me.Username
	return nil
}

// APIError is the Bot API's refusal: its error_code and description, and
// retry_after (429) when given.
type APIError struct {
	Method      string
	Code        int
	Description string
	RetryAfter  time.Duration
}

func (e *APIError) Error() string {
	return fmt.Sprintf("telegram %s: %d %s", e.Method, e.Code, e.Description)
}

// Blocked reports a refusal meaning the person cannot be written to: they
// blocked the bot, deleted their account or never started it (403).
func Blocked(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Code == http.StatusForbidden
}

// Call posts params as JSON to method and decodes the answer's result
// into result (nil: ignored). A 429 is tried again after its retry_after
// while the wait fits in MaxWait and ctx.
func (b *Bot) Call(ctx context.Context, method string, params, result any) error {
	body, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("telegram %s: %w", method, err)
	}
	maxWait := b.MaxWait
	if maxWait == 0 {
		maxWait = 30 * time.Second
	}
	for {
		err := b.post(ctx, method, body, result)
		var e *APIError
		if !errors.As(err, &e) || e.Code != http.StatusTooManyRequests || e.RetryAfter > maxWait {
			return err
		}
		maxWait -= e.RetryAfter
		select {
		case <-ctx.Done():
			return err
		case <-time.After(e.RetryAfter):
		}
	}
}

// envelope is the Bot API's answer.
type envelope struct {
	OK          bool            `json:"ok"`
	Result      json.RawMessage `json:"result"`
	ErrorCode   int             `json:"error_code"`
	Description string          `json:"description"`
	Parameters  struct {
		RetryAfter int `json:"retry_after"`
	} `json:"parameters"`
}

func (b *Bot) post(ctx context.Context, method string, body []byte, result any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.APIURL+"/bot"+b.Token+"/"+method, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("telegram %s: bad API URL", method)
	}
	req.Header.Set("Content-Type", "application/json")
	client := b.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		// *url.Error prints the URL, and so the token: keep its cause only.
		var ue interface{ Unwrap() error }
		if errors.As(err, &ue) && ue.Unwrap() != nil {
			err = ue.Unwrap()
		}
		return fmt.Errorf("telegram %s: %w", method, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("telegram %s: %w", method, err)
	}
	var a envelope
	if err := json.Unmarshal(raw, &a); err != nil {
		return &APIError{Method: method, Code: resp.StatusCode, Description: "not a Bot API answer"}
	}
	if !a.OK {
		code := a.ErrorCode
		if code == 0 {
			code = resp.StatusCode
		}
		return &APIError{Method: method, Code: code, Description: a.Description, RetryAfter: time.Duration(a.Parameters.RetryAfter) * time.Second}
	}
	if result != nil {
		if err := json.Unmarshal(a.Result, result); err != nil {
			return fmt.Errorf("telegram %s: %w", method, err)
		}
	}
	return nil
}

// Button is an inline keyboard button: a callback button (CallbackData)
// or one opening the Mini App at a URL (WebApp).
type Button struct {
	Text         string  `json:"text"`
	CallbackData string  `json:"callback_data,omitempty"`
	WebApp       *WebApp `json:"web_app,omitempty"`
}

// WebApp is a web_app button's page.
type WebApp struct {
	URL string `json:"url"`
}

// Message is a sendMessage call.
type Message struct {
	ChatID int64  `json:"chat_id"`
	Text   string `json:"text"`
	// Keyboard is the message's inline keyboard, rows of buttons.
	Keyboard [][]Button `json:"-"`
}

// SendMessage sends m.
func (b *Bot) SendMessage(ctx context.Context, m Message) error {
	params := map[string]any{"chat_id": m.ChatID, "text": m.Text}
	if len(m.Keyboard) > 0 {
		params["reply_markup"] = map[string]any{"inline_keyboard": m.Keyboard}
	}
	return b.Call(ctx, "sendMessage", params, nil)
}

// AnswerCallbackQuery ends a button's spinner with a short notice.
func (b *Bot) AnswerCallbackQuery(ctx context.Context, id, text string) error {
	return b.Call(ctx, "answerCallbackQuery", map[string]any{"callback_query_id": id, "text": text}, nil)
}
