package search

// The types of the search's JSON answer (GET /api/suggest) and of the
// /search page's data, on their own so tygo generates client/gen/search.ts
// from this file alone.

// Suggestion is one item of GET /api/suggest (SPEC §3). URL is the link
// target of SPEC §2 in the request's language and region, so the island
// and the results page link alike.
type Suggestion struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	Slug string `json:"slug"`
	Name string `json:"name"`
	// Image is the absolute URL of the thumbnail (1x), "" for none;
	// ImageSrcSet adds the 2x file for the <img>'s srcset.
	Image       string `json:"image"`
	ImageSrcSet string `json:"imageSrcSet,omitempty"`
	Description string `json:"description"`
	URL         string `json:"url"`
}

// Suggestion groups: the headings a suggestion list is shown under, in
// the order a patient acts on them when their best items tie.
const (
	GroupEmergency   = "emergency"
	GroupSpecialties = "specialties"
	GroupServices    = "services" // services, analyses, diagnostics
	GroupDoctors     = "doctors"
	GroupClinics     = "clinics"
	GroupMedicines   = "medicines"
	GroupConditions  = "conditions" // diseases and symptoms
)

// SuggestGroup is the items of one heading of a suggestion list, in
// order of relevance, region and popularity.
type SuggestGroup struct {
	Group string       `json:"group"`
	Items []Suggestion `json:"items"`
}

// SuggestList is the body of GET /api/suggest: at most MaxSuggestions
// items in all. Data is every item, group after group (SPEC §7's flat
// list, for clients that show no headings); Groups the same items under
// their headings, the group of the best item first (the emergency number
// always first).
type SuggestList struct {
	Data   []Suggestion   `json:"data"`
	Groups []SuggestGroup `json:"groups"`
}

// Group is one type's block of the results page.
type Group struct {
	Type  string       `json:"type"`
	Count int          `json:"count"`
	Items []Suggestion `json:"items"`
}

// Need is the results page's "you may need" block: what the query was
// understood to mean (lexicon.go), in the order a patient acts on it.
type Need struct {
	// Emergency asks to call EmergencyNumber before anything else.
	Emergency bool `json:"emergency"`
	// Number is the emergency number.
	Number string `json:"number"`
	// Services are the services, analyses and diagnostics the query
	// names, before the specialists who provide them.
	Services []Suggestion `json:"services"`
	// Specialties are the specialists the query leads to, most likely first.
	Specialties []Suggestion `json:"specialties"`
	// Doctors are the first specialty's doctors in the visitor's region.
	Doctors []Suggestion `json:"doctors"`
	// Pages are the matched symptom and disease pages.
	Pages []Suggestion `json:"pages"`
}

// NeedDoctors is the number of doctors the "you may need" block lists.
const NeedDoctors = 3

// Results is the data of the /search page.
type Results struct {
	// Need is nil when the query was not understood as a need.
	Need  *Need  `json:"need" tstype:"Need | null,required"`
	Query string `json:"query"`
	// Corrected is the query the results are for when it is not the one
	// typed (read in the other keyboard layout, or with a typo mended);
	// "" when the results are for the query as typed. Exact is set when
	// the visitor asked for the query as typed (?exact=1).
	Corrected string  `json:"corrected"`
	Exact     bool    `json:"exact"`
	TooShort  bool    `json:"tooShort"`
	Total     int     `json:"total"`
	Type      string  `json:"type"`
	Page      int     `json:"page"`
	Pages     int     `json:"pages"`
	Groups    []Group `json:"groups"`
	// Counts are every type's number of hits (the tabs), items left out.
	Counts []Group `json:"counts"`
}
