// Package analytics is what the site learns from its visitors: page views
// and clinic and doctor track-events (POST /api/analytic-events,
// /api/{clinics,doctors}/{id}/track-event), written in batches into the
// monthly partitions of analytic_events; the searches of the results page;
// the popularity of doctors, clinics, specialties and services recomputed
// from the last 30 days; and the editors' dashboard (/dashboard).
package analytics

import (
	"regexp"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"sogliq/server/derrors"
	"sogliq/shared"
)

// PageView is the one event of /api/analytic-events.
const PageView = "page_view"

// TrackKinds are the events of the track-event APIs (SPEC §7).
var TrackKinds = []string{"card_view", "phone_shown", "booking_started", "route_opened", "site_opened"}

// Platforms and Devices are the values of params.platform and params.device.
var (
	Platforms = []string{"mobile", "desktop"}
	Devices   = []string{"android", "ios", "desktop"}
)

// ValueMax bounds every text field of an event, in characters.
var ValueMax = shared.MustReadLimits().AnalyticsValueMax

// deviceIDPattern is a device id as client/lib/pageView.ts makes it (a
// UUID) or any other opaque id of letters, digits, '-' and '_'.
var deviceIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// Event is one row of analytic_events.
type Event struct {
	At       time.Time
	Event    string
	DeviceID string
	Route    string
	PageType string
	PageID   string
	Platform string
	Device   string
	Lang     string
	// Entity is "clinic" or "doctor" for a track-event, with EntityID.
	Entity   string
	EntityID int64
	// Source is the sender's address as a pseudonym (SourceOf).
	Source string
}

// PageViewRequest is the body of POST /api/analytic-events.
type PageViewRequest struct {
	Event  string         `json:"event"`
	Params PageViewParams `json:"params"`
}

// PageViewParams are a page view's fields, named as SPEC §3 names them.
// Device is the device type of the user agent (android, ios, desktop).
type PageViewParams struct {
	DeviceID string `json:"device_id"`
	Route    string `json:"route"`
	PageType string `json:"page_type"`
	PageID   string `json:"page_id"`
	Platform string `json:"platform"`
	Device   string `json:"device"`
}

// TrackRequest is the body of the track-event APIs: the kind, and the
// device id and platform of the page view sender when the page has them.
type TrackRequest struct {
	Event    string `json:"event"`
	DeviceID string `json:"device_id"`
	Route    string `json:"route"`
	Platform string `json:"platform"`
	Device   string `json:"device"`
}

// checkText refuses a field longer than ValueMax, or with a control
// character, naming the field.
func checkText(field, v string) error {
	if utf8.RuneCountInString(v) > ValueMax {
		return derrors.Refuse(derrors.Invalid, "analytics.tooLong", "field", field, "max", strconv.Itoa(ValueMax))
	}
	for _, r := range v {
		if r < 0x20 || r == 0x7f {
			return derrors.Refuse(derrors.Invalid, "analytics.badValue", "field", field)
		}
	}
	return nil
}

// checkOneOf refuses v unless it is one of values (empty allowed when
// optional).
func checkOneOf(field, v string, values []string, optional bool) error {
	if (optional && v == "") || slices.Contains(values, v) {
		return nil
	}
	return derrors.Refuse(derrors.Invalid, "analytics.badValue", "field", field)
}

// checkDevice refuses a malformed device id (empty allowed when optional).
func checkDevice(v string, optional bool) error {
	if (optional && v == "") || deviceIDPattern.MatchString(v) {
		return nil
	}
	return derrors.Refuse(derrors.Invalid, "analytics.badValue", "field", "device_id")
}

// checkRoute refuses a route that is not a path of this site.
func checkRoute(v string, optional bool) error {
	if optional && v == "" {
		return nil
	}
	if err := checkText("route", v); err != nil {
		return err
	}
	if len(v) == 0 || v[0] != '/' || (len(v) > 1 && v[1] == '/') {
		return derrors.Refuse(derrors.Invalid, "analytics.badValue", "field", "route")
	}
	return nil
}
