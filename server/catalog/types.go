package catalog

import "github.com/lib/pq"

// The types the stores return and the pages receive. A store reads its
// texts in the visitor's language, picked in SQL by pick_lang(lang, ru, uz)
// (migration 00280: the Uzbek text, or the Russian one where it is not
// translated), so each text is one field (name, not nameRu/nameUz). What
// needs both languages (the sitemap, the search index, the editor) reads
// them with queries of its own.

// Specialty is a doctor specialty (кардиолог / kardiolog). DoctorCount is
// the number of its doctors in a region when listed by Specialties, 0 from
// SpecialtyBySlug.
type Specialty struct {
	ID   int64  `db:"id" json:"id"`
	Slug string `db:"slug" json:"slug"`
	Name string `db:"name" json:"name"`
	// ChildrenName is the children's specialist ("детский кардиолог" /
	// "bolalar kardiologi").
	ChildrenName string `db:"children_name" json:"childrenName"`
	Description  string `db:"description" json:"description"`
	DoctorCount  int    `db:"doctor_count" json:"doctorCount"`
}

// SpecialtyRef is a specialty as a doctor card shows it.
type SpecialtyRef struct {
	ID           int64  `db:"id" json:"id"`
	Slug         string `db:"slug" json:"slug"`
	Name         string `db:"name" json:"name"`
	ChildrenName string `db:"children_name" json:"childrenName"`
}

// ClinicRef is a clinic where a doctor receives patients, with the price of
// a visit there in so'm. District is "" when the clinic has none.
type ClinicRef struct {
	ID       int64  `db:"id" json:"id"`
	Slug     string `db:"slug" json:"slug"`
	Name     string `db:"name" json:"name"`
	Address  string `db:"address" json:"address"`
	District string `db:"district" json:"district"`
	Phone    string `db:"phone" json:"phone"`
	Price    int    `db:"price" json:"price"`
}

// DoctorCard is a doctor as a listing shows it. Photo is a path under the
// uploads URL, "" when there is none. Category is the qualification
// category, "" when none. MinPrice is the lowest of the clinics' prices, 0
// when the doctor has no clinic.
type DoctorCard struct {
	ID              int64          `db:"id" json:"id"`
	Slug            string         `db:"slug" json:"slug"`
	Name            string         `db:"name" json:"name"`
	Photo           string         `db:"photo" json:"photo"`
	ExperienceYears int            `db:"experience_years" json:"experienceYears"`
	Category        string         `db:"category" json:"category"`
	Rating          float64        `db:"rating" json:"rating"`
	ReviewCount     int            `db:"review_count" json:"reviewCount"`
	Specialties     []SpecialtyRef `db:"-" json:"specialties"`
	Clinics         []ClinicRef    `db:"-" json:"clinics"`
	MinPrice        int            `db:"-" json:"minPrice"`
	// Online: the doctor offers an active online (video) visit type (the
	// card's badge).
	Online bool `db:"online" json:"online"`
	// Fragment is the card's kind for the renderer ("doctor"), which seals
	// it into the card's fragment key (ssr/props.go).
	Fragment string `db:"fragment" json:"fragment"`
}

// Doctor is the full doctor page: the card and what only the page shows.
// Degree is the academic degree, "" when none.
type Doctor struct {
	DoctorCard      `tstype:",extends"`
	Gender          string `db:"gender" json:"gender"`
	ExperienceSince int    `db:"experience_since" json:"experienceSince"`
	Degree          string `db:"degree" json:"degree"`
	Description     string `db:"description" json:"description"`
	AcceptsChildren bool   `db:"accepts_children" json:"acceptsChildren"`
	AcceptsAdults   bool   `db:"accepts_adults" json:"acceptsAdults"`
	RegionID        int64  `db:"region_id" json:"regionId"`
}

// ClinicCard is a clinic as a listing shows it. District and Type are ""
// when the clinic has none. PriceFrom and PriceTo are the listed service's
// price (0 when the listing has none; PriceTo 0 when the price is not a
// range).
type ClinicCard struct {
	ID          int64   `db:"id" json:"id"`
	Slug        string  `db:"slug" json:"slug"`
	Name        string  `db:"name" json:"name"`
	Address     string  `db:"address" json:"address"`
	Landmark    string  `db:"landmark" json:"landmark"`
	District    string  `db:"district" json:"district"`
	Phone       string  `db:"phone" json:"phone"`
	Rating      float64 `db:"rating" json:"rating"`
	ReviewCount int     `db:"review_count" json:"reviewCount"`
	IsState     bool    `db:"is_state" json:"isState"`
	TypeSlug    string  `db:"type_slug" json:"typeSlug"`
	Type        string  `db:"type" json:"type"`
	PriceFrom   int     `db:"price_from" json:"priceFrom"`
	PriceTo     int     `db:"price_to" json:"priceTo"`
	// Logo names the clinic's logo (server/images), "" for none.
	Logo string `db:"logo" json:"logo"`
	// Fragment is the card's kind for the renderer ("clinic"), which seals
	// it into the card's fragment key (ssr/props.go).
	Fragment string `db:"fragment" json:"fragment"`
}

// Clinic is the clinic card: the listing card and what only the card shows.
type Clinic struct {
	ClinicCard  `tstype:",extends"`
	RegionID    int64          `db:"region_id" json:"regionId"`
	Region      string         `db:"region" json:"region"`
	Description string         `db:"description" json:"description"`
	Latitude    float64        `db:"latitude" json:"latitude"`
	Longitude   float64        `db:"longitude" json:"longitude"`
	Phones      pq.StringArray `db:"phones" json:"phones"`
	Photos      pq.StringArray `db:"photos" json:"photos"`
	// Website is the clinic's own https site, or "".
	Website   string `db:"website" json:"website"`
	NetworkID int64  `db:"network_id" json:"-"`
	// Hours has a row per working weekday; OpenNow and RoundTheClock are
	// computed when the card is loaded.
	Hours         []Hours         `db:"-" json:"hours"`
	OpenNow       bool            `db:"-" json:"openNow"`
	RoundTheClock bool            `db:"-" json:"roundTheClock"`
	Profiles      []Named         `db:"-" json:"profiles"`
	Branches      []ClinicCard    `db:"-" json:"branches"`
	Doctors       []DoctorCard    `db:"-" json:"doctors"`
	Prices        []PriceCategory `db:"-" json:"prices"`
}

// Price is one priced item of a clinic; PriceTo is 0 unless a range.
type Price struct {
	CategoryID int64  `db:"category_id" json:"-"`
	Kind       string `db:"kind" json:"kind"`
	Slug       string `db:"slug" json:"slug"`
	Name       string `db:"name" json:"name"`
	PriceFrom  int    `db:"price_from" json:"priceFrom"`
	PriceTo    int    `db:"price_to" json:"priceTo"`
}

// PriceCategory groups a clinic's prices by category of a tree.
type PriceCategory struct {
	Kind  string  `json:"kind"`
	Slug  string  `json:"slug"`
	Name  string  `json:"name"`
	Items []Price `json:"items"`
}

// Named is a slugged thing with a name: a clinic type, a clinic
// specialisation or a district. Count is the number of clinics it has in
// a region where a list says so.
type Named struct {
	ID    int64  `db:"id" json:"id"`
	Slug  string `db:"slug" json:"slug"`
	Name  string `db:"name" json:"name"`
	Count int    `db:"count" json:"count"`
}

// ServiceItem is a node of a services tree as a list shows it, with the
// number of clinics of a region pricing it (for a category: pricing any
// of its items) and the lowest of their prices, 0 when none. Counts and
// prices come from clinic_offers.
type ServiceItem struct {
	ID          int64  `db:"id" json:"id"`
	ParentID    int64  `db:"parent_id" json:"parentId"`
	Slug        string `db:"slug" json:"slug"`
	Name        string `db:"name" json:"name"`
	ClinicCount int    `db:"clinic_count" json:"clinicCount"`
	MinPrice    int    `db:"min_price" json:"minPrice"`
}

// ServiceCategory is a category with its items.
type ServiceCategory struct {
	ServiceItem `tstype:",extends"`
	Items       []ServiceItem `json:"items"`
}

// Service is a service, diagnostic or analysis (a category or an item)
// with what its page shows.
type Service struct {
	ID              int64  `db:"id" json:"id"`
	Kind            string `db:"kind" json:"kind" tstype:"ServiceKind"`
	ParentID        int64  `db:"parent_id" json:"parentId"`
	Slug            string `db:"slug" json:"slug"`
	Name            string `db:"name" json:"name"`
	Description     string `db:"description" json:"description"`
	Preparation     string `db:"preparation" json:"preparation"`
	TurnaroundHours int    `db:"turnaround_hours" json:"turnaroundHours"`
	// Parent is the category of an item; Children the items of a category.
	Parent   *ServiceItem  `db:"-" json:"parent" tstype:"ServiceItem | null,required"`
	Children []ServiceItem `db:"-" json:"children"`
}
