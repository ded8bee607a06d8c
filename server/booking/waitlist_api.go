package booking

import (
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/account"
	"sogliq/server/api"
)

func (h *Handler) waitlists(c *fiber.Ctx) error {
	ids, err := parseDoctors(c.Query("doctors"))
	if err != nil {
		return err
	}
	doctors, err := h.Store.Waiting(c.UserContext(), account.UserID(c), ids)
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, Waitlists{Doctors: doctors})
}

func (h *Handler) joinWaitlist(c *fiber.Ctx) error {
	var in WaitlistRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if in.DoctorID <= 0 {
		return api.Fail(422, "booking.badDoctor")
	}
	if err := h.Store.JoinWaitlist(c.UserContext(), account.UserID(c), in.DoctorID, api.Lang(c), h.now()); err != nil {
		return err
	}
	noStore(c)
	c.Status(fiber.StatusCreated)
	return api.OK(c, Waitlists{Doctors: []int64{in.DoctorID}})
}

func (h *Handler) leaveWaitlist(c *fiber.Ctx) error {
	id := api.ID(c.Params("doctor"))
	if id == 0 {
		return api.Fail(404, "waitlist.notOn")
	}
	if err := h.Store.LeaveWaitlist(c.UserContext(), account.UserID(c), id, h.now()); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) claimOffer(c *fiber.Ctx) error {
	var in OfferRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	offer, err := h.Store.ClaimOffer(c.UserContext(), account.UserID(c), utils.CopyString(in.Offer), api.Lang(c), h.now())
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, offer)
}
