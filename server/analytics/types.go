package analytics

// DashboardPage is /dashboard's data: the last DashboardDays of the site,
// in the page's language. Allowed is false for a signed-in user who is
// neither editor nor admin (the page says so and shows nothing else).
type DashboardPage struct {
	Allowed bool `json:"allowed"`
	Days    int  `json:"days"`
	// Sections name the columns of ViewsByDay's counts.
	Sections      []string    `json:"sections"`
	ViewsByDay    []DayCounts `json:"viewsByDay"`
	TopPages      []Count     `json:"topPages"`
	TopDoctors    []Count     `json:"topDoctors"`
	TopClinics    []Count     `json:"topClinics"`
	Devices       []Count     `json:"devices"`
	Languages     []Count     `json:"languages"`
	NoResults     []Count     `json:"noResults"`
	BookingsByDay []Count     `json:"bookingsByDay"`
}

// DayCounts are one day's (YYYY-MM-DD, Tashkent) views per section, in
// the order of DashboardPage.Sections.
type DayCounts struct {
	Day    string `json:"day"`
	Counts []int  `json:"counts"`
}

// Count is a label and how many.
type Count struct {
	Label string `json:"label" db:"label"`
	Count int    `json:"count" db:"count"`
}
