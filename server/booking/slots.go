package booking

import (
	"slices"
	"sort"
	"time"

	"sogliq/shared"
)

// Tashkent is Uzbekistan's time, UTC+5 all year (no DST since 1992): every
// schedule is in it, every date a patient sees is its calendar date.
var Tashkent = time.FixedZone("UTC+5", 5*60*60)

// The clinic rules used when a clinic has no row in clinic_booking_rules
// (the columns' defaults too, TestRuleDefaults): a visit is booked at
// least DefaultLead ahead, on today (in Tashkent) or the
// DefaultHorizonDays-1 days after it, and cancelled up to
// DefaultCancelCutoff before it.
const (
	DefaultLead         = time.Hour
	DefaultHorizonDays  = 30
	DefaultCancelCutoff = 2 * time.Hour
)

// MaxHorizonDays is the most days ahead a clinic may take bookings
// (limits.json); Days holds them.
var MaxHorizonDays = shared.MustReadLimits().BookingHorizonDaysMax

// DateLayout is how dates are written: "2026-11-24", a Tashkent calendar date.
const DateLayout = time.DateOnly

// Span is a stretch of a day in minutes after midnight, Start inclusive,
// End exclusive (End 1440 is midnight).
type Span struct {
	Start, End int
}

// Weekly is one row of a doctor's weekly schedule at one clinic.
type Weekly struct {
	Weekday    int // ISO: 1 Monday .. 7 Sunday
	Start, End int // minutes after midnight
	Slot       int // minutes
	Breaks     []Span
	// ValidFrom and ValidTo bound the dates it applies to, inclusive; ""
	// is open.
	ValidFrom, ValidTo string
}

// Exception replaces the weekly schedule on one date: a day off (Off) or
// other hours. ClinicWide exceptions (holidays) apply to every doctor of
// the clinic unless the doctor has an exception of their own that date.
type Exception struct {
	Date       string
	ClinicWide bool
	Off        bool
	Start, End int
	Slot       int
	Breaks     []Span
}

// Range is a busy stretch of time: a booking or a live hold.
type Range struct {
	Start, End time.Time
}

// Slot is a free time.
type Slot struct {
	Start, End time.Time
}

// Plan is what the free times of one doctor at one clinic depend on.
type Plan struct {
	Weekly     []Weekly
	Exceptions []Exception
	// Busy are the doctor's bookings and live holds at every clinic
	// (a doctor is at one place at a time), in any order.
	Busy []Range
	// Lead is the clinic's minimum notice: no slot starts before now+Lead.
	Lead time.Duration
	// Fit is what the visit type asks of the times; the zero Fit offers
	// every slot.
	Fit Fit
	// Horizon is how many days from today the clinic offers times; 0 is
	// DefaultHorizonDays.
	Horizon int
}

// Fit is what a visit type asks of the times: Slots consecutive slots of
// one day's schedule (no break or end of hours between them: each starts
// where the one before ends), starting on a weekday of Weekdays (bit 0
// Monday .. bit 6 Sunday; 0 is every day) and lying inside From .. Until
// minutes after midnight (Until 0 is midnight). The zero Fit is one slot
// at any time.
type Fit struct {
	Slots       int
	Weekdays    int
	From, Until int
}

// visits turns the slots of one day (in order; midnight is its Tashkent
// midnight) into the visits of f: each run of f.Slots consecutive slots
// inside its window, as one Slot from the first start to the last end.
func (f Fit) visits(slots []Slot, midnight time.Time) []Slot {
	if f == (Fit{}) {
		return slots
	}
	if f.Weekdays != 0 && f.Weekdays&(1<<(isoWeekday(midnight)-1)) == 0 {
		return nil
	}
	n, until := max(f.Slots, 1), f.Until
	if until == 0 {
		until = 1440
	}
	lo, hi := midnight.Add(time.Duration(f.From)*time.Minute), midnight.Add(time.Duration(until)*time.Minute)
	var out []Slot
	for i := 0; i+n <= len(slots); i++ {
		run := true
		for j := i + 1; j < i+n && run; j++ {
			run = slots[j].Start.Equal(slots[j-1].End)
		}
		v := Slot{Start: slots[i].Start, End: slots[i+n-1].End}
		if run && !v.Start.Before(lo) && !v.End.After(hi) {
			out = append(out, v)
		}
	}
	return out
}

// isoWeekday is t's weekday, 1 Monday .. 7 Sunday.
func isoWeekday(t time.Time) int {
	if w := int(t.Weekday()); w != 0 {
		return w
	}
	return 7
}

// horizon is p's Horizon, DefaultHorizonDays when unset.
func (p Plan) horizon() int {
	if p.Horizon > 0 {
		return p.Horizon
	}
	return DefaultHorizonDays
}

// Day is one date's free times, in order.
type Day struct {
	Date  string
	Slots []Slot
}

// Today is the Tashkent calendar date of t.
func Today(t time.Time) string { return t.In(Tashkent).Format(DateLayout) }

// AddDays is date moved by n days; date must be valid.
func AddDays(date string, n int) string {
	d, _ := time.ParseInLocation(DateLayout, date, Tashkent)
	return d.AddDate(0, 0, n).Format(DateLayout)
}

// FreeDays computes the free times of days dates from `from` (a valid
// YYYY-MM-DD): the schedule of each date (its exception, else the weekly
// rows valid that date) cut into slots, without slots that overlap a
// break or a busy range, that start before now+p.Lead, or whose date is
// outside today .. today+p.Horizon-1 (DefaultHorizonDays when unset); with a
// visit type (p.Fit) the times are its runs of consecutive slots. After a break the slots start
// again at the break's end; a slot that would run past the end of the
// hours is not offered.
func FreeDays(p Plan, now time.Time, from string, days int) []Day {
	out := make([]Day, 0, days)
	eachFreeDay(p, now, from, days, func(d Day) bool {
		out = append(out, d)
		return true
	})
	return out
}

// firstFree is the first n free slots of the horizon.
func firstFree(p Plan, now time.Time, n int) []Slot {
	var out []Slot
	eachFreeDay(p, now, Today(now), p.horizon(), func(d Day) bool {
		out = append(out, d.Slots[:min(len(d.Slots), n-len(out))]...)
		return len(out) < n
	})
	return out
}

// eachFreeDay calls fn with each day's free times (see FreeDays) until it
// returns false.
func eachFreeDay(p Plan, now time.Time, from string, days int, fn func(Day) bool) {
	busy := sortedBusy(p.Busy)
	today := Today(now)
	last := AddDays(today, p.horizon()-1)
	earliest := now.Add(p.Lead)
	midnight, err := time.ParseInLocation(DateLayout, from, Tashkent)
	if err != nil {
		return
	}
	for i := range days {
		day := midnight.AddDate(0, 0, i)
		date := day.Format(DateLayout)
		d := Day{Date: date, Slots: []Slot{}}
		if date >= today && date <= last {
			for _, s := range p.Fit.visits(daySlots(p, day, date), day) {
				if !s.Start.Before(earliest) && !overlapsAny(busy, s) {
					d.Slots = append(d.Slots, s)
				}
			}
		}
		if !fn(d) {
			return
		}
	}
}

// daySlots are all the slots of date (whose Tashkent midnight is
// midnight) by the schedule, busy or not, in order.
func daySlots(p Plan, midnight time.Time, date string) []Slot {
	var slots []Slot
	add := func(start, end, length int, breaks []Span) {
		for _, s := range cut(start, end, length, breaks) {
			slots = append(slots, Slot{
				Start: midnight.Add(time.Duration(s.Start) * time.Minute),
				End:   midnight.Add(time.Duration(s.End) * time.Minute),
			})
		}
	}
	if e, ok := exceptionOn(p.Exceptions, date); ok {
		if !e.Off {
			add(e.Start, e.End, e.Slot, e.Breaks)
		}
		return slots
	}
	weekday := int(midnight.Weekday())
	if weekday == 0 {
		weekday = 7
	}
	rows := 0
	for _, w := range p.Weekly {
		if w.Weekday == weekday && (w.ValidFrom == "" || w.ValidFrom <= date) && (w.ValidTo == "" || date <= w.ValidTo) {
			add(w.Start, w.End, w.Slot, w.Breaks)
			rows++
		}
	}
	if rows > 1 {
		slices.SortFunc(slots, func(a, b Slot) int { return a.Start.Compare(b.Start) })
	}
	return slots
}

// exceptionOn is the exception of date: the doctor's own, else the clinic's.
func exceptionOn(exceptions []Exception, date string) (Exception, bool) {
	var clinic *Exception
	for i, e := range exceptions {
		if e.Date != date {
			continue
		}
		if !e.ClinicWide {
			return e, true
		}
		clinic = &exceptions[i]
	}
	if clinic != nil {
		return *clinic, true
	}
	return Exception{}, false
}

// cut splits start..end into slots of length minutes, skipping breaks: a
// slot that would overlap a break is not offered and the next one starts
// at the break's end.
func cut(start, end, length int, breaks []Span) []Span {
	if length <= 0 {
		return nil
	}
	var out []Span
	for t := start; t+length <= end; {
		s := Span{t, t + length}
		if b, ok := overlappingBreak(breaks, s); ok {
			t = max(b.End, t+1)
			continue
		}
		out = append(out, s)
		t += length
	}
	return out
}

func overlappingBreak(breaks []Span, s Span) (Span, bool) {
	for _, b := range breaks {
		if b.Start < s.End && s.Start < b.End {
			return b, true
		}
	}
	return Span{}, false
}

func sortedBusy(busy []Range) []Range {
	out := slices.Clone(busy)
	slices.SortFunc(out, func(a, b Range) int { return a.Start.Compare(b.Start) })
	return out
}

// overlapsAny reports whether s overlaps a range of busy (sorted by start).
func overlapsAny(busy []Range, s Slot) bool {
	// Ranges starting at or after s.End cannot overlap; of the others, any
	// ending after s.Start does.
	n := sort.Search(len(busy), func(i int) bool { return !busy[i].Start.Before(s.End) })
	for _, b := range busy[:n] {
		if b.End.After(s.Start) {
			return true
		}
	}
	return false
}
