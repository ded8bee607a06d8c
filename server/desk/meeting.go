package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
	"sogliq/server/derrors"
	"sogliq/shared"
)

// MaxMeetingURL bounds a pasted meeting link, in characters.
var MaxMeetingURL = shared.MustReadLimits().MeetingURLMax

// checkMeetingURL trims raw and refuses, 400 desk.badMeetingUrl, what is
// not an absolute https link with a host, or is longer than
// MaxMeetingURL. "" stays "" (no link).
func checkMeetingURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil ||
		strings.ContainsAny(raw, " \t\r\n\"<>") || utf8.RuneCountInString(raw) > MaxMeetingURL {
		return "", api.Fail(400, "desk.badMeetingUrl", "max", strconv.Itoa(MaxMeetingURL))
	}
	return raw, nil
}

// SetMeetingURL sets (or clears, for "") the meeting link of booked visit
// id. A visit that is no longer booked is refused 409 desk.notBooked, a
// visit whose type is not online 422 desk.notOnline.
func (s *Store) SetMeetingURL(ctx context.Context, id int64, link string) error {
	var state struct {
		Status string `db:"status"`
		Online bool   `db:"online"`
	}
	const read = `
		SELECT a.status, coalesce(vt.online, false) AS online
		FROM appointments a
		LEFT JOIN visit_types vt ON vt.id = a.visit_type_id
		WHERE a.id = $1`
	err := s.db.GetContext(ctx, &state, read, id)
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.Refuse(derrors.NotFound, "desk.notFound")
	}
	if err != nil {
		return fmt.Errorf("desk.SetMeetingURL(%d): %w", id, err)
	}
	switch {
	case !state.Online:
		return derrors.Refuse(derrors.Unacceptable, "desk.notOnline")
	case state.Status != "booked":
		return derrors.Refuse(derrors.Conflict, "desk.notBooked")
	}
	// updated_at moves the calendar event's LAST-MODIFIED: its location
	// is the link.
	const q = `
		UPDATE appointments
		SET meeting_url = nullif($2, ''), updated_at = now()
		WHERE id = $1
		  AND status = 'booked'`
	res, err := s.db.ExecContext(ctx, q, id, link)
	if err != nil {
		return fmt.Errorf("desk.SetMeetingURL(%d): %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return derrors.Refuse(derrors.Conflict, "desk.notBooked")
	}
	return nil
}

func (h *Handler) meeting(c *fiber.Ctx) error {
	id, err := h.visit(c)
	if err != nil {
		return err
	}
	var in MeetingRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	link, err := checkMeetingURL(in.URL)
	if err != nil {
		return err
	}
	if err := h.Store.SetMeetingURL(c.UserContext(), id, link); err != nil {
		return err
	}
	return api.OK(c, fiber.Map{"id": id, "url": link})
}
