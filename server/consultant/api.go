package consultant

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/derrors"
)

// Handler serves the consultant's API to signed-in users:
//
//	POST /api/consultant/chats?lang=                {"message"}  a new chat: the question and the answer
//	POST /api/consultant/chats/{id}/messages?lang=  {"message"}  the next question in a chat
//
// Both answer {"data": {"id", "messages"}} with the two new messages. The
// question is stored only with its answer: when the model fails (502) the
// visitor still has their text and may send it again, and the failed
// question does not count against the daily limit.
type Handler struct {
	Store    *Store
	Accounts *account.Store
	// Model answers; nil means the consultant is unavailable here (503).
	Model  Model
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the API routes.
func (h *Handler) Register(r fiber.Router) {
	guard := []fiber.Handler{account.SameOrigin, account.RequireSession(h.Accounts, h.now)}
	r.Post("/api/consultant/chats", append(guard, h.ask)...)
	r.Post("/api/consultant/chats/:id/messages", append(guard, h.ask)...)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

var errNoChat = api.Fail(fiber.StatusNotFound, "consultant.noChat")

// ask takes a question into a new chat (no :id) or an existing one.
func (h *Handler) ask(c *fiber.Ctx) error {
	chatID, err := chatParam(c)
	if err != nil {
		return err
	}
	question, err := h.question(c)
	if err != nil {
		return err
	}
	ctx, userID := c.UserContext(), account.UserID(c)
	history, err := h.history(ctx, userID, chatID)
	if err != nil {
		return err
	}
	slot, err := h.reserve(ctx, userID)
	if err != nil {
		return err
	}
	answer, id, err := h.answer(ctx, slot, chatID, api.Lang(c), history, question)
	if err != nil {
		h.release(ctx, slot)
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	if chatID == 0 {
		c.Status(fiber.StatusCreated)
	}
	return api.OK(c, Answered{ID: id, Messages: []Message{{Role: "user", Content: question}, {Role: "assistant", Content: answer}}})
}

// chatParam is the :id of the chat asked into; 0 for a new chat.
func chatParam(c *fiber.Ctx) (int64, error) {
	raw := c.Params("id")
	if raw == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 1 {
		return 0, errNoChat
	}
	return id, nil
}

// question reads and checks the asked question; it also refuses when no
// model is configured, before anything is stored.
func (h *Handler) question(c *fiber.Ctx) (string, error) {
	var in struct {
		Message string `json:"message"`
	}
	if err := api.Decode(c, &in); err != nil {
		return "", err
	}
	question := strings.TrimSpace(in.Message)
	switch {
	case question == "":
		return "", api.Fail(fiber.StatusBadRequest, "consultant.emptyQuestion")
	case utf8.RuneCountInString(question) > MaxQuestion:
		return "", api.Fail(fiber.StatusBadRequest, "consultant.longQuestion", "max", strconv.Itoa(MaxQuestion))
	case h.Model == nil:
		return "", api.Fail(fiber.StatusServiceUnavailable, "consultant.unavailable")
	}
	return question, nil
}

// history is what the model sees of the chat before the question: its
// last HistoryTurns messages, none for a new chat.
func (h *Handler) history(ctx context.Context, userID, chatID int64) ([]Message, error) {
	if chatID == 0 {
		return []Message{}, nil
	}
	chat, err := h.Store.Chat(ctx, userID, chatID)
	if errors.Is(err, derrors.NotFound) {
		return nil, errNoChat
	}
	if err != nil {
		return nil, err
	}
	return chat.Messages[max(0, len(chat.Messages)-HistoryTurns):], nil
}

// reserve takes one of the user's daily questions before the (slow, paid)
// model call, so parallel questions cannot all pass the count.
func (h *Handler) reserve(ctx context.Context, userID int64) (Slot, error) {
	slot, err := h.Store.Reserve(ctx, userID, h.now())
	if errors.Is(err, ErrLimit) {
		return Slot{}, api.Fail(fiber.StatusTooManyRequests, "consultant.tooMany", "max", strconv.Itoa(QuestionsPerDay))
	}
	return slot, err
}

// release gives a question's slot back when it was not answered, so a
// failure costs the user nothing.
func (h *Handler) release(ctx context.Context, slot Slot) {
	// The request may be gone; the slot must still go.
	if err := h.Store.Release(context.WithoutCancel(ctx), slot); err != nil {
		h.Logger.ErrorContext(ctx, "consultant: reservation not released", slog.Any("err", err))
	}
}

// answer asks the model and stores the question with its answer in place
// of the slot; it returns the answer and the chat's id.
func (h *Handler) answer(ctx context.Context, slot Slot, chatID int64, lang string, history []Message, question string) (string, int64, error) {
	answer, err := h.Model.Reply(ctx, lang, append(history, Message{Role: "user", Content: question}))
	if err != nil {
		h.Logger.ErrorContext(ctx, "the consultant's model failed", slog.Any("err", err))
		return "", 0, &api.Error{Status: fiber.StatusBadGateway, Key: "consultant.failed", Cause: err}
	}
	id, err := h.Store.Save(ctx, slot, chatID, question, answer, h.now())
	if errors.Is(err, derrors.NotFound) { // deleted while the model thought
		return "", 0, errNoChat
	}
	return answer, id, err
}
