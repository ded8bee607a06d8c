package sitemap

import (
	"bufio"
	"context"
	"errors"
	"log/slog"
	"net"
	"regexp"
	"strconv"
	"syscall"

	"github.com/gofiber/fiber/v2"
)

// Handler serves robots.txt and the sitemaps of its sources.
type Handler struct {
	Origin  string
	Sources []Source
	Logger  *slog.Logger
}

var fileRE = regexp.MustCompile(`^([a-z-]+)-([1-9][0-9]{0,5})\.xml$`)

// Register adds the handler's routes to app.
func (h *Handler) Register(app fiber.Router) {
	app.Get("/robots.txt", h.robots)
	app.Get("/sitemap.xml", h.index)
	app.Get("/sitemaps/:file", h.file)
}

func (h *Handler) robots(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	return c.SendString(Robots(h.Origin))
}

func (h *Handler) index(c *fiber.Ctx) error {
	return h.stream(c, func(ctx context.Context, w *bufio.Writer) error {
		return writeIndex(ctx, w, h.Origin, h.Sources)
	})
}

func (h *Handler) file(c *fiber.Ctx) error {
	m := fileRE.FindStringSubmatch(c.Params("file"))
	if m == nil {
		return fiber.ErrNotFound
	}
	n, _ := strconv.Atoi(m[2])
	for _, src := range h.Sources {
		if src.Name() != m[1] {
			continue
		}
		count, err := src.Count(c.UserContext())
		if err != nil {
			return err
		}
		if n > files(count) {
			return fiber.ErrNotFound
		}
		return h.stream(c, func(ctx context.Context, w *bufio.Writer) error {
			return writeURLSet(ctx, w, h.Origin, src, n-1)
		})
	}
	return fiber.ErrNotFound
}

// stream writes the body as it is produced. The status is sent before the
// rows are read, so a failure half-way can only be logged; the truncated
// XML does not parse and crawlers retry.
func (h *Handler) stream(c *fiber.Ctx, write func(context.Context, *bufio.Writer) error) error {
	c.Set(fiber.HeaderContentType, "application/xml; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	ctx := context.WithoutCancel(c.UserContext())
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		err := write(ctx, w)
		switch {
		case err == nil:
		case clientGone(err):
			// A crawler that stops reading is not our failure.
			h.Logger.InfoContext(ctx, "sitemap client went away", slog.Any("err", err))
		default:
			h.Logger.ErrorContext(ctx, "sitemap write failed", slog.Any("err", err))
		}
	})
	return nil
}

// clientGone reports whether err is the client closing the connection
// while the body was being written. fasthttp streams a body through an
// in-memory pipe whose writer then fails with the pipe's private
// "connection closed" error, so that one is known by its text (as
// fasthttp's own tests know it).
func clientGone(err error) bool {
	if errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, net.ErrClosed) {
		return true
	}
	for ; err != nil; err = errors.Unwrap(err) {
		if err.Error() == "connection closed" {
			return true
		}
	}
	return false
}
