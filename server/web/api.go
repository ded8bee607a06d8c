package web

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// apiError is the JSON body of a failed API call, in the caller's language.
type apiError struct {
	Error string `json:"error"`
}

// checkRedirect is GET /api/seo-redirects/check?url=: where the page at url
// (a path or an absolute URL) moved, as {"data":{"to":...}}; 404 with
// {"data":null} when it did not (spec §7).
func (s *Server) checkRedirect(c *fiber.Ctx) error {
	lang := c.Query("lang")
	raw := c.Query("url")
	u, err := url.Parse(raw)
	if raw == "" || err != nil || !strings.HasPrefix(u.Path, "/") {
		return c.Status(fiber.StatusBadRequest).JSON(apiError{Error: s.Dict.T(lang, "api.badURL")})
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=60")
	path := u.Path
	if path != "/" {
		path = strings.TrimRight(path, "/")
	}
	if s.Redirects != nil {
		if to, ok := s.Redirects.Lookup(c.UserContext(), path); ok {
			return c.JSON(fiber.Map{"data": fiber.Map{"to": to}})
		}
	}
	return c.Status(fiber.StatusNotFound).JSON(fiber.Map{"data": nil})
}
