package web

import (
	"context"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/api"
	"sogliq/server/database"
	"sogliq/server/derrors"
	"sogliq/server/page"
	"sogliq/server/route"
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
		return fe.Code, s.Dict.T(lang, "error.badRequest")
	case database.Unavailable(err), overloaded(err):
		return fiber.StatusServiceUnavailable, s.Dict.T(lang, "error.unavailable")
	default:
		return fiber.StatusInternalServerError, s.Dict.T(lang, "error.server")
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

// plainErrorPage is the last resort when the engine itself cannot render.
func (s *Server) plainErrorPage(lang string, status int, message string) string {
	home := "/"
	if lang == "uz" {
		home = "/uz"
	}
	return fmt.Sprintf(`<!DOCTYPE html><html lang="%s"><head><meta charset="utf-8"><title>%d</title></head>`+
		`<body><h1>%d</h1><p>%s</p><p><a href="%s">%s</a></p></body></html>`,
		lang, status, status, html.EscapeString(message), home, html.EscapeString(s.Dict.T(lang, "error.back")))
}

// apiError answers a failed API call with the one JSON error shape
// (api.Write), logging 5xx at Error and 4xx at Info like pages.
func (s *Server) apiError(c *fiber.Ctx, err error) error {
	ctx := c.UserContext()
	path := utils.CopyString(c.Path())
	var ae *api.Error
	if !errors.As(err, &ae) && (database.Unavailable(err) || overloaded(err)) {
		err = &api.Error{Status: fiber.StatusServiceUnavailable, Key: "error.unavailable", RetryAfter: retryAfterSeconds * time.Second, Cause: err}
	}
	if status := api.StatusOf(err); status >= 500 {
		s.Logger.ErrorContext(ctx, "request failed", slog.String("path", path), slog.Any("err", err))
	} else {
		s.Logger.InfoContext(ctx, "request refused", slog.String("path", path), slog.Int("status", status), slog.Any("err", err))
	}
	c.Response().Header.Del(fiber.HeaderContentEncoding)
	c.Response().Header.Del(fiber.HeaderETag)
	return api.Write(c, s.Dict, err)
}
