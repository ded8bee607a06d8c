package images

import (
	"errors"
	"io/fs"
	"log/slog"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Prefix is the path the variants are served under.
const Prefix = "/media/"

// Handler serves the encoded variants: GET /media/{hash}/{size}-{w}x{h}.webp
// and /media/{hash}/{size}-{w}x{h}@2x.webp. A key names its bytes for ever, so answers
// are cacheable for a year, immutable, with the key as ETag. Originals are
// not served.
type Handler struct {
	Store  Store
	Logger *slog.Logger
}

// Register adds the media route.
func (h *Handler) Register(r fiber.Router) {
	r.Get(Prefix+":hash/:file", h.serve)
}

// immutable is the Cache-Control of every variant.
const immutable = "public, max-age=31536000, immutable"

func (h *Handler) serve(c *fiber.Ctx) error {
	if h.Store == nil {
		return fiber.ErrNotFound
	}
	hash, file := c.Params("hash"), c.Params("file")
	name, _, _ := strings.Cut(file, "-")
	s, known := Sizes[name]
	if !known || !ValidHash(hash) {
		return fiber.ErrNotFound
	}
	density := 1
	switch file {
	case fileName(s, 1):
	case fileName(s, 2):
		density = 2
	default:
		return fiber.ErrNotFound
	}
	// The key names the bytes, so it is the ETag; a browser revalidating
	// one it holds gets 304 without a store read.
	etag := `"` + hash[:16] + "-" + file + `"`
	if c.Get(fiber.HeaderIfNoneMatch) == etag {
		c.Set(fiber.HeaderETag, etag)
		c.Set(fiber.HeaderCacheControl, immutable)
		return c.SendStatus(fiber.StatusNotModified)
	}
	data, err := h.Store.Get(c.UserContext(), Key(hash, s, density))
	if errors.Is(err, fs.ErrNotExist) {
		return fiber.ErrNotFound
	}
	if err != nil {
		if h.Logger != nil {
			h.Logger.ErrorContext(c.UserContext(), "images: store read failed", slog.Any("err", err))
		}
		return err
	}
	c.Set(fiber.HeaderETag, etag)
	c.Set(fiber.HeaderCacheControl, immutable)
	c.Set(fiber.HeaderContentType, "image/webp")
	return c.Send(data)
}
