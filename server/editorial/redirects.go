package editorial

import (
	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/seo"
)

// redirectTables are the redirect tables editors keep, by their name in
// URLs and in the editor's menu.
var redirectTables = []string{"redirects", "rules"}

// registerRedirects adds the redirect tables' API, before the kinds' routes
// whose patterns would take its paths.
func (h *Handler) registerRedirects(r fiber.Router, editor, change []fiber.Handler) {
	r.Get("/api/editor/redirects/:table", append(editor, h.listRedirects)...)
	r.Put("/api/editor/redirects/:table", append(change, h.saveRedirect)...)
	r.Delete("/api/editor/redirects/:table", append(change, h.removeRedirect)...)
}

func (h *Handler) redirectTable(c *fiber.Ctx) (*seo.Redirects, error) {
	t := h.Redirects[c.Params("table")]
	if t == nil {
		return nil, api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	return t, nil
}

func (h *Handler) listRedirects(c *fiber.Ctx) error {
	t, err := h.redirectTable(c)
	if err != nil {
		return err
	}
	rows, err := t.List(c.UserContext())
	if err != nil {
		return err
	}
	return api.OK(c, rows)
}

// saveRedirect adds or moves a redirect (body {"source", "target"}); a
// refused one is a 422 with the field's reason in the editor's language.
func (h *Handler) saveRedirect(c *fiber.Ctx) error {
	t, err := h.redirectTable(c)
	if err != nil {
		return err
	}
	var in seo.Redirect
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	ctx := c.UserContext()
	if err := t.Save(ctx, in.Source, in.Target); err != nil {
		if r, ok := seo.IsRefusal(err); ok {
			return &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "form.fix", Fields: map[string]string{r.Field: h.Dict.T(api.Lang(c), r.Key)}}
		}
		return err
	}
	if err := audit(ctx, h.DB, account.UserID(c), "redirect.save", map[string]any{"table": c.Params("table"), "source": in.Source, "target": in.Target}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// removeRedirect deletes the redirect from ?source=.
func (h *Handler) removeRedirect(c *fiber.Ctx) error {
	t, err := h.redirectTable(c)
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	source := c.Query("source")
	if err := t.Remove(ctx, source); err != nil {
		return notFound(err)
	}
	if err := audit(ctx, h.DB, account.UserID(c), "redirect.remove", map[string]any{"table": c.Params("table"), "source": source}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
