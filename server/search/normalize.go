package search

import (
	"slices"
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
	// Russian adjectives: детская, детские, детское, детскую → detsk.
	"aya", "uyu", "ie", "oe",
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
		if w = foldLatin(w); !stopWords[w] {
			words = append(words, w)
		}
	}
	return words
}

// foldLatin reads Russian typed in Latin as transliteration spells it: a
// c before a vowel is ц ("serdce", "paracetamol", "bolnica"); a y after a
// consonant, before a consonant or at the end, is ы ("dyshat", "proby");
// an Uzbek y follows a vowel, and Uzbek has no c but in ch.
func foldLatin(w string) string {
	if !strings.ContainsAny(w, "cy") {
		return w
	}
	vowel := func(c byte) bool { return strings.IndexByte("aeiouy", c) >= 0 }
	consonant := func(c byte) bool { return c >= 'a' && c <= 'z' && !vowel(c) }
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == 'c' && i+1 < len(w) && vowel(w[i+1]):
			b.WriteString("ts")
		case c == 'y' && i > 0 && consonant(w[i-1]) && (i == len(w)-1 || consonant(w[i+1])):
			b.WriteByte('i')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Stem strips one common ending from a folded word. The short Uzbek case
// suffixes ga, da and ni are taken only after a consonant: "kardiologa" is
// Russian "кардиолога" (stem kardiolog), "kardiologga" Uzbek.
func Stem(w string) string {
	w = uzStem(w)
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

// QueryKeys returns the keys a query is looked up under: its whole key,
// its key without weak words, and the same two of its wrong-layout reading,
// each once (an exact name ranks first; a name matched by the strong words
// ranks before a similar one of the whole query). Only the first MaxWords distinct words of q count.
func QueryKeys(q string) []string { return queryKeys(q, true) }

// TypedKeys are QueryKeys without the wrong-layout reading: the query
// exactly as typed.
func TypedKeys(q string) []string { return queryKeys(q, false) }

func queryKeys(q string, layout bool) []string {
	q = Bound(q)
	keys := []string{}
	add := func(k string) {
		if k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for i, s := range []string{q, ""} {
		if i == 1 {
			if !layout {
				break
			}
			sw, ok := SwitchLayout(q)
			if !ok || !latinReading(sw) {
				// A Russian word read as Latin gains punctuation ("зуб" →
				// "p,e"): no Latin word, and its letters would match
				// every name starting with "p".
				break
			}
			s = sw
		}
		k := Key(s)
		add(k)
		add(Strong(k))
		if strings.Contains(s, "-") && !strings.Contains(strings.TrimSpace(s), " ") {
			// "нош-па", "no-shpa": names are also indexed joined. One
			// word only: a joined key is one more similarity lookup.
			add(Key(strings.ReplaceAll(s, "-", "")))
		}
	}
	return keys
}

// Bound returns q's first MaxWords distinct words (case aside; the
// prepositions between them not counted, at most 2×MaxWords fields), so
// a query of repeated or countless words costs what a short one does.
func Bound(q string) string {
	var out []string
	seen := map[string]bool{}
	n := 0
	for _, w := range strings.Fields(q) {
		lw := strings.ToLower(w)
		if seen[lw] {
			continue
		}
		seen[lw] = true
		out = append(out, w)
		// A preposition or a lone mark is kept but not counted: "немеет
		// левая рука и боль в груди" keeps its last word. Only a short
		// field can be one, so a long word never costs a Words call.
		if len(w) > 8 || len(Words(w)) > 0 {
			n++
		}
		if n == MaxWords || len(out) == 2*MaxWords {
			break
		}
	}
	return strings.Join(out, " ")
}

// weakWords are the stemmed keys of generic words ("doctor", "clinic",
// "appointment", "need"): they may narrow a search but never decide it, so
// "tish shifokori" is looked up as "tish".
var weakWords = map[string]bool{
	"shifokor": true, "shifokorlar": true, "doktor": true, "doktr": true, "vrach": true, "vrachi": true,
	"qabul": true, "qabuliga": true, "priem": true, "prием": true, "klinik": true, "klinika": true,
	"kerak": true, "kere": true, "nujen": true, "nujn": true, "nujno": true, "nujna": true,
	"xochu": true, "xotel": true, "mne": true, "menga": true, "mening": true, "meni": true, "bor": true,
	"yaxshi": true, "xoroshi": true, "xorosh": true, "luchsh": true, "luchshi": true,
	"qayerda": true, "gde": true, "zapis": true, "zapisat": true, "yozil": true, "yozilish": true,
	"shifoxon": true, "shifoxona": true, "bolnits": true, "bolnitsa": true, "poliklinik": true,
	"mutaxassis": true, "spetsialist": true, "konsultatsi": true, "konsultats": true, "maslahat": true,
	"pomosh": true, "yordam": true, "lechen": true, "davolash": true,
	// What a service costs: "имплант narxi", "узи цена".
	"narx": true, "narxi": true, "tsena": true, "tseni": true, "tsen": true, "stoimost": true, "skolko": true,
}

// priceWords ask what a service costs; they name nothing.
var priceWords = map[string]bool{
	"narx": true, "narxi": true, "tsena": true, "tseni": true, "tsen": true, "stoimost": true, "skolko": true, "qancha": true,
}

// testWords say a test is wanted ("анализ на ВИЧ", "qon tahlili"): a
// name is also looked up without them (Strong), but the lexicon reads
// them ("анализ на сахар" is the glucose test, "сахар" diabetes).
var testWords = map[string]bool{
	"analiz": true, "analizi": true, "tahlil": true, "tahlili": true, "sdat": true, "topshirish": true,
}

// actionWords say a thing is to be done ("сделать ЭКГ", "ekg qayerda
// qilinadi"): like weakWords they never decide. Added by their keys.
var actionWords = []string{"сделать", "сделают", "делают", "сделали", "qilish", "qilinadi", "qildirish", "qilmoqchiman", "qildirmoqchiman", "qiladi", "qilib", "qayerda"}

func init() {
	for _, w := range actionWords {
		weakWords[Key(w)] = true
	}
}

// Strong returns key without its weak words; a key of weak words only is
// returned whole.
func Strong(key string) string {
	var out []string
	for _, w := range strings.Fields(key) {
		if !weakWords[w] && !testWords[w] {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return key
	}
	return strings.Join(out, " ")
}

// Uzbek suffixes, outermost first: a word is root + plural + possessive +
// case ("tish-lar-im-ga"). uzStem strips them when the root keeps minStem
// letters; the lexicon (lexicon.go) also tries shorter roots.
var (
	uzCase       = []string{"gacha", "ning", "dagi", "dan", "da", "ga", "ka", "qa", "ni"}
	uzPossessive = []string{"ingiz", "imiz", "ngiz", "ing", "im", "si", "miz", "ng", "m"}
)

// uzStem strips an Uzbek case, possessive and plural suffix ("tishlarimga"
// → "tish", "bolamga" → "bola", "klinikasi" → "klinika").
func uzStem(w string) string {
	w = stripOne(w, uzCase, minStem)
	w = stripOne(w, uzPossessive, minStem)
	if strings.HasSuffix(w, "lar") && len(w)-3 >= 3 {
		w = w[:len(w)-3]
	}
	return w
}

// stripOne strips the first of suffixes w ends with, keeping min letters.
// Suffixes that start with a consonant after a consonant (ga, da, ni after
// "kardiolog") and the vowel-less possessives after a vowel only are
// Uzbek's own rules: -m, -ng, -si, -miz follow a vowel; -im, -ing follow a
// consonant; -ka follows k, -qa q.
func stripOne(w string, suffixes []string, min int) string {
	for _, e := range suffixes {
		if !strings.HasSuffix(w, e) || len(w)-len(e) < min {
			continue
		}
		stem := w[:len(w)-len(e)]
		last := stem[len(stem)-1]
		vowel := strings.IndexByte("aeiou", last) >= 0
		switch e {
		case "m", "ng", "miz", "ngiz":
			if last != 'a' && last != 'i' {
				continue
			}
		case "si":
			if !vowel {
				continue
			}
		case "ga", "da", "ni":
			if vowel {
				continue
			}
		case "im", "ing", "imiz", "ingiz":
			if vowel {
				continue
			}
		case "ka":
			if last != 'k' {
				continue
			}
		case "qa":
			if last != 'q' {
				continue
			}
		}
		return stem
	}
	return w
}

// layoutPunct are the keys Russian letters share with punctuation on the
// US layout: a Cyrillic word read as Latin gains them ("зуб" → "p,e") and
// is no Latin word.
const layoutPunct = "[];',.`"

// latinReading reports whether s, a query read in the other layout, can
// be what was meant: no punctuation inside, but for the Uzbek o' and g'
// ("ищыр щпэкшпэш" is "bosh og'rig'i").
func latinReading(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(layoutPunct, s[i]) < 0 {
			continue
		}
		if s[i] == '\'' && i > 0 && (s[i-1] == 'o' || s[i-1] == 'g') {
			continue
		}
		return false
	}
	return true
}
