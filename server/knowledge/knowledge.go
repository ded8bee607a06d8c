// Package knowledge owns the medical knowledge pages: diseases and symptoms,
// the many-to-many links between them, the specialties that treat a disease,
// and the loaders of /bolezn and /simptom. A disease page leads to doctors:
// the top doctors of its specialties in the visitor's region, read through
// the catalog.
package knowledge

import (
	"sort"
	"strings"
	"unicode"

	"github.com/jmoiron/sqlx"
)

// Store reads diseases and symptoms.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// uzDigraphs are the Uzbek Latin letters written with two characters; an
// index files "Shamollash" under "Sh", not "S".
var uzDigraphs = []string{"Sh", "Ch", "O'", "G'", "Ng"}

// Initial returns the index letter of name in lang: the upper-cased first
// letter, or for Uzbek one of the digraphs Sh, Ch, O', G' (the modifier
// apostrophe ʻ and the typographic ’ count as ').
func Initial(name, lang string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return ""
	}
	if lang == "uz" {
		norm := strings.NewReplacer("ʻ", "'", "’", "'", "‘", "'").Replace(name)
		for _, d := range uzDigraphs[:4] {
			if len(norm) >= 2 && strings.EqualFold(norm[:2], d) {
				return d
			}
		}
	}
	r := []rune(name)[0]
	if r == 'ё' || r == 'Ё' {
		return "Е"
	}
	return string(unicode.ToUpper(r))
}

// alphabets are the letter orders of the index: Russian Cyrillic, and the
// Uzbek Latin alphabet, which puts O', G', Sh and Ch after Z.
var alphabets = map[string][]string{
	"ru": strings.Split("А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я", " "),
	"uz": strings.Split("A B D E F G H I J K L M N O P Q R S T U V X Y Z O' G' Sh Ch", " "),
}

// rank is a letter's place in lang's alphabet; letters outside it follow,
// in code-point order.
func rank(letter, lang string) int {
	for i, l := range alphabets[lang] {
		if l == letter {
			return i
		}
	}
	r := []rune(letter)
	if len(r) == 0 {
		return 1 << 30
	}
	return 1000 + int(r[0])
}

// GroupByInitial files entries (already in name order) under their initial
// letters, one group per letter in alphabet order; within a group the
// entries keep their order. Code-point order alone would split S around Sh
// in Uzbek and put Ё before А in Russian, so groups are merged and sorted.
func GroupByInitial(entries []Entry, lang string) []Group {
	groups := []Group{}
	index := map[string]int{}
	for _, e := range entries {
		l := Initial(e.Name, lang)
		i, ok := index[l]
		if !ok {
			i = len(groups)
			index[l] = i
			groups = append(groups, Group{Letter: l, Entries: []Entry{}})
		}
		groups[i].Entries = append(groups[i].Entries, e)
	}
	sort.SliceStable(groups, func(i, j int) bool { return rank(groups[i].Letter, lang) < rank(groups[j].Letter, lang) })
	return groups
}
