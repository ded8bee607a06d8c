package promotion

// The types the store returns and the pages receive: texts in the
// visitor's language, picked in SQL by pick_lang (migration 00280). The
// sitemap reads the promotions with a query of its own.

// Clinic is the clinic of a promotion.
type Clinic struct {
	ID      int64  `db:"clinic_id" json:"id"`
	Slug    string `db:"clinic_slug" json:"slug"`
	Name    string `db:"clinic_name" json:"name"`
	Address string `db:"clinic_address" json:"address"`
	Phone   string `db:"clinic_phone" json:"phone"`
}

// Promotion is a clinic's offer with its discount, the saving in percent
// rounded down. Dates are YYYY-MM-DD. Ended reports that ends_on is past;
// Gone that the grace period is over too.
type Promotion struct {
	ID          int64  `db:"id" json:"id"`
	Slug        string `db:"slug" json:"slug"`
	Title       string `db:"title" json:"title"`
	Description string `db:"description" json:"description"`
	OldPrice    int    `db:"old_price" json:"oldPrice"`
	NewPrice    int    `db:"new_price" json:"newPrice"`
	StartsOn    string `db:"starts_on" json:"startsOn"`
	EndsOn      string `db:"ends_on" json:"endsOn"`
	Ended       bool   `db:"ended" json:"ended"`
	Gone        bool   `db:"gone" json:"-"`
	Discount    int    `db:"discount" json:"discount"`
	Clinic      `json:"clinic"`
	// Image names the banner (server/images), "" for none.
	Image string `db:"image" json:"image"`
}
