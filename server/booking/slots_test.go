package booking

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// at is a Tashkent wall-clock time, "2006-01-02 15:04".
func at(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, Tashkent)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// starts writes each day's slot starts as RFC 3339, with the date.
func starts(days []Day) map[string][]string {
	out := map[string][]string{}
	for _, d := range days {
		out[d.Date] = []string{}
		for _, s := range d.Slots {
			out[d.Date] = append(out[d.Date], s.Start.In(Tashkent).Format(time.RFC3339)+"/"+s.End.In(Tashkent).Format("15:04"))
		}
	}
	return out
}

func TestFreeDays(t *testing.T) {
	// 2026-11-23 is a Monday.
	monday := Weekly{Weekday: 1, Start: 9 * 60, End: 12 * 60, Slot: 30}
	withBreak := func(w Weekly, b ...Span) Weekly { w.Breaks = b; return w }
	for _, test := range []struct {
		name string
		plan Plan
		now  string
		from string
		days int
		want map[string][]string
	}{
		{
			name: "plain morning",
			plan: Plan{Weekly: []Weekly{monday}, Lead: time.Hour},
			now:  "2026-11-23 08:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T09:00:00+05:00/09:30", "2026-11-23T09:30:00+05:00/10:00", "2026-11-23T10:00:00+05:00/10:30",
				"2026-11-23T10:30:00+05:00/11:00", "2026-11-23T11:00:00+05:00/11:30", "2026-11-23T11:30:00+05:00/12:00",
			}},
		},
		{
			name: "a break on the slot grid",
			plan: Plan{Weekly: []Weekly{withBreak(monday, Span{10 * 60, 10*60 + 30})}},
			now:  "2026-11-23 08:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T09:00:00+05:00/09:30", "2026-11-23T09:30:00+05:00/10:00",
				"2026-11-23T10:30:00+05:00/11:00", "2026-11-23T11:00:00+05:00/11:30", "2026-11-23T11:30:00+05:00/12:00",
			}},
		},
		{
			name: "a break off the grid: slots restart at its end, the last would overrun",
			plan: Plan{Weekly: []Weekly{withBreak(monday, Span{10*60 + 15, 10*60 + 45})}},
			now:  "2026-11-23 08:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T09:00:00+05:00/09:30", "2026-11-23T09:30:00+05:00/10:00",
				"2026-11-23T10:45:00+05:00/11:15", "2026-11-23T11:15:00+05:00/11:45",
			}},
		},
		{
			name: "a schedule ending mid-slot",
			plan: Plan{Weekly: []Weekly{{Weekday: 1, Start: 9 * 60, End: 10*60 + 45, Slot: 30}}},
			now:  "2026-11-23 08:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T09:00:00+05:00/09:30", "2026-11-23T09:30:00+05:00/10:00", "2026-11-23T10:00:00+05:00/10:30",
			}},
		},
		{
			name: "lead time: nothing before now plus an hour",
			plan: Plan{Weekly: []Weekly{monday}, Lead: time.Hour},
			now:  "2026-11-23 09:10", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T10:30:00+05:00/11:00", "2026-11-23T11:00:00+05:00/11:30", "2026-11-23T11:30:00+05:00/12:00",
			}},
		},
		{
			name: "a slot starting exactly at now plus lead is offered",
			plan: Plan{Weekly: []Weekly{monday}, Lead: 2 * time.Hour},
			now:  "2026-11-23 09:30", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {"2026-11-23T11:30:00+05:00/12:00"}},
		},
		{
			name: "never in the past, without lead time",
			plan: Plan{Weekly: []Weekly{monday}},
			now:  "2026-11-23 11:10", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {"2026-11-23T11:30:00+05:00/12:00"}},
		},
		{
			name: "bookings and holds, any alignment, are busy",
			plan: Plan{Weekly: []Weekly{monday}, Busy: []Range{
				{at(t, "2026-11-23 10:15"), at(t, "2026-11-23 10:45")},
				{at(t, "2026-11-23 09:30"), at(t, "2026-11-23 10:00")},
			}},
			now: "2026-11-23 08:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T09:00:00+05:00/09:30", "2026-11-23T11:00:00+05:00/11:30", "2026-11-23T11:30:00+05:00/12:00",
			}},
		},
		{
			name: "a busy range touching a slot does not take it",
			plan: Plan{Weekly: []Weekly{monday}, Busy: []Range{{at(t, "2026-11-23 08:00"), at(t, "2026-11-23 09:00")}, {at(t, "2026-11-23 12:00"), at(t, "2026-11-23 13:00")}}},
			now:  "2026-11-23 07:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {
				"2026-11-23T09:00:00+05:00/09:30", "2026-11-23T09:30:00+05:00/10:00", "2026-11-23T10:00:00+05:00/10:30",
				"2026-11-23T10:30:00+05:00/11:00", "2026-11-23T11:00:00+05:00/11:30", "2026-11-23T11:30:00+05:00/12:00",
			}},
		},
		{
			name: "a day off",
			plan: Plan{Weekly: []Weekly{monday}, Exceptions: []Exception{{Date: "2026-11-23", Off: true}}},
			now:  "2026-11-23 08:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {}},
		},
		{
			name: "other hours on one date, the next week as usual",
			plan: Plan{Weekly: []Weekly{monday}, Exceptions: []Exception{{Date: "2026-11-23", Start: 14 * 60, End: 15 * 60, Slot: 20}}},
			now:  "2026-11-23 08:00", from: "2026-11-23", days: 8,
			want: map[string][]string{
				"2026-11-23": {"2026-11-23T14:00:00+05:00/14:20", "2026-11-23T14:20:00+05:00/14:40", "2026-11-23T14:40:00+05:00/15:00"},
				"2026-11-24": {}, "2026-11-25": {}, "2026-11-26": {}, "2026-11-27": {}, "2026-11-28": {}, "2026-11-29": {},
				"2026-11-30": {
					"2026-11-30T09:00:00+05:00/09:30", "2026-11-30T09:30:00+05:00/10:00", "2026-11-30T10:00:00+05:00/10:30",
					"2026-11-30T10:30:00+05:00/11:00", "2026-11-30T11:00:00+05:00/11:30", "2026-11-30T11:30:00+05:00/12:00",
				},
			},
		},
		{
			name: "a clinic holiday, but the doctor's own exception wins",
			plan: Plan{Weekly: []Weekly{monday}, Exceptions: []Exception{
				{Date: "2026-11-23", ClinicWide: true, Off: true},
				{Date: "2026-11-23", Start: 10 * 60, End: 11 * 60, Slot: 60},
				{Date: "2026-11-30", ClinicWide: true, Off: true},
			}},
			now: "2026-11-23 08:00", from: "2026-11-23", days: 8,
			want: map[string][]string{
				"2026-11-23": {"2026-11-23T10:00:00+05:00/11:00"},
				"2026-11-24": {}, "2026-11-25": {}, "2026-11-26": {}, "2026-11-27": {}, "2026-11-28": {}, "2026-11-29": {},
				"2026-11-30": {},
			},
		},
		{
			name: "validity dates",
			plan: Plan{Weekly: []Weekly{
				{Weekday: 1, Start: 9 * 60, End: 10 * 60, Slot: 60, ValidTo: "2026-11-23"},
				{Weekday: 1, Start: 15 * 60, End: 16 * 60, Slot: 60, ValidFrom: "2026-11-24"},
			}},
			now: "2026-11-23 08:00", from: "2026-11-23", days: 8,
			want: map[string][]string{
				"2026-11-23": {"2026-11-23T09:00:00+05:00/10:00"},
				"2026-11-24": {}, "2026-11-25": {}, "2026-11-26": {}, "2026-11-27": {}, "2026-11-28": {}, "2026-11-29": {},
				"2026-11-30": {"2026-11-30T15:00:00+05:00/16:00"},
			},
		},
		{
			name: "Tashkent midnight: a night shift across it, now late on Monday",
			plan: Plan{Weekly: []Weekly{
				{Weekday: 1, Start: 22 * 60, End: 1440, Slot: 60},
				{Weekday: 2, Start: 0, End: 2 * 60, Slot: 60},
			}},
			// 17:30 UTC, still Monday in UTC and in Tashkent.
			now: "2026-11-23 22:30", from: "2026-11-23", days: 2,
			want: map[string][]string{
				"2026-11-23": {"2026-11-23T23:00:00+05:00/00:00"},
				"2026-11-24": {"2026-11-24T00:00:00+05:00/01:00", "2026-11-24T01:00:00+05:00/02:00"},
			},
		},
		{
			name: "Tashkent midnight: after it Tuesday is today though UTC is still Monday",
			plan: Plan{Weekly: []Weekly{
				{Weekday: 1, Start: 22 * 60, End: 1440, Slot: 60},
				{Weekday: 2, Start: 0, End: 2 * 60, Slot: 60},
			}},
			// 19:10 UTC on Monday.
			now: "2026-11-24 00:10", from: "2026-11-23", days: 2,
			want: map[string][]string{
				"2026-11-23": {},
				"2026-11-24": {"2026-11-24T01:00:00+05:00/02:00"},
			},
		},
		{
			name: "the default 30-day horizon: the 30th day is offered, the 31st is not",
			plan: Plan{Weekly: []Weekly{{Weekday: 2, Start: 9 * 60, End: 10 * 60, Slot: 60}, {Weekday: 3, Start: 9 * 60, End: 10 * 60, Slot: 60}}},
			now:  "2026-11-23 08:00", from: "2026-12-22", days: 2,
			want: map[string][]string{
				"2026-12-22": {"2026-12-22T09:00:00+05:00/10:00"},
				"2026-12-23": {},
			},
		},
		{
			name: "two rows on one day come out in order",
			plan: Plan{Weekly: []Weekly{
				{Weekday: 1, Start: 16 * 60, End: 17 * 60, Slot: 60},
				{Weekday: 1, Start: 8 * 60, End: 9 * 60, Slot: 60},
			}},
			now: "2026-11-23 07:00", from: "2026-11-23", days: 1,
			want: map[string][]string{"2026-11-23": {"2026-11-23T08:00:00+05:00/09:00", "2026-11-23T16:00:00+05:00/17:00"}},
		},
	} {
		t.Run(test.name, func(t *testing.T) {
			got := starts(FreeDays(test.plan, at(t, test.now), test.from, test.days))
			if diff := cmp.Diff(test.want, got); diff != "" {
				t.Errorf("FreeDays (-want +got):\n%s", diff)
			}
		})
	}
}

func TestToday(t *testing.T) {
	for _, test := range []struct {
		utc, want string
	}{
		{"2026-11-23T18:59:59Z", "2026-11-23"},
		{"2026-11-23T19:00:00Z", "2026-11-24"},
		{"2026-12-31T19:00:00Z", "2027-01-01"},
	} {
		u, _ := time.Parse(time.RFC3339, test.utc)
		if got := Today(u); got != test.want {
			t.Errorf("Today(%s) = %s, want %s", test.utc, got, test.want)
		}
	}
}
