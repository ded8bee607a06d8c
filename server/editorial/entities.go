package editorial

// Creating and removing entities, and proposing a slug for a new one.

import (
	"context"
	"errors"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/search"
)

// create makes a blank hidden entity of a kind editors may create (404
// for the others) and answers 201 with its id; the editor fills its draft
// and publishes it.
func (h *Handler) create(c *fiber.Ctx) error {
	k, ok := KindNamed(c.Params("kind"))
	if !ok || k.Create == "" {
		return api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	id, err := h.Store.Create(c.UserContext(), k, account.UserID(c))
	if err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return api.OK(c, Created{ID: id})
}

// remove deletes an entity of a kind editors may delete, with its drafts
// and history, and expires on every instance the pages that showed it.
func (h *Handler) remove(c *fiber.Ctx) error {
	k, id, err := h.entity(c)
	if err != nil {
		return err
	}
	if k.Delete == "" {
		return api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	ctx := c.UserContext()
	tags, err := h.Store.Delete(ctx, k, id, account.UserID(c))
	if err != nil {
		return notFound(err)
	}
	// As after a publication: a purge that fails is returned after the
	// deletion stands (logged as a 500); the pages then age out.
	ctx = context.WithoutCancel(ctx)
	var errs []error
	if h.Pages != nil {
		errs = append(errs, h.Pages.Expire(ctx, append(tags, search.CacheTag)...))
	}
	if h.Suggestions != nil {
		errs = append(errs, h.Suggestions.Expire(ctx, search.CacheTag))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) slug(c *fiber.Ctx) error {
	k, ok := KindNamed(c.Query("kind"))
	if !ok {
		return api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	id, _ := strconv.ParseInt(c.Query("id"), 10, 64)
	slug := c.Query("slug")
	if slug == "" {
		slug = Transliterate(c.Query("name"))
	}
	taken, err := h.Store.SlugTaken(c.UserContext(), k, id, slug)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, fiber.Map{"slug": slug, "taken": taken, "valid": slugPattern.MatchString(slug)})
}
