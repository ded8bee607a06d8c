package web

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/page"
)

// serveFile answers a file route (a PDF voucher) in the request's
// language. Files are made on request and private to whoever holds the
// link, so they bypass the page cache; errors become the HTML error page.
func (s *Server) serveFile(load page.FileLoader) fiber.Handler {
	return func(c *fiber.Ctx) error {
		lang := "ru"
		if strings.HasPrefix(c.Path(), "/uz/") {
			lang = "uz"
		}
		f, err := load(c.UserContext(), lang, utils.CopyString(c.Params("name")))
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderContentType, f.ContentType)
		c.Set(fiber.HeaderContentDisposition, `inline; filename="`+f.Name+`"`)
		c.Set(fiber.HeaderCacheControl, "private, max-age=300")
		c.Set("Content-Language", lang)
		return c.Send(f.Body)
	}
}
