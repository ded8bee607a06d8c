package account

import (
	"strings"
)

// ParsePhone reads an Uzbek mobile number as people write it ("+998 90
// 123-45-67", "998901234567", "90 123 45 67", "(90) 1234567") and returns
// it as 998 followed by nine digits, the form the database keeps. It
// reports false for anything else, including a number of another country.
func ParsePhone(raw string) (string, bool) {
	var digits strings.Builder
	for i, r := range strings.TrimSpace(raw) {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case r == '+' && i == 0:
		case r == ' ' || r == '-' || r == '(' || r == ')' || r == '.':
		default:
			return "", false
		}
	}
	d := digits.String()
	switch {
	case len(d) == 9:
		d = "998" + d
	case len(d) == 12 && strings.HasPrefix(d, "998"):
	default:
		return "", false
	}
	// The national number never starts with 0 (that is the trunk prefix,
	// written before a code by mistake: "0 90 ...").
	if d[3] == '0' {
		return "", false
	}
	return d, true
}

// DisplayPhone writes a stored phone the way Uzbek numbers are printed:
// +998 90 123-45-67.
func DisplayPhone(phone string) string {
	if len(phone) != 12 {
		return phone
	}
	return "+" + phone[:3] + " " + phone[3:5] + " " + phone[5:8] + "-" + phone[8:10] + "-" + phone[10:]
}
