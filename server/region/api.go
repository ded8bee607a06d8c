package region

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
	"sogliq/server/clientip"
	"sogliq/server/derrors"
)

// Handler serves the locations API of spec §7:
//
//	GET /api/locations?per_page=&page=&lang=       the regions, paginated
//	GET /api/locations/{id}/districts?lang=        a region's districts
//	GET /api/locations/detect?lang=                the visitor's region by IP
//
// Names are in lang ("uz" Uzbek, anything else Russian); errors are the
// API's one shape (package api).
type Handler struct {
	Store *Store
	// PerPage is the default and largest page size of /api/locations.
	PerPage  int
	Detector *Detector
	Logger   *slog.Logger
}

// Register adds the API's routes.
func (h *Handler) Register(app fiber.Router) {
	app.Get("/api/locations", h.list)
	app.Get("/api/locations/detect", h.detect)
	app.Get("/api/locations/:id/districts", h.districts)
}

// positive reads a query parameter that must be an integer in [1, max];
// absent means def.
func positive(c *fiber.Ctx, name string, def, max int) (int, bool) {
	raw := c.Query(name)
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > max {
		return 0, false
	}
	return n, true
}

func (h *Handler) list(c *fiber.Ctx) error {
	perPage, ok := positive(c, "per_page", h.PerPage, h.PerPage)
	if !ok {
		return api.Fail(fiber.StatusBadRequest, "api.badPerPage")
	}
	page, ok := positive(c, "page", 1, 1<<20)
	if !ok {
		return api.Fail(fiber.StatusBadRequest, "api.badPage")
	}
	rs, err := h.Store.Regions(c.UserContext())
	if err != nil {
		return err
	}
	l := api.Lang(c)
	data := []Location{}
	for i := (page - 1) * perPage; i < len(rs) && i < page*perPage; i++ {
		data = append(data, Location{ID: rs[i].ID, Name: rs[i].Name(l), Slug: rs[i].Slug, Code: rs[i].Code})
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	return c.JSON(LocationPage{Data: data, Meta: PageMeta{Page: page, PerPage: perPage, Total: len(rs)}})
}

func (h *Handler) districts(c *fiber.Ctx) error {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id < 1 {
		return api.Fail(fiber.StatusNotFound, "api.locationNotFound")
	}
	ctx := c.UserContext()
	if _, err := h.Store.RegionByID(ctx, id); errors.Is(err, derrors.NotFound) {
		return &api.Error{Status: fiber.StatusNotFound, Key: "api.locationNotFound", Cause: err}
	} else if err != nil {
		return err
	}
	ds, err := h.Store.Districts(ctx, id, api.Lang(c))
	if err != nil {
		return err
	}
	data := make([]DistrictItem, len(ds))
	for i, d := range ds {
		data[i] = DistrictItem{ID: d.ID, Name: d.Name, Slug: d.Slug}
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	return api.OK(c, data)
}

// detect answers the visitor's region. It never fails for want of a
// location: the detector falls back to Tashkent (and logs why), and the
// answer says whether the region was really found.
func (h *Handler) detect(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	ctx := c.UserContext()
	slug, found := h.Detector.Detect(ctx, clientip.Get(c))
	r, err := h.Store.RegionBySlug(ctx, slug)
	if err != nil {
		return fmt.Errorf("region.detect: %w", err)
	}
	l := api.Lang(c)
	return c.JSON(Detected{Data: Location{ID: r.ID, Name: r.Name(l), Slug: r.Slug, Code: r.Code}, Detected: found})
}
