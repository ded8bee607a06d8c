package consultant

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/derrors"
)

// The consultant's limits: a question fits a screen, the model sees the
// recent part of a long chat, and one user cannot run up the model's bill.
const (
	MaxQuestion     = 2000 // characters
	HistoryTurns    = 20   // messages sent to the model with a question
	QuestionsPerDay = 50
	titleLength     = 60 // characters of the first question
)

// Chat is a chat with its messages, oldest first.
type Chat struct {
	ID        int64     `json:"id" db:"id"`
	Title     string    `json:"title" db:"title"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Messages  []Message `json:"messages"`
}

// Store keeps chats in PostgreSQL.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Chats lists a user's chats, the latest first, without their messages.
func (s *Store) Chats(ctx context.Context, userID int64) ([]Chat, error) {
	chats := []Chat{}
	const q = `
		SELECT id, title, updated_at
		FROM consultant_chats
		WHERE user_id = $1
		ORDER BY updated_at DESC, id DESC
		LIMIT 100`
	if err := s.db.SelectContext(ctx, &chats, q, userID); err != nil {
		return nil, fmt.Errorf("consultant.Chats(%d): %w", userID, err)
	}
	for i := range chats {
		// The pages show the date the patient lived it.
		chats[i].UpdatedAt = chats[i].UpdatedAt.In(account.Tashkent)
	}
	return chats, nil
}

// Chat reads one of the user's chats; another user's chat, like a missing
// one, wraps derrors.NotFound.
func (s *Store) Chat(ctx context.Context, userID, chatID int64) (Chat, error) {
	var c Chat
	const q = `
		SELECT id, title, updated_at
		FROM consultant_chats
		WHERE id = $1
		  AND user_id = $2`
	err := s.db.GetContext(ctx, &c, q, chatID, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return Chat{}, fmt.Errorf("consultant.Chat(%d): %w", chatID, derrors.NotFound)
	}
	if err != nil {
		return Chat{}, fmt.Errorf("consultant.Chat(%d): %w", chatID, err)
	}
	c.Messages = []Message{}
	const qm = `
		SELECT role, content
		FROM consultant_messages
		WHERE chat_id = $1
		ORDER BY id`
	if err := s.db.SelectContext(ctx, &c.Messages, qm, chatID); err != nil {
		return Chat{}, fmt.Errorf("consultant.Chat(%d): %w", chatID, err)
	}
	return c, nil
}

// QuestionsSince counts the questions a user asked since t.
func (s *Store) QuestionsSince(ctx context.Context, userID int64, t time.Time) (int, error) {
	var n int
	const q = `
		SELECT count(*)
		FROM consultant_messages m
		JOIN consultant_chats c ON c.id = m.chat_id
		WHERE c.user_id = $1
		  AND m.role = 'user'
		  AND m.created_at > $2`
	if err := s.db.GetContext(ctx, &n, q, userID, t); err != nil {
		return 0, fmt.Errorf("consultant.QuestionsSince(%d): %w", userID, err)
	}
	return n, nil
}

// Save stores a question and its answer: in a new chat titled by the
// question when chatID is 0, else in the user's chat chatID (NotFound when
// it is not theirs). It returns the chat's id. Both messages or neither.
func (s *Store) Save(ctx context.Context, userID, chatID int64, question, answer string, now time.Time) (int64, error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("consultant.Save: %w", err)
	}
	defer tx.Rollback()
	if chatID == 0 {
		const q = `
			INSERT INTO consultant_chats (user_id, title, created_at, updated_at)
			VALUES ($1, $2, $3, $3)
			RETURNING id`
		if err := tx.GetContext(ctx, &chatID, q, userID, Title(question), now); err != nil {
			return 0, fmt.Errorf("consultant.Save: %w", err)
		}
	} else {
		const q = `
			UPDATE consultant_chats
			SET updated_at = $3
			WHERE id = $1
			  AND user_id = $2`
		res, err := tx.ExecContext(ctx, q, chatID, userID, now)
		if err != nil {
			return 0, fmt.Errorf("consultant.Save: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return 0, fmt.Errorf("consultant.Save(%d): %w", chatID, derrors.NotFound)
		}
	}
	const qm = `
		INSERT INTO consultant_messages (chat_id, role, content, created_at)
		VALUES ($1, 'user', $2, $4), ($1, 'assistant', $3, $4)`
	if _, err := tx.ExecContext(ctx, qm, chatID, question, answer, now); err != nil {
		return 0, fmt.Errorf("consultant.Save: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("consultant.Save: %w", err)
	}
	return chatID, nil
}

// Title is a chat's title: the start of its first question, on one line.
func Title(question string) string {
	r := []rune(strings.Join(strings.Fields(question), " "))
	if len(r) <= titleLength {
		return string(r)
	}
	return strings.TrimSpace(string(r[:titleLength-1])) + "…"
}
