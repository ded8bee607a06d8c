package analytics

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/clientip"
	"sogliq/server/route"
)

// Handler serves the tracking APIs:
//
//	POST /api/analytic-events             {"event": "page_view", "params": {...}}
//	POST /api/clinics/{id}/track-event    {"event": "card_view", ...}
//	POST /api/doctors/{id}/track-event    {"event": "phone_shown", ...}
//
// Accepted events answer 202 {"data": {"accepted": true}}; a known robot's
// 202 with accepted false (nothing stored). Refusals: 400 with the reason
// (unknown event, unknown or overlong field, bad value, bad JSON), 403
// cross-site, 404 an unknown clinic or doctor, 429 past the per-device or
// per-address limit, 503 when the writer's buffer is full.
type Handler struct {
	Writer *Writer
	Routes *route.Table
	DB     *sqlx.DB
	Limit  *Limiter
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Accepted is the answer of the tracking APIs.
type Accepted struct {
	Accepted bool `json:"accepted"`
}

// Register adds the routes.
func (h *Handler) Register(r fiber.Router) {
	r.Post("/api/analytic-events", account.SameOrigin, h.pageView)
	r.Post("/api/clinics/:id/track-event", account.SameOrigin, h.track("clinic"))
	r.Post("/api/doctors/:id/track-event", account.SameOrigin, h.track("doctor"))
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// strict decodes a JSON body refusing unknown fields and trailing data.
func strict(c *fiber.Ctx, v any) error {
	var raw json.RawMessage
	if err := api.Decode(c, &raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &api.Error{Status: fiber.StatusBadRequest, Key: "analytics.badBody", Cause: err}
	}
	if dec.More() {
		return api.Fail(fiber.StatusBadRequest, "analytics.badBody")
	}
	return nil
}

// admit applies the robot filter and the limits; ok false means answer
// "not accepted" without storing.
func (h *Handler) admit(c *fiber.Ctx, device string, now time.Time) (ok bool, err error) {
	if IsBot(c.Get(fiber.HeaderUserAgent)) {
		return false, nil
	}
	if !h.Limit.Allow(device, clientip.Get(c), now) {
		return false, &api.Error{Status: fiber.StatusTooManyRequests, Key: "analytics.tooMany", RetryAfter: RetryAfter(now)}
	}
	return true, nil
}

// store buffers e and answers.
func (h *Handler) store(c *fiber.Ctx, e Event) error {
	api.Quiet(c)
	if err := h.Writer.Add(e); err != nil {
		return &api.Error{Status: fiber.StatusServiceUnavailable, Key: "error.unavailable", Cause: err, RetryAfter: time.Second}
	}
	c.Status(fiber.StatusAccepted)
	return api.OK(c, Accepted{Accepted: true})
}

func (h *Handler) pageView(c *fiber.Ctx) error {
	var in PageViewRequest
	if err := strict(c, &in); err != nil {
		return err
	}
	if in.Event != PageView {
		return api.Fail(fiber.StatusBadRequest, "analytics.unknownEvent")
	}
	p := in.Params
	for _, err := range []error{
		checkDevice(p.DeviceID, false),
		checkRoute(p.Route, false),
		checkText("page_type", p.PageType),
		checkText("page_id", p.PageID),
		checkOneOf("platform", p.Platform, Platforms, false),
		checkOneOf("device", p.Device, Devices, true),
	} {
		if err != nil {
			return err
		}
	}
	// The page is classified as the server classifies it; a sender whose
	// classification differs is refused, so the table holds one kind.
	if typ, id := route.Classify(h.Routes, p.Route); typ != p.PageType || id != p.PageID {
		return api.Fail(fiber.StatusBadRequest, "analytics.badValue", "field", "page_type")
	}
	now := h.now()
	if ok, err := h.admit(c, p.DeviceID, now); !ok {
		if err != nil {
			return err
		}
		c.Status(fiber.StatusAccepted)
		return api.OK(c, Accepted{})
	}
	return h.store(c, Event{
		At: now, Event: PageView, DeviceID: p.DeviceID, Route: p.Route, PageType: p.PageType, PageID: p.PageID,
		Platform: p.Platform, Device: p.Device, Lang: langOf(p.Route), Source: SourceOf(clientip.Get(c)),
	})
}

func (h *Handler) track(entity string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := strconv.ParseInt(c.Params("id"), 10, 64)
		if err != nil || id <= 0 {
			return api.Fail(fiber.StatusNotFound, "analytics.notFound")
		}
		var in TrackRequest
		if err := strict(c, &in); err != nil {
			return err
		}
		for _, err := range []error{
			checkOneOf("event", in.Event, TrackKinds, false),
			checkDevice(in.DeviceID, true),
			checkRoute(in.Route, true),
			checkOneOf("platform", in.Platform, Platforms, true),
			checkOneOf("device", in.Device, Devices, true),
		} {
			if err != nil {
				return err
			}
		}
		if err := h.exists(c.UserContext(), entity, id); err != nil {
			return err
		}
		now := h.now()
		if ok, err := h.admit(c, in.DeviceID, now); !ok {
			if err != nil {
				return err
			}
			c.Status(fiber.StatusAccepted)
			return api.OK(c, Accepted{})
		}
		typ, pageID := "", ""
		if in.Route != "" {
			typ, pageID = route.Classify(h.Routes, in.Route)
		}
		return h.store(c, Event{
			At: now, Event: in.Event, DeviceID: in.DeviceID, Route: in.Route, PageType: typ, PageID: pageID,
			Platform: in.Platform, Device: in.Device, Lang: langOf(in.Route), Entity: entity, EntityID: id,
			Source: SourceOf(clientip.Get(c)),
		})
	}
}

// exists answers 404 unless the clinic or doctor is there.
func (h *Handler) exists(ctx context.Context, entity string, id int64) error {
	q := `
		SELECT true
		FROM clinics
		WHERE id = $1`
	if entity == "doctor" {
		q = `
		SELECT true
		FROM doctors
		WHERE id = $1`
	}
	var ok bool
	err := h.DB.GetContext(ctx, &ok, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return api.Fail(fiber.StatusNotFound, "analytics.notFound")
	}
	if err != nil {
		return fmt.Errorf("analytics.exists(%s %d): %w", entity, id, err)
	}
	return nil
}

// langOf is the language of a route: uz under /uz, else ru.
func langOf(route string) string {
	if route == "/uz" || len(route) > 3 && route[:4] == "/uz/" {
		return "uz"
	}
	return "ru"
}
