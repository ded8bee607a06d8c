package booking

import (
	"strconv"
	"strings"
	"time"
)

// Calendar is the booking as an iCalendar file (RFC 5545) with one event,
// times in UTC, texts in lang; a cancelled visit is a cancelled event, so
// importing it again removes it from a calendar that kept the first one.
func Calendar(b Booking, lang, publicURL string, now time.Time, dict Translator) string {
	start, end, until := parseStamp(b.Start), parseStamp(b.End), parseStamp(b.CancelUntil)
	status := "CONFIRMED"
	if b.Status == "cancelled" || b.Status == "rescheduled" {
		status = "CANCELLED"
	}
	url := strings.TrimRight(publicURL, "/") + "/history/" + strconv.FormatInt(b.ID, 10)
	if lang == "uz" {
		url = strings.TrimRight(publicURL, "/") + "/uz/history/" + strconv.FormatInt(b.ID, 10)
	}
	lines := []string{
		"BEGIN:VCALENDAR",
		"VERSION:2.0",
		"PRODID:-//Sog'liq//Booking//" + strings.ToUpper(lang),
		"CALSCALE:GREGORIAN",
		"METHOD:PUBLISH",
		"BEGIN:VEVENT",
		"UID:booking-" + strconv.FormatInt(b.ID, 10) + "@sogliq",
		"DTSTAMP:" + icsTime(now),
		"DTSTART:" + icsTime(start),
		"DTEND:" + icsTime(end),
		"SUMMARY:" + icsText(dict.T(lang, "booking.icsSummary", "doctor", b.Doctor.Name)),
		"LOCATION:" + icsText(b.Clinic.Name+", "+b.Clinic.Address),
		"DESCRIPTION:" + icsText(dict.T(lang, "booking.icsDescription",
			"patient", b.PatientName, "until", until.In(Tashkent).Format("02.01.2006 15:04"), "url", url)),
		"URL:" + url,
		"STATUS:" + status,
		"END:VEVENT",
		"END:VCALENDAR",
	}
	var sb strings.Builder
	for _, l := range lines {
		sb.WriteString(fold(l))
	}
	return sb.String()
}

func icsTime(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// icsText escapes a TEXT value: backslash, semicolon, comma and newlines.
func icsText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`).Replace(s)
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
