package web

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
)

// Moved is where a page moved to.
type Moved struct {
	To string `json:"to"`
}

// checkRedirect is GET /api/seo-redirects/check?url=: where the page at url
// (a path or an absolute URL) moved, as {"data":{"to":...}}; 404 with
// {"data":null} when it did not (spec §7).
func (s *Server) checkRedirect(c *fiber.Ctx) error {
	raw := c.Query("url")
	u, err := url.Parse(raw)
	if raw == "" || err != nil || !strings.HasPrefix(u.Path, "/") {
		return &api.Error{Status: fiber.StatusBadRequest, Key: "api.badURL", Cause: err}
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=60")
	path := u.Path
	if path != "/" {
		path = strings.TrimRight(path, "/")
	}
	if s.Redirects != nil {
		if to, ok := s.Redirects.Lookup(c.UserContext(), path); ok {
			return api.OK(c, Moved{To: to})
		}
	}
	// Not an error: the spec's answer for a page that did not move.
	return c.Status(fiber.StatusNotFound).JSON(api.Envelope[*Moved]{})
}
