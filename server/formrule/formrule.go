// Package formrule is the form rules of SPEC §5, the same as
// client/lib/formRules.ts (both run the cases of
// shared/testdata/form_rules.json): required, email and min, and the
// default message of a value that fails one.
package formrule

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"sogliq/server/i18n"
)

// emailPattern is the address the email rule accepts; the client's
// formRules.ts holds the same pattern (RE2 and JavaScript read it alike).
var emailPattern = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`)

// InvalidKey is the dictionary key of the default message,
// "{field} is not valid." in the visitor's language.
const InvalidKey = "form.invalid"

// Required fails for nil, false, an empty or whitespace-only string and an
// empty slice; every other value passes (0 is a value).
func Required(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return strings.TrimSpace(x) != ""
	case []any:
		return len(x) > 0
	case []string:
		return len(x) > 0
	}
	return true
}

// Email passes an empty string and an address of the pattern.
func Email(s string) bool {
	return s == "" || emailPattern.MatchString(s)
}

// Min passes an empty string and one of at least n characters (not bytes).
func Min(s string, n int) bool {
	return s == "" || utf8.RuneCountInString(s) >= n
}

// Check runs the rule named rule ("required", "email", "min" with arg the
// count) on v, a value as encoding/json decodes it. A string rule given
// something else fails; an unknown rule is an error.
func Check(rule string, v any, arg int) (bool, error) {
	if rule == "required" {
		return Required(v), nil
	}
	s, isString := v.(string)
	if v == nil {
		s, isString = "", true
	}
	switch rule {
	case "email":
		return isString && Email(s), nil
	case "min":
		return isString && Min(s, arg), nil
	}
	return false, fmt.Errorf("formrule.Check: unknown rule %q", rule)
}

// Message is the default message of field (its label, in lang) failing a rule.
func Message(d *i18n.Dict, lang, field string) string {
	return d.T(lang, InvalidKey, "field", field)
}
