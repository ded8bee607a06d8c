package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-cmp/cmp"

	"sogliq/server/derrors"
)

// dict answers "lang:key" with the vars appended, so a test sees which
// message in which language was chosen.
type dict struct{}

func (dict) T(lang, key string, vars ...string) string {
	return lang + ":" + key + strings.Join(vars, ",")
}

func TestWrite(t *testing.T) {
	for _, test := range []struct {
		name       string
		err        error
		query      string
		wantStatus int
		wantBody   ErrorBody
		wantRetry  string
	}{
		{"refusal in Uzbek", Fail(409, "booking.taken"), "?lang=uz", 409, ErrorBody{Error: "uz:booking.taken"}, ""},
		{"vars", Fail(400, "api.longQuery", "max", "100"), "", 400, ErrorBody{Error: "ru:api.longQuerymax,100"}, ""},
		{"fields", &Error{Status: 422, Key: "form.fix", Fields: map[string]string{"phone": "bad"}}, "?lang=ru", 422,
			ErrorBody{Error: "ru:form.fix", Fields: map[string]string{"phone": "bad"}}, ""},
		{"retry after rounds up", &Error{Status: 429, Key: "auth.tooMany", RetryAfter: 1500 * time.Millisecond}, "", 429,
			ErrorBody{Error: "ru:auth.tooMany"}, "2"},
		{"wrapped not found", fmt.Errorf("booking.Doctor(7): %w", derrors.NotFound), "?lang=uz", 404, ErrorBody{Error: "uz:api.notFound"}, ""},
		{"invalid", derrors.Invalid, "", 400, ErrorBody{Error: "ru:api.badRequest"}, ""},
		{"internal error text never shown", errors.New("pq: secret detail"), "", 500, ErrorBody{Error: "ru:error.server"}, ""},
		{"wrapped *Error", fmt.Errorf("ctx: %w", Fail(403, "api.crossSite")), "", 403, ErrorBody{Error: "ru:api.crossSite"}, ""},
		{"a store's refusal in Uzbek", fmt.Errorf("review.Create(3): %w", derrors.Refuse(derrors.Conflict, "review.exists")), "?lang=uz", 409,
			ErrorBody{Error: "uz:review.exists"}, ""},
		{"refusal vars", derrors.Refuse(derrors.Limited, "booking.tooManyBookings", "max", "5"), "", 429,
			ErrorBody{Error: "ru:booking.tooManyBookingsmax,5"}, ""},
		{"refusal cause never shown", &derrors.Refusal{Kind: derrors.Unacceptable, Key: "images.error.corrupt", Cause: errors.New("jpeg: secret")}, "", 422,
			ErrorBody{Error: "ru:images.error.corrupt"}, ""},
		{"wrapped kind without a reason", fmt.Errorf("x: %w", derrors.Conflict), "", 409, ErrorBody{Error: "ru:api.badRequest"}, ""},
		{"a limit says when it ends", &derrors.Refusal{Kind: derrors.Limited, Key: "booking.tooManyHolds", RetryAfter: 90 * time.Second}, "", 429,
			ErrorBody{Error: "ru:booking.tooManyHolds"}, "90"},
		{"busy asks to retry in a second", derrors.Refuse(derrors.Busy, "booking.busy"), "", 503, ErrorBody{Error: "ru:booking.busy"}, "1"},
	} {
		t.Run(test.name, func(t *testing.T) {
			app := fiber.New(fiber.Config{ErrorHandler: func(c *fiber.Ctx, err error) error { return Write(c, dict{}, err) }})
			app.Get("/x", func(*fiber.Ctx) error { return test.err })
			resp, err := app.Test(httptest.NewRequest("GET", "/x"+test.query, nil))
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != test.wantStatus {
				t.Errorf("status = %d, want %d", resp.StatusCode, test.wantStatus)
			}
			if got := resp.Header.Get("Retry-After"); got != test.wantRetry {
				t.Errorf("Retry-After = %q, want %q", got, test.wantRetry)
			}
			if got := resp.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control = %q", got)
			}
			var body ErrorBody
			raw, _ := io.ReadAll(resp.Body)
			if err := json.Unmarshal(raw, &body); err != nil {
				t.Fatalf("body %q: %v", raw, err)
			}
			if diff := cmp.Diff(test.wantBody, body); diff != "" {
				t.Errorf("body (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStatusOfKinds: every derrors kind has its status, bare, wrapped and
// as a Refusal, and errors.Is sees a Refusal's kind and its cause.
func TestStatusOfKinds(t *testing.T) {
	for _, k := range kindStatuses {
		for _, err := range []error{k.kind, fmt.Errorf("ctx: %w", k.kind), derrors.Refuse(k.kind, "key"), fmt.Errorf("ctx: %w", derrors.Refuse(k.kind, "key"))} {
			if got := StatusOf(err); got != k.status {
				t.Errorf("StatusOf(%v) = %d, want %d", err, got, k.status)
			}
		}
	}
	cause := errors.New("cause")
	r := &derrors.Refusal{Kind: derrors.Conflict, Key: "k", Cause: cause}
	if !errors.Is(r, derrors.Conflict) || !errors.Is(r, cause) || errors.Is(r, derrors.NotFound) {
		t.Errorf("errors.Is on a Refusal: Conflict %v, cause %v, NotFound %v", errors.Is(r, derrors.Conflict), errors.Is(r, cause), errors.Is(r, derrors.NotFound))
	}
}

// TestReason: the message of a refusal of either shape, none for a 5xx or
// another error.
func TestReason(t *testing.T) {
	for _, test := range []struct {
		err  error
		key  string
		vars []string
		ok   bool
	}{
		{Fail(409, "a", "n", "1"), "a", []string{"n", "1"}, true},
		{fmt.Errorf("x: %w", derrors.Refuse(derrors.Conflict, "b")), "b", nil, true},
		{derrors.Refuse(derrors.Busy, "c"), "", nil, false},
		{Fail(503, "d"), "", nil, false},
		{errors.New("e"), "", nil, false},
	} {
		key, vars, ok := Reason(test.err)
		if key != test.key || !cmp.Equal(vars, test.vars) || ok != test.ok {
			t.Errorf("Reason(%v) = %q %v %v", test.err, key, vars, ok)
		}
	}
}

func TestDecode(t *testing.T) {
	type payload struct {
		Name string `json:"name"`
	}
	for _, test := range []struct {
		name, contentType, body string
		wantStatus              int
		wantName                string
	}{
		{"json", "application/json", `{"name":"Ali"}`, 200, "Ali"},
		{"json with charset", "application/json; charset=utf-8", `{"name":"Ali"}`, 200, "Ali"},
		{"text/plain", "text/plain", `{"name":"Ali"}`, 415, ""},
		{"no content type", "", `{"name":"Ali"}`, 415, ""},
		{"form", "application/x-www-form-urlencoded", "name=Ali", 415, ""},
		{"malformed", "application/json", `{"name":`, 400, ""},
		{"escaped NUL", "application/json", `{"name":"a\u0000b"}`, 400, ""},
		{"raw NUL", "application/json", "{\"name\":\"a\x00b\"}", 400, ""},
		{"invalid UTF-8", "application/json", "{\"name\":\"\xff\"}", 400, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			var got payload
			app := fiber.New(fiber.Config{ErrorHandler: func(c *fiber.Ctx, err error) error { return Write(c, dict{}, err) }})
			app.Post("/x", func(c *fiber.Ctx) error {
				if err := Decode(c, &got); err != nil {
					return err
				}
				return OK(c, got)
			})
			req := httptest.NewRequest("POST", "/x", strings.NewReader(test.body))
			if test.contentType != "" {
				req.Header.Set("Content-Type", test.contentType)
			}
			resp, err := app.Test(req)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != test.wantStatus {
				t.Errorf("status = %d, want %d", resp.StatusCode, test.wantStatus)
			}
			if got.Name != test.wantName {
				t.Errorf("decoded name = %q, want %q", got.Name, test.wantName)
			}
		})
	}
}
