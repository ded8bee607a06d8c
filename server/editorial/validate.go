package editorial

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sogliq/server/content"
)

// Problem is one refused field: Key is the field ("name.ru", "slug"),
// Message a dictionary key with its variables.
type Problem struct {
	Key     string
	Message string
	Vars    []string
}

var (
	slugPattern  = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	imagePattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
	// httpsPattern is the clinics.website CHECK: https, a host with a
	// top-level domain, an optional port and path.
	httpsPattern = regexp.MustCompile(`^https://[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:[0-9]+)?(/\S*)?$`)
	markup       = regexp.MustCompile(`<[^>]*>`)
)

// blank is SPEC §5's empty: nothing, or whitespace only.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// Normalize trims the texts, sanitises rich text and sorts references, so
// that the stored draft is what would be published.
func Normalize(k Kind, v Values) Values {
	out := Values{}
	for _, f := range k.Fields {
		val := v[f.Name]
		switch f.Type {
		case Rows:
			out[f.Name] = Value{Rows: normalizeRows(f, val.Rows)}
		case Refs:
			ids := slices.Clone(val.IDs)
			slices.Sort(ids)
			out[f.Name] = Value{IDs: slices.Compact(ids)}
		case RichText:
			out[f.Name] = Value{Ru: strings.TrimSpace(content.Sanitize(val.Ru)), Uz: strings.TrimSpace(content.Sanitize(val.Uz)), Text: strings.TrimSpace(content.Sanitize(val.Text))}
		default:
			out[f.Name] = Value{Ru: strings.TrimSpace(val.Ru), Uz: strings.TrimSpace(val.Uz), Text: strings.TrimSpace(val.Text)}
		}
	}
	return out
}

// Check returns the problems of v's formats (lengths, slug and image
// form): a draft with any is refused. Empty required fields are not
// among them: a draft may be unfinished; Missing lists those. live are the
// values the site shows now (nil for none): a slug kept as it is passes
// whatever its length, since a slug seeded or imported before the minimum
// (the diagnostic "kt") must stay editable without moving its URL.
func Check(k Kind, v Values, live Values) []Problem {
	var out []Problem
	for _, f := range k.Fields {
		val := v[f.Name]
		if f.Type == Rows {
			out = append(out, checkRows(f, val.Rows)...)
			continue
		}
		for _, t := range texts(f, val) {
			if t.s == "" {
				continue
			}
			n := utf8.RuneCountInString(t.s)
			kept := f.Type == Slug && live != nil && t.s == live[f.Name].Text
			switch {
			case f.Max > 0 && n > f.Max:
				out = append(out, Problem{t.key, "editor.error.max", []string{"max", strconv.Itoa(f.Max)}})
			case f.Min > 0 && n < f.Min && !kept:
				out = append(out, Problem{t.key, "editor.error.min", []string{"min", strconv.Itoa(f.Min)}})
			case f.Type == Slug && !slugPattern.MatchString(t.s):
				out = append(out, Problem{t.key, "editor.error.slug", nil})
			case f.Type == Image && !imagePattern.MatchString(t.s):
				out = append(out, Problem{t.key, "editor.error.image", nil})
			case f.Type == URL && !httpsPattern.MatchString(t.s):
				out = append(out, Problem{t.key, "editor.error.https", nil})
			case f.Type == Price && !price(t.s):
				out = append(out, Problem{t.key, "editor.error.price", nil})
			case f.Type == Date && !date(t.s):
				out = append(out, Problem{t.key, "editor.error.date", nil})
			case f.UpTo != "" && exceeds(f, t.s, v[f.UpTo].Text):
				out = append(out, Problem{t.key, f.UpToMessage, nil})
			}
		}
	}
	return out
}

// price is a whole number of sums from 1 to 1,000,000,000.
func price(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 1_000_000_000 && s == strconv.Itoa(n)
}

// date is a calendar date written YYYY-MM-DD.
func date(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// exceeds reports whether s, a valid price or date, is past limit (an
// empty or invalid limit is its own field's problem).
func exceeds(f Field, s, limit string) bool {
	if f.Type == Price {
		a, b := price(s), price(limit)
		x, _ := strconv.Atoi(s)
		y, _ := strconv.Atoi(limit)
		return a && b && x > y
	}
	return date(s) && date(limit) && s > limit
}

// Missing returns the keys of required fields v leaves empty ("name.uz").
func Missing(k Kind, v Values) []string {
	var out []string
	for _, f := range k.Fields {
		if !f.Required {
			continue
		}
		val := v[f.Name]
		if f.Type == Refs || f.Type == Rows {
			if len(val.IDs) == 0 && len(val.Rows) == 0 {
				out = append(out, f.Name)
			}
			continue
		}
		for _, t := range texts(f, val) {
			if blank(plain(f, t.s)) {
				out = append(out, t.key)
			}
		}
	}
	return out
}

// plain is rich text without its tags, so "<p></p>" is empty.
func plain(f Field, s string) string {
	if f.Type != RichText {
		return s
	}
	return markup.ReplaceAllString(s, "")
}

type text struct{ key, s string }

// texts are a field's texts with their keys: one per language when it is
// translatable.
func texts(f Field, v Value) []text {
	switch {
	case f.Type == Refs, f.Type == Rows:
		return nil
	case f.Translatable:
		return []text{{f.Name + ".ru", v.Ru}, {f.Name + ".uz", v.Uz}}
	}
	return []text{{f.Name, v.Text}}
}

// Diff lists what changes from before to after, field by field.
func Diff(k Kind, before, after Values) []Change {
	out := []Change{}
	for _, f := range k.Fields {
		b, a := before[f.Name], after[f.Name]
		if f.Type == Rows {
			if from, to := rowsText(b.Rows), rowsText(a.Rows); from != to {
				out = append(out, Change{Field: f.Name, From: from, To: to})
			}
			continue
		}
		if f.Type == Refs {
			if !slices.Equal(b.IDs, a.IDs) {
				out = append(out, Change{Field: f.Name, From: ids(b.IDs), To: ids(a.IDs)})
			}
			continue
		}
		bt, at := texts(f, b), texts(f, a)
		for i := range bt {
			if bt[i].s != at[i].s {
				c := Change{Field: f.Name, From: bt[i].s, To: at[i].s}
				if f.Translatable {
					c.Lang = bt[i].key[len(f.Name)+1:]
				}
				out = append(out, c)
			}
		}
	}
	return out
}

func ids(v []int64) string {
	s := make([]string, len(v))
	for i, id := range v {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ", ")
}
