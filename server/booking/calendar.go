package booking

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/derrors"
)

// The private calendar feed (issue 34 item 5): /calendar/{token}.ics
// (/uz/calendar/{token}.ics in Uzbek) is a patient's visits as a calendar
// that their phone's or Google's calendar app subscribes to and polls, so
// a visit moved or cancelled on the site moves or goes there too. The
// token is the only key: 32 random bytes, one per user, shown on
// /history, replaced by POST /api/calendar/reset (the old address then
// answers 404).

// FeedRecent is how far back the feed keeps visits: the recent past
// beside everything to come.
const FeedRecent = 90 * 24 * time.Hour

// feedTokenLen is the length of a token: 32 bytes in unpadded base64url.
const feedTokenLen = 43

func newFeedToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("booking: feed token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// FeedToken is the user's calendar feed token, made on first use.
func (s *Store) FeedToken(ctx context.Context, userID int64, now time.Time) (string, error) {
	fresh, err := newFeedToken()
	if err != nil {
		return "", err
	}
	// The INSERT's row is invisible to the SELECT of the same statement:
	// one of the two answers.
	var token string
	const q = `
		WITH made AS (
			INSERT INTO calendar_feeds (user_id, token, created_at)
			VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO NOTHING
			RETURNING token)
		SELECT token FROM made
		UNION ALL
		SELECT token FROM calendar_feeds WHERE user_id = $1
		LIMIT 1`
	if err := s.db.GetContext(ctx, &token, q, userID, fresh, now); err != nil {
		return "", fmt.Errorf("booking.FeedToken(%d): %w", userID, err)
	}
	return token, nil
}

// ResetFeed gives the user a new feed token; the old one stops working.
func (s *Store) ResetFeed(ctx context.Context, userID int64, now time.Time) (string, error) {
	fresh, err := newFeedToken()
	if err != nil {
		return "", err
	}
	const q = `
		INSERT INTO calendar_feeds (user_id, token, created_at)
		VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE
		SET token = excluded.token, created_at = excluded.created_at`
	if _, err := s.db.ExecContext(ctx, q, userID, fresh, now); err != nil {
		return "", fmt.Errorf("booking.ResetFeed(%d): %w", userID, err)
	}
	return fresh, nil
}

// feedUser is the user whose feed token is token: derrors.NotFound for a
// token that is not (or no longer) one.
func (s *Store) feedUser(ctx context.Context, token string) (int64, error) {
	if len(token) != feedTokenLen || strings.Trim(token, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return 0, fmt.Errorf("calendar feed: malformed token: %w", derrors.NotFound)
	}
	var id int64
	const q = `
		SELECT user_id
		FROM calendar_feeds
		WHERE token = $1`
	err := s.db.GetContext(ctx, &id, q, token)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("calendar feed: unknown token: %w", derrors.NotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("booking.feedUser: %w", err)
	}
	return id, nil
}

// FeedURLs are the addresses of a feed token in lang: the https one (to
// copy, or for Google Calendar's "From URL") and the webcal one that
// opens the phone's calendar app on its subscription.
func FeedURLs(publicURL, token, lang string) CalendarFeed {
	path := "/calendar/" + token + ".ics"
	if lang == "uz" {
		path = "/uz" + path
	}
	u := strings.TrimRight(publicURL, "/") + path
	_, rest, _ := strings.Cut(u, "://")
	return CalendarFeed{URL: u, Webcal: "webcal://" + rest}
}

// Events reads the user's visits as calendar events in lang, soonest
// first: each chain of moves is one event (see Event).
func (s *Store) Events(ctx context.Context, userID int64, lang string, now time.Time, dict Translator) ([]Event, error) {
	var rows []struct {
		bookingRow
		Modified time.Time `db:"updated_at"`
	}
	const q = `
		SELECT b.*, a.updated_at
		FROM (` + bookingSelect + `
		      WHERE a.user_id = $2
		        AND a.status NOT IN ('held', 'released', 'expired')
		      ORDER BY lower(a.during) DESC, a.id DESC
		      LIMIT 500) b
		JOIN appointments a ON a.id = b.id`
	if err := s.db.SelectContext(ctx, &rows, q, lang, userID); err != nil {
		return nil, fmt.Errorf("booking.Events(%d): %w", userID, err)
	}
	predecessor := map[int64]int64{}
	for _, r := range rows {
		if r.SuccessorID.Valid {
			predecessor[r.SuccessorID.Int64] = r.ID
		}
	}
	var out []Event
	for _, r := range rows {
		if r.Status == "rescheduled" {
			continue // its successor speaks for it
		}
		first, moves := r.ID, 0
		for p, ok := predecessor[first]; ok; p, ok = predecessor[first] {
			first, moves = p, moves+1
		}
		if r.Status == "cancelled" {
			moves++
		}
		out = append(out, Event{
			Booking: r.view(lang, now, dict), UID: "booking-" + strconv.FormatInt(first, 10) + "@sogliq",
			Sequence: moves, Modified: r.Modified,
		})
	}
	slices.SortFunc(out, func(a, b Event) int { return strings.Compare(a.Booking.Start, b.Booking.Start) })
	return out, nil
}

// EventOf is the calendar event of the user's booking id: the event of
// its chain, so the file of a visit since moved is the moved visit's.
func (s *Store) EventOf(ctx context.Context, userID, id int64, lang string, now time.Time, dict Translator) (Event, error) {
	if _, err := s.Booking(ctx, userID, id, lang, now, dict); err != nil {
		return Event{}, err
	}
	events, err := s.Events(ctx, userID, lang, now, dict)
	if err != nil {
		return Event{}, err
	}
	var next map[int64]int64
	for {
		for _, e := range events {
			if e.Booking.ID == id {
				return e, nil
			}
		}
		if next == nil {
			if next, err = s.successors(ctx, userID); err != nil {
				return Event{}, err
			}
		}
		succ, ok := next[id]
		if !ok {
			return Event{}, notFound("booking.notFound", fmt.Sprintf("event of booking %d of user %d", id, userID))
		}
		id = succ
	}
}

// successors maps each of the user's rescheduled bookings to its successor.
func (s *Store) successors(ctx context.Context, userID int64) (map[int64]int64, error) {
	var rows []struct {
		ID   int64 `db:"id"`
		Next int64 `db:"successor_id"`
	}
	const q = `
		SELECT id, successor_id
		FROM appointments
		WHERE user_id = $1
		  AND successor_id IS NOT NULL`
	if err := s.db.SelectContext(ctx, &rows, q, userID); err != nil {
		return nil, fmt.Errorf("booking.successors(%d): %w", userID, err)
	}
	out := make(map[int64]int64, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Next
	}
	return out, nil
}

// feed answers GET /calendar/{token}.ics (and /uz/…): the visits to come
// and of the last FeedRecent. An unknown token is the site's 404 page.
func (h *Handler) feed(c *fiber.Ctx) error {
	lang := "ru"
	if strings.HasPrefix(c.Path(), "/uz/") {
		lang = "uz"
	}
	ctx, now := c.UserContext(), h.now()
	token := utils.CopyString(c.Params("token"))
	// The token is the key to someone's visits: the access log and the
	// error page see the path without it.
	c.Path(strings.Replace(c.Path(), token, "{token}", 1))
	user, err := h.Store.feedUser(ctx, token)
	if err != nil {
		return err
	}
	events, err := h.Store.Events(ctx, user, lang, now, h.Dict)
	if err != nil {
		return err
	}
	since := now.Add(-FeedRecent)
	events = slices.DeleteFunc(events, func(e Event) bool { return parseStamp(e.Booking.End).Before(since) })
	// One person's visits: no cache keeps them, no search engine lists a
	// leaked address.
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	c.Set("X-Robots-Tag", "noindex")
	c.Set(fiber.HeaderContentType, "text/calendar; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `inline; filename="sogliq.ics"`)
	return c.SendString(Calendar(events, lang, h.PublicURL, now, h.Dict, true))
}

// resetFeed answers POST /api/calendar/reset: a new feed address for the
// user, in ?lang=; the old one answers 404 from now on.
func (h *Handler) resetFeed(c *fiber.Ctx) error {
	token, err := h.Store.ResetFeed(c.UserContext(), account.UserID(c), h.now())
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, FeedURLs(h.PublicURL, token, api.Lang(c)))
}
