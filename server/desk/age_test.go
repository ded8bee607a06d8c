package desk

import (
	"testing"
	"time"
)

func TestAgeOn(t *testing.T) {
	birth := time.Date(2019, 5, 4, 0, 0, 0, 0, time.UTC)
	for _, test := range []struct {
		day  string
		want int
	}{
		{"2019-05-04", 0},
		{"2020-05-03", 0},
		{"2020-05-04", 1},
		{"2026-05-03", 6},
		{"2026-11-23", 7},
	} {
		day, _ := time.Parse(time.DateOnly, test.day)
		if got := ageOn(birth, day); got != test.want {
			t.Errorf("ageOn(2019-05-04, %s) = %d, want %d", test.day, got, test.want)
		}
	}
}
