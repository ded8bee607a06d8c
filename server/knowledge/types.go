package knowledge

// The types the store returns and the pages receive: texts in the
// visitor's language, picked in SQL by pick_lang (migration 00280). The
// sitemap reads the entries with a query of its own.

// Entry is a disease or a symptom as an index or a link shows it.
type Entry struct {
	ID   int64  `db:"id" json:"id"`
	Slug string `db:"slug" json:"slug"`
	Name string `db:"name" json:"name"`
}

// Article is a disease or symptom with its description.
type Article struct {
	Entry       `tstype:",extends"`
	Description string `db:"description" json:"description"`
}

// Group is the entries of an index under one initial letter.
type Group struct {
	Letter  string  `json:"letter"`
	Entries []Entry `json:"entries"`
}
