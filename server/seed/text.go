package seed

import (
	"math/rand/v2"
	"strings"
)

// fullName draws "Surname Name Patronymic" in Cyrillic and in Latin.
func fullName(r *rand.Rand, female bool) pair {
	s, father := pick(r, surnames), pick(r, fathers)
	first := pick(r, maleNames)
	surname, ruSuffix, uzSuffix := s.pair, "ович", "ovich"
	if female {
		first, ruSuffix, uzSuffix = pick(r, femaleNames), "овна", "ovna"
		if !s.invariable {
			surname = pair{s.ru + "а", s.uz + "a"}
		}
	}
	return pair{
		ru: surname.ru + " " + first.ru + " " + father.ru + ruSuffix,
		uz: surname.uz + " " + first.uz + " " + father.uz + uzSuffix,
	}
}

// slugify turns Latin text into a slug: lower case, apostrophes dropped,
// anything else that is not a letter or digit becomes one hyphen.
func slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, c := range strings.ToLower(s) {
		switch {
		case c == '\'' || c == 'ʻ' || c == 'ʼ' || c == '’':
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(c)
		default:
			hyphen = true
		}
	}
	return b.String()
}
