package booking

import (
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Event is a visit as a calendar event. A visit moved on the site is a
// chain of bookings (each rescheduled one points to its successor); the
// event is the chain's latest booking under the UID of its first, so a
// calendar that kept it moves it instead of adding another, and Sequence
// counts the moves (one more once it is cancelled), as RFC 5546 asks of a
// changed event.
type Event struct {
	Booking  Booking
	UID      string
	Sequence int
	// Modified is when the booking last changed (LAST-MODIFIED).
	Modified time.Time
}

// Calendar writes events as an iCalendar object (RFC 5545), times in UTC,
// texts in lang. feed names the calendar and asks its subscribers to
// poll hourly (the feed); without it, it is a file to import (one visit).
// A cancelled visit is a cancelled event: importing it again, or the next
// poll, removes it from a calendar that kept the first one.
func Calendar(events []Event, lang, publicURL string, now time.Time, dict Translator, feed bool) string {
	lines := []string{
		"BEGIN:VCALENDAR",
		"VERSION:2.0",
		"PRODID:-//Sog'liq//Booking//" + strings.ToUpper(lang),
		"CALSCALE:GREGORIAN",
		"METHOD:PUBLISH",
	}
	if feed {
		lines = append(lines,
			"X-WR-CALNAME:"+icsText(dict.T(lang, "booking.icsCalendarName")),
			"X-WR-TIMEZONE:Asia/Tashkent",
			"REFRESH-INTERVAL;VALUE=DURATION:PT1H",
			"X-PUBLISHED-TTL:PT1H")
	}
	for _, e := range events {
		lines = append(lines, vevent(e, lang, publicURL, now, dict)...)
	}
	lines = append(lines, "END:VCALENDAR")
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(fold(l))
	}
	return sb.String()
}

func vevent(e Event, lang, publicURL string, now time.Time, dict Translator) []string {
	b := e.Booking
	start, end, until := parseStamp(b.Start), parseStamp(b.End), parseStamp(b.CancelUntil)
	status := "CONFIRMED"
	if b.Status == "cancelled" || b.Status == "rescheduled" {
		status = "CANCELLED"
	}
	page := strings.TrimRight(publicURL, "/") + "/history/" + strconv.FormatInt(b.ID, 10)
	if lang == "uz" {
		page = strings.TrimRight(publicURL, "/") + "/uz/history/" + strconv.FormatInt(b.ID, 10)
	}
	summary, location, description := eventTexts(b, lang, dict)
	if b.Status == "booked" && !now.After(until) {
		description += "\n" + dict.T(lang, "booking.icsCancelUntil", "until", until.In(Tashkent).Format("02.01.2006 15:04"), "url", page)
	} else {
		description += "\n" + page
	}
	return []string{
		"BEGIN:VEVENT",
		"UID:" + e.UID,
		"SEQUENCE:" + strconv.Itoa(e.Sequence),
		"DTSTAMP:" + icsTime(now),
		"LAST-MODIFIED:" + icsTime(e.Modified),
		"DTSTART:" + icsTime(start),
		"DTEND:" + icsTime(end),
		"SUMMARY:" + icsText(summary),
		"LOCATION:" + icsText(location),
		"DESCRIPTION:" + icsText(description),
		"URL:" + page,
		"STATUS:" + status,
		"END:VEVENT",
	}
}

// eventTexts are a visit's title, place and description in lang: the
// doctor and specialty, the visit type and length, the clinic, its address and phone, the patient.
// The calendar feed, the .ics file and the Google Calendar link say the
// same.
func eventTexts(b Booking, lang string, dict Translator) (summary, location, description string) {
	doctor := b.Doctor.Name
	if b.Doctor.Specialty != "" {
		doctor += " (" + b.Doctor.Specialty + ")"
	}
	summary = dict.T(lang, "booking.icsSummary", "doctor", doctor)
	if b.Status == "cancelled" || b.Status == "rescheduled" {
		summary = dict.T(lang, "booking.icsCancelled", "summary", summary)
	}
	location = b.Clinic.Name
	if b.Clinic.Address != "" {
		location += ", " + b.Clinic.Address
	}
	if b.Online {
		// A video visit takes place at its link: a calendar shows the
		// location as a link to tap.
		location = dict.T(lang, "booking.online")
		if b.MeetingURL != "" {
			location = b.MeetingURL
		}
	}
	parts := []string{dict.T(lang, "booking.icsDoctor", "doctor", doctor)}
	if b.VisitType != nil {
		parts = append(parts, dict.T(lang, "booking.icsType", "type", b.VisitType.Name, "minutes", strconv.Itoa(b.VisitType.Minutes)))
	}
	if b.Online {
		parts = append(parts, b.meetingText(lang, dict))
	}
	parts = append(parts, dict.T(lang, "booking.icsClinic", "clinic", b.Clinic.Name))
	if b.Clinic.Address != "" {
		parts = append(parts, dict.T(lang, "booking.icsAddress", "address", b.Clinic.Address))
	}
	if b.Clinic.Phone != "" {
		parts = append(parts, dict.T(lang, "booking.icsPhone", "phone", b.Clinic.Phone))
	}
	if b.PatientName != "" {
		parts = append(parts, dict.T(lang, "booking.icsPatient", "patient", b.PatientName))
	}
	return summary, location, strings.Join(parts, "\n")
}

// googleCalendarURL is Google Calendar's "add event" link for a visit
// (its event template: title, UTC times, details, place, shown in
// Tashkent time).
func googleCalendarURL(b Booking, lang string, dict Translator) string {
	summary, location, description := eventTexts(b, lang, dict)
	q := url.Values{}
	q.Set("action", "TEMPLATE")
	q.Set("text", summary)
	q.Set("dates", icsTime(parseStamp(b.Start))+"/"+icsTime(parseStamp(b.End)))
	q.Set("details", description)
	q.Set("location", location)
	q.Set("ctz", "Asia/Tashkent")
	return "https://calendar.google.com/calendar/render?" + q.Encode()
}

func icsTime(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// icsText escapes a TEXT value: backslash, semicolon, comma and newlines.
func icsText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(s)
}

// fold ends a content line with CRLF, folding it at 75 octets (never
// inside a UTF-8 sequence), continuation lines starting with a space.
func fold(line string) string {
	var sb strings.Builder
	limit := 75
	for len(line) > limit {
		cut := limit
		for cut > 0 && line[cut]&0xC0 == 0x80 {
			cut--
		}
		sb.WriteString(line[:cut])
		sb.WriteString("\r\n ")
		line = line[cut:]
		limit = 74
	}
	sb.WriteString(line)
	sb.WriteString("\r\n")
	return sb.String()
}
