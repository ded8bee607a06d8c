package web

import (
	"context"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/api"
	"sogliq/server/database"
	"sogliq/server/derrors"
	"sogliq/server/page"
	"sogliq/server/route"
	"sogliq/shared"
	"sogliq/ssr"
)

// retryAfter is what a 503 for an unavailable database asks the visitor
// to wait: long enough for a restart or a failover, short enough to try.
const (
	retryAfterSeconds = 5
	retryAfter        = "5"
)

// overloaded tells a request that ran out of time on a busy server: no
// renderer free within its budget, or a render past its deadline. That is
// a 503 to try again (crawlers come back), not a 500.
func overloaded(err error) bool {
	return errors.Is(err, ssr.ErrTimeout) || errors.Is(err, context.DeadlineExceeded)
}

// statusOf maps an error to its HTTP status and the visitor's message.
func (s *Server) statusOf(err error, lang, path string) (int, string) {
	var fe *fiber.Error
	switch {
	case errors.Is(err, derrors.NotFound):
		return fiber.StatusNotFound, s.Dict.T(lang, "error.pageNotFound", "path", path)
	case errors.Is(err, derrors.Gone):
		return fiber.StatusGone, s.Dict.T(lang, "error.gone", "path", path)
	case errors.Is(err, derrors.Invalid):
		return fiber.StatusBadRequest, s.Dict.T(lang, "error.badRequest")
	case errors.As(err, &fe) && fe.Code == fiber.StatusNotFound:
		return fiber.StatusNotFound, s.Dict.T(lang, "error.pageNotFound", "path", path)
	case api.StatusOf(err) == fiber.StatusServiceUnavailable:
		return fiber.StatusServiceUnavailable, s.Dict.T(lang, "error.unavailable")
	case errors.As(err, &fe) && fe.Code < 500:
		return fe.Code, s.Dict.T(lang, refusalKey(fe.Code))
	case database.Unavailable(err), overloaded(err):
		return fiber.StatusServiceUnavailable, s.Dict.T(lang, "error.unavailable")
	default:
		return fiber.StatusInternalServerError, s.Dict.T(lang, "error.server")
	}
}

// refusalKey is the dictionary key of the message of a 4xx Fiber itself
// answers: a page asked with another method than GET (405) or a body too
// large (413) has its own words, anything else is a bad request.
func refusalKey(status int) string {
	switch status {
	case fiber.StatusMethodNotAllowed:
		return "error.methodNotAllowed"
	case fiber.StatusRequestEntityTooLarge:
		return "error.tooLarge"
	default:
		return "error.badRequest"
	}
}

// handleError is Fiber's ErrorHandler: redirects from route checks, then the
// error page in the visitor's language for everything else. 5xx log at
// Error, 4xx at Info; the visitor never sees an internal error's text.
func (s *Server) handleError(c *fiber.Ctx, err error) error {
	s.setSecurityHeaders(c)
	var rd *redirect
	if errors.As(err, &rd) {
		cacheControl := "public, max-age=3600"
		if rd.private {
			cacheControl = "private, no-store"
			c.Set(fiber.HeaderVary, "Cookie, Accept-Language")
		}
		if err = s.sendRedirect(c, rd.to, rd.status, cacheControl); err == nil {
			if rd.cookie != nil {
				c.Cookie(rd.cookie)
			}
			return nil
		}
	}
	var lr *page.Redirect
	if errors.As(err, &lr) {
		to, herr := s.loaderRedirect(c, lr)
		if herr == nil {
			herr = s.sendRedirect(c, to, fiber.StatusMovedPermanently, "public, max-age=3600")
		}
		if herr == nil {
			return nil
		}
		err = herr
	}
	if strings.HasPrefix(c.Path(), "/api/") {
		return s.apiError(c, err)
	}
	pr := s.newPageRequest(utils.CopyString(c.Path()), "")
	status, template := s.statusOf(err, pr.loc.Lang, pathMark)
	message := strings.ReplaceAll(template, pathMark, shownPath(pr.path))
	ctx := c.UserContext()
	if status >= 500 {
		s.Logger.ErrorContext(ctx, "request failed", slog.String("path", pr.path), slog.Any("err", err))
	} else {
		s.Logger.InfoContext(ctx, "request refused", slog.String("path", pr.path), slog.Int("status", status), slog.Any("err", err))
	}
	c.Response().Header.Del(fiber.HeaderContentEncoding)
	c.Response().Header.Del(fiber.HeaderETag)
	c.Set(fiber.HeaderCacheControl, "no-store")
	if status == fiber.StatusServiceUnavailable {
		c.Set(fiber.HeaderRetryAfter, retryAfter)
	}
	body, rerr := s.errorDocument(ctx, pr, status, template)
	if rerr != nil {
		s.Logger.ErrorContext(ctx, "error page render failed", slog.Any("err", rerr))
		body = s.plainErrorPage(pr.loc.Lang, status, message)
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set("Content-Language", pr.loc.Lang)
	return c.Status(status).SendString(body)
}

// maxShownPath bounds the path an error page echoes, in characters: the
// page shows it once, and a 10 KB path must not make a 10 KB page.
const maxShownPath = 200

// shownPath is path cut to maxShownPath characters (never inside one),
// with an ellipsis when cut.
func shownPath(path string) string {
	n := 0
	for i := range path {
		if n == maxShownPath {
			return path[:i] + "…"
		}
		n++
	}
	return path
}

// ErrorPage is the data of the error page: the status and the message in
// the visitor's language.
type ErrorPage struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
}

// sendRedirect is the one way the web layer answers with a Location: to
// must be a path of this site (route.SameOrigin); anything else is an error
// (a 500 page, logged), never a redirect off the site.
func (s *Server) sendRedirect(c *fiber.Ctx, to string, status int, cacheControl string) error {
	location, ok := route.SameOrigin(to)
	if !ok {
		return fmt.Errorf("web: refusing a redirect off the site to %q", to)
	}
	c.Set(fiber.HeaderCacheControl, cacheControl)
	c.Set(fiber.HeaderLocation, location)
	c.Status(status)
	return nil
}

// loaderRedirect is the URL of a loader's redirect, in the language and
// region of the request.
func (s *Server) loaderRedirect(c *fiber.Ctx, lr *page.Redirect) (string, error) {
	pr := s.newPageRequest(utils.CopyString(c.Path()), "")
	return s.Routes.Href(lr.Route, lr.Params, route.Place{Lang: pr.loc.Lang, Region: pr.region.Slug}, lr.Query)
}

// limits are the constants of shared/limits.json the web layer reads: the
// app's store links of the error page's "download the app" action (as the
// client's footer reads them) and the language cookie's lifetime.
var limits = shared.MustReadLimits()

// errorNav is the error layout's top navigation (spec §2,
// client/layouts/ErrorLayout.tsx): the dictionary key and the path of each
// link, and whether the path takes the region prefix.
var errorNav = []struct {
	key, path string
	regional  bool
}{
	{"nav.appointment", "/doctors", true},
	{"nav.analyses", "/uslugi/analizy", true},
	{"nav.diagnostics", "/diagnostika", true},
	{"nav.services", "/uslugi", true},
	{"nav.clinics", "/kliniki", true},
	{"nav.medication", "/products", false},
}

// plainErrorPage is the last resort when the engine itself cannot render:
// the error page written by hand, with the error layout's chrome (the
// stylesheets, the logo, the top navigation, the status picture, the way
// home and the app's store links) and no script, so it needs nothing that
// could have failed.
func (s *Server) plainErrorPage(lang string, status int, message string) string {
	place := route.Place{Lang: lang}
	home := route.Join(route.Prefix(place, true), "/")
	esc := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html><html lang="%s"><head><meta charset="utf-8">`+
		`<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">`+
		`<title>%s</title>`, lang, esc(s.Dict.T(lang, "error.title", "status", strconv.Itoa(status))))
	bundle := s.bundle()
	if bundle != nil {
		for _, css := range bundle.Manifest.CSS {
			fmt.Fprintf(&b, `<link rel="stylesheet" href="%s">`, esc(css))
		}
	}
	fmt.Fprintf(&b, `</head><body><header class="error-header"><div class="container error-header__inner">`+
		`<a class="header__logo" href="%s"><span class="header__logo-mark" aria-hidden="true">+</span>%s</a>`+
		`<nav class="error-header__nav" aria-label="%s">`, home, esc(s.Dict.T(lang, "site.name")), esc(s.Dict.T(lang, "nav.menu")))
	for _, item := range errorNav {
		fmt.Fprintf(&b, `<a href="%s">%s</a>`, route.Join(route.Prefix(place, item.regional), item.path), esc(s.Dict.T(lang, item.key)))
	}
	b.WriteString(`</nav></div></header><main class="main container"><section class="error-page">`)
	picture := "media/500-"
	if status == fiber.StatusNotFound {
		picture = "media/404-"
	}
	if src := bundleMedia(bundle, picture); src != "" {
		fmt.Fprintf(&b, `<img class="error-page__image" src="%s" alt="%s" width="320" height="200">`,
			esc(src), esc(s.Dict.T(lang, "error.imageAlt", "status", strconv.Itoa(status))))
	}
	fmt.Fprintf(&b, `<p class="error-page__status">%d</p><h1 class="error-page__message">%s</h1><div class="error-page__actions">`, status, esc(message))
	if status != fiber.StatusBadRequest {
		fmt.Fprintf(&b, `<a class="button" href="%s">%s</a>`, home, esc(s.Dict.T(lang, "error.back")))
	}
	// Without a script the page cannot tell the visitor's platform: both stores.
	fmt.Fprintf(&b, `<a class="button button--outline" href="%s" rel="noopener">%s</a>`, esc(limits.PlayStoreURL), esc(s.Dict.T(lang, "footer.playStore")))
	fmt.Fprintf(&b, `<a class="button button--outline" href="%s" rel="noopener">%s</a>`, esc(limits.AppStoreURL), esc(s.Dict.T(lang, "footer.appStore")))
	b.WriteString(`</div></section></main></body></html>`)
	return b.String()
}

// bundle is the engine's current bundle, nil without an engine.
func (s *Server) bundle() *ssr.Bundle {
	if s.Engine == nil {
		return nil
	}
	return s.Engine.Bundle()
}

// bundleMedia is the URL of the bundle's media file whose name starts
// with prefix ("media/404-" and its content hash), "" when there is none.
func bundleMedia(b *ssr.Bundle, prefix string) string {
	if b == nil {
		return ""
	}
	for name := range b.Assets {
		if strings.HasPrefix(name, prefix) {
			return ssr.PublicPath + name
		}
	}
	return ""
}

// apiError answers a failed API call with the one JSON error shape
// (api.Write), logging 5xx at Error; a 4xx is the access log's line,
// with the refusal (refusedLocal): one line a refusal, not two, for the
// API's refusals come in thousands at once (a rush on one free time).
func (s *Server) apiError(c *fiber.Ctx, err error) error {
	if api.StatusOf(err) == fiber.StatusInternalServerError && (database.Unavailable(err) || overloaded(err)) {
		err = &api.Error{Status: fiber.StatusServiceUnavailable, Key: "error.unavailable", RetryAfter: retryAfterSeconds * time.Second, Cause: err}
	}
	if status := api.StatusOf(err); status >= 500 {
		s.Logger.ErrorContext(c.UserContext(), "request failed", slog.String("path", utils.CopyString(c.Path())), slog.Any("err", err))
	} else {
		c.Locals(refusedLocal, err)
	}
	c.Response().Header.Del(fiber.HeaderContentEncoding)
	c.Response().Header.Del(fiber.HeaderETag)
	return api.Write(c, s.Dict, err)
}
