package telegram

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"

	"sogliq/server/account"
	"sogliq/server/api"
)

// Update is the part of a Bot API update the bot reads.
type Update struct {
	UpdateID      int64          `json:"update_id"`
	Message       *InMessage     `json:"message"`
	CallbackQuery *CallbackQuery `json:"callback_query"`
	// MyChatMember tells that a person blocked the bot (kicked) or
	// unblocked it (member).
	MyChatMember *ChatMemberUpdated `json:"my_chat_member"`
}

// ChatMemberUpdated is the bot's membership of a chat changing.
type ChatMemberUpdated struct {
	Chat          Chat `json:"chat"`
	From          User `json:"from"`
	NewChatMember struct {
		Status string `json:"status"`
	} `json:"new_chat_member"`
}

// InMessage is a message to the bot.
type InMessage struct {
	MessageID int64    `json:"message_id"`
	From      *User    `json:"from"`
	Chat      Chat     `json:"chat"`
	Text      string   `json:"text"`
	Contact   *Contact `json:"contact"`
}

// Chat is where a message was written.
type Chat struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
}

// Contact is a shared phone number; UserID is whose it is (0: a contact
// typed in, not the sender's own).
type Contact struct {
	PhoneNumber string `json:"phone_number"`
	UserID      int64  `json:"user_id"`
}

// CallbackQuery is a press of an inline button.
type CallbackQuery struct {
	ID      string     `json:"id"`
	From    User       `json:"from"`
	Message *InMessage `json:"message"`
	Data    string     `json:"data"`
}

// lang is the language of the bot's answers to u: Uzbek for a Telegram in
// Uzbek, else Russian.
func lang(u *User) string {
	if u != nil && u.Language == "uz" {
		return "uz"
	}
	return "ru"
}

// handle acts on one update. Only database failures are returned (the
// update is then handled again on Telegram's retry); a message the bot
// could not send is logged.
func (h *Handler) handle(ctx context.Context, u Update) error {
	switch {
	case u.CallbackQuery != nil:
		return h.callback(ctx, u.CallbackQuery)
	case u.MyChatMember != nil && u.MyChatMember.Chat.Type == "private":
		return h.membership(ctx, u.MyChatMember)
	case u.Message == nil || u.Message.From == nil || u.Message.Chat.Type != "private":
		return nil
	case u.Message.Contact != nil:
		return h.contact(ctx, u.Message)
	case u.Message.Text == "/start" || strings.HasPrefix(u.Message.Text, "/start "):
		return h.start(ctx, u.Message, strings.TrimSpace(strings.TrimPrefix(u.Message.Text, "/start")))
	}
	return nil
}

// send sends m, logging a failure: the bot's answers are best effort.
func (h *Handler) send(ctx context.Context, m Message) {
	if err := h.Bot.SendMessage(ctx, m); err != nil {
		h.Logger.WarnContext(ctx, "telegram: answer not sent", slog.Any("err", err))
	}
}

// contact links the sender's own shared phone: to the account of that
// phone, created as a first SMS sign-in would. A contact of someone
// else is refused: only the sender's own proves the phone.
func (h *Handler) contact(ctx context.Context, m *InMessage) error {
	l := lang(m.From)
	reply := func(key string, vars ...string) {
		h.send(ctx, Message{ChatID: m.Chat.ID, Text: h.Dict.T(l, key, vars...)})
	}
	if m.Contact.UserID != m.From.ID {
		reply("telegram.bot.contactNotOwn")
		return nil
	}
	phone, ok := account.ParsePhone(m.Contact.PhoneNumber)
	if !ok {
		reply("telegram.bot.contactNotUz")
		return nil
	}
	userID, _, err := h.Accounts.EnsureUser(ctx, phone, h.now())
	if err != nil {
		return err
	}
	err = h.Store.LinkUser(ctx, *m.From, userID, h.now())
	if errors.Is(err, ErrLinkedElsewhere) {
		reply("telegram.bot.linkedElsewhere")
		return nil
	}
	if err != nil {
		return err
	}
	h.Logger.InfoContext(ctx, "telegram: phone linked", slog.Int64("user", userID))
	reply("telegram.bot.contactLinked", "phone", account.DisplayPhone(phone))
	return nil
}

// payload is a deep link's parameter: doctor-SLUG, clinic-SLUG or
// link-CODE (Telegram allows A-Z, a-z, 0-9, _ and -, up to 64).
var payload = regexp.MustCompile(`^(doctor|clinic|link)-([A-Za-z0-9_-]{1,58})$`)

// start answers /start: a staff link code links the sender; a doctor's or
// clinic's deep link opens the Mini App at that page; anything else the
// Mini App's start page.
func (h *Handler) start(ctx context.Context, m *InMessage, param string) error {
	l := lang(m.From)
	if err := h.Store.Unblock(ctx, m.From.ID); err != nil {
		return err
	}
	kind, arg := "", ""
	if p := payload.FindStringSubmatch(param); p != nil {
		kind, arg = p[1], p[2]
	}
	path, key := "/opentelegram", "telegram.bot.welcome"
	switch kind {
	case "link":
		return h.linkStaff(ctx, m, strings.ToUpper(arg))
	case "doctor":
		path, key = "/doctor/"+arg, "telegram.bot.openDoctor"
	case "clinic":
		path, key = "/klinika/"+arg, "telegram.bot.openClinic"
	}
	h.send(ctx, Message{ChatID: m.Chat.ID, Text: h.Dict.T(l, key),
		Keyboard: [][]Button{{{Text: h.Dict.T(l, "telegram.bot.open"), WebApp: &WebApp{URL: h.pageURL(l, path)}}}}})
	return nil
}

// pageURL is path of the site in language l, for a web_app button.
func (h *Handler) pageURL(l, path string) string {
	if l == "uz" {
		path = "/uz" + path
	}
	return h.PublicURL + path
}

// linkStaff spends a staff member's link code and links the sender to
// their account.
func (h *Handler) linkStaff(ctx context.Context, m *InMessage, code string) error {
	l := lang(m.From)
	userID, err := h.Store.UseLinkCode(ctx, code, h.now())
	if errors.Is(err, ErrNoLink) {
		h.send(ctx, Message{ChatID: m.Chat.ID, Text: h.Dict.T(l, "telegram.bot.badCode")})
		return nil
	}
	if err != nil {
		return err
	}
	err = h.Store.LinkUser(ctx, *m.From, userID, h.now())
	if errors.Is(err, ErrLinkedElsewhere) {
		h.send(ctx, Message{ChatID: m.Chat.ID, Text: h.Dict.T(l, "telegram.bot.linkedElsewhere")})
		return nil
	}
	if err != nil {
		return err
	}
	h.Logger.InfoContext(ctx, "telegram: staff linked", slog.Int64("user", userID))
	h.send(ctx, Message{ChatID: m.Chat.ID, Text: h.Dict.T(l, "telegram.bot.staffLinked")})
	return nil
}

// visitButton is a notice's button's data: v:ID:ACTION.
var visitButton = regexp.MustCompile(`^v:([0-9]{1,18}):(confirm|cancel|move)$`)

// callback acts on a visit's button. The visit's state makes a second
// press (or a retried update) harmless: confirming twice confirms once,
// cancelling a cancelled visit is refused with its reason.
func (h *Handler) callback(ctx context.Context, q *CallbackQuery) error {
	l := lang(&q.From)
	answer := func(text string) {
		if err := h.Bot.AnswerCallbackQuery(ctx, q.ID, text); err != nil {
			h.Logger.WarnContext(ctx, "telegram: callback not answered", slog.Any("err", err))
		}
	}
	p := visitButton.FindStringSubmatch(q.Data)
	if p == nil {
		answer("")
		return nil
	}
	id, _ := strconv.ParseInt(p[1], 10, 64)
	link, err := h.Store.ByTelegram(ctx, q.From.ID)
	if errors.Is(err, ErrNoLink) {
		answer(h.Dict.T(l, "telegram.bot.notLinked"))
		return nil
	}
	if err != nil {
		return err
	}
	switch p[2] {
	case "confirm":
		first, err := h.Bookings.ConfirmByPatient(ctx, link.UserID, id, h.now())
		if text, ok := h.refusal(l, err); ok {
			answer(text)
			return nil
		}
		if err != nil {
			return err
		}
		answer(h.Dict.T(l, map[bool]string{true: "telegram.bot.confirmed", false: "telegram.bot.alreadyConfirmed"}[first]))
	case "cancel":
		err := h.Bookings.Cancel(ctx, link.UserID, id, h.Dict.T(l, "telegram.bot.cancelReason"), h.now())
		if text, ok := h.refusal(l, err); ok {
			answer(text)
			return nil
		}
		if err != nil {
			return err
		}
		h.Logger.InfoContext(ctx, "telegram: visit cancelled", slog.Int64("appointment", id), slog.Int64("user", link.UserID))
		answer(h.Dict.T(l, "telegram.bot.cancelled"))
	case "move":
		answer("")
		if q.Message != nil {
			h.send(ctx, Message{ChatID: q.Message.Chat.ID, Text: h.Dict.T(l, "telegram.bot.moveText"),
				Keyboard: [][]Button{{{Text: h.Dict.T(l, "telegram.bot.history"), WebApp: &WebApp{URL: h.pageURL(l, "/history")}}}}})
		}
	}
	return nil
}

// refusal is a booking's refusal (404, 409) as the button's answer.
func (h *Handler) refusal(l string, err error) (string, bool) {
	key, vars, ok := api.Reason(err)
	if !ok {
		return "", false
	}
	return h.Dict.T(l, key, vars...), true
}

// visitKeyboard is the buttons of a visit's confirmation and reminders.
func visitKeyboard(dict Translator, l string, id int64) [][]Button {
	data := func(action string) string { return fmt.Sprintf("v:%d:%s", id, action) }
	return [][]Button{{
		{Text: dict.T(l, "telegram.bot.confirm"), CallbackData: data("confirm")},
		{Text: dict.T(l, "telegram.bot.cancel"), CallbackData: data("cancel")},
		{Text: dict.T(l, "telegram.bot.reschedule"), CallbackData: data("move")},
	}}
}

// membership follows a person blocking the bot (their notices go by SMS
// at once, without a 403 first) and unblocking it.
func (h *Handler) membership(ctx context.Context, m *ChatMemberUpdated) error {
	switch m.NewChatMember.Status {
	case "kicked":
		return h.Store.Block(ctx, m.From.ID, h.now())
	case "member":
		return h.Store.Unblock(ctx, m.From.ID)
	}
	return nil
}
