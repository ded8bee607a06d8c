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
	Need     *Need   `json:"need" tstype:"Need | null,required"`
	Query    string  `json:"query"`
	TooShort bool    `json:"tooShort"`
	Total    int     `json:"total"`
	Type     string  `json:"type"`
	Page     int     `json:"page"`
	Pages    int     `json:"pages"`
	Groups   []Group `json:"groups"`
	// Counts are every type's number of hits (the tabs), items left out.
	Counts []Group `json:"counts"`
}
