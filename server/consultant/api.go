package consultant

import (
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/derrors"
)

// Handler serves the consultant's API to signed-in users:
//
//	POST /api/consultant/chats?lang=                {"message"}  a new chat: the question and the answer
//	POST /api/consultant/chats/{id}/messages?lang=  {"message"}  the next question in a chat
//
// Both answer {"data": {"id", "messages"}} with the two new messages. The
// question is stored only with its answer: when the model fails (502) the
// visitor still has their text and may send it again.
type Handler struct {
	Store    *Store
	Accounts *account.Store
	// Model answers; nil means the consultant is unavailable here (503).
	Model  Model
	Dict   account.Translator
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the API routes.
func (h *Handler) Register(r fiber.Router) {
	guard := []fiber.Handler{account.SameOrigin(h.Dict), account.RequireSession(h.Accounts, h.Dict, h.now)}
	r.Post("/api/consultant/chats", append(guard, h.ask)...)
	r.Post("/api/consultant/chats/:id/messages", append(guard, h.ask)...)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

func (h *Handler) fail(c *fiber.Ctx, status int, key string, vars ...string) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(status).JSON(fiber.Map{"error": h.Dict.T(account.Lang(c), key, vars...)})
}

// ask takes a question into a new chat (no :id) or an existing one.
func (h *Handler) ask(c *fiber.Ctx) error {
	ctx, userID, lang := c.UserContext(), account.UserID(c), account.Lang(c)
	var chatID int64
	if raw := c.Params("id"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id < 1 {
			return h.fail(c, fiber.StatusNotFound, "consultant.noChat")
		}
		chatID = id
	}
	var in struct {
		Message string `json:"message"`
	}
	if err := json.Unmarshal(c.Body(), &in); err != nil {
		return h.fail(c, fiber.StatusBadRequest, "api.badBody")
	}
	question := strings.TrimSpace(strings.ToValidUTF8(in.Message, ""))
	switch {
	case question == "":
		return h.fail(c, fiber.StatusBadRequest, "consultant.emptyQuestion")
	case utf8.RuneCountInString(question) > MaxQuestion:
		return h.fail(c, fiber.StatusBadRequest, "consultant.longQuestion", "max", strconv.Itoa(MaxQuestion))
	case h.Model == nil:
		return h.fail(c, fiber.StatusServiceUnavailable, "consultant.unavailable")
	}
	asked, err := h.Store.QuestionsSince(ctx, userID, h.now().Add(-24*time.Hour))
	if err != nil {
		return err
	}
	if asked >= QuestionsPerDay {
		return h.fail(c, fiber.StatusTooManyRequests, "consultant.tooMany", "max", strconv.Itoa(QuestionsPerDay))
	}
	history := []Message{}
	if chatID != 0 {
		chat, err := h.Store.Chat(ctx, userID, chatID)
		if errors.Is(err, derrors.NotFound) {
			return h.fail(c, fiber.StatusNotFound, "consultant.noChat")
		}
		if err != nil {
			return err
		}
		history = chat.Messages[max(0, len(chat.Messages)-HistoryTurns):]
	}
	history = append(history, Message{Role: "user", Content: question})
	answer, err := h.Model.Reply(ctx, lang, history)
	if err != nil {
		h.Logger.ErrorContext(ctx, "the consultant's model failed", slog.Any("err", err))
		return h.fail(c, fiber.StatusBadGateway, "consultant.failed")
	}
	id, err := h.Store.Save(ctx, userID, chatID, question, answer, h.now())
	if errors.Is(err, derrors.NotFound) { // deleted while the model thought
		return h.fail(c, fiber.StatusNotFound, "consultant.noChat")
	}
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	status := fiber.StatusOK
	if chatID == 0 {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(fiber.Map{"data": fiber.Map{
		"id":       id,
		"messages": []Message{{Role: "user", Content: question}, {Role: "assistant", Content: answer}},
	}})
}
