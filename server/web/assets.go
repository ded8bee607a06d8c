package web

import (
	"mime"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/cache"
	"sogliq/ssr"
)

// assetStore holds the bundle's browser files as precompressed entries,
// rebuilt when the engine's bundle changes (DEV rebuilds).
type assetStore struct {
	mu      sync.Mutex
	build   string
	entries map[string]*cache.Entry
}

func newAssetStore() *assetStore { return &assetStore{} }

func (a *assetStore) get(b *ssr.Bundle, name string) (*cache.Entry, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.build != b.ID {
		a.entries = make(map[string]*cache.Entry, len(b.Assets))
		for n, content := range b.Assets {
			a.entries[n] = assetEntry(n, content)
		}
		a.build = b.ID
	}
	e, ok := a.entries[name]
	return e, ok
}

func assetEntry(name string, content []byte) *cache.Entry {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	if strings.HasPrefix(ctype, "text/") || strings.Contains(ctype, "javascript") {
		if !strings.Contains(ctype, "charset") {
			ctype += "; charset=utf-8"
		}
	}
	header := map[string]string{
		fiber.HeaderContentType: ctype,
		// Every asset name carries a content hash.
		fiber.HeaderCacheControl: "public, max-age=31536000, immutable",
	}
	return cache.NewEntry(fiber.StatusOK, header, content, nil, time.Time{})
}

func (s *Server) serveAsset(c *fiber.Ctx) error {
	e, ok := s.assets.get(s.Engine.Bundle(), c.Params("*"))
	if !ok {
		return fiber.ErrNotFound
	}
	if etagMatches(c.Get(fiber.HeaderIfNoneMatch), e.ETag) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	return writeEntry(c, e, "HIT")
}

// serveFavicon answers clients that ask for /favicon.ico without reading the
// page's icon link.
func (s *Server) serveFavicon(c *fiber.Ctx) error {
	for name := range s.Engine.Bundle().Assets {
		if strings.HasPrefix(name, "media/favicon-") {
			c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
			return c.Redirect(ssr.PublicPath+name, fiber.StatusMovedPermanently)
		}
	}
	return fiber.ErrNotFound
}
