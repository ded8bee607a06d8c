package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"sogliq/server/derrors"
)

// The sign-in limits. A code is six digits, so MaxAttempts wrong guesses
// per code and CodesPerPhone codes per hour leave a guesser one chance in
// 40,000 an hour; the per-address limit stops one client from sending SMS
// to many phones at our expense.
const (
	CodeLength    = 6
	CodeTTL       = 5 * time.Minute
	ResendAfter   = time.Minute
	CodesPerPhone = 5  // per hour
	CodesPerIP    = 20 // per hour
	MaxAttempts   = 5
	SessionTTL    = 30 * 24 * time.Hour
)

// ErrNoSession means the token names no live session; it wraps
// derrors.NotFound.
var ErrNoSession = fmt.Errorf("account: no such session: %w", derrors.NotFound)

// Refusal is a sign-in step the visitor may not take now; the API answers
// it with Status and the dictionary message Key (with Vars).
type Refusal struct {
	Status int
	Key    string
	Vars   []string
	// RetryAfter, when set, is how long until the step may be tried again.
	RetryAfter time.Duration
}

func (r *Refusal) Error() string { return fmt.Sprintf("account: refused (%d %s)", r.Status, r.Key) }

// tooManyRequests is a 429 with the wait in whole seconds and minutes
// (rounded up), for messages to use whichever reads better.
func tooManyRequests(key string, retry time.Duration) *Refusal {
	secs := max(int((retry+time.Second-1)/time.Second), 1)
	mins := (secs + 59) / 60
	return &Refusal{
		Status: 429, Key: key, RetryAfter: time.Duration(secs) * time.Second,
		Vars: []string{"seconds", strconv.Itoa(secs), "minutes", strconv.Itoa(mins)},
	}
}

// Store keeps users, sign-in codes and sessions in PostgreSQL.
type Store struct {
	db *sqlx.DB
	// Forget, when set, runs in DeleteUser's transaction before the user
	// row goes: what other packages keep of the user (their visits) is
	// ended and stripped of them there (booking.Store.ForgetPatient).
	Forget func(ctx context.Context, tx *sqlx.Tx, userID int64, now time.Time) error
	// Forgotten, when set, runs once DeleteUser has committed: what lives
	// outside the database (the files of their visits' documents) goes.
	Forgotten func(ctx context.Context, userID int64)
	// CodesPerAddress is how many codes one address may have sent in an
	// hour (zero: CodesPerIP). The browser tests' site raises it: its
	// dozens of patients all come from 127.0.0.1.
	CodesPerAddress int
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// IssueCode makes a new sign-in code for phone, asked from clientIP, and
// calls send with it. The code is stored only if send succeeds, so a failed
// SMS costs the visitor nothing. Too many codes for the phone or the
// address give a *Refusal with status 429.
func (s *Store) IssueCode(ctx context.Context, phone, clientIP string, now time.Time, send func(code string) error) error {
	return s.inTx(ctx, phone, func(tx *sqlx.Tx) error {
		// The address's requests take turns too, or parallel requests for
		// different phones all read the same count and all send. Always
		// after the phone's lock (and Verify takes only that one), so two
		// transactions never wait on each other's locks.
		if clientIP != "" {
			const lock = `SELECT pg_advisory_xact_lock(hashtextextended('sign-in-address:' || $1, 0))`
			if _, err := tx.ExecContext(ctx, lock, clientIP); err != nil {
				return fmt.Errorf("account: lock the address: %w", err)
			}
		}
		perAddress := s.CodesPerAddress
		if perAddress <= 0 {
			perAddress = CodesPerIP
		}
		if err := checkSendLimits(ctx, tx, phone, clientIP, perAddress, now); err != nil {
			return err
		}
		code, err := newCode()
		if err != nil {
			return err
		}
		const q = `
			INSERT INTO sign_in_codes (phone, code_hash, client_ip, created_at, expires_at)
			VALUES ($1, $2, $3, $4, $5)`
		if _, err := tx.ExecContext(ctx, q, phone, codeHash(phone, code), clientIP, now, now.Add(CodeTTL)); err != nil {
			return fmt.Errorf("account.IssueCode: %w", err)
		}
		const sent = `
			INSERT INTO sign_in_sends (phone_hash, client_ip, sent_at)
			VALUES ($1, $2, $3)`
		if _, err := tx.ExecContext(ctx, sent, sendHash(phone), clientIP, now); err != nil {
			return fmt.Errorf("account.IssueCode: %w", err)
		}
		return send(code)
	})
}

// checkSendLimits refuses a code sent within ResendAfter of the last one,
// or past the hourly limits of the phone and of the address (perAddress). It counts the
// sends (sign_in_sends), not the stored codes: those go with a deleted
// account, and deleting one must not reset the limits.
func checkSendLimits(ctx context.Context, tx *sqlx.Tx, phone, clientIP string, perAddress int, now time.Time) error {
	var byPhone struct {
		Count  int          `db:"count"`
		Oldest sql.NullTime `db:"oldest"`
		Latest sql.NullTime `db:"latest"`
	}
	const q = `
		SELECT count(*), min(sent_at) AS oldest, max(sent_at) AS latest
		FROM sign_in_sends
		WHERE phone_hash = $1
		  AND sent_at > $2`
	if err := tx.GetContext(ctx, &byPhone, q, sendHash(phone), now.Add(-time.Hour)); err != nil {
		return fmt.Errorf("account.checkSendLimits: %w", err)
	}
	if byPhone.Latest.Valid && now.Sub(byPhone.Latest.Time) < ResendAfter {
		return tooManyRequests("auth.resendWait", byPhone.Latest.Time.Add(ResendAfter).Sub(now))
	}
	if byPhone.Count >= CodesPerPhone {
		return tooManyRequests("auth.tooManyCodes", byPhone.Oldest.Time.Add(time.Hour).Sub(now))
	}
	if clientIP == "" {
		return nil
	}
	var byIP struct {
		Count  int          `db:"count"`
		Oldest sql.NullTime `db:"oldest"`
	}
	const qIP = `
		SELECT count(*), min(sent_at) AS oldest
		FROM sign_in_sends
		WHERE client_ip = $1
		  AND sent_at > $2`
	if err := tx.GetContext(ctx, &byIP, qIP, clientIP, now.Add(-time.Hour)); err != nil {
		return fmt.Errorf("account.checkSendLimits: %w", err)
	}
	if byIP.Count >= perAddress {
		return tooManyRequests("auth.tooManyCodes", byIP.Oldest.Time.Add(time.Hour).Sub(now))
	}
	return nil
}

// Session is a signed-in session as created: the token goes to the
// visitor's cookie and is never stored.
type Session struct {
	Token  string
	UserID int64
	// NewUser reports that the user has not completed registration yet.
	NewUser bool
}

// Verify checks code against the phone's latest code. The right code
// signs in: it creates the user on their first sign-in and a session.
// A wrong, expired or exhausted code gives a *Refusal.
func (s *Store) Verify(ctx context.Context, phone, code, userAgent string, now time.Time) (Session, error) {
	var sess Session
	err := s.inTx(ctx, phone, func(tx *sqlx.Tx) error {
		if err := useCode(ctx, tx, phone, code, now); err != nil {
			return err
		}
		id, registered, err := ensureUser(ctx, tx, phone, now)
		if err != nil {
			return fmt.Errorf("account.Verify: %w", err)
		}
		token, err := startSession(ctx, tx, id, userAgent, now)
		if err != nil {
			return err
		}
		sess = Session{Token: token, UserID: id, NewUser: !registered}
		return nil
	})
	return sess, err
}

// StartSession signs user id in without a code and returns the session's
// token (the token cookie's value), valid SessionTTL from now. Verify is
// the way in by SMS; this is for sign-ins proved another way (Telegram's
// signed initData), tests (accounttest) and tools.
func (s *Store) StartSession(ctx context.Context, userID int64, userAgent string, now time.Time) (string, error) {
	return startSession(ctx, s.db, userID, userAgent, now)
}

// startSession writes a new session of user id; only its token's SHA-256
// is kept.
func startSession(ctx context.Context, db sqlx.ExecerContext, userID int64, userAgent string, now time.Time) (string, error) {
	token, err := newToken()
	if err != nil {
		return "", err
	}
	const q = `
		INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent)
		VALUES ($1, $2, $3, $4, $5)`
	if _, err := db.ExecContext(ctx, q, tokenHash(token), userID, now, now.Add(SessionTTL), truncate(userAgent, 300)); err != nil {
		return "", fmt.Errorf("account.startSession(%d): %w", userID, err)
	}
	return token, nil
}

// useCode marks the phone's latest code used when code matches it, and
// counts a wrong attempt otherwise. A wrong attempt is written even though
// the request fails: that is the point of counting.
func useCode(ctx context.Context, tx *sqlx.Tx, phone, code string, now time.Time) error {
	var latest struct {
		ID        int64     `db:"id"`
		Hash      []byte    `db:"code_hash"`
		Attempts  int       `db:"attempts"`
		ExpiresAt time.Time `db:"expires_at"`
	}
	const q = `
		SELECT id, code_hash, attempts, expires_at
		FROM sign_in_codes
		WHERE phone = $1
		  AND used_at IS NULL
		ORDER BY created_at DESC
		LIMIT 1
		FOR UPDATE`
	err := tx.GetContext(ctx, &latest, q, phone)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return &Refusal{Status: 400, Key: "auth.noCode"}
	case err != nil:
		return fmt.Errorf("account.useCode: %w", err)
	case !now.Before(latest.ExpiresAt):
		return &Refusal{Status: 400, Key: "auth.codeExpired"}
	case latest.Attempts >= MaxAttempts:
		return &Refusal{Status: 429, Key: "auth.tooManyAttempts"}
	}
	if subtle.ConstantTimeCompare(latest.Hash, codeHash(phone, code)) == 1 {
		const used = `
			UPDATE sign_in_codes
			SET used_at = $2
			WHERE id = $1`
		if _, err := tx.ExecContext(ctx, used, latest.ID, now); err != nil {
			return fmt.Errorf("account.useCode: %w", err)
		}
		return nil
	}
	const wrong = `
		UPDATE sign_in_codes
		SET attempts = attempts + 1
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, wrong, latest.ID); err != nil {
		return fmt.Errorf("account.useCode: %w", err)
	}
	left := MaxAttempts - latest.Attempts - 1
	if left == 0 {
		return &refusalAfterCommit{&Refusal{Status: 429, Key: "auth.tooManyAttempts"}}
	}
	return &refusalAfterCommit{&Refusal{Status: 400, Key: "auth.wrongCode", Vars: []string{"left", strconv.Itoa(left)}}}
}

// refusalAfterCommit is a refusal whose transaction must still commit (a
// counted wrong attempt); inTx unwraps it.
type refusalAfterCommit struct{ *Refusal }

func (r *refusalAfterCommit) Unwrap() error { return r.Refusal }

// inTx runs fn in a transaction holding a lock on the phone, so that two
// requests for one phone (a double click, a guesser in parallel) take
// turns. A *refusalAfterCommit commits and returns its refusal.
func (s *Store) inTx(ctx context.Context, phone string, fn func(*sqlx.Tx) error) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("account: begin: %w", err)
	}
	defer tx.Rollback()
	const lock = `SELECT pg_advisory_xact_lock(hashtextextended('sign-in:' || $1, 0))`
	if _, err := tx.ExecContext(ctx, lock, phone); err != nil {
		return fmt.Errorf("account: lock: %w", err)
	}
	err = fn(tx)
	var later *refusalAfterCommit
	if err != nil && !errors.As(err, &later) {
		return err
	}
	if cerr := tx.Commit(); cerr != nil {
		return fmt.Errorf("account: commit: %w", cerr)
	}
	if later != nil {
		return later.Refusal
	}
	return nil
}

// SessionUser is the user a session token belongs to; ErrNoSession when
// the token is unknown or its session has expired.
func (s *Store) SessionUser(ctx context.Context, token string, now time.Time) (int64, error) {
	if token == "" {
		return 0, ErrNoSession
	}
	var id int64
	const q = `
		SELECT user_id
		FROM sessions
		WHERE token_hash = $1
		  AND expires_at > $2`
	err := s.db.GetContext(ctx, &id, q, tokenHash(token), now)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoSession
	}
	if err != nil {
		return 0, fmt.Errorf("account.SessionUser: %w", err)
	}
	return id, nil
}

// EndSession deletes the session of token; an unknown token is no error.
func (s *Store) EndSession(ctx context.Context, token string) error {
	const q = `
		DELETE FROM sessions
		WHERE token_hash = $1`
	if _, err := s.db.ExecContext(ctx, q, tokenHash(token)); err != nil {
		return fmt.Errorf("account.EndSession: %w", err)
	}
	return nil
}

// User reads a user; an unknown id wraps derrors.NotFound.
func (s *Store) User(ctx context.Context, id int64) (User, error) {
	var u User
	const q = `
		SELECT id, phone, first_name, last_name,
		       coalesce(to_char(birth_date, 'YYYY-MM-DD'), '') AS birth_date,
		       gender, email, registered_at IS NOT NULL AS registered
		FROM users
		WHERE id = $1`
	err := s.db.GetContext(ctx, &u, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("account.User(%d): %w", id, derrors.NotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("account.User(%d): %w", id, err)
	}
	return u, nil
}

// SaveProfile stores a cleaned profile (see Profile.Clean) and marks the
// registration complete.
func (s *Store) SaveProfile(ctx context.Context, id int64, p Profile, now time.Time) error {
	const q = `
		UPDATE users
		SET first_name = $2, last_name = $3, birth_date = NULLIF($4, '')::date,
		    gender = $5, email = $6,
		    registered_at = coalesce(registered_at, $7), updated_at = $7
		WHERE id = $1`
	res, err := s.db.ExecContext(ctx, q, id, p.FirstName, p.LastName, p.BirthDate, p.Gender, p.Email, now)
	if err != nil {
		return fmt.Errorf("account.SaveProfile(%d): %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("account.SaveProfile(%d): %w", id, derrors.NotFound)
	}
	return nil
}

// FillProfile writes p's first and last name and birth date into those
// fields of user id's profile that are empty, leaving the rest (and the
// registration) as they are: a booking for oneself asks for what the
// profile lacks.
func (s *Store) FillProfile(ctx context.Context, id int64, p Profile, now time.Time) error {
	const q = `
		UPDATE users
		SET first_name = CASE WHEN first_name = '' THEN $2 ELSE first_name END,
		    last_name = CASE WHEN last_name = '' THEN $3 ELSE last_name END,
		    birth_date = coalesce(birth_date, NULLIF($4, '')::date),
		    updated_at = $5
		WHERE id = $1`
	if _, err := s.db.ExecContext(ctx, q, id, p.FirstName, p.LastName, p.BirthDate, now); err != nil {
		return fmt.Errorf("account.FillProfile(%d): %w", id, err)
	}
	return nil
}

// DeleteUser deletes a user and everything that is theirs: sessions and
// consultant chats go with the row (ON DELETE CASCADE), sign-in codes of
// their phone with it; Forget ends what other packages keep. The count of codes sent (sign_in_sends, under the
// phone's hash) stays for the day the limits look back on.
func (s *Store) DeleteUser(ctx context.Context, id int64, now time.Time) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("account.DeleteUser(%d): %w", id, err)
	}
	defer tx.Rollback()
	if s.Forget != nil {
		if err := s.Forget(ctx, tx, id, now); err != nil {
			return err
		}
	}
	var phone string
	const q = `
		DELETE FROM users
		WHERE id = $1
		RETURNING phone`
	err = tx.GetContext(ctx, &phone, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("account.DeleteUser(%d): %w", id, derrors.NotFound)
	}
	if err != nil {
		return fmt.Errorf("account.DeleteUser(%d): %w", id, err)
	}
	const codes = `
		DELETE FROM sign_in_codes
		WHERE phone = $1`
	if _, err := tx.ExecContext(ctx, codes, phone); err != nil {
		return fmt.Errorf("account.DeleteUser(%d): %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("account.DeleteUser(%d): %w", id, err)
	}
	if s.Forgotten != nil {
		s.Forgotten(ctx, id)
	}
	return nil
}

// Purge deletes expired sessions and codes older than a day (the hourly
// limits look back one hour).
func (s *Store) Purge(ctx context.Context, now time.Time) error {
	const sessions = `
		DELETE FROM sessions
		WHERE expires_at <= $1`
	if _, err := s.db.ExecContext(ctx, sessions, now); err != nil {
		return fmt.Errorf("account.Purge: %w", err)
	}
	const codes = `
		DELETE FROM sign_in_codes
		WHERE created_at < $1`
	if _, err := s.db.ExecContext(ctx, codes, now.Add(-24*time.Hour)); err != nil {
		return fmt.Errorf("account.Purge: %w", err)
	}
	const sends = `
		DELETE FROM sign_in_sends
		WHERE sent_at < $1`
	if _, err := s.db.ExecContext(ctx, sends, now.Add(-24*time.Hour)); err != nil {
		return fmt.Errorf("account.Purge: %w", err)
	}
	return nil
}

// newCode is CodeLength random digits.
func newCode() (string, error) {
	limit := big.NewInt(1)
	for range CodeLength {
		limit.Mul(limit, big.NewInt(10))
	}
	n, err := rand.Int(rand.Reader, limit)
	if err != nil {
		return "", fmt.Errorf("account: code: %w", err)
	}
	return fmt.Sprintf("%0*d", CodeLength, n), nil
}

// sendHash names a phone in sign_in_sends: its SHA-256, so the table that
// outlives an account keeps no phone number (migration 00179 computes the
// same in SQL).
func sendHash(phone string) []byte {
	h := sha256.Sum256([]byte("sign-in-send:" + phone))
	return h[:]
}

func codeHash(phone, code string) []byte {
	h := sha256.Sum256([]byte(phone + ":" + code))
	return h[:]
}

// newToken is 256 random bits, URL-safe.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("account: token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// truncate keeps at most n bytes of s as valid UTF-8: a header may carry
// any bytes, and PostgreSQL refuses invalid text.
func truncate(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	for len(s) > n {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// EnsureUser is the user of phone, created (unregistered) when none has
// it yet, as a first sign-in creates them: for sign-ins that proved the
// phone another way (Telegram's shared contact). registered reports a
// completed registration.
func (s *Store) EnsureUser(ctx context.Context, phone string, now time.Time) (id int64, registered bool, err error) {
	id, registered, err = ensureUser(ctx, s.db, phone, now)
	if err != nil {
		return 0, false, fmt.Errorf("account.EnsureUser: %w", err)
	}
	return id, registered, nil
}

// ensureUser is the user of phone, created when new; registered reports
// a completed registration.
func ensureUser(ctx context.Context, q sqlx.QueryerContext, phone string, now time.Time) (id int64, registered bool, err error) {
	var user struct {
		ID         int64 `db:"id"`
		Registered bool  `db:"registered"`
	}
	const upsert = `
		INSERT INTO users (phone, created_at, updated_at)
		VALUES ($1, $2, $2)
		ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone
		RETURNING id, registered_at IS NOT NULL AS registered`
	if err := sqlx.GetContext(ctx, q, &user, upsert, phone, now); err != nil {
		return 0, false, err
	}
	return user.ID, user.Registered, nil
}
