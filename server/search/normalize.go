package search

import (
	"strings"
	"unicode"
)

// The search key is one spelling for every way a word is typed: Latin,
// lower case, ASCII letters and digits, words split by single spaces.
// Russian and Uzbek Cyrillic are transliterated with the Uzbek Latin
// alphabet's letters (х → x, ж → j, ш → sh), Uzbek o'/g' lose their
// apostrophe in any of its forms (ʻ ’ ` ' ‘), the common Russian
// romanisations are folded onto the same letters (kh → x, zh → j), and each
// word is stemmed of a common Russian or Uzbek ending. So "Кардиолог",
// "кардиологи", "kardiologlar" and Uzbek Cyrillic "кардиолог" all become
// "kardiolog".

// cyrLat transliterates one lower-case Cyrillic letter (Russian and Uzbek).
var cyrLat = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e",
	'ж': "j", 'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m",
	'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u",
	'ф': "f", 'х': "x", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "sh", 'ъ': "",
	'ы': "i", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya",
	// Uzbek Cyrillic.
	'ў': "o", 'қ': "q", 'ғ': "g", 'ҳ': "h",
}

// apostrophes are the ways the Uzbek o' and g' are typed; all are dropped.
const apostrophes = "'ʻʼ’‘`´"

// latinFolds map romanisations onto the spelling transliteration gives.
var latinFolds = strings.NewReplacer(
	"shch", "sh", "sh", "sh", "ch", "ch", "kh", "x", "zh", "j", "ye", "e", "yo", "e", "iy", "i", "yy", "i", "w", "v", "h", "x",
)

// stopWords are prepositions that carry nothing for search ("у кардиолога").
var stopWords = map[string]bool{
	"u": true, "v": true, "k": true, "s": true, "o": true, "na": true, "po": true,
	"dlya": true, "pri": true, "ot": true, "vo": true, "i": true, "va": true, "uchun": true,
}

// endings are stripped, longest first, when a word keeps at least minStem
// letters: Russian case and plural endings, Uzbek plural, possessive and
// case suffixes.
var endings = []string{
	"larning", "larini", "larida", "laridan", "larga", "larni", "larda", "lardan", "lari", "lar",
	"ning", "dagi", "idan", "ini", "iga", "ida", "dan", "ga", "ni", "da",
	"ami", "yami", "ogo", "ego", "omu", "emu", "imi", "ymi", "ov", "ev", "om", "em", "am", "ax", "ix",
	"oy", "ey", "ay", "ya", "yu", "ia", "a", "i", "u", "e",
}

const minStem = 4

// Key is the search key of s: see the comment at the top of this file.
func Key(s string) string {
	words := Words(s)
	for i, w := range words {
		words[i] = Stem(w)
	}
	return strings.Join(words, " ")
}

// Words returns the folded words of s, without stop words and unstemmed.
func Words(s string) []string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case strings.ContainsRune(apostrophes, r):
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case cyrLat[r] != "" || r == 'ъ' || r == 'ь':
			b.WriteString(cyrLat[r])
		case unicode.IsLetter(r):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	var words []string
	for _, w := range strings.Fields(latinFolds.Replace(b.String())) {
		if !stopWords[w] {
			words = append(words, w)
		}
	}
	return words
}

// Stem strips one common ending from a folded word. The short Uzbek case
// suffixes ga, da and ni are taken only after a consonant: "kardiologa" is
// Russian "кардиолога" (stem kardiolog), "kardiologga" Uzbek.
func Stem(w string) string {
	for _, e := range endings {
		if !strings.HasSuffix(w, e) || len(w)-len(e) < minStem {
			continue
		}
		stem := w[:len(w)-len(e)]
		if (e == "ga" || e == "da" || e == "ni") && strings.ContainsRune("aeiou", rune(stem[len(stem)-1])) {
			continue
		}
		return stem
	}
	return w
}

// qwerty and jcuken are the same keys of the US and Russian layouts.
const (
	qwerty = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
	jcuken = "йцукенгшщзхъфывапролджэячсмитьбюё"
)

var toCyr, toLat = layoutMaps()

func layoutMaps() (map[rune]rune, map[rune]rune) {
	c, l := map[rune]rune{}, map[rune]rune{}
	q, j := []rune(qwerty), []rune(jcuken)
	for i := range q {
		c[q[i]] = j[i]
		l[j[i]] = q[i]
	}
	return c, l
}

// SwitchLayout returns s as it would read had it been typed with the other
// keyboard layout (Latin ↔ Russian): "rfhlbjkju" → "кардиолог" and back.
// ok is false when s has no letter the swap changes.
func SwitchLayout(s string) (out string, ok bool) {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if c, found := toCyr[r]; found {
			b.WriteRune(c)
			ok = true
		} else if l, found := toLat[r]; found {
			b.WriteRune(l)
			ok = true
		} else {
			b.WriteRune(r)
		}
	}
	return b.String(), ok
}

// QueryKeys returns the keys a query is looked up under: its own key and,
// when different, the key of its wrong-layout reading.
func QueryKeys(q string) []string {
	keys := []string{}
	if k := Key(q); k != "" {
		keys = append(keys, k)
	}
	if sw, ok := SwitchLayout(q); ok {
		if k := Key(sw); k != "" && (len(keys) == 0 || k != keys[0]) {
			keys = append(keys, k)
		}
	}
	return keys
}
