package product

// The types the store returns and the pages receive: texts in the
// visitor's language, picked in SQL by pick_lang (migration 00280). The
// sitemap and the search index read the medicines with queries of their
// own.

// Category is a group of medicines; Count is the number of its products.
type Category struct {
	ID          int64  `db:"id" json:"id"`
	Slug        string `db:"slug" json:"slug"`
	Name        string `db:"name" json:"name"`
	Description string `db:"description" json:"description"`
	Count       int    `db:"count" json:"count"`
}

// Tag is an active substance or a symptom medicines are filed under.
type Tag struct {
	ID   int64  `db:"id" json:"id"`
	Slug string `db:"slug" json:"slug"`
	Name string `db:"name" json:"name"`
}

// Card is a medicine as a listing shows it; Inn is its international
// name. Prices are so'm.
type Card struct {
	ID           int64  `db:"id" json:"id"`
	Slug         string `db:"slug" json:"slug"`
	Name         string `db:"name" json:"name"`
	Inn          string `db:"inn" json:"inn"`
	Form         string `db:"form" json:"form"`
	Dosage       string `db:"dosage" json:"dosage"`
	Prescription bool   `db:"prescription" json:"prescription"`
	PriceMin     int    `db:"price_min" json:"priceMin"`
	PriceMax     int    `db:"price_max" json:"priceMax"`
	// Image names the pack's picture (server/images), "" for none.
	Image string `db:"image" json:"image"`
}

// Product is the medicine page: the card, what only the page shows, and
// the medicines of the same international name (Analogues).
type Product struct {
	Card              `tstype:",extends"`
	Manufacturer      string   `db:"manufacturer" json:"manufacturer"`
	Country           string   `db:"country" json:"country"`
	Description       string   `db:"description" json:"description"`
	Indications       string   `db:"indications" json:"indications"`
	Contraindications string   `db:"contraindications" json:"contraindications"`
	Category          Category `db:"-" json:"category"`
	CategoryID        int64    `db:"category_id" json:"-"`
	Tags              []Tag    `db:"-" json:"tags"`
	Analogues         []Card   `db:"-" json:"analogues"`
}
