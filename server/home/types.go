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
	Specialties []catalog.Specialty `json:"specialties"`
	// Clinics are the region's top-rated clinics.
	Clinics []catalog.ClinicCard `json:"clinics"`
	// Promotions are the region's current promotions, newest first.
	Promotions []promotion.Promotion `json:"promotions"`
	// Services and Analyses are the region's most widely offered services
	// and analyses, each with its lowest price ("from").
	Services []catalog.ServiceItem `json:"services"`
	Analyses []catalog.ServiceItem `json:"analyses"`
	// Articles are the latest articles.
	Articles []content.Post `json:"articles"`
}
