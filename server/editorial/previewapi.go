package editorial

// The preview of a draft: its page rendered from the draft, for editors.

import (
	"errors"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/derrors"
	"sogliq/server/role"
	"sogliq/server/route"
)

// preview answers GET /editor/preview/{kind}/{id}: the draft's page in
// ?lang=, for a signed-in editor or admin holding a link signed within
// the last 24 hours. Never cached, never indexed.
func (h *Handler) preview(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	c.Set("X-Robots-Tag", "noindex, nofollow")
	c.Set(fiber.HeaderVary, fiber.HeaderCookie)
	ctx := c.UserContext()
	user, err := h.Accounts.SessionUser(ctx, c.Cookies(account.TokenCookie), h.now())
	if errors.Is(err, account.ErrNoSession) {
		return fiber.NewError(fiber.StatusUnauthorized)
	}
	if err != nil {
		return err
	}
	allowed, err := h.Roles.Has(ctx, user, role.Editor, role.Admin)
	if err != nil {
		return err
	}
	if !allowed {
		return fiber.NewError(fiber.StatusForbidden)
	}
	k, id, err := h.entity(c)
	if err != nil {
		return derrors.NotFound
	}
	if !Verify(h.Secret, k.Name, id, c.Query("exp"), c.Query("sig"), h.now()) {
		return fiber.NewError(fiber.StatusForbidden)
	}
	_, draft, _, ok, err := h.Store.Draft(ctx, h.DB, k, id)
	if err != nil {
		return err
	}
	if !ok {
		return derrors.NotFound
	}
	lang := "ru"
	if c.Query("lang") == "uz" {
		lang = "uz"
	}
	var params map[string]string
	if k.Param != "" {
		params = map[string]string{k.Param: draft[fieldOfType(k, Slug)].Text}
	}
	name := k.Route
	if k.RouteColumn != "" {
		q := "SELECT " + k.RouteColumn + "\nFROM " + k.Table + "\nWHERE id = $1"
		if err := h.DB.GetContext(ctx, &name, q, id); err != nil {
			return err
		}
	}
	target, err := h.Routes.Href(name, params, route.Place{Lang: lang}, nil)
	if err != nil {
		return err
	}
	var html string
	err = WithDraft(ctx, h.DB, k, id, draft, func(db *sqlx.DB) error {
		var err error
		html, err = h.Render(ctx, db, target)
		return err
	})
	if err != nil {
		return err
	}
	c.Type("html", "utf-8")
	return c.SendString(html)
}

// fieldOfType is the name of k's first field of type t.
func fieldOfType(k Kind, t string) string {
	for _, f := range k.Fields {
		if f.Type == t {
			return f.Name
		}
	}
	return ""
}
