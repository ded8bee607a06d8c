package account

import (
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/api"
	"sogliq/server/clientip"
)

// The cookies of spec §3: token marks a signed-in visitor (here: the
// session token itself, never readable by scripts), is_new_user lets a
// visitor who has just signed in for the first time complete registration.
const (
	TokenCookie   = "token"
	NewUserCookie = "is_new_user"
	// SignedInCookie is a hint beside the session, readable by the page's
	// script: cached pages, the same for everyone, show the signed-in
	// header from it (shared/scripts.json). It grants nothing; the token
	// does.
	SignedInCookie = "signed_in"
)

// Tashkent is Uzbekistan's time (UTC+5 all year): a birth date is checked
// against the patient's today.
var Tashkent = time.FixedZone("UTC+5", 5*60*60)

// newUserTTL bounds how long registration may be completed after the
// first sign-in without signing in again.
const newUserTTL = 24 * time.Hour

// Translator gives a visitor-facing message in a language; *i18n.Dict is one.
type Translator interface {
	T(lang, key string, vars ...string) string
}

// Handler serves the sign-in and profile API:
//
//	POST /api/auth/code?lang=        {"phone"}           send a sign-in code by SMS
//	POST /api/auth/verify?lang=      {"phone", "code"}   sign in: session cookie, and is_new_user on the first sign-in
//	POST /api/auth/logout?lang=                          end the session (a form post lands on the home page)
//	GET  /api/auth/session?lang=                         {"signedIn", "next"}: always 200, for pages that only ask
//	GET  /api/account/profile?lang=                      the signed-in user
//	PUT  /api/account/profile?lang=  Profile             save the profile, completing registration
//	POST /api/account/delete?lang=   confirm=yes         delete the account and everything in it (a form post lands home)
//	/api/account/relatives[/{id}]                        the people the user books for (relatives_api.go)
//
// Errors are the API's one shape (package api): {"error": message} in lang
// ("uz" Uzbek, else Russian), with "fields": {name: message} for a refused
// form.
type Handler struct {
	Store *Store
	// Sender delivers codes; nil means sign-in is not available here (no
	// SMS gateway configured), answered with 503.
	Sender Sender
	Dict   Translator
	// SecureCookies marks cookies Secure (a site served over https).
	SecureCookies bool
	Logger        *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the API routes.
func (h *Handler) Register(r fiber.Router) {
	sameOrigin := SameOrigin
	signedIn := RequireSession(h.Store, h.now)
	r.Post("/api/auth/code", sameOrigin, h.sendCode)
	r.Post("/api/auth/verify", sameOrigin, h.verify)
	r.Post("/api/auth/logout", sameOrigin, h.logout)
	r.Get("/api/auth/session", h.session)
	r.Get("/api/account/profile", signedIn, h.profile)
	r.Put("/api/account/profile", sameOrigin, signedIn, h.saveProfile)
	r.Post("/api/account/delete", sameOrigin, signedIn, h.deleteAccount)
	h.registerRelatives(r, signedIn)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// SameOrigin refuses state-changing requests that a browser sent on behalf
// of another site (403). The session cookie is SameSite=Lax already; this
// also covers browsers that ignore SameSite.
func SameOrigin(c *fiber.Ctx) error {
	switch c.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return api.Fail(fiber.StatusForbidden, "api.crossSite")
	}
	if origin := c.Get(fiber.HeaderOrigin); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || u.Host != c.Hostname() {
			return api.Fail(fiber.StatusForbidden, "api.crossSite")
		}
	}
	return c.Next()
}

// userIDKey is where RequireSession leaves the user id in c.Locals.
type userIDKey struct{}

// RequireSession lets a request through only with a live session (401
// otherwise); UserID then reads who it is.
func RequireSession(store *Store, now func() time.Time) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := store.SessionUser(c.UserContext(), c.Cookies(TokenCookie), now())
		if errors.Is(err, ErrNoSession) {
			return &api.Error{Status: fiber.StatusUnauthorized, Key: "auth.signedOut", Cause: err}
		}
		if err != nil {
			return err
		}
		c.Locals(userIDKey{}, id)
		return c.Next()
	}
}

// UserID is the signed-in user of a request that passed RequireSession.
func UserID(c *fiber.Ctx) int64 {
	id, _ := c.Locals(userIDKey{}).(int64)
	return id
}

// refused turns a *Refusal from the store into the API's refusal;
// anything else stays an internal error (a logged 500).
func refused(err error) error {
	var r *Refusal
	if !errors.As(err, &r) {
		return err
	}
	return &api.Error{Status: r.Status, Key: r.Key, Vars: r.Vars, RetryAfter: r.RetryAfter, Cause: err}
}

func (h *Handler) sendCode(c *fiber.Ctx) error {
	var in struct {
		Phone string `json:"phone"`
	}
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	phone, ok := ParsePhone(in.Phone)
	if !ok {
		return api.Fail(fiber.StatusBadRequest, "auth.badPhone")
	}
	if h.Sender == nil {
		return api.Fail(fiber.StatusServiceUnavailable, "auth.unavailable")
	}
	l := api.Lang(c)
	ip := clientip.Get(c)
	ctx := c.UserContext()
	var sendErr error
	err := h.Store.IssueCode(ctx, phone, ip, h.now(), func(code string) error {
		sendErr = h.Sender.Send(ctx, phone, h.Dict.T(l, "auth.smsText", "code", code))
		return sendErr
	})
	if sendErr != nil {
		h.Logger.ErrorContext(ctx, "sign-in code not sent", slog.String("phone", DisplayPhone(phone)), slog.Any("err", sendErr))
		return &api.Error{Status: fiber.StatusBadGateway, Key: "auth.smsFailed", Cause: sendErr}
	}
	if err != nil {
		return refused(err)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return api.OK(c, CodeSent{
		Phone:      DisplayPhone(phone),
		ResendIn:   int(ResendAfter / time.Second),
		ExpiresIn:  int(CodeTTL / time.Second),
		CodeLength: CodeLength,
	})
}

func (h *Handler) verify(c *fiber.Ctx) error {
	var in struct {
		Phone string `json:"phone"`
		Code  string `json:"code"`
	}
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	phone, ok := ParsePhone(in.Phone)
	if !ok {
		return api.Fail(fiber.StatusBadRequest, "auth.badPhone")
	}
	if len(in.Code) != CodeLength {
		return api.Fail(fiber.StatusBadRequest, "auth.badCode", "length", strconv.Itoa(CodeLength))
	}
	sess, err := h.Store.Verify(c.UserContext(), phone, in.Code, c.Get(fiber.HeaderUserAgent), h.now())
	if err != nil {
		return refused(err)
	}
	return api.OK(c, h.SignIn(c, sess))
}

// SignIn gives the visitor the cookies of sess (the session, the hint and,
// for a user yet to register, is_new_user) and says where to go next: the
// answer of every way in (SMS code, Telegram).
func (h *Handler) SignIn(c *fiber.Ctx, sess Session) SignedIn {
	h.setCookie(c, TokenCookie, sess.Token, SessionTTL)
	h.setHint(c, SessionTTL)
	next := "/profile"
	if sess.NewUser {
		h.setCookie(c, NewUserCookie, "1", newUserTTL)
		next = "/register/finalize"
	}
	if api.Lang(c) == "uz" {
		next = "/uz" + next
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return SignedIn{NewUser: sess.NewUser, Next: next}
}

func (h *Handler) logout(c *fiber.Ctx) error {
	if token := c.Cookies(TokenCookie); token != "" {
		if err := h.Store.EndSession(c.UserContext(), utils.CopyString(token)); err != nil {
			return err
		}
	}
	return h.signedOut(c)
}

// signedOut clears the account cookies and answers a form post with the
// home page of its language, a script with 204.
func (h *Handler) signedOut(c *fiber.Ctx) error {
	h.clearCookie(c, TokenCookie)
	h.clearCookie(c, NewUserCookie)
	h.setHint(c, -1)
	c.Set(fiber.HeaderCacheControl, "no-store")
	if c.Accepts(fiber.MIMEApplicationJSON, fiber.MIMETextHTML) == fiber.MIMETextHTML {
		home := "/"
		if api.Lang(c) == "uz" {
			home = "/uz"
		}
		return c.Redirect(home, fiber.StatusSeeOther)
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// deleteAccount deletes the signed-in user once they confirmed it (the
// form's confirm=yes, or JSON {"confirm": true}).
func (h *Handler) deleteAccount(c *fiber.Ctx) error {
	confirmed := c.FormValue("confirm") == "yes"
	// An empty body is no confirmation, not a malformed one.
	if strings.HasPrefix(c.Get(fiber.HeaderContentType), fiber.MIMEApplicationJSON) && len(c.Body()) > 0 {
		var in struct {
			Confirm bool `json:"confirm"`
		}
		if err := api.Decode(c, &in); err != nil {
			return err
		}
		confirmed = in.Confirm
	}
	if !confirmed {
		return api.Fail(fiber.StatusBadRequest, "account.deleteUnconfirmed")
	}
	if err := h.Store.DeleteUser(c.UserContext(), UserID(c), h.now()); err != nil {
		return err
	}
	h.Logger.InfoContext(c.UserContext(), "account deleted", slog.Int64("user", UserID(c)))
	return h.signedOut(c)
}

// session tells whether the visitor is signed in, and where their account
// is; a 200 either way, so asking is no error in the browser's console.
func (h *Handler) session(c *fiber.Ctx) error {
	_, err := h.Store.SessionUser(c.UserContext(), c.Cookies(TokenCookie), h.now())
	if err != nil && !errors.Is(err, ErrNoSession) {
		return err
	}
	next := "/profile"
	if api.Lang(c) == "uz" {
		next = "/uz/profile"
	}
	// The hint follows the session: set for a session from before it
	// existed, cleared for one that ended elsewhere.
	if hinted := c.Cookies(SignedInCookie) != ""; hinted != (err == nil) {
		ttl := SessionTTL
		if err != nil {
			ttl = -1
		}
		h.setHint(c, ttl)
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, SessionState{SignedIn: err == nil, Next: next})
}

func (h *Handler) profile(c *fiber.Ctx) error {
	u, err := h.Store.User(c.UserContext(), UserID(c))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, u)
}

func (h *Handler) saveProfile(c *fiber.Ctx) error {
	id := UserID(c)
	var in Profile
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	p, invalid := in.Clean(h.now().In(Tashkent))
	if len(invalid) > 0 {
		return h.invalidProfile(api.Lang(c), invalid)
	}
	if err := h.Store.SaveProfile(c.UserContext(), id, p, h.now()); err != nil {
		return err
	}
	h.clearCookie(c, NewUserCookie)
	u, err := h.Store.User(c.UserContext(), id)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, u)
}

// invalidProfile is the 422 of a refused profile form: a message per
// field, in lang.
func (h *Handler) invalidProfile(lang string, invalid []FieldError) error {
	fields := make(map[string]string, len(invalid))
	for _, fe := range invalid {
		limit := MaxNameLength
		if fe.Field == "email" {
			limit = maxEmailLength
		}
		fields[fe.Field] = h.Dict.T(lang, fe.Key, "field", h.Dict.T(lang, "account.field."+fe.Field), "max", strconv.Itoa(limit))
	}
	return &api.Error{Status: fiber.StatusUnprocessableEntity, Key: "form.fix", Fields: fields}
}

func (h *Handler) setCookie(c *fiber.Ctx, name, value string, ttl time.Duration) {
	c.Cookie(&fiber.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(ttl / time.Second),
		Expires: h.now().Add(ttl), HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// setHint sets the signed-in hint for ttl, or clears it for a negative ttl;
// unlike the session's cookies, the page's script reads it.
func (h *Handler) setHint(c *fiber.Ctx, ttl time.Duration) {
	cookie := &fiber.Cookie{Name: SignedInCookie, Value: "1", Path: "/", MaxAge: int(ttl / time.Second),
		Expires: h.now().Add(ttl), Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode}
	if ttl < 0 {
		cookie.Value, cookie.MaxAge, cookie.Expires = "", -1, time.Unix(0, 0)
	}
	c.Cookie(cookie)
}

func (h *Handler) clearCookie(c *fiber.Ctx, name string) {
	c.Cookie(&fiber.Cookie{
		Name: name, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(0, 0),
		HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
	})
}
