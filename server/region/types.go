package region

// The types of the locations API's answers (GET /api/locations...), on
// their own so tygo generates client/gen/region.ts from this file alone.

// Location is a region as the API shows it.
type Location struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
	Code string `json:"code"`
}

// DistrictItem is a district as the API shows it.
type DistrictItem struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// LocationPage is one page of the regions with where it stands.
type LocationPage struct {
	Data []Location `json:"data"`
	Meta PageMeta   `json:"meta"`
}

// PageMeta places a page in the whole list.
type PageMeta struct {
	Page    int `json:"page"`
	PerPage int `json:"perPage"`
	Total   int `json:"total"`
}

// Detected is the visitor's region and whether it was really found (else
// it is the default region).
type Detected struct {
	Data     Location `json:"data"`
	Detected bool     `json:"detected"`
}
