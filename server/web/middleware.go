package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/derrors"
	"sogliq/server/metrics"
	"sogliq/server/route"
)

type requestIDKey struct{}

// RequestID returns the id of the request ctx belongs to, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestID takes the caller's X-Request-ID when it looks sane, else makes one,
// and puts it in the request's context for the log handler.
func requestID(c *fiber.Ctx) error {
	id := c.Get(fiber.HeaderXRequestID)
	if id == "" || len(id) > 64 {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	} else {
		id = string([]byte(id)) // fasthttp reuses the header's memory
	}
	c.Set(fiber.HeaderXRequestID, id)
	c.SetUserContext(context.WithValue(c.UserContext(), requestIDKey{}, id))
	return c.Next()
}

func (s *Server) recoverPanic(c *fiber.Ctx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.Logger.ErrorContext(c.UserContext(), "panic", slog.Any("panic", r), slog.String("stack", string(debug.Stack())))
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return c.Next()
}

func (s *Server) accessLog(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	if err != nil {
		// Render the error page now, so the log line has the final status.
		if herr := s.handleError(c, err); herr != nil {
			s.Logger.ErrorContext(c.UserContext(), "error handler failed", slog.Any("err", herr))
		}
	}
	took := time.Since(start)
	metrics.Request(routeLabel(c), c.Response().StatusCode(), took)
	if api.IsQuiet(c) && c.Response().StatusCode() < 400 {
		return nil
	}
	// LogAttrs, not InfoContext: attributes passed as ...any are boxed,
	// five allocations a request.
	attrs := [...]slog.Attr{
		slog.String("method", c.Method()),
		slog.String("path", c.Path()),
		slog.Int("status", c.Response().StatusCode()),
		slog.Duration("took", took),
		slog.String("cache", cacheState(c.Response().Header.Peek("X-Cache"))),
		{},
	}
	n := len(attrs) - 1
	if refused, ok := c.Locals(refusedLocal).(error); ok {
		attrs[n], n = slog.Any("err", refused), n+1
	}
	s.Logger.LogAttrs(c.UserContext(), slog.LevelInfo, "request", attrs[:n]...)
	return nil
}

// refusedLocal is the Locals key under which apiError leaves an API
// refusal (4xx) for the access log's line.
const refusedLocal = "sogliq.refused"

// cacheState is the X-Cache header as one of the cache's constant states
// (no copy of the header's bytes), or "" for none.
func cacheState(header []byte) string {
	switch string(header) {
	case cache.StateHit:
		return cache.StateHit
	case cache.StateStale:
		return cache.StateStale
	case cache.StateMiss:
		return cache.StateMiss
	}
	return ""
}

// routeLocal is the Locals key under which servePage leaves the route
// table's name of the page it matched, for the metrics' route label.
const routeLocal = "sogliq.route"

// routeLabel names the request's route with bounded cardinality: the page's
// route name, else the pattern of the handler Fiber matched ("/api/suggest",
// "/_assets/*"); a page request that matched no route is "page:none".
func routeLabel(c *fiber.Ctx) string {
	if r, ok := c.Locals(routeLocal).(*route.Route); ok {
		return r.Name
	}
	if p := c.Route().Path; p != "/*" && p != "" {
		return p
	}
	return "page:none"
}

// basePolicy is the Content-Security-Policy without third-party counters.
const basePolicy = "default-src 'self'; script-src 'self' 'inline-speculation-rules'%s%s; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: https:; connect-src 'self'%s; font-src 'self'; frame-ancestors 'self'; " +
	"base-uri 'self'; form-action 'self'; object-src 'none'"

// ContentSecurityPolicy is the policy of every answer: islands' props and
// JSON-LD are non-executable JSON scripts, so script-src needs no
// 'unsafe-inline'; 'inline-speculation-rules' lets the document's
// Speculation Rules run (they can only prefetch, never execute), and the
// document's inline scripts (client/lib/inlineScripts.ts: the Speculation
// Rules again, since a hash turns the keyword off, and the signed-in
// header's script) are allowed by their hashes. A counter
// that is configured (its id set) adds its script and beacon hosts; one
// that is not adds nothing.
func ContentSecurityPolicy(c Counters, inline ...string) string {
	var hashes string
	for _, script := range inline {
		hashes += " " + scriptHash(script)
	}
	var scripts, connects string
	if c.GA4 != "" {
		scripts += " https://www.googletagmanager.com"
		connects += " https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com"
	}
	if c.Yandex != "" {
		scripts += " https://mc.yandex.ru"
		connects += " https://mc.yandex.ru"
	}
	return fmt.Sprintf(basePolicy, hashes, scripts, connects)
}

// TelegramPolicy is the policy of the telegram layout's pages (the Mini
// App, /opentelegram): Telegram's own script (telegram-web-app.js, from
// https://telegram.org only) may load, and Telegram's web client
// (https://web.telegram.org) may frame the page, as it does Mini Apps.
// Every other page keeps ContentSecurityPolicy.
func TelegramPolicy(policy string) string {
	policy = strings.Replace(policy, "script-src 'self'", "script-src 'self' https://telegram.org", 1)
	return strings.Replace(policy, "frame-ancestors 'self'", "frame-ancestors 'self' https://web.telegram.org", 1)
}

// scriptHash is a script's CSP hash source: 'sha256-' and the base64 of
// the SHA-256 of its text as written.
func scriptHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// securityHeaders sets the security headers of every answer.
func (s *Server) securityHeaders(c *fiber.Ctx) error {
	s.setSecurityHeaders(c)
	err := c.Next()
	if r, ok := c.Locals(routeLocal).(*route.Route); ok && r.Layout == "telegram" {
		// Framed by Telegram's web client: frame-ancestors says by whom,
		// and X-Frame-Options (SAMEORIGIN only) would forbid it.
		c.Set("Content-Security-Policy", TelegramPolicy(s.csp))
		c.Response().Header.Del("X-Frame-Options")
	}
	return err
}

// setSecurityHeaders is securityHeaders' work; the error handler calls it
// too, for the answers fasthttp makes before any middleware ran (431 for
// oversized headers or request line, 400 for a malformed request).
func (s *Server) setSecurityHeaders(c *fiber.Ctx) {
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	c.Set("X-Frame-Options", "SAMEORIGIN")
	c.Set("Content-Security-Policy", s.csp)
	if s.HSTS {
		c.Set(fiber.HeaderStrictTransportSecurity, "max-age=31536000; includeSubDomains")
	}
}

// keepRedirectsOnSite passes the Location of every answer a handler made
// itself (sign-out, the favicon) through route.SameOrigin, the same
// function the route checks' redirects go through: a Location that would
// leave the site becomes the 500 page instead.
func keepRedirectsOnSite(c *fiber.Ctx) error {
	if err := c.Next(); err != nil {
		return err
	}
	raw := c.Response().Header.Peek(fiber.HeaderLocation)
	if len(raw) == 0 {
		return nil
	}
	location, ok := route.SameOrigin(string(raw))
	if !ok {
		c.Response().Header.Del(fiber.HeaderLocation)
		return fmt.Errorf("web: refusing a redirect off the site to %q", raw)
	}
	c.Set(fiber.HeaderLocation, location)
	return nil
}

// refuseBadBytes answers a request whose path holds a control character
// or invalid UTF-8 (raw or percent-encoded), or whose query holds a NUL
// byte or invalid UTF-8, before any handler runs: PostgreSQL refuses such
// text, so it would otherwise become a 500 after work was done. A path is
// a 404 (no page has such a name), a query parameter a 400.
func refuseBadBytes(c *fiber.Ctx) error {
	path := c.Path()
	if decoded, err := url.PathUnescape(path); !cleanPath(path) || (err == nil && !cleanPath(decoded)) {
		return fmt.Errorf("Page not found: a path with a control byte or invalid UTF-8: %w", derrors.NotFound)
	}
	bad := false
	c.Request().URI().QueryArgs().VisitAll(func(k, v []byte) {
		bad = bad || !cleanParam(k) || !cleanParam(v)
	})
	if bad {
		return fmt.Errorf("a query parameter with a NUL byte or invalid UTF-8: %w", derrors.Invalid)
	}
	return c.Next()
}

// cleanPath: valid UTF-8 without control characters.
func cleanPath(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return false
		}
	}
	return utf8.ValidString(s)
}

// cleanParam: valid UTF-8 without NUL (a pasted search may hold a tab or
// a newline, which PostgreSQL takes).
func cleanParam(v []byte) bool {
	return utf8.Valid(v) && bytes.IndexByte(v, 0) < 0
}

// databaseBudget gives the request's context the database budget: a
// frozen or overloaded database makes the request fail (503) in time
// instead of holding the visitor. Page renders wait on their own bound
// (servePage), so only database work counts against it.
func (s *Server) databaseBudget(c *fiber.Ctx) error {
	for _, prefix := range s.OutboundPaths {
		if strings.HasPrefix(c.Path(), prefix) {
			return c.Next()
		}
	}
	budget := s.DBBudget
	for _, prefix := range s.StaffPaths {
		if strings.HasPrefix(c.Path(), prefix) {
			budget = s.StaffBudget
		}
	}
	ctx := &budgetContext{Context: c.UserContext(), deadline: time.Now().Add(budget)}
	defer ctx.release()
	c.SetUserContext(ctx)
	return c.Next()
}

// budgetContext is the request's context with the database budget's
// deadline, whose timer is made only when something waits on it: a page
// answered from the cache never does, and a timer per request was most of
// what a cache hit allocated.
type budgetContext struct {
	context.Context // the request's
	deadline        time.Time
	once            sync.Once
	timed           context.Context // the context with the timer, once made
	cancel          context.CancelFunc
}

func (b *budgetContext) Deadline() (time.Time, bool) { return b.deadline, true }

func (b *budgetContext) Done() <-chan struct{} { return b.started().Done() }

func (b *budgetContext) Err() error { return b.started().Err() }

// started makes the timer on first use.
func (b *budgetContext) started() context.Context {
	b.once.Do(func() { b.timed, b.cancel = context.WithDeadline(b.Context, b.deadline) })
	return b.timed
}

// release ends the budget with the request: a timer made is stopped, and
// one never made never will be (what still holds the context sees it
// ended, as a cancelled context).
func (b *budgetContext) release() {
	b.once.Do(func() { b.timed = spentBudget })
	if b.cancel != nil {
		b.cancel()
	}
}

// spentBudget is the context of a request whose budget ended before
// anything waited on it.
var spentBudget = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

// LogHandler wraps h so every record logged with a request's context
// carries its request id.
func LogHandler(h slog.Handler) slog.Handler { return requestIDHandler{h} }

type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}
