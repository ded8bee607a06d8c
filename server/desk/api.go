package desk

import (
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/booking"
	"sogliq/server/role"
	"sogliq/shared"
)

// Handler serves the clinic desk's API, for staff of the clinic only
// (docs/desk-and-reviews.md):
//
//	GET    /api/desk/visits?clinic=&from=&days=   the clinic's visits per doctor (days 1-14)
//	POST   /api/desk/visits/{id}/confirm          confirm a booked visit
//	POST   /api/desk/visits/{id}/cancel           cancel with a reason (the patient gets an SMS)
//	POST   /api/desk/visits/{id}/outcome          attended | no_show, once the visit began
//	PUT    /api/desk/visits/{id}/meeting          an online visit's meeting link (https; "" clears)
//	POST   /api/desk/blocks                       close a doctor's time range to new visits
//	DELETE /api/desk/blocks/{id}                  reopen it
//	PUT    /api/desk/schedule                     a doctor's weekly hours from today on
//	POST   /api/desk/exceptions                   a date off or with other hours (or clear it)
//	POST   /api/desk/visit-types                  a new visit type of a doctor at the clinic
//	PUT    /api/desk/visit-types/{id}             change it (or deactivate it: active false)
//	PUT    /api/desk/booking-rules                how far ahead patients book, the cancel cut-off
//
// Without a session: 401. Signed in but staff of no clinic, or naming a
// clinic not theirs: 403 desk.forbidden. A visit or block of another
// clinic: 404, as if it did not exist. Changes refuse cross-site requests.
type Handler struct {
	Store    *Store
	Bookings *booking.Store
	Roles    *role.Store
	Accounts *account.Store
	// Dict writes the per-field messages of a refused form.
	Dict api.Translator
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the desk's routes.
func (h *Handler) Register(r fiber.Router) {
	signedIn := account.RequireSession(h.Accounts, h.now)
	change := []fiber.Handler{account.SameOrigin, signedIn}
	r.Get("/api/desk/visits", signedIn, h.visits)
	r.Post("/api/desk/visits/:id/confirm", append(change, h.confirm)...)
	r.Post("/api/desk/visits/:id/cancel", append(change, h.cancel)...)
	r.Post("/api/desk/visits/:id/outcome", append(change, h.outcome)...)
	r.Put("/api/desk/visits/:id/meeting", append(change, h.meeting)...)
	r.Post("/api/desk/blocks", append(change, h.block)...)
	r.Delete("/api/desk/blocks/:id", append(change, h.unblock)...)
	r.Put("/api/desk/schedule", append(change, h.schedule)...)
	r.Post("/api/desk/exceptions", append(change, h.exception)...)
	r.Post("/api/desk/visit-types", append(change, h.createType)...)
	r.Put("/api/desk/visit-types/:id", append(change, h.updateType)...)
	r.Put("/api/desk/booking-rules", append(change, h.setRules)...)
	h.registerEditorTypes(r, signedIn)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// MaxDays bounds the days of GET /api/desk/visits.
const MaxDays = 14

// staffOf allows the signed-in user to act for clinic (403 otherwise).
func (h *Handler) staffOf(c *fiber.Ctx, clinic int64) error {
	clinics, err := h.Roles.StaffClinics(c.UserContext(), account.UserID(c))
	if err != nil {
		return err
	}
	if clinic <= 0 || !slices.Contains(clinics, clinic) {
		return api.Fail(403, "desk.forbidden")
	}
	return nil
}

// owned allows acting on a thing of clinic, found by lookup: a user who
// is staff of no clinic gets 403, staff of another clinic 404.
func (h *Handler) owned(c *fiber.Ctx, lookup func() (int64, error), missing string) error {
	clinics, err := h.Roles.StaffClinics(c.UserContext(), account.UserID(c))
	if err != nil {
		return err
	}
	if len(clinics) == 0 {
		return api.Fail(403, "desk.forbidden")
	}
	clinic, err := lookup()
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !slices.Contains(clinics, clinic)) {
		return api.Fail(404, missing)
	}
	return err
}

func (h *Handler) visits(c *fiber.Ctx) error {
	clinic := api.ID(c.Query("clinic"))
	if err := h.staffOf(c, clinic); err != nil {
		return err
	}
	now := h.now()
	days := 1
	if raw := c.Query("days"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > MaxDays {
			return api.Fail(400, "desk.badDays", "max", strconv.Itoa(MaxDays))
		}
		days = n
	}
	day, err := h.Store.Day(c.UserContext(), clinic, c.Query("from", booking.Today(now)), days, api.Lang(c), now)
	if err != nil {
		return err
	}
	if err := h.Store.withDocuments(c.UserContext(), &day, clinic, account.UserID(c), now); err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return api.OK(c, day)
}

// visit authorises an action on the visit of the path's id.
func (h *Handler) visit(c *fiber.Ctx) (int64, error) {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return 0, api.Fail(404, "desk.notFound")
	}
	err := h.owned(c, func() (int64, error) { return h.Store.VisitClinic(c.UserContext(), id) }, "desk.notFound")
	return id, err
}

func (h *Handler) confirm(c *fiber.Ctx) error {
	id, err := h.visit(c)
	if err != nil {
		return err
	}
	if err := h.Bookings.Confirm(c.UserContext(), id, account.UserID(c), h.now()); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"id": id})
}

// MaxReason bounds a cancellation's or a block's reason, in characters.
var MaxReason = shared.MustReadLimits().DeskReasonMax

func (h *Handler) cancel(c *fiber.Ctx) error {
	id, err := h.visit(c)
	if err != nil {
		return err
	}
	var in CancelRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	in.Reason = strings.Join(strings.Fields(in.Reason), " ")
	if in.Reason == "" || utf8.RuneCountInString(in.Reason) > MaxReason {
		return api.Fail(422, "desk.reasonRequired", "max", strconv.Itoa(MaxReason))
	}
	if err := h.Bookings.CancelByClinic(c.UserContext(), id, account.UserID(c), in.Reason, h.now()); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"id": id})
}

func (h *Handler) outcome(c *fiber.Ctx) error {
	id, err := h.visit(c)
	if err != nil {
		return err
	}
	var in OutcomeRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if in.Status != "attended" && in.Status != "no_show" {
		return api.Fail(400, "desk.badOutcome")
	}
	if err := h.Bookings.SetOutcome(c.UserContext(), id, account.UserID(c), in.Status, h.now()); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"id": id})
}

// MaxBlock bounds one block's length.
const MaxBlock = 92 * 24 * time.Hour

func (h *Handler) block(c *fiber.Ctx) error {
	var in BlockRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if err := h.staffOf(c, in.ClinicID); err != nil {
		return err
	}
	start, err1 := time.Parse(time.RFC3339, in.Start)
	end, err2 := time.Parse(time.RFC3339, in.End)
	if err1 != nil || err2 != nil || !end.After(start) || end.Sub(start) > MaxBlock {
		return api.Fail(400, "desk.badRange")
	}
	in.Reason = strings.Join(strings.Fields(in.Reason), " ")
	if utf8.RuneCountInString(in.Reason) > MaxReason {
		return api.Fail(422, "desk.reasonTooLong", "max", strconv.Itoa(MaxReason))
	}
	id, err := h.Store.Block(c.UserContext(), in, start, end, account.UserID(c), h.now())
	if err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return api.OK(c, fiber.Map{"id": id})
}

func (h *Handler) unblock(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return api.Fail(404, "desk.notFound")
	}
	if err := h.owned(c, func() (int64, error) { return h.Store.BlockClinic(c.UserContext(), id) }, "desk.notFound"); err != nil {
		return err
	}
	if err := h.Store.Unblock(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// checkHours refuses malformed hours: a weekday outside 1-7, hours
// outside the day or empty, a slot of other than 5-480 minutes, a break
// outside the hours.
func checkHours(start, end, slot int) bool {
	return start >= 0 && start < end && end <= 1440 && slot >= 5 && slot <= 480
}

func (h *Handler) schedule(c *fiber.Ctx) error {
	var in ScheduleRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if err := h.staffOf(c, in.ClinicID); err != nil {
		return err
	}
	for _, w := range in.Weekly {
		if w.Weekday < 1 || w.Weekday > 7 || !checkHours(w.Start, w.End, w.SlotMin) {
			return api.Fail(400, "desk.badSchedule")
		}
		for _, b := range w.Breaks {
			if b[0] < w.Start || b[1] > w.End || b[0] >= b[1] {
				return api.Fail(400, "desk.badSchedule")
			}
		}
	}
	if err := h.Store.SetWeekly(c.UserContext(), in.ClinicID, in.DoctorID, in.Weekly, booking.Today(h.now())); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"doctorId": in.DoctorID})
}

func (h *Handler) exception(c *fiber.Ctx) error {
	var in ExceptionRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if err := h.staffOf(c, in.ClinicID); err != nil {
		return err
	}
	if _, err := time.Parse(booking.DateLayout, in.Date); err != nil || in.Date < booking.Today(h.now()) {
		return api.Fail(400, "desk.badDate")
	}
	if !in.Clear && !in.Off && !checkHours(in.Start, in.End, in.SlotMin) {
		return api.Fail(400, "desk.badSchedule")
	}
	if err := h.Store.SetException(c.UserContext(), in); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"doctorId": in.DoctorID, "date": in.Date})
}
