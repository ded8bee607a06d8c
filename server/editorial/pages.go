package editorial

import (
	"context"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/page"
	"sogliq/server/role"
)

// Pages is the loader of /editor (route access "session": never cached,
// noindex): ?kind= chooses the list (doctors first), ?q= searches it,
// ?drafts=1 keeps entities with a draft, ?id= opens one in the form. A
// signed-in user who is neither editor nor admin gets the page saying so.
func Pages(h *Handler) page.Loaders {
	return page.Loaders{"editor": func(ctx context.Context, req page.Request) (page.Result, error) {
		data := EditorPage{Kinds: []KindInfo{}, Items: []ListItem{}, Grants: []Grant{}}
		ok, err := h.Roles.Has(ctx, req.UserID, role.Editor, role.Admin)
		if err != nil || !ok {
			return page.Result{Data: data, NoIndex: true}, err
		}
		data.Allowed = true
		if data.Admin, err = h.Roles.Has(ctx, req.UserID, role.Admin); err != nil {
			return page.Result{}, err
		}
		for _, k := range Kinds {
			data.Kinds = append(data.Kinds, KindInfo{Name: k.Name, Label: h.Dict.T(req.Lang, "editor.kind."+k.Name)})
		}
		for _, name := range redirectTables {
			data.Kinds = append(data.Kinds, KindInfo{Name: name, Label: h.Dict.T(req.Lang, "editor.kind."+name)})
		}
		if t := h.Redirects[req.Query.Get("kind")]; t != nil {
			data.Kind = req.Query.Get("kind")
			rows, err := t.List(ctx)
			if err != nil {
				return page.Result{}, err
			}
			data.Redirects = []RedirectRow{}
			for _, r := range rows {
				data.Redirects = append(data.Redirects, RedirectRow(r))
			}
			return h.withGrants(ctx, data)
		}
		k, found := KindNamed(req.Query.Get("kind"))
		if !found {
			k = Kinds[0]
		}
		data.Kind, data.Query, data.Drafts = k.Name, req.Query.Get("q"), req.Query.Get("drafts") == "1"
		data.CanCreate = k.Create != ""
		if data.Items, err = h.Store.List(ctx, k, data.Query, data.Drafts); err != nil {
			return page.Result{}, err
		}
		if raw := req.Query.Get("id"); raw != "" {
			id, err := strconv.ParseInt(raw, 10, 64)
			if err != nil || id <= 0 {
				return page.Result{}, derrors.NotFound
			}
			if data.Form, err = h.Form(ctx, k, id, req.Lang); err != nil {
				return page.Result{}, err
			}
		}
		return h.withGrants(ctx, data)
	}}
}

// withGrants completes an admin's page with the site's grants.
func (h *Handler) withGrants(ctx context.Context, data EditorPage) (page.Result, error) {
	if data.Admin {
		var err error
		if data.Grants, err = h.Store.Grants(ctx); err != nil {
			return page.Result{}, err
		}
	}
	return page.Result{Data: data, NoIndex: true}, nil
}
