package telegram

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Store keeps the links between Telegram users and accounts, the signed
// payloads already used, the updates already handled and the staff's
// link codes.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Link is a Telegram user linked to an account.
type Link struct {
	TelegramID int64        `db:"telegram_id"`
	UserID     int64        `db:"user_id"`
	BlockedAt  sql.NullTime `db:"blocked_at"`
}

// Refusals of linking, answered in the visitor's language.
var (
	// ErrNoLink: the Telegram user (or account) is linked to nobody.
	ErrNoLink = errors.New("telegram: not linked")
	// ErrLinkedElsewhere: the account has another Telegram user, or the
	// Telegram user another account; a link is made once.
	ErrLinkedElsewhere = errors.New("telegram: linked to another")
	// ErrReplay: the signed payload was used before.
	ErrReplay = errors.New("telegram: payload used before")
)

// ByTelegram is the link of Telegram user id; ErrNoLink for none.
func (s *Store) ByTelegram(ctx context.Context, id int64) (Link, error) {
	var l Link
	const q = `
		SELECT telegram_id, user_id, blocked_at
		FROM telegram_links
		WHERE telegram_id = $1`
	err := s.db.GetContext(ctx, &l, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Link{}, ErrNoLink
	}
	if err != nil {
		return Link{}, fmt.Errorf("telegram.ByTelegram(%d): %w", id, err)
	}
	return l, nil
}

// ByUser is the link of account id; ErrNoLink for none.
func (s *Store) ByUser(ctx context.Context, id int64) (Link, error) {
	var l Link
	const q = `
		SELECT telegram_id, user_id, blocked_at
		FROM telegram_links
		WHERE user_id = $1`
	err := s.db.GetContext(ctx, &l, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return Link{}, ErrNoLink
	}
	if err != nil {
		return Link{}, fmt.Errorf("telegram.ByUser(%d): %w", id, err)
	}
	return l, nil
}

// LinkUser links Telegram user tg to account userID. Linking the same
// pair again is no change (and clears a block: they wrote to the bot);
// either side linked to another gives ErrLinkedElsewhere.
func (s *Store) LinkUser(ctx context.Context, tg User, userID int64, now time.Time) error {
	const q = `
		INSERT INTO telegram_links (telegram_id, user_id, username, lang, linked_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (telegram_id) DO UPDATE SET blocked_at = NULL
		WHERE telegram_links.user_id = EXCLUDED.user_id`
	res, err := s.db.ExecContext(ctx, q, tg.ID, userID, tg.Username, lang(&tg), now)
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return ErrLinkedElsewhere // the account's unique user_id
	}
	if err != nil {
		return fmt.Errorf("telegram.LinkUser(%d, %d): %w", tg.ID, userID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrLinkedElsewhere // the Telegram user has another account
	}
	return nil
}

// Unblock clears the block of Telegram user id (they wrote to the bot).
func (s *Store) Unblock(ctx context.Context, id int64) error {
	const q = `
		UPDATE telegram_links
		SET blocked_at = NULL
		WHERE telegram_id = $1
		  AND blocked_at IS NOT NULL`
	if _, err := s.db.ExecContext(ctx, q, id); err != nil {
		return fmt.Errorf("telegram.Unblock(%d): %w", id, err)
	}
	return nil
}

// Block marks Telegram user id unreachable (the bot was answered 403).
func (s *Store) Block(ctx context.Context, id int64, now time.Time) error {
	const q = `
		UPDATE telegram_links
		SET blocked_at = $2
		WHERE telegram_id = $1`
	if _, err := s.db.ExecContext(ctx, q, id, now); err != nil {
		return fmt.Errorf("telegram.Block(%d): %w", id, err)
	}
	return nil
}

// UseOnce records signed payload hash as used, kept until it would have
// expired anyway; a hash used before gives ErrReplay.
func (s *Store) UseOnce(ctx context.Context, signed Signed) error {
	const q = `
		INSERT INTO telegram_auth_used (hash, expires_at)
		VALUES ($1, $2)
		ON CONFLICT DO NOTHING`
	res, err := s.db.ExecContext(ctx, q, signed.Hash, signed.AuthDate.Add(MaxAge+maxSkew))
	if err != nil {
		return fmt.Errorf("telegram.UseOnce: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrReplay
	}
	return nil
}

// Purge forgets used payloads past their expiry, handled updates older
// than a week (Telegram retries an update for at most a day) and lapsed
// link codes.
func (s *Store) Purge(ctx context.Context, now time.Time) error {
	for _, q := range []string{
		`DELETE FROM telegram_auth_used WHERE expires_at < $1`,
		`DELETE FROM telegram_updates WHERE received_at < $1::timestamptz - interval '7 days'`,
		`DELETE FROM telegram_link_codes WHERE expires_at < $1`,
	} {
		if _, err := s.db.ExecContext(ctx, q, now); err != nil {
			return fmt.Errorf("telegram.Purge: %w", err)
		}
	}
	return nil
}

// LinkCodeTTL is how long a staff member's link code works.
const LinkCodeTTL = 15 * time.Minute

// NewLinkCode issues a one-time code linking the Telegram user who sends
// it (/start link-CODE) to account userID.
func (s *Store) NewLinkCode(ctx context.Context, userID int64, now time.Time) (string, error) {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	code := make([]byte, 8)
	for i := range code {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			return "", err
		}
		code[i] = alphabet[n.Int64()]
	}
	const q = `
		INSERT INTO telegram_link_codes (code_hash, user_id, expires_at)
		VALUES ($1, $2, $3)`
	if _, err := s.db.ExecContext(ctx, q, codeHash(string(code)), userID, now.Add(LinkCodeTTL)); err != nil {
		return "", fmt.Errorf("telegram.NewLinkCode(%d): %w", userID, err)
	}
	return string(code), nil
}

// UseLinkCode spends code and returns its account; ErrNoLink when the
// code is unknown, used or lapsed.
func (s *Store) UseLinkCode(ctx context.Context, code string, now time.Time) (int64, error) {
	var id int64
	const q = `
		UPDATE telegram_link_codes
		SET used_at = $2
		WHERE code_hash = $1
		  AND used_at IS NULL
		  AND expires_at > $2
		RETURNING user_id`
	err := s.db.GetContext(ctx, &id, q, codeHash(code), now)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoLink
	}
	if err != nil {
		return 0, fmt.Errorf("telegram.UseLinkCode: %w", err)
	}
	return id, nil
}

func codeHash(code string) []byte {
	h := sha256.Sum256([]byte("telegram-link:" + code))
	return h[:]
}

// handleOnce runs fn for update id unless it was handled before: the
// update's row is inserted in a transaction held open while fn runs (a
// retry arriving meanwhile waits on the key, then finds it handled) and
// committed only when fn succeeded, so a failed update is handled again
// on Telegram's retry. It reports whether fn ran.
func (s *Store) handleOnce(ctx context.Context, id int64, now time.Time, fn func() error) (bool, error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("telegram: begin: %w", err)
	}
	defer tx.Rollback()
	const q = `
		INSERT INTO telegram_updates (update_id, received_at)
		VALUES ($1, $2)
		ON CONFLICT DO NOTHING`
	res, err := tx.ExecContext(ctx, q, id, now)
	if err != nil {
		return false, fmt.Errorf("telegram.handleOnce(%d): %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	if err := fn(); err != nil {
		return false, err
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("telegram.handleOnce(%d): commit: %w", id, err)
	}
	return true, nil
}
