package editorial

import (
	"context"
	"database/sql"
	"errors"
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
