package documents

// Document is one file attached to a visit, as its patient or the
// clinic's staff see it. URL opens it for the viewer it was made for, for
// a few minutes (documentLinkMinutes): a signed link, never a lasting
// address.
type Document struct {
	ID int64 `json:"id"`
	// Kind is referral or result.
	Kind string `json:"kind" tstype:"'referral' | 'result'"`
	// Name is the original file name, cleaned of paths and control
	// characters, with the extension of what the file is.
	Name        string `json:"name"`
	ContentType string `json:"contentType" tstype:"'application/pdf' | 'image/jpeg' | 'image/png'"`
	Size        int    `json:"size"`
	// Created is when it was attached (RFC 3339, Tashkent).
	Created string `json:"created"`
	URL     string `json:"url"`
}

// VisitDocuments are a patient's documents of one visit and whether more
// can be attached: only to a booked visit still to come, at most Max.
type VisitDocuments struct {
	BookingID int64      `json:"bookingId"`
	CanAttach bool       `json:"canAttach"`
	Max       int        `json:"max"`
	MaxBytes  int        `json:"maxBytes"`
	Documents []Document `json:"documents"`
}
