package booking

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/clientip"
)

// clientIP is the visitor's address, as the sign-in limits read it.
func (h *Handler) clientIP(c *fiber.Ctx) string {
	return clientip.Resolve(c.Context().RemoteIP().String(), c.Get(fiber.HeaderXForwardedFor), h.TrustedProxies)
}

// sessionUser is the user of the session token, 0 for none.
func (h *Handler) sessionUser(ctx context.Context, token string) (int64, error) {
	id, err := h.Accounts.SessionUser(ctx, token, h.now())
	if errors.Is(err, account.ErrNoSession) {
		return 0, nil
	}
	return id, err
}

// relativeMayBook refuses a hold for relative id early: 404
// relative.notFound unless the session's user saved them (no session: no
// relatives), 429 when they or the account have their upcoming visits.
func (h *Handler) relativeMayBook(ctx context.Context, token string, id int64) error {
	user, err := h.sessionUser(ctx, token)
	if err != nil {
		return err
	}
	if user == 0 || id < 0 {
		return api.Fail(404, "relative.notFound")
	}
	return h.Store.RelativeMayBook(ctx, user, id, h.now())
}

func (h *Handler) hold(c *fiber.Ctx) error {
	in, read := c.Locals(holdRequestLocal).(HoldRequest)
	if !read {
		if err := api.Decode(c, &in); err != nil {
			return err
		}
	}
	if in.DoctorID <= 0 {
		return api.Fail(400, "booking.badDoctor")
	}
	if in.ClinicID <= 0 {
		return api.Fail(400, "booking.badClinic")
	}
	start, err := time.Parse(time.RFC3339, in.Start)
	if err != nil {
		return api.Fail(400, "booking.badStart")
	}
	if in.IdempotencyKey != "" && !uuidPattern.MatchString(in.IdempotencyKey) {
		return api.Fail(400, "booking.badIdempotencyKey")
	}
	if in.TypeID < 0 {
		return api.Fail(400, "booking.badType")
	}
	// The session is read only if the hold goes on to the database (Hold).
	token := utils.CopyString(c.Cookies(account.TokenCookie))
	if in.RelativeID != 0 {
		if err := h.relativeMayBook(c.UserContext(), token, in.RelativeID); err != nil {
			return err
		}
	}
	hold, err := h.Store.Hold(c.UserContext(), HoldInput{
		DoctorID: in.DoctorID, ClinicID: in.ClinicID, Start: start, TypeID: in.TypeID, ClientIP: h.clientIP(c),
		RequestKey:   strings.ToLower(in.IdempotencyKey),
		Session:      token,
		SessionUser:  func(ctx context.Context) (int64, error) { return h.sessionUser(ctx, token) },
		RescheduleID: max(in.RescheduleID, 0),
	}, h.now())
	if err != nil {
		return err
	}
	noStore(c)
	if !hold.Repeat {
		c.Status(fiber.StatusCreated)
	}
	return api.OK(c, hold)
}

func (h *Handler) release(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	key := c.Query("key")
	if id == 0 || key == "" {
		return api.Fail(400, "booking.badHold")
	}
	if err := h.Store.Release(c.UserContext(), id, utils.CopyString(key), h.now()); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// extend gives a hold its five minutes again, once, when its patient has
// signed in (Store.ExtendHold): the form asks it right after the SMS code.
func (h *Handler) extend(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	key := c.Query("key")
	if id == 0 || key == "" {
		return api.Fail(400, "booking.badHold")
	}
	expires, err := h.Store.ExtendHold(c.UserContext(), id, utils.CopyString(key), account.UserID(c), h.now())
	if err != nil {
		return err
	}
	return api.OK(c, HoldExpiry{ExpiresAt: Stamp(expires)})
}
