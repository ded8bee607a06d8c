// Package api is the one shape of the JSON APIs. Handlers return error; an
// *Error carries the status, the dictionary key of the caller's message and
// any per-field messages, and Write (called by the web layer's single error
// handler for every /api/ path) turns it into
//
//	{"error": "message in the caller's language", "fields": {"name": "message"}}
//
// with Retry-After for refusals that end. Success answers are {"data": ...}.
// JSON names are camelCase; the language is ?lang=uz for Uzbek, anything
// else Russian.
package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/derrors"
)

// Translator gives a visitor-facing message in a language; *i18n.Dict is one.
type Translator interface {
	T(lang, key string, vars ...string) string
}

// Error is an API refusal: Status, the message under Key (with Vars) in the
// caller's language, Fields (already in the caller's language) for a refused
// form, RetryAfter for limits. Cause is logged, never shown.
type Error struct {
	Status     int
	Key        string
	Vars       []string
	Fields     map[string]string
	RetryAfter time.Duration
	Cause      error
}

// Fail returns an *Error with status and the message key.
func Fail(status int, key string, vars ...string) *Error {
	return &Error{Status: status, Key: key, Vars: vars}
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("api %d %s", e.Status, e.Key)
	if e.Cause != nil {
		msg += ": " + e.Cause.Error()
	}
	return msg
}

// Unwrap gives the cause, so errors.Is sees through an *Error.
func (e *Error) Unwrap() error { return e.Cause }

// ErrorBody is the JSON of every failed API call.
type ErrorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields,omitempty"`
}

// Envelope is the JSON of every successful API call.
type Envelope[T any] struct {
	Data T `json:"data"`
}

// OK answers 200 with {"data": data}.
func OK[T any](c *fiber.Ctx, data T) error {
	return c.JSON(Envelope[T]{Data: data})
}

// Lang is an API request's language: ?lang=uz is Uzbek, anything else Russian.
func Lang(c *fiber.Ctx) string {
	if c.Query("lang") == "uz" {
		return "uz"
	}
	return "ru"
}

// ID is the positive integer id of a path parameter or query value raw;
// 0 when it is not one (the handler answers 400 or 404 as it should).
func ID(raw string) int64 {
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// Decode reads a JSON body into v: 415 for a body that is not declared
// JSON, 400 for malformed JSON, a NUL byte or invalid UTF-8 (PostgreSQL
// would refuse them later, after work was done).
func Decode(c *fiber.Ctx, v any) error {
	if mediaType(c) != fiber.MIMEApplicationJSON {
		return Fail(fiber.StatusUnsupportedMediaType, "api.notJSON")
	}
	body := c.Body()
	if !cleanJSON(body) {
		return Fail(fiber.StatusBadRequest, "api.badBody")
	}
	if err := c.App().Config().JSONDecoder(body, v); err != nil {
		return &Error{Status: fiber.StatusBadRequest, Key: "api.badBody", Cause: err}
	}
	return nil
}

// Bodies is the middleware in front of an API that takes JSON bodies only:
// BodyRules{}.Check.
func Bodies(c *fiber.Ctx) error { return BodyRules{}.Check(c) }

// BodyRules names the API paths that take a body other than JSON.
type BodyRules struct {
	// Forms are the paths that take an HTML form
	// (application/x-www-form-urlencoded): sign-out and account deletion,
	// which work without JavaScript.
	Forms []string
	// Uploads are the paths that take a file of any declared type: the
	// editor's pictures, whose handler checks the bytes and names the
	// formats it takes.
	Uploads []string
}

// Check is the middleware in front of every API route: a request that
// carries a body must declare it JSON (else 415) and send well-formed JSON
// without NUL or invalid UTF-8 (else 400), before any guard or handler
// runs, so a new route needs no check of its own. A form or a file is
// taken only at the paths r names and is a 415 anywhere else, so a
// handler that reads no body never acts on one. A request without a body
// (GET, a plain DELETE) is not looked at.
func (r BodyRules) Check(c *fiber.Ctx) error {
	if len(c.Body()) == 0 {
		return c.Next()
	}
	media := mediaType(c)
	switch {
	case media == fiber.MIMEApplicationJSON:
		if body := c.Body(); !cleanJSON(body) || !json.Valid(body) {
			return Fail(fiber.StatusBadRequest, "api.badBody")
		}
	case media == fiber.MIMEApplicationForm && slices.Contains(r.Forms, c.Path()):
	case slices.Contains(r.Uploads, c.Path()):
	default:
		return Fail(fiber.StatusUnsupportedMediaType, "api.notJSON")
	}
	return c.Next()
}

// mediaType is the request's Content-Type without parameters, lower case.
func mediaType(c *fiber.Ctx) string {
	return strings.ToLower(strings.TrimSpace(strings.SplitN(c.Get(fiber.HeaderContentType), ";", 2)[0]))
}

// cleanJSON: valid UTF-8 with no NUL, raw or escaped (PostgreSQL refuses
// both in text).
func cleanJSON(body []byte) bool {
	return utf8.Valid(body) && !bytes.Contains(body, []byte(`\u0000`)) && bytes.IndexByte(body, 0) < 0
}

// ErrorHandler is a Fiber ErrorHandler that answers every error with
// Write: for an app that serves only the API, such as a package's tests
// (the site's handler in package web also logs and renders pages).
func ErrorHandler(dict Translator) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error { return Write(c, dict, err) }
}

// StatusOf is the status an error answers with: an *Error's own, the
// status of a derrors kind (a derrors.Refusal's or a wrapped one), a
// *fiber.Error's code, else 500. This is the one place kinds become
// statuses.
func StatusOf(err error) int {
	var ae *Error
	var fe *fiber.Error
	if errors.As(err, &ae) {
		return ae.Status
	}
	for _, k := range kindStatuses {
		if errors.Is(err, k.kind) {
			return k.status
		}
	}
	if errors.As(err, &fe) {
		return fe.Code
	}
	return fiber.StatusInternalServerError
}

// Reason is the message key and vars of a refusal, an *Error or a
// derrors.Refusal, for an answer other than HTTP (a Telegram button's);
// ok is false for any other error and for a 5xx.
func Reason(err error) (key string, vars []string, ok bool) {
	var ae *Error
	var refusal *derrors.Refusal
	switch {
	case StatusOf(err) >= 500:
		return "", nil, false
	case errors.As(err, &ae):
		return ae.Key, ae.Vars, true
	case errors.As(err, &refusal):
		return refusal.Key, refusal.Vars, true
	}
	return "", nil, false
}

// kindStatuses are the statuses of the derrors kinds.
var kindStatuses = []struct {
	kind   error
	status int
}{
	{derrors.NotFound, fiber.StatusNotFound},
	{derrors.Invalid, fiber.StatusBadRequest},
	{derrors.Gone, fiber.StatusGone},
	{derrors.Conflict, fiber.StatusConflict},
	{derrors.Unacceptable, fiber.StatusUnprocessableEntity},
	{derrors.Limited, fiber.StatusTooManyRequests},
	{derrors.TooLarge, fiber.StatusRequestEntityTooLarge},
	{derrors.Unsupported, fiber.StatusUnsupportedMediaType},
	{derrors.Forbidden, fiber.StatusForbidden},
	{derrors.Busy, fiber.StatusServiceUnavailable},
}

// Write answers err as the API error JSON in the caller's language. It
// never shows an internal error's text.
func Write(c *fiber.Ctx, dict Translator, err error) error {
	lang := Lang(c)
	status := StatusOf(err)
	body := ErrorBody{}
	var ae *Error
	var refusal *derrors.Refusal
	switch {
	case errors.As(err, &ae):
		body.Error = dict.T(lang, ae.Key, ae.Vars...)
		body.Fields = ae.Fields
		if ae.RetryAfter > 0 {
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int((ae.RetryAfter+time.Second-1)/time.Second)))
		}
	case errors.As(err, &refusal):
		body.Error = dict.T(lang, refusal.Key, refusal.Vars...)
		switch {
		case refusal.RetryAfter > 0:
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int((refusal.RetryAfter+time.Second-1)/time.Second)))
		case errors.Is(err, derrors.Busy):
			c.Set(fiber.HeaderRetryAfter, "1")
		}
	case status == fiber.StatusNotFound:
		body.Error = dict.T(lang, "api.notFound")
	case status == fiber.StatusMethodNotAllowed:
		body.Error = dict.T(lang, "api.badRequest")
	case status < 500:
		body.Error = dict.T(lang, "api.badRequest")
	case status == fiber.StatusServiceUnavailable:
		body.Error = dict.T(lang, "error.unavailable")
	default:
		body.Error = dict.T(lang, "error.server")
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(status).JSON(body)
}

// quietLocal is the Locals key of Quiet.
const quietLocal = "sogliq.quiet"

// Quiet marks the request as one whose successful answer needs no access
// log line: the tracking APIs, thousands a second in a burst, whose events
// table is their record (the log line cost more than the request).
// Failures are still logged.
func Quiet(c *fiber.Ctx) { c.Locals(quietLocal, true) }

// IsQuiet reports whether Quiet marked the request.
func IsQuiet(c *fiber.Ctx) bool {
	q, _ := c.Locals(quietLocal).(bool)
	return q
}
