package site_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"sogliq/server/account/accounttest"
	"sogliq/server/site/sitetest"
)

// TestCalendarFeedOnHistory: /history offers a signed-in patient their
// private calendar feed (webcal and https, in the page's language) and,
// per visit to come, Google Calendar's link; the feed answers through the
// site as a private text/calendar, an unknown or reset address is the
// 404 page (issue 34 item 5).
func TestCalendarFeedOnHistory(t *testing.T) {
	var log logBuffer
	s := sitetest.Start(t, sitetest.Options{Log: &log})
	now := time.Now()
	var user int64
	if err := s.DB.Get(&user, `INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ('998907300088', 'Лола', 'Каримова', now()) RETURNING id`); err != nil {
		t.Fatal(err)
	}
	start := now.Add(72 * time.Hour).Truncate(time.Hour)
	var visit int64
	err := s.DB.Get(&visit, `
		INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
		SELECT dc.doctor_id, dc.clinic_id, tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'), 'booked', $1, $2, 100000, true, 'Лола Каримова', 'self', $3, $3, $3
		FROM doctor_clinics dc
		WHERE NOT EXISTS (
			SELECT 1 FROM appointments a
			WHERE a.doctor_id = dc.doctor_id AND a.live AND a.during && tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'))
		ORDER BY dc.doctor_id, dc.clinic_id
		LIMIT 1
		RETURNING id`, start, user, now)
	if err != nil {
		t.Fatal(err)
	}
	cookie := "token=" + accounttest.SignIn(t, s.DB, user, now)

	var feed string
	for _, prefix := range []string{"", "/uz"} {
		p := sitetest.Get(t, s.URL+prefix+"/history", "Cookie", cookie)
		subscribe := sitetest.Attr(p.One(t, ".calendar-feed a.calendar-feed__subscribe"), "href")
		url := sitetest.Attr(p.One(t, ".calendar-feed input.calendar-feed__url"), "value")
		host := strings.TrimPrefix(s.URL, "http://")
		if !strings.HasPrefix(url, s.URL+prefix+"/calendar/") || !strings.HasSuffix(url, ".ics") || subscribe != "webcal://"+strings.TrimPrefix(url, "http://") {
			t.Errorf("%s/history: subscribe %q, address %q (host %s)", prefix, subscribe, url, host)
		}
		google := sitetest.Attr(p.One(t, fmt.Sprintf(`.booking-card[data-booking="%d"] a[data-calendar="google"]`, visit)), "href")
		if !strings.HasPrefix(google, "https://calendar.google.com/calendar/render?action=TEMPLATE&") {
			t.Errorf("%s/history: Google link %q", prefix, google)
		}
		if prefix == "" {
			feed = url
		}
	}

	get := func(url string) (int, http.Header, string) {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(body)
	}
	status, h, body := get(feed)
	if status != 200 || h.Get("Content-Type") != "text/calendar; charset=utf-8" || h.Get("Cache-Control") != "private, no-store" ||
		!strings.Contains(body, fmt.Sprintf("UID:booking-%d@sogliq\r\n", visit)) || !strings.Contains(body, "DTSTART:"+start.UTC().Format("20060102T150405Z")) {
		t.Errorf("the feed: %d %q %q\n%s", status, h.Get("Content-Type"), h.Get("Cache-Control"), body)
	}
	if status, h, _ := get(s.URL + "/calendar/" + strings.Repeat("x", 43) + ".ics"); status != 404 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Errorf("an unknown address: %d %q", status, h.Get("Content-Type"))
	}

	if status, _ := call(t, "POST", s.URL+"/api/calendar/reset", cookie, "", "Content-Type", "application/json"); status != 200 {
		t.Fatalf("reset: %d", status)
	}
	if status, _, _ := get(feed); status != 404 {
		t.Errorf("the address after a reset: %d, want 404", status)
	}
	token := strings.TrimSuffix(feed[strings.LastIndex(feed, "/")+1:], ".ics")
	if logged := log.String(); strings.Contains(logged, token) || !strings.Contains(logged, "/calendar/{token}.ics") {
		t.Errorf("the access log and the feed's token:\n%s", logged)
	}
	p := sitetest.Get(t, s.URL+"/history", "Cookie", cookie)
	if now := sitetest.Attr(p.One(t, ".calendar-feed input.calendar-feed__url"), "value"); now == feed {
		t.Errorf("/history still shows the old address")
	} else if status, _, _ := get(now); status != 200 {
		t.Errorf("the new address: %d", status)
	}
}
