package editorial

// The editor's forms: the list of a kind's entities, one entity's form in
// the editor's language, and the checks a submitted form passes.

import (
	"context"
	"net/url"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
)

func (h *Handler) list(c *fiber.Ctx) error {
	k, ok := KindNamed(c.Params("kind"))
	if !ok {
		return api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	items, err := h.Store.List(c.UserContext(), k, c.Query("q"), c.Query("drafts") == "1")
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, items)
}

func (h *Handler) form(c *fiber.Ctx) error {
	k, id, err := h.entity(c)
	if err != nil {
		return err
	}
	f, err := h.Form(c.UserContext(), k, id, api.Lang(c))
	if err != nil {
		return notFound(err)
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, f)
}

// Form assembles k's entity id for the editor in lang.
func (h *Handler) Form(ctx context.Context, k Kind, id int64, lang string) (*Form, error) {
	live, err := Live(ctx, h.DB, k, id)
	if err != nil {
		return nil, err
	}
	_, draft, _, hasDraft, err := h.Store.Draft(ctx, h.DB, k, id)
	if err != nil {
		return nil, err
	}
	f := &Form{Kind: k.Name, ID: id, Values: live, HasDraft: hasDraft, CanDelete: k.Delete != "", Missing: []string{}}
	for _, fd := range k.Fields {
		if fd.Type == Slug {
			f.LiveSlug = live[fd.Name].Text
		}
	}
	if hasDraft {
		f.Values = draft
		exp := h.now().Add(PreviewLife)
		sig := Sign(h.Secret, k.Name, id, exp)
		f.Preview = map[string]string{}
		for _, l := range []string{"ru", "uz"} {
			f.Preview[l] = "/editor/preview/" + k.Name + "/" + strconv.FormatInt(id, 10) + "?" + url.Values{
				"lang": {l}, "exp": {strconv.FormatInt(exp.Unix(), 10)}, "sig": {sig},
			}.Encode()
		}
	}
	for _, fd := range k.Fields {
		info := FieldInfo{Name: fd.Name, Label: h.Dict.T(lang, "editor.field."+fd.Name), Type: fd.Type,
			Translatable: fd.Translatable, Required: fd.Required, Max: fd.Max, Use: fd.Use,
			UpTo: fd.UpTo, UpToMessage: fd.UpToMessage}
		if fd.Type == Refs {
			if info.Options, err = h.Store.Options(ctx, fd, lang); err != nil {
				return nil, err
			}
		}
		for _, c := range fd.Cols {
			col := RowColumnInfo{Name: c.Name, Label: h.Dict.T(lang, "editor.column."+c.Name), Kind: c.Kind, Optional: c.Optional}
			if c.Kind == Ref {
				if col.Options, err = h.Store.ColumnOptions(ctx, c, lang); err != nil {
					return nil, err
				}
			}
			info.Columns = append(info.Columns, col)
		}
		f.Fields = append(f.Fields, info)
	}
	for _, m := range Missing(k, f.Values) {
		f.Missing = append(f.Missing, h.label(lang, k, m))
	}
	if f.Revisions, err = h.Store.History(ctx, k, id); err != nil {
		return nil, err
	}
	return f, nil
}

// label names a field key ("biography.uz") in lang: "Биография (узб.)".
func (h *Handler) label(lang string, k Kind, key string) string {
	name, l := key, ""
	if i := len(key) - 3; i > 0 && key[i] == '.' {
		name, l = key[:i], key[i+1:]
	}
	s := h.Dict.T(lang, "editor.field."+name)
	if l != "" {
		s += " (" + h.Dict.T(lang, "editor.lang."+l) + ")"
	}
	return s
}

// validate normalises in and checks it as the form does; a refusal is a
// 422 with each field's message.
func (h *Handler) validate(c *fiber.Ctx, k Kind, id int64, in Values) (Values, error) {
	v := Normalize(k, in)
	lang := api.Lang(c)
	live, err := Live(c.UserContext(), h.DB, k, id)
	if err != nil {
		return nil, notFound(err)
	}
	fields := map[string]string{}
	for _, p := range Check(k, v, live) {
		fields[p.Key] = h.Dict.T(lang, p.Message, p.Vars...)
	}
	for _, f := range k.Fields {
		val := v[f.Name]
		switch {
		case f.Type == Slug && val.Text != "" && fields[f.Name] == "":
			taken, err := h.Store.SlugTaken(c.UserContext(), k, id, val.Text)
			if err != nil {
				return nil, err
			}
			if taken {
				fields[f.Name] = h.Dict.T(lang, "editor.error.slugTaken")
			}
		case f.Type == Rows:
			for j, col := range f.Cols {
				ids := rowRefs(val.Rows, j)
				if col.Kind != Ref || len(ids) == 0 {
					continue
				}
				ok, err := h.Store.RowRefsExist(c.UserContext(), col, ids)
				if err != nil {
					return nil, err
				}
				if !ok {
					fields[f.Name] = h.Dict.T(lang, "editor.error.ref")
				}
			}
		case f.Type == Refs && len(val.IDs) > 0:
			ok, err := h.Store.RefsExist(c.UserContext(), f, val.IDs)
			if err != nil {
				return nil, err
			}
			if !ok {
				fields[f.Name] = h.Dict.T(lang, "editor.error.ref")
			}
		}
	}
	if len(fields) > 0 {
		return nil, &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "form.fix", Fields: fields}
	}
	return v, nil
}
