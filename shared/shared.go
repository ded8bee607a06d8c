// Package shared embeds the data that the Go server and the React client both
// read: the route table, the i18n dictionaries and the limits of spec §9. The
// client imports the same JSON files directly, so there is one source.
package shared

import (
	"embed"
	"encoding/json"
)

// Files holds routes.json, limits.json, lexicon.json, images.json and i18n/{ru,uz}.json.
//
//go:embed routes.json limits.json lexicon.json images.json i18n/*.json
var Files embed.FS

// Limits are the constants of spec §9 that Go reads too (limits.json); the
// client imports the file and reads the rest. A constant of limits.json is
// written nowhere else (TestOneSource).
type Limits struct {
	DoctorsPerPage    int `json:"doctorsPerPage"`
	ProductsPerPage   int `json:"productsPerPage"`
	PostsPerPage      int `json:"postsPerPage"`
	PromotionsPerPage int `json:"promotionsPerPage"`
	ClinicsPerPage    int `json:"clinicsPerPage"`
	LocationsPerPage  int `json:"locationsPerPage"`
	SuggestMinChars   int `json:"suggestMinChars"`
	SuggestMax        int `json:"suggestMax"`
	// SearchQueryMax is the longest search query in characters: the
	// search API refuses a longer one, the search boxes take no more.
	SearchQueryMax int `json:"searchQueryMax"`
	// DeskReasonMax is the longest reason of a cancellation or a block
	// on the desk, in characters.
	DeskReasonMax int `json:"deskReasonMax"`
	// MeetingURLMax is the longest meeting link the desk pastes on an
	// online visit, in characters (migration 00250 holds it too).
	MeetingURLMax int    `json:"meetingUrlMax"`
	DefaultRegion string `json:"defaultRegion"`
	ReviewTextMax int    `json:"reviewTextMax"`
	// The doctor rating's prior (server/rating.Of, the /faq answer).
	RatingPriorMean   float64 `json:"ratingPriorMean"`
	RatingPriorWeight int     `json:"ratingPriorWeight"`
	ImageMaxBytes     int     `json:"imageMaxBytes"`
	ImageMaxPixels    int     `json:"imageMaxPixels"`
	ImageMaxSide      int     `json:"imageMaxSide"`
	// Documents a patient attaches to a visit (server/documents): the
	// largest file, how many one visit takes, how long a signed link to
	// one opens it.
	DocumentMaxBytes    int `json:"documentMaxBytes"`
	DocumentsPerVisit   int `json:"documentsPerVisit"`
	DocumentLinkMinutes int `json:"documentLinkMinutes"`
	// Analytics (server/analytics, client/lib/pageView.ts): the page-view
	// debounce, the longest value of a field, the rate limits and how many
	// months of events are kept.
	PageViewDebounceMs           int `json:"pageViewDebounceMs"`
	AnalyticsValueMax            int `json:"analyticsValueMax"`
	AnalyticsPerDevicePerMinute  int `json:"analyticsPerDevicePerMinute"`
	AnalyticsPerAddressPerMinute int `json:"analyticsPerAddressPerMinute"`
	AnalyticsRetentionMonths     int `json:"analyticsRetentionMonths"`
	PopularityDays               int `json:"popularityDays"`
	// PopularitySourceDevicesPerHour caps the distinct devices one address
	// counts for one doctor or clinic per event kind and hour.
	PopularitySourceDevicesPerHour int `json:"popularitySourceDevicesPerHour"`
	// LanguageCookieDays is how long the language choice is kept (SPEC §9).
	LanguageCookieDays int `json:"languageCookieDays"`
	// The app's store links: the footer's badges and the error page's
	// download action, which the server writes itself when the renderer
	// cannot (server/web plainErrorPage).
	PlayStoreURL string `json:"playStoreUrl"`
	AppStoreURL  string `json:"appStoreUrl"`
	// ProfileNameMax is the longest first or last name of a profile,
	// PatientNameMax the longest name of someone a visit is for, and
	// VisitReasonMax the longest reason of a visit, in characters: the
	// server refuses longer ones, the forms take no more.
	ProfileNameMax int `json:"profileNameMax"`
	PatientNameMax int `json:"patientNameMax"`
	VisitReasonMax int `json:"visitReasonMax"`
	// Relatives saved on a profile (issue 30): how many an account keeps,
	// and the oldest birth date one may have, in years before today.
	RelativesPerAccount int `json:"relativesPerAccount"`
	RelativeMaxAgeYears int `json:"relativeMaxAgeYears"`
	// UpcomingVisitsPerPerson bounds the upcoming visits of one person
	// (the user, or each relative they book for);
	// UpcomingVisitsPerAccount bounds those of the whole account.
	UpcomingVisitsPerPerson  int `json:"upcomingVisitsPerPerson"`
	UpcomingVisitsPerAccount int `json:"upcomingVisitsPerAccount"`
	// A clinic's booking rules as its desk sets them (issue 30): how many
	// days ahead it takes bookings at most, and the longest cancel
	// cut-off in hours (migrations 00270 and 00271 hold them too).
	BookingHorizonDaysMax int `json:"bookingHorizonDaysMax"`
	CancelCutoffHoursMax  int `json:"cancelCutoffHoursMax"`
}

// MustReadLimits is ReadLimits for a package's variables: the file is
// embedded and tested, so failing is a broken build.
func MustReadLimits() Limits {
	l, err := ReadLimits()
	if err != nil {
		panic("shared: limits.json: " + err.Error())
	}
	return l
}

// ReadLimits parses limits.json.
func ReadLimits() (Limits, error) {
	var l Limits
	raw, err := Files.ReadFile("limits.json")
	if err != nil {
		return l, err
	}
	err = json.Unmarshal(raw, &l)
	return l, err
}

// ImageSizes are the display sizes of images (images.json): the box each
// fills in CSS pixels, whether the picture is fitted whole (contain) or
// cropped to fill, and the pattern of their URLs ({density} is "" or "@2x").
// The client imports the same file to write <img> tags.
type ImageSizes struct {
	URLPattern string `json:"urlPattern"`
	Sizes      map[string]struct {
		Width   int  `json:"width"`
		Height  int  `json:"height"`
		Contain bool `json:"contain"`
	} `json:"sizes"`
}

// MustReadImageSizes parses images.json; it is embedded and tested, so
// failing is a broken build.
func MustReadImageSizes() ImageSizes {
	var s ImageSizes
	raw, err := Files.ReadFile("images.json")
	if err == nil {
		err = json.Unmarshal(raw, &s)
	}
	if err != nil {
		panic("shared: images.json: " + err.Error())
	}
	return s
}
