package telegram

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/booking"
	"sogliq/server/role"
)

// Translator gives a message in a language; *i18n.Dict is one.
type Translator interface {
	T(lang, key string, vars ...string) string
}

// Handler serves the Telegram API (see the package comment). With a nil
// Bot every route answers 404: Telegram is off.
type Handler struct {
	Bot   *Bot
	Store *Store
	// WebhookSecret is the secret_token given to setWebhook.
	WebhookSecret string
	Accounts      *account.Store
	// Account sets the session's cookies, as an SMS sign-in does.
	Account  *account.Handler
	Bookings *booking.Store
	Roles    *role.Store
	Dict     Translator
	// PublicURL is the site's origin: the Mini App's pages open there.
	PublicURL string
	Logger    *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the routes.
func (h *Handler) Register(r fiber.Router) {
	on := h.on
	r.Post("/api/telegram/session", on, account.SameOrigin, h.session)
	r.Post("/api/telegram/login", on, account.SameOrigin, h.login)
	r.Post("/api/telegram/link-code", on, account.SameOrigin, account.RequireSession(h.Accounts, h.now), h.linkCode)
	r.Post("/api/telegram/webhook", on, h.webhook)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// on answers 404 while Telegram is off (no bot token).
func (h *Handler) on(c *fiber.Ctx) error {
	if h.Bot == nil {
		return api.Fail(fiber.StatusNotFound, "api.notFound")
	}
	return c.Next()
}

// refused maps the refusals of signed data and links to the API's.
func refused(err error) error {
	switch {
	case errors.Is(err, ErrBadHash):
		return &api.Error{Status: fiber.StatusUnauthorized, Key: "telegram.badHash", Cause: err}
	case errors.Is(err, ErrExpired):
		return &api.Error{Status: fiber.StatusUnauthorized, Key: "telegram.expired", Cause: err}
	case errors.Is(err, ErrReplay):
		return &api.Error{Status: fiber.StatusConflict, Key: "telegram.replay", Cause: err}
	case errors.Is(err, ErrLinkedElsewhere):
		return &api.Error{Status: fiber.StatusConflict, Key: "telegram.linkedElsewhere", Cause: err}
	case errors.Is(err, ErrNoLink):
		return &api.Error{Status: fiber.StatusForbidden, Key: "telegram.notLinked", Cause: err}
	}
	return err
}

// SessionState is the answer to a Mini App's sign-in: signed in (with
// where to go next), or the phone is needed first (the Mini App asks for
// the contact and tries again with the same initData).
type SessionState struct {
	SignedIn      bool   `json:"signedIn"`
	ContactNeeded bool   `json:"contactNeeded"`
	NewUser       bool   `json:"newUser"`
	Next          string `json:"next,omitempty"`
}

// session signs the Mini App's user in from initData. The initData is
// spent only by a sign-in: one that found no phone yet may come again
// once the contact arrived.
func (h *Handler) session(c *fiber.Ctx) error {
	var in struct {
		InitData string `json:"initData"`
	}
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	ctx := c.UserContext()
	signed, err := CheckInitData(h.Bot.Token, in.InitData, h.now())
	if err != nil {
		return refused(err)
	}
	link, err := h.Store.ByTelegram(ctx, signed.User.ID)
	if errors.Is(err, ErrNoLink) {
		c.Set(fiber.HeaderCacheControl, "no-store")
		return api.OK(c, SessionState{ContactNeeded: true})
	}
	if err != nil {
		return err
	}
	return h.signIn(c, signed, link.UserID)
}

// signIn spends signed and starts a session of userID.
func (h *Handler) signIn(c *fiber.Ctx, signed Signed, userID int64) error {
	ctx := c.UserContext()
	if err := h.Store.UseOnce(ctx, signed); err != nil {
		return refused(err)
	}
	u, err := h.Accounts.User(ctx, userID)
	if err != nil {
		return err
	}
	token, err := h.Accounts.StartSession(ctx, userID, c.Get(fiber.HeaderUserAgent), h.now())
	if err != nil {
		return err
	}
	in := h.Account.SignIn(c, account.Session{Token: token, UserID: userID, NewUser: !u.Registered})
	h.Logger.InfoContext(ctx, "signed in with telegram", slog.Int64("user", userID))
	return api.OK(c, SessionState{SignedIn: true, NewUser: in.NewUser, Next: in.Next})
}

// login takes the login widget's fields: a linked Telegram signs its
// account in; an unlinked one is linked to the signed-in account (once);
// an unlinked one without a session is refused (403: sign in by SMS
// first, so the account has its phone).
func (h *Handler) login(c *fiber.Ctx) error {
	var raw map[string]json.RawMessage
	if err := api.Decode(c, &raw); err != nil {
		return err
	}
	fields := make(map[string]string, len(raw))
	for k, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			fields[k] = s
			continue
		}
		var n json.Number
		if json.Unmarshal(v, &n) != nil {
			return api.Fail(fiber.StatusBadRequest, "api.badBody")
		}
		fields[k] = n.String()
	}
	ctx := c.UserContext()
	signed, err := CheckLogin(h.Bot.Token, fields, h.now())
	if err != nil {
		return refused(err)
	}
	current, err := h.Accounts.SessionUser(ctx, c.Cookies(account.TokenCookie), h.now())
	if err != nil && !errors.Is(err, account.ErrNoSession) {
		return err
	}
	link, err := h.Store.ByTelegram(ctx, signed.User.ID)
	switch {
	case err == nil && current != 0 && link.UserID != current:
		return refused(ErrLinkedElsewhere)
	case err == nil:
		return h.signIn(c, signed, link.UserID)
	case !errors.Is(err, ErrNoLink):
		return err
	case current == 0:
		return refused(ErrNoLink)
	}
	if err := h.Store.UseOnce(ctx, signed); err != nil {
		return refused(err)
	}
	if err := h.Store.LinkUser(ctx, signed.User, current, h.now()); err != nil {
		return refused(err)
	}
	h.Logger.InfoContext(ctx, "telegram linked", slog.Int64("user", current))
	next := "/profile"
	if api.Lang(c) == "uz" {
		next = "/uz/profile"
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return api.OK(c, SessionState{SignedIn: true, Next: next})
}

// LinkCode is a staff member's one-time code: sent to the bot as
// /start link-CODE (Link opens the chat with it) within ExpiresIn seconds.
type LinkCode struct {
	Code      string `json:"code"`
	Link      string `json:"link,omitempty"`
	ExpiresIn int    `json:"expiresIn"`
}

// linkCode issues a link code to a signed-in staff member.
func (h *Handler) linkCode(c *fiber.Ctx) error {
	ctx := c.UserContext()
	id := account.UserID(c)
	clinics, err := h.Roles.StaffClinics(ctx, id)
	if err != nil {
		return err
	}
	if len(clinics) == 0 {
		return api.Fail(fiber.StatusForbidden, "telegram.staffOnly")
	}
	code, err := h.Store.NewLinkCode(ctx, id, h.now())
	if err != nil {
		return err
	}
	out := LinkCode{Code: code, ExpiresIn: int(LinkCodeTTL / time.Second)}
	if name := h.Bot.Name; name != "" {
		out.Link = "https://t.me/" + name + "?start=link-" + code
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return api.OK(c, out)
}

// webhook takes one update from Telegram, only with the secret header.
// An update is handled once however often it comes (handleOnce); one that
// failed inside (a database error) answers 500 and Telegram sends it again.
func (h *Handler) webhook(c *fiber.Ctx) error {
	got := []byte(c.Get("X-Telegram-Bot-Api-Secret-Token"))
	if subtle.ConstantTimeCompare(got, []byte(h.WebhookSecret)) != 1 || h.WebhookSecret == "" {
		return api.Fail(fiber.StatusUnauthorized, "telegram.badSecret")
	}
	var u Update
	if err := json.Unmarshal(c.Body(), &u); err != nil || u.UpdateID == 0 {
		return api.Fail(fiber.StatusBadRequest, "api.badBody")
	}
	ctx := c.UserContext()
	_, err := h.Store.handleOnce(ctx, u.UpdateID, h.now(), func() error { return h.handle(ctx, u) })
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusOK)
}
