package content

// The types the store returns and the pages receive: texts in the
// visitor's language, picked in SQL by pick_lang (migration 00280). The
// editor and the sitemap read the content with queries of their own.

// InfoPage is an information page.
type InfoPage struct {
	Slug  string `db:"slug" json:"slug"`
	Title string `db:"title" json:"title"`
	Body  string `db:"body" json:"body"`
}

// FAQEntry is a question and its answer (sanitised HTML).
type FAQEntry struct {
	ID       int64  `db:"id" json:"id"`
	Question string `db:"question" json:"question"`
	Answer   string `db:"answer" json:"answer"`
}

// Post is an article, a news item or a press mention; Body, Doctors and
// Clinics are on its own page only.
type Post struct {
	ID             int64  `db:"id" json:"id"`
	Kind           string `db:"kind" json:"kind" tstype:"PostKind"`
	Slug           string `db:"slug" json:"slug"`
	Title          string `db:"title" json:"title"`
	Summary        string `db:"summary" json:"summary"`
	Body           string `db:"body" json:"body,omitempty"`
	Author         string `db:"author" json:"author"`
	PublishedOn    string `db:"published_on" json:"publishedOn"` // YYYY-MM-DD
	ReadingMinutes int    `db:"reading_minutes" json:"readingMinutes"`
	// Cover names the cover picture (server/images), "" for none.
	Cover   string    `db:"cover" json:"cover"`
	Doctors []Related `db:"-" json:"doctors,omitempty"`
	Clinics []Related `db:"-" json:"clinics,omitempty"`
}

// Related is a doctor or clinic a post mentions; Detail is the doctor's
// first specialty or the clinic's address.
type Related struct {
	Slug   string `db:"slug" json:"slug"`
	Name   string `db:"name" json:"name"`
	Detail string `db:"detail" json:"detail"`
}
