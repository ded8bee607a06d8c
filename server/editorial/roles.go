package editorial

// Granting and revoking the editor and admin roles (admins only).

import (
	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/role"
)

func (h *Handler) grant(c *fiber.Ctx) error { return h.changeRole(c, true) }

func (h *Handler) revoke(c *fiber.Ctx) error { return h.changeRole(c, false) }

func (h *Handler) changeRole(c *fiber.Ctx, grant bool) error {
	var in RoleRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	phone, ok := account.ParsePhone(in.Phone)
	lang := api.Lang(c)
	fields := map[string]string{}
	if !ok {
		fields["phone"] = h.Dict.T(lang, "editor.error.phone")
	}
	if in.Role != role.Editor && in.Role != role.Admin {
		fields["role"] = h.Dict.T(lang, "editor.error.role")
	}
	if len(fields) > 0 {
		return &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "form.fix", Fields: fields}
	}
	ctx := c.UserContext()
	action := "role.grant"
	if grant {
		if err := h.Roles.Grant(ctx, phone, in.Role, ""); err != nil {
			return err
		}
	} else {
		action = "role.revoke"
		had, err := h.Roles.Revoke(ctx, phone, in.Role, "")
		if err != nil {
			return err
		}
		if !had {
			return api.Fail(fiber.StatusNotFound, "editor.noGrant")
		}
	}
	if err := h.Store.Audit(ctx, account.UserID(c), action, map[string]any{"phone": phone, "role": in.Role}); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"phone": phone, "role": in.Role})
}
