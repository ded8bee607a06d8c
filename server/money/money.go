// Package money formats prices in so'm for what Go writes itself (PDF
// vouchers), exactly as client/lib/money.ts does for the pages; both are
// checked against shared/testdata/money.json.
package money

import (
	"math"
	"strconv"
	"strings"
)

// Million is the amount from which prices are written in millions (SPEC §3).
const Million = 1_000_000

const nbsp = "\u00a0"

// group writes the whole part of n with no-break spaces between thousands.
func group(n int64) string {
	digits := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(nbsp)
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// FormatPrice writes amount the Russian way: "150 000 сум"; from one million
// on, millions with one decimal and a comma, the decimal kept when it is
// zero (SPEC §3, §9): "1,5 млн сум", "1,0 млн сум". Uzbek uses "so'm" and
// "mln" with the same numbers ("1,0 mln so'm"). Spaces are no-break spaces.
func FormatPrice(amount int64, lang string) string {
	currency, million := "сум", "млн"
	if lang == "uz" {
		currency, million = "so'm", "mln"
	}
	abs := amount
	if abs < 0 {
		abs = -abs
	}
	if abs >= Million {
		// Math.round in the TypeScript twin: halves round up.
		tenths := int64(math.Floor(float64(amount)/100000 + 0.5))
		whole, frac := tenths/10, tenths%10
		if frac < 0 {
			frac = -frac
		}
		return group(whole) + "," + strconv.FormatInt(frac, 10) + nbsp + million + nbsp + currency
	}
	return group(amount) + nbsp + currency
}
