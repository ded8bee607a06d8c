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

// ErrLimit means the user has asked QuestionsPerDay questions in the last
// 24 hours.
var ErrLimit = errors.New("consultant: daily question limit reached")

// reservationTTL outlives any model call (OpenAIModel gives up after a
// minute): a slot left behind by a server that died mid-call stops
// counting after it.
const reservationTTL = 5 * time.Minute

// Slot is a question's place in its user's daily limit, reserved before
// the model is asked.
type Slot struct {
	ID     int64
	UserID int64
}

// Reserve takes a slot for one more question of the user at now, or
// returns ErrLimit. Count and insert happen under a per-user lock, so
// parallel questions get exactly the slots that are left.
func (s *Store) Reserve(ctx context.Context, userID int64, now time.Time) (Slot, error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return Slot{}, fmt.Errorf("consultant.Reserve: %w", err)
	}
	defer tx.Rollback()
	const lock = `SELECT pg_advisory_xact_lock(hashtextextended('consultant:' || $1::text, 0))`
	if _, err := tx.ExecContext(ctx, lock, userID); err != nil {
		return Slot{}, fmt.Errorf("consultant.Reserve: %w", err)
	}
	var asked int
	const q = `
		SELECT (SELECT count(*)
		        FROM consultant_messages m
		        JOIN consultant_chats c ON c.id = m.chat_id
		        WHERE c.user_id = $1
		          AND m.role = 'user'
		          AND m.created_at > $2)
		     + (SELECT count(*)
		        FROM consultant_reservations
		        WHERE user_id = $1
		          AND created_at > $3)`
	if err := tx.GetContext(ctx, &asked, q, userID, now.Add(-24*time.Hour), now.Add(-reservationTTL)); err != nil {
		return Slot{}, fmt.Errorf("consultant.Reserve(%d): %w", userID, err)
	}
	if asked >= QuestionsPerDay {
		return Slot{}, ErrLimit
	}
	slot := Slot{UserID: userID}
	const qi = `
		INSERT INTO consultant_reservations (user_id, created_at)
		VALUES ($1, $2)
		RETURNING id`
	if err := tx.GetContext(ctx, &slot.ID, qi, userID, now); err != nil {
		return Slot{}, fmt.Errorf("consultant.Reserve(%d): %w", userID, err)
	}
	if err := tx.Commit(); err != nil {
		return Slot{}, fmt.Errorf("consultant.Reserve(%d): %w", userID, err)
	}
	return slot, nil
}

// Release gives back a slot whose question was not stored.
func (s *Store) Release(ctx context.Context, slot Slot) error {
	const q = `
		DELETE FROM consultant_reservations
		WHERE id = $1`
	if _, err := s.db.ExecContext(ctx, q, slot.ID); err != nil {
		return fmt.Errorf("consultant.Release(%d): %w", slot.ID, err)
	}
	return nil
}

// Save stores a question of the slot's user and its answer, in place of
// the slot: in a new chat titled by the question when chatID is 0, else in
// the user's chat chatID (NotFound when it is not theirs). It returns the
// chat's id. Both messages and the slot's release, or nothing.
func (s *Store) Save(ctx context.Context, slot Slot, chatID int64, question, answer string, now time.Time) (int64, error) {
	userID := slot.UserID
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("consultant.Save: %w", err)
	}
	defer tx.Rollback()
	const qr = `
		DELETE FROM consultant_reservations
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, qr, slot.ID); err != nil {
		return 0, fmt.Errorf("consultant.Save: %w", err)
	}
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
