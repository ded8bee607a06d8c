// Package derrors holds the error kinds that cross package boundaries. Stores
// wrap them (fmt.Errorf("...: %w", derrors.NotFound)), or refuse with the
// reason a visitor reads (derrors.Refuse(derrors.Conflict, "booking.taken")),
// and the API layer alone maps kinds to HTTP statuses (api.StatusOf), so
// data access code never speaks HTTP.
package derrors

//lint:file-ignore ST1012 the kinds read as derrors.NotFound, pkgsite's names (docs/style.md)

import (
	"errors"
	"time"
)

var (
	// NotFound means the requested thing does not exist: a 404.
	NotFound = errors.New("not found")
	// Invalid means the request itself is malformed: a 400.
	Invalid = errors.New("invalid argument")
	// Gone means the thing existed and was removed for good: a 410.
	Gone = errors.New("gone")
	// Conflict means the request clashes with how things stand now (a
	// time just taken, a visit no longer active): a 409.
	Conflict = errors.New("conflict")
	// Forbidden means the caller may not do this (another patient's
	// offer): a 403.
	Forbidden = errors.New("forbidden")
	// Busy means the request lost a race for a shared resource and may be
	// tried again in a moment (a deadlock retried out): a 503.
	Busy = errors.New("busy")
	// Unacceptable means a well-formed request that a rule refuses (a
	// review too long, a picture too small): a 422.
	Unacceptable = errors.New("unacceptable")
	// Limited means the caller reached a limit (too many bookings): a 429.
	Limited = errors.New("limit reached")
	// TooLarge means the request's body is over its limit: a 413.
	TooLarge = errors.New("too large")
	// Unsupported means a body of a kind that is not taken: a 415.
	Unsupported = errors.New("unsupported media type")
)

// Refusal is a kind with the reason the visitor reads: Key names a message
// in the dictionaries (server/i18n), Vars fill its {placeholders} as name,
// value pairs. RetryAfter, for a limit, is when asking again may pass.
// Cause, when set, is logged and never shown.
type Refusal struct {
	Kind       error
	Key        string
	Vars       []string
	RetryAfter time.Duration
	Cause      error
}

// Refuse returns a Refusal of kind with the message key and its vars.
func Refuse(kind error, key string, vars ...string) *Refusal {
	return &Refusal{Kind: kind, Key: key, Vars: vars}
}

func (r *Refusal) Error() string {
	msg := r.Kind.Error() + ": " + r.Key
	if r.Cause != nil {
		msg += ": " + r.Cause.Error()
	}
	return msg
}

// Is makes errors.Is(r, r.Kind) hold, and errors.Is see the cause too.
func (r *Refusal) Is(target error) bool { return target == r.Kind }

// Unwrap gives the cause.
func (r *Refusal) Unwrap() error { return r.Cause }
