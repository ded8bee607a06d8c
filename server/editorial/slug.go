package editorial

import "strings"

// cyrillic is Russian (and Uzbek Cyrillic) to Latin, as Russian slugs on
// the site are written (Yandex-style: ж zh, х kh, ц ts, ч ch, ш sh, щ shch,
// ю yu, я ya; ъ ь dropped).
var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh",
	'з': "z", 'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts",
	'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu",
	'я': "ya", 'ў': "o", 'қ': "q", 'ғ': "g", 'ҳ': "h",
}

// Transliterate proposes a slug from a Russian name: Latin letters and
// digits, words joined by single hyphens, at most 80 characters.
func Transliterate(name string) string {
	var b strings.Builder
	hyphen := false
	for _, c := range strings.ToLower(name) {
		latin, isCyr := cyrillic[c]
		switch {
		case isCyr && latin == "":
		case isCyr || c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if !isCyr {
				latin = string(c)
			}
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteString(latin)
		case c == '\'' || c == 'ʻ' || c == 'ʼ' || c == '’':
		default:
			hyphen = true
		}
		if b.Len() >= 80 {
			break
		}
	}
	s := b.String()
	if len(s) > 80 {
		s = strings.TrimRight(s[:80], "-")
	}
	return s
}
