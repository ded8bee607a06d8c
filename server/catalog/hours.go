package catalog

import "time"

// Tashkent is Uzbekistan's time zone, UTC+5 all year (no summer time), as
// a fixed zone so the binary needs no tzdata.
var Tashkent = time.FixedZone("UTC+5", 5*60*60)

// weekMinute returns the ISO weekday (1 Monday .. 7 Sunday) and the minute
// of the day of t in Tashkent.
func weekMinute(t time.Time) (weekday, minute int) {
	t = t.In(Tashkent)
	weekday = int(t.Weekday())
	if weekday == 0 {
		weekday = 7
	}
	return weekday, t.Hour()*60 + t.Minute()
}

// Hours are a clinic's working hours on one ISO weekday, in minutes after
// midnight Tashkent time; 0 to 1440 is round the clock.
type Hours struct {
	Weekday int `db:"weekday" json:"weekday"`
	Opens   int `db:"opens_min" json:"opens"`
	Closes  int `db:"closes_min" json:"closes"`
}

// OpenAt reports whether hours (one row per working weekday) cover t.
func OpenAt(hours []Hours, t time.Time) bool {
	day, minute := weekMinute(t)
	for _, h := range hours {
		if h.Weekday == day && h.Opens <= minute && minute < h.Closes {
			return true
		}
	}
	return false
}

// RoundTheClock reports whether hours cover every minute of the week.
func RoundTheClock(hours []Hours) bool {
	full := 0
	for _, h := range hours {
		if h.Opens == 0 && h.Closes == 1440 {
			full++
		}
	}
	return full == 7
}
