package editorial

// Drafts and their publication: saving, discarding, publishing now or at
// a time, and restoring an earlier revision.

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/search"
)

func (h *Handler) saveDraft(c *fiber.Ctx) error {
	k, id, err := h.entity(c)
	if err != nil {
		return err
	}
	var in Values
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	v, err := h.validate(c, k, id, in)
	if err != nil {
		return err
	}
	if _, err := h.Store.SaveDraft(c.UserContext(), k, id, v, account.UserID(c)); err != nil {
		return notFound(err)
	}
	f, err := h.Form(c.UserContext(), k, id, api.Lang(c))
	if err != nil {
		return err
	}
	return api.OK(c, f)
}

func (h *Handler) discard(c *fiber.Ctx) error {
	k, id, err := h.entity(c)
	if err != nil {
		return err
	}
	had, err := h.Store.DiscardDraft(c.UserContext(), k, id)
	if err != nil {
		return err
	}
	if !had {
		return api.Fail(fiber.StatusNotFound, "editor.noDraft")
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) publish(c *fiber.Ctx) error {
	k, id, err := h.entity(c)
	if err != nil {
		return err
	}
	var in PublishRequest
	if len(c.Body()) > 0 {
		if err := api.Decode(c, &in); err != nil {
			return err
		}
	}
	lang := api.Lang(c)
	ctx := c.UserContext()
	if in.At != "" {
		return h.schedule(c, k, id, in.At)
	}
	check := func(v Values) error {
		missing := Missing(k, v)
		if len(missing) == 0 {
			return nil
		}
		fields := map[string]string{}
		names := ""
		for i, m := range missing {
			fields[m] = h.Dict.T(lang, "form.required")
			if i > 0 {
				names += ", "
			}
			names += h.label(lang, k, m)
		}
		return &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "editor.missing", Vars: []string{"fields", names}, Fields: fields}
	}
	p, err := PublishNow(ctx, h.Store, h.Pages, h.Suggestions, k, id, account.UserID(c), nil, check)
	if errors.Is(err, errNoDraft) {
		return api.Fail(fiber.StatusNotFound, "editor.noDraft")
	}
	if err != nil {
		return notFound(err)
	}
	return api.OK(c, fiber.Map{"revision": p.Revision, "changes": p.Changes})
}

// PublishNow publishes k's entity id's draft and then expires, on every
// instance, the pages that showed it and the cached suggestions and
// search pages (the index changed in the same transaction). A purge that
// fails is returned after the publication stands: the pages then age out
// within their fresh time.
func PublishNow(ctx context.Context, store *Store, pages, suggestions *cache.Cache, k Kind, id, by int64, due *time.Time, check func(Values) error) (Published, error) {
	p, err := store.Publish(ctx, k, id, by, due, check)
	if err != nil {
		return p, err
	}
	ctx = context.WithoutCancel(ctx)
	var errs []error
	if pages != nil {
		errs = append(errs, pages.Expire(ctx, append(p.Tags, search.CacheTag)...))
	}
	if suggestions != nil {
		errs = append(errs, suggestions.Expire(ctx, search.CacheTag))
	}
	return p, errors.Join(errs...)
}

func (h *Handler) schedule(c *fiber.Ctx, k Kind, id int64, raw string) error {
	at, err := time.Parse(time.RFC3339, raw)
	if err != nil || !at.After(h.now()) {
		return &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "form.fix",
			Fields: map[string]string{"at": h.Dict.T(api.Lang(c), "editor.error.at")}}
	}
	if h.Enqueue == nil {
		return api.Fail(fiber.StatusServiceUnavailable, "editor.noScheduler")
	}
	ctx := c.UserContext()
	_, draft, _, ok, err := h.Store.Draft(ctx, h.DB, k, id)
	if err != nil {
		return err
	}
	if !ok {
		return api.Fail(fiber.StatusNotFound, "editor.noDraft")
	}
	if missing := Missing(k, draft); len(missing) > 0 {
		names := ""
		for i, m := range missing {
			if i > 0 {
				names += ", "
			}
			names += h.label(api.Lang(c), k, m)
		}
		return api.Fail(fiber.StatusUnprocessableEntity, "editor.missing", "fields", names)
	}
	rev, err := h.Store.Schedule(ctx, k, id, at, func(ctx context.Context, tx *sql.Tx) error {
		return h.Enqueue(ctx, tx, k.Name, id, at)
	})
	if err != nil {
		return notFound(err)
	}
	return api.OK(c, fiber.Map{"revision": rev, "at": at.Format(time.RFC3339)})
}

func (h *Handler) restore(c *fiber.Ctx) error {
	k, id, err := h.entity(c)
	if err != nil {
		return err
	}
	rev, err := strconv.ParseInt(c.Params("rev"), 10, 64)
	if err != nil || rev <= 0 {
		return api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	if _, err := h.Store.Restore(c.UserContext(), k, id, rev, account.UserID(c)); err != nil {
		return notFound(err)
	}
	f, err := h.Form(c.UserContext(), k, id, api.Lang(c))
	if err != nil {
		return err
	}
	return api.OK(c, f)
}
