package account

import (
	"strconv"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
)

// The relatives API, for the signed-in user's own relatives only:
//
//	GET    /api/account/relatives?lang=                       the list
//	POST   /api/account/relatives?lang=       RelativeInput   add one (201)
//	PUT    /api/account/relatives/{id}?lang=  RelativeInput   change one
//	DELETE /api/account/relatives/{id}?lang=                  delete one (204)
//
// Someone else's relative is answered as one that does not exist (404).
func (h *Handler) registerRelatives(r fiber.Router, signedIn fiber.Handler) {
	r.Get("/api/account/relatives", signedIn, h.relatives)
	r.Post("/api/account/relatives", SameOrigin, signedIn, h.addRelative)
	r.Put("/api/account/relatives/:id", SameOrigin, signedIn, h.updateRelative)
	r.Delete("/api/account/relatives/:id", SameOrigin, signedIn, h.deleteRelative)
}

func (h *Handler) relatives(c *fiber.Ctx) error {
	list, err := h.Store.Relatives(c.UserContext(), UserID(c))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, list)
}

func (h *Handler) addRelative(c *fiber.Ctx) error {
	in, err := h.relativeInput(c)
	if err != nil {
		return err
	}
	r, err := h.Store.AddRelative(c.UserContext(), UserID(c), in, h.now())
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	c.Status(fiber.StatusCreated)
	return api.OK(c, r)
}

func (h *Handler) updateRelative(c *fiber.Ctx) error {
	id := relativeID(c)
	if id == 0 {
		return api.Fail(fiber.StatusNotFound, "relative.notFound")
	}
	in, err := h.relativeInput(c)
	if err != nil {
		return err
	}
	r, err := h.Store.UpdateRelative(c.UserContext(), UserID(c), id, in, h.now())
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, r)
}

func (h *Handler) deleteRelative(c *fiber.Ctx) error {
	id := relativeID(c)
	if id == 0 {
		return api.Fail(fiber.StatusNotFound, "relative.notFound")
	}
	if err := h.Store.DeleteRelative(c.UserContext(), UserID(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// relativeInput decodes and cleans the body: 422 with a message per
// field (name, birthDate, relation) in the caller's language.
func (h *Handler) relativeInput(c *fiber.Ctx) (RelativeInput, error) {
	var in RelativeInput
	if err := api.Decode(c, &in); err != nil {
		return in, err
	}
	in, invalid := in.Clean(h.now().In(Tashkent))
	if len(invalid) == 0 {
		return in, nil
	}
	lang := api.Lang(c)
	fields := make(map[string]string, len(invalid))
	for _, fe := range invalid {
		fields[fe.Field] = h.Dict.T(lang, fe.Key, "max", strconv.Itoa(relativeLimits.PatientNameMax))
	}
	return in, &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "form.fix", Fields: fields}
}

func relativeID(c *fiber.Ctx) int64 {
	n, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}
