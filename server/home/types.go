package home

import (
	"sogliq/server/catalog"
	"sogliq/server/content"
	"sogliq/server/promotion"
)

// Page is the data of the home page of a region (/ and /{region}, both
// languages), in the page's language: what a patient landing there looks
// for first.
type Page struct {
	// Specialties are the region's most-staffed specialties.
	Specialties []catalog.SpecialtyText `json:"specialties"`
	// Clinics are the region's top-rated clinics.
	Clinics []catalog.ClinicCardText `json:"clinics"`
	// Promotions are the region's current promotions, newest first.
	Promotions []promotion.Listed `json:"promotions"`
	// Services and Analyses are the region's most widely offered services
	// and analyses, each with its lowest price ("from").
	Services []catalog.ServiceItemText `json:"services"`
	Analyses []catalog.ServiceItemText `json:"analyses"`
	// Articles are the latest articles.
	Articles []content.PostText `json:"articles"`
}
