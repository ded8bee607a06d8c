package account

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"sogliq/server/formrule"
	"sogliq/shared"
)

// MaxNameLength bounds names; longer input is refused, not cut (limits.json).
var MaxNameLength = shared.MustReadLimits().ProfileNameMax

// maxEmailLength is RFC 5321's limit on a forward path.
const maxEmailLength = 254

// FieldError names a form field and the dictionary key of what is wrong
// with it; the API answers it in the visitor's language.
type FieldError struct {
	Field string
	Key   string
}

// Clean trims the profile's fields and checks them; today is the current
// time in the visitor's time zone (its date bounds the birth date). It returns the cleaned profile and one error per
// field that is wrong, in form order; no errors means it may be stored.
func (p Profile) Clean(today time.Time) (Profile, []FieldError) {
	p.FirstName = strings.Join(strings.Fields(p.FirstName), " ")
	p.LastName = strings.Join(strings.Fields(p.LastName), " ")
	p.Email = strings.TrimSpace(p.Email)
	p.BirthDate = strings.TrimSpace(p.BirthDate)
	var errs []FieldError
	if key := checkName(p.FirstName); key != "" {
		errs = append(errs, FieldError{"firstName", key})
	}
	if key := checkName(p.LastName); key != "" {
		errs = append(errs, FieldError{"lastName", key})
	}
	if key := checkBirthDate(p.BirthDate, today); key != "" {
		errs = append(errs, FieldError{"birthDate", key})
	}
	if p.Gender != "" && p.Gender != "male" && p.Gender != "female" {
		errs = append(errs, FieldError{"gender", "form.invalid"})
	}
	if key := checkEmail(p.Email); key != "" {
		errs = append(errs, FieldError{"email", key})
	}
	return p, errs
}

// checkName: required, at most MaxNameLength characters, letters (any
// script: Uzbek is written in Latin, Russian in Cyrillic) with spaces,
// hyphens and the apostrophes of Uzbek (oʻ, gʻ, ʼ).
func checkName(name string) string {
	if !formrule.Required(name) {
		return "form.required"
	}
	if !utf8.ValidString(name) || utf8.RuneCountInString(name) > MaxNameLength {
		return "form.tooLong"
	}
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
			continue
		}
		switch r {
		case ' ', '-', '\'', 'ʻ', 'ʼ', '‘', '’', '`':
			continue
		}
		return "form.invalid"
	}
	return ""
}

// checkBirthDate: empty, or a real date no later than today and no earlier
// than 1900.
func checkBirthDate(raw string, today time.Time) string {
	if raw == "" {
		return ""
	}
	d, err := time.Parse(time.DateOnly, raw)
	if err != nil || d.Year() < 1900 || raw > today.Format(time.DateOnly) {
		return "form.invalid"
	}
	return ""
}

// checkEmail: empty passes (spec §5: "email ... passes when empty"),
// otherwise an address of the email rule's pattern (formrule.Email, the
// same rule the form checks in the browser).
func checkEmail(email string) string {
	if len(email) > maxEmailLength {
		return "form.tooLong"
	}
	if !formrule.Email(email) {
		return formrule.InvalidKey
	}
	return ""
}
