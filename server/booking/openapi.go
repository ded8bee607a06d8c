package booking

import (
	_ "embed"

	"github.com/gofiber/fiber/v2"
)

// OpenAPI is the OpenAPI 3.1 document of the booking API (slots, holds,
// bookings, history), served at /api/openapi.json for the mobile app.
//
//go:embed openapi.json
var OpenAPI []byte

func serveOpenAPI(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "public, max-age=300")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(OpenAPI)
}
