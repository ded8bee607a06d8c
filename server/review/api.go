package review

import (
	"log/slog"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/role"
)

// Handler serves the reviews API:
//
//	POST /api/reviews              {"appointmentId", "stars", "text"}: the patient's review of an attended visit (201)
//	POST /api/reviews/{id}/hide    {"reason"}: an editor or admin hides a review
//
// Both need a session (401) and refuse cross-site requests (403). A
// change purges the cached pages tagged with the doctor ("doctor:ID": the
// card and every listing showing the doctor) and with the visit's clinic
// ("clinic:ID": its card and the listings showing it), so the ratings
// and the review show at once.
type Handler struct {
	Store    *Store
	Accounts *account.Store
	Roles    *role.Store
	// Pages is the page cache; nil purges nothing.
	Pages  *cache.Cache
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// CreateRequest is POST /api/reviews.
type CreateRequest struct {
	AppointmentID int64  `json:"appointmentId"`
	Stars         int    `json:"stars"`
	Text          string `json:"text"`
}

// HideRequest is POST /api/reviews/{id}/hide.
type HideRequest struct {
	Reason string `json:"reason"`
}

// Register adds the routes.
func (h *Handler) Register(r fiber.Router) {
	signedIn := account.RequireSession(h.Accounts, h.now)
	r.Post("/api/reviews", account.SameOrigin, signedIn, h.create)
	r.Post("/api/reviews/:id/hide", account.SameOrigin, signedIn, h.hide)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

func (h *Handler) create(c *fiber.Ctx) error {
	var in CreateRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if in.AppointmentID <= 0 {
		return api.Fail(404, "review.notFound")
	}
	id, rated, err := h.Store.Create(c.UserContext(), account.UserID(c), in.AppointmentID, in.Stars, in.Text, h.now())
	if err != nil {
		return err
	}
	h.purge(c, rated)
	c.Status(fiber.StatusCreated)
	return api.OK(c, fiber.Map{"id": id})
}

func (h *Handler) hide(c *fiber.Ctx) error {
	ok, err := h.Roles.Has(c.UserContext(), account.UserID(c), role.Editor, role.Admin)
	if err != nil {
		return err
	}
	if !ok {
		return api.Fail(403, "review.forbidden")
	}
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || id <= 0 {
		return api.Fail(404, "review.notFound")
	}
	var in HideRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	rated, err := h.Store.Hide(c.UserContext(), id, account.UserID(c), in.Reason, h.now())
	if err != nil {
		return err
	}
	h.purge(c, rated)
	return api.OK(c, fiber.Map{"id": id})
}

// purge drops the cached pages of the doctor and the clinic; a failure is
// logged (they expire within the cache's fresh time anyway).
func (h *Handler) purge(c *fiber.Ctx, r Rated) {
	if h.Pages == nil {
		return
	}
	tags := []string{"doctor:" + strconv.FormatInt(r.DoctorID, 10), "clinic:" + strconv.FormatInt(r.ClinicID, 10)}
	if err := h.Pages.Purge(c.UserContext(), tags...); err != nil && h.Logger != nil {
		h.Logger.WarnContext(c.UserContext(), "purging pages after a review", slog.Any("tags", tags), slog.Any("err", err))
	}
}
