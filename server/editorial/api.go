package editorial

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/derrors"
	"sogliq/server/images"
	"sogliq/server/role"
	"sogliq/server/route"
	"sogliq/server/search"
	"sogliq/server/seo"
)

// Translator is the dictionary (i18n.Dict).
type Translator interface {
	T(lang, key string, vars ...string) string
}

// Handler serves the editors' API and previews (docs/editorial.md):
//
//	GET    /api/editor/slug?kind=&id=&name=&slug=   a slug proposed from name, and whether slug is free
//	POST   /api/editor/roles                        grant editor or admin (admins only)
//	DELETE /api/editor/roles                        revoke it (admins only)
//	GET    /api/editor/{kind}?q=&drafts=1           the list
//	GET    /api/editor/{kind}/{id}                  the form: values, history, preview links
//	PUT    /api/editor/{kind}/{id}/draft            save the draft (422 with each field's error)
//	DELETE /api/editor/{kind}/{id}/draft            discard it
//	POST   /api/editor/{kind}/{id}/publish          publish now, or at {"at": RFC 3339}
//	POST   /api/editor/{kind}/{id}/restore/{rev}    a draft holding a published revision's values
//	GET    /editor/preview/{kind}/{id}?lang=&exp=&sig=  the draft's page (HTML)
//
// Without a session: 401. Signed in without the editor or admin role:
// 403 editor.forbidden (roles: 403 for editors too). Changes refuse
// cross-site requests (403 api.crossSite).
type Handler struct {
	Store    *Store
	DB       *sqlx.DB
	Roles    *role.Store
	Accounts *account.Store
	Dict     Translator
	Routes   *route.Table
	// Pages and Suggestions are the caches a publication expires.
	Pages, Suggestions *cache.Cache
	// Secret signs preview links.
	Secret []byte
	// Render renders target as a preview with loaders reading db (set by
	// the site once its web server exists).
	Render func(ctx context.Context, db *sqlx.DB, target string) (string, error)
	// Enqueue queues, in tx, the publication of k's entity id at at (a
	// PublishArgs job); nil refuses scheduling.
	Enqueue func(ctx context.Context, tx *sql.Tx, kind string, id int64, at time.Time) error
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Redirects are the redirect tables editors keep ("redirects": the SEO
	// redirects, "rules": the route rules); nil: none.
	Redirects map[string]*seo.Redirects
	// Images stores the pictures editors upload; nil refuses uploads.
	Images *images.Pipeline
}

// PreviewLife is how long a preview link opens.
const PreviewLife = 24 * time.Hour

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// Register adds the routes.
func (h *Handler) Register(r fiber.Router) {
	signedIn := account.RequireSession(h.Accounts, h.now)
	editor := []fiber.Handler{signedIn, h.require(role.Editor, role.Admin)}
	change := append([]fiber.Handler{account.SameOrigin}, editor...)
	admin := []fiber.Handler{account.SameOrigin, signedIn, h.require(role.Admin)}
	h.registerRedirects(r, editor, change)
	r.Post("/api/editor/images", append(change, h.upload)...)
	r.Get("/api/editor/slug", append(editor, h.slug)...)
	r.Post("/api/editor/roles", append(admin, h.grant)...)
	r.Delete("/api/editor/roles", append(admin, h.revoke)...)
	r.Get("/api/editor/:kind", append(editor, h.list)...)
	r.Get("/api/editor/:kind/:id", append(editor, h.form)...)
	r.Post("/api/editor/:kind", append(change, h.create)...)
	r.Delete("/api/editor/:kind/:id", append(change, h.remove)...)
	r.Put("/api/editor/:kind/:id/draft", append(change, h.saveDraft)...)
	r.Delete("/api/editor/:kind/:id/draft", append(change, h.discard)...)
	r.Post("/api/editor/:kind/:id/publish", append(change, h.publish)...)
	r.Post("/api/editor/:kind/:id/restore/:rev", append(change, h.restore)...)
	r.Get("/editor/preview/:kind/:id", h.preview)
}

// require lets through a signed-in user holding one of roles.
func (h *Handler) require(roles ...string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		ok, err := h.Roles.Has(c.UserContext(), account.UserID(c), roles...)
		if err != nil {
			return err
		}
		if !ok {
			return api.Fail(fiber.StatusForbidden, "editor.forbidden")
		}
		return c.Next()
	}
}

// entity reads the path's kind and id (404 for an unknown kind or id).
func (h *Handler) entity(c *fiber.Ctx) (Kind, int64, error) {
	k, ok := KindNamed(c.Params("kind"))
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if !ok || err != nil || id <= 0 {
		return Kind{}, 0, api.Fail(fiber.StatusNotFound, "editor.notFound")
	}
	return k, id, nil
}

// notFound turns a missing entity into the API's 404.
func notFound(err error) error {
	if errors.Is(err, derrors.NotFound) {
		return &api.Error{Status: fiber.StatusNotFound, Key: "editor.notFound", Cause: err}
	}
	return err
}

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

func (h *Handler) grant(c *fiber.Ctx) error  { return h.changeRole(c, true) }
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
