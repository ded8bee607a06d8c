package editorial

// Value is one field's content: Ru and Uz for a translatable field, Text
// for any other text, IDs for a list of references (a doctor's
// specialties).
type Value struct {
	Ru   string  `json:"ru,omitempty"`
	Uz   string  `json:"uz,omitempty"`
	Text string  `json:"text,omitempty"`
	IDs  []int64 `json:"ids,omitempty"`
	// Rows are a rows field's rows, each its cells in column order.
	Rows [][]string `json:"rows,omitempty"`
}

// Values are an entity's editable fields by field name.
type Values map[string]Value

// FieldInfo describes one field to the form.
type FieldInfo struct {
	Name string `json:"name"`
	// Label is the field's name in the editor's language.
	Label        string `json:"label"`
	Type         string `json:"type" tstype:"\"text\" | \"longtext\" | \"richtext\" | \"slug\" | \"image\" | \"url\" | \"price\" | \"date\" | \"refs\" | \"rows\""`
	Translatable bool   `json:"translatable"`
	Required     bool   `json:"required"`
	// Max is the longest text in characters; 0 for none.
	Max int `json:"max"`
	// Options are the choices of a refs field.
	Options []Option `json:"options,omitempty"`
	// Use is an image field's upload use (POST /api/editor/images?use=).
	Use string `json:"use,omitempty"`
	// Columns are a rows field's columns.
	Columns []RowColumnInfo `json:"columns,omitempty"`
	// UpTo names the field a price or date may not exceed, UpToMessage
	// the refusal's dictionary key (Field.UpTo).
	UpTo        string `json:"upTo,omitempty"`
	UpToMessage string `json:"upToMessage,omitempty"`
}

// RowColumnInfo describes a column to the form.
type RowColumnInfo struct {
	Name string `json:"name"`
	// Label is the column's name in the editor's language.
	Label string `json:"label"`
	Kind  string `json:"kind" tstype:"\"weekday\" | \"clock\" | \"ref\" | \"money\""`
	// Optional cells may be left empty.
	Optional bool `json:"optional"`
	// Options are the choices of a ref column.
	Options []Option `json:"options,omitempty"`
}

// Option is one choice of a refs field, named in the editor's language.
type Option struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// KindInfo names an entity kind in the editor's language.
type KindInfo struct {
	Name  string `json:"name"`
	Label string `json:"label"`
}

// ListItem is one entity of a list.
type ListItem struct {
	ID    int64  `json:"id" db:"id"`
	Title string `json:"title" db:"title"`
	Slug  string `json:"slug" db:"slug"`
	// Detail tells namesakes apart (a doctor's specialties and clinic); "" for most kinds.
	Detail string `json:"detail" db:"detail"`
	// Draft is whether an unpublished draft exists.
	Draft bool `json:"draft" db:"draft"`
}

// Change is one field's change in a published revision.
type Change struct {
	Field string `json:"field"`
	Lang  string `json:"lang,omitempty"`
	From  string `json:"from"`
	To    string `json:"to"`
}

// Revision is one revision of an entity's history.
type Revision struct {
	ID    int64  `json:"id"`
	State string `json:"state" tstype:"\"draft\" | \"scheduled\" | \"published\""`
	// Author is the phone of who published (or wrote) it; "" when they
	// have deleted their account.
	Author      string   `json:"author"`
	Created     string   `json:"created"`
	PublishAt   string   `json:"publishAt,omitempty"`
	PublishedAt string   `json:"publishedAt,omitempty"`
	Changes     []Change `json:"changes"`
}

// Form is an entity in the editor: its fields, the values shown (the
// draft when there is one, else the published ones), its history and the
// signed preview links of the draft.
type Form struct {
	Kind     string      `json:"kind"`
	ID       int64       `json:"id"`
	Fields   []FieldInfo `json:"fields"`
	Values   Values      `json:"values"`
	HasDraft bool        `json:"hasDraft"`
	// LiveSlug is the slug the site uses now ("" for a kind without one):
	// kept as it is, it passes even when shorter than a new slug may be.
	LiveSlug string `json:"liveSlug,omitempty"`
	// CanDelete is whether editors delete entities of the kind.
	CanDelete bool       `json:"canDelete"`
	Revisions []Revision `json:"revisions"`
	// Preview are the draft's preview links by language ("ru", "uz").
	Preview map[string]string `json:"preview,omitempty"`
	// Missing are the labels of required fields still empty (publishing
	// is refused until none is).
	Missing []string `json:"missing"`
}

// Grant is one site role (editor, admin) as /editor shows it to admins.
type Grant struct {
	Phone string `json:"phone" db:"phone"`
	Role  string `json:"role" db:"role"`
}

// EditorPage is the data of /editor.
type EditorPage struct {
	// Allowed is false for a signed-in user who is neither editor nor admin.
	Allowed bool       `json:"allowed"`
	Admin   bool       `json:"admin"`
	Kinds   []KindInfo `json:"kinds"`
	Kind    string     `json:"kind"`
	Query   string     `json:"query"`
	// Drafts limits the list to entities with a draft.
	Drafts bool       `json:"drafts"`
	Items  []ListItem `json:"items"`
	// CanCreate is whether editors create entities of the kind (a FAQ question).
	CanCreate bool `json:"canCreate"`
	// Redirects are the rows of a redirect table, when Kind names one
	// ("redirects", "rules") instead of an entity kind.
	Redirects []RedirectRow `json:"redirects" tstype:"RedirectRow[] | null"`
	// Form is the entity opened with ?id=, if any.
	Form *Form `json:"form,omitempty"`
	// Grants are the site's editors and admins (admins only).
	Grants []Grant `json:"grants"`
}

// RedirectRow is one redirect: a path of the site and where it moved.
type RedirectRow struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

// Created is the answer to creating an entity: its id, for its form.
type Created struct {
	ID int64 `json:"id"`
}

// Uploaded is the answer to a picture's upload: the hash its image field
// takes, and its size upright.
type Uploaded struct {
	Hash   string `json:"hash"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// RoleRequest grants or revokes a site role.
type RoleRequest struct {
	Phone string `json:"phone"`
	Role  string `json:"role"`
}

// PublishRequest publishes a draft now or, with At (RFC 3339), then.
type PublishRequest struct {
	At string `json:"at,omitempty"`
}
