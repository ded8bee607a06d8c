package documents

import (
	"fmt"
	"io"
	"mime/multipart"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/derrors"
)

// Handler is the documents' API:
//
//	GET    /api/documents?booking={id}   the patient's documents of a visit
//	POST   /api/documents                attach one (multipart: booking, kind, file)
//	DELETE /api/documents/{id}           the patient deletes one
//	GET    /api/documents/{id}/file      open one through a signed link
//
// The desk lists a visit's documents with links for its staff
// (desk.Handler.Documents).
type Handler struct {
	Store    *Store
	Accounts *account.Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the routes.
func (h *Handler) Register(r fiber.Router) {
	signedIn := account.RequireSession(h.Accounts, h.now)
	r.Get("/api/documents", signedIn, h.list)
	r.Post("/api/documents", account.SameOrigin, signedIn, h.attach)
	r.Delete("/api/documents/:id", account.SameOrigin, signedIn, h.delete)
	r.Get("/api/documents/:id/file", signedIn, h.open)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// withLang adds ?lang=uz to a link for an Uzbek caller, so its refusals
// speak their language (the signature does not cover it).
func withLang(d Document, lang string) Document {
	if lang == "uz" {
		d.URL += "&lang=uz"
	}
	return d
}

func (h *Handler) list(c *fiber.Ctx) error {
	visit := api.ID(c.Query("booking"))
	if visit == 0 {
		return derrors.Refuse(derrors.NotFound, "documents.error.visit")
	}
	v, err := h.Store.OfVisit(c.UserContext(), account.UserID(c), visit, h.now())
	if err != nil {
		return err
	}
	for i := range v.Documents {
		v.Documents[i] = withLang(v.Documents[i], api.Lang(c))
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, v)
}

// attach takes a multipart form: booking (the visit's id), kind (referral
// or result) and file. A browser's plain form (one that does not ask for
// JSON) is sent back to the visit's page; a script gets 201 and the
// document.
func (h *Handler) attach(c *fiber.Ctx) error {
	form, err := c.MultipartForm()
	if err != nil {
		return &api.Error{Status: fiber.StatusBadRequest, Key: "documents.error.form", Cause: err}
	}
	visit := api.ID(first(form.Value["booking"]))
	if visit == 0 {
		return derrors.Refuse(derrors.NotFound, "documents.error.visit")
	}
	files := form.File["file"]
	if len(files) != 1 {
		return derrors.Refuse(derrors.Invalid, "documents.error.empty")
	}
	data, err := readFile(files[0])
	if err != nil {
		return err
	}
	d, err := h.Store.Attach(c.UserContext(), account.UserID(c), visit, first(form.Value["kind"]), files[0].Filename, data, h.now())
	if err != nil {
		return err
	}
	if !strings.Contains(c.Get(fiber.HeaderAccept), fiber.MIMEApplicationJSON) {
		page := "/history/" + strconv.FormatInt(visit, 10)
		if first(form.Value["lang"]) == "uz" {
			page = "/uz" + page
		}
		return c.Redirect(page+"#documents", fiber.StatusSeeOther)
	}
	c.Status(fiber.StatusCreated)
	return api.OK(c, withLang(d, api.Lang(c)))
}

func first(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}

// readFile reads an uploaded file, refusing one over MaxBytes before
// reading it.
func readFile(fh *multipart.FileHeader) ([]byte, error) {
	if fh.Size > int64(MaxBytes) {
		return nil, derrors.Refuse(derrors.TooLarge, "documents.error.tooLarge", "mb", strconv.Itoa(MaxBytes>>20))
	}
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(MaxBytes)+1))
	if err != nil {
		return nil, err
	}
	return data, nil
}

func (h *Handler) delete(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return derrors.Refuse(derrors.NotFound, "documents.error.notFound")
	}
	if err := h.Store.Delete(c.UserContext(), account.UserID(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// open sends a document as an attachment that no browser renders in the
// site's origin or keeps.
func (h *Handler) open(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	id := api.ID(c.Params("id"))
	if id == 0 {
		return derrors.Refuse(derrors.NotFound, "documents.error.notFound")
	}
	f, err := h.Store.Open(c.UserContext(), account.UserID(c), id, c.Query("exp"), c.Query("sig"), h.now())
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, f.ContentType)
	c.Set(fiber.HeaderContentDisposition, disposition(f.Name))
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; sandbox")
	c.Set("Referrer-Policy", "no-referrer")
	return c.Send(f.Data)
}

// disposition is an attachment header naming the file: an ASCII fallback
// and the UTF-8 name (RFC 6266), so a Cyrillic name arrives whole.
func disposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	return `attachment; filename="` + ascii + `"; filename*=UTF-8''` + extValue(name)
}

// extValue percent-encodes every byte of s that is not an attr-char of
// RFC 5987, the form filename* takes.
func extValue(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
