package site_test

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/site/sitetest"
)

// postJSON posts body with cookies and decodes the answer's data into v.
func postJSON(t *testing.T, url, cookies, body string, v any) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewBufferString(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", cookies)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	checkAPI(t, http.MethodPost, url, resp, raw)
	if v != nil {
		json.Unmarshal(raw, &struct{ Data any }{v})
	}
	return resp.StatusCode
}

// TestHistoryPages: /history opens for everyone, private and never cached
// (a visitor who is not signed in gets the explanation, not a redirect);
// /history/{id} shows one's own booking and nobody else's; both say the
// clinic's cancel rule in the page's language.
func TestHistoryPages(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	patient, _ := signIn(t, s, sms, "+998 90 700-00-01")
	stranger, _ := signIn(t, s, sms, "+998 90 700-00-02")

	bookingID := bookFirstFreeTime(t, s, patient)

	for _, test := range []struct {
		name, path, cookie string
		status             int
		location, h1, sel  string
		rule               string
	}{
		{"history, nobody", "/history", "", 200, "", "Мои записи", ".history__anonymous", ""},
		{"uz history, nobody", "/uz/history", "", 200, "", "Mening yozuvlarim", ".history__anonymous", ""},
		{"history, the patient", "/history", patient, 200, "", "Мои записи", ".history__list--upcoming",
			"Отменить или перенести запись можно не позднее чем за 2 ч до приёма."},
		{"history, a forged token", "/history", "token=forged", 200, "", "Мои записи", ".history__anonymous", ""},
		{"the booking, the patient", fmt.Sprintf("/uz/history/%d", bookingID), patient, 200, "", "Siz yozildingiz", "",
			"Yozuvni qabuldan kamida 2 soat oldin bekor qilish yoki ko'chirish mumkin."},
		{"the booking, another user", fmt.Sprintf("/history/%d", bookingID), stranger, 404, "", "", "", ""},
		{"the booking, nobody", fmt.Sprintf("/history/%d", bookingID), "", 302, "/", "", "", ""},
		{"no such booking", "/history/999999", patient, 404, "", "", "", ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path, "Cookie", test.cookie)
			if p.Resp.StatusCode != test.status || p.Resp.Header.Get("Location") != test.location {
				t.Fatalf("%d to %q, want %d to %q", p.Resp.StatusCode, p.Resp.Header.Get("Location"), test.status, test.location)
			}
			if x := p.Resp.Header.Get("X-Cache"); x != "" {
				t.Errorf("X-Cache %q: a private page went through the page cache", x)
			}
			if test.status != 200 {
				return
			}
			if cc := p.Resp.Header.Get("Cache-Control"); cc != "private, no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
			if got := sitetest.Text(p.One(t, "main h1")); got != test.h1 {
				t.Errorf("h1 %q, want %q", got, test.h1)
			}
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
				t.Errorf("robots %q, want noindex", got)
			}
			if test.sel != "" {
				p.One(t, test.sel)
			}
			if test.rule != "" {
				if got := sitetest.Text(p.One(t, "[data-cancel-rule]")); got != test.rule {
					t.Errorf("cancel rule %q, want %q", got, test.rule)
				}
			}
		})
	}
	// The stranger's history lists nothing of the patient's.
	if p := sitetest.Get(t, s.URL+"/history", "Cookie", stranger); strings.Contains(p.Body, fmt.Sprintf("/history/%d", bookingID)) {
		t.Error("another user's history shows the booking")
	}
}

// holdFirstFreeTime holds, through the API as a browser would, the first
// free time of the first doctors for the visitor of cookies, and returns
// the hold's id and key.
func holdFirstFreeTime(t *testing.T, s *sitetest.Site, cookies string) (int64, string) {
	t.Helper()
	var next struct {
		Doctors []struct {
			DoctorID int64 `json:"doctorId"`
			Slots    []struct {
				Start    string `json:"start"`
				ClinicID int64  `json:"clinicId"`
			} `json:"slots"`
		} `json:"doctors"`
	}
	p := sitetest.Get(t, s.URL+"/api/slots?doctors=1,2,3,4,5")
	if err := json.Unmarshal([]byte(p.Body), &struct{ Data any }{&next}); err != nil {
		t.Fatal(err)
	}
	for _, d := range next.Doctors {
		if len(d.Slots) == 0 {
			continue
		}
		var hold struct {
			ID  int64  `json:"id"`
			Key string `json:"key"`
		}
		body := fmt.Sprintf(`{"doctorId":%d,"clinicId":%d,"start":%q}`, d.DoctorID, d.Slots[0].ClinicID, d.Slots[0].Start)
		if st := postJSON(t, s.URL+"/api/bookings/holds", cookies, body, &hold); st != 201 {
			t.Fatalf("hold: %d", st)
		}
		return hold.ID, hold.Key
	}
	t.Fatalf("no free time among the first doctors: %s", p.Body)
	return 0, ""
}

// bookFirstFreeTime books, through the API as a browser would, the first
// free time of the first doctors for the visitor of cookies, and returns
// the booking's id.
func bookFirstFreeTime(t *testing.T, s *sitetest.Site, cookies string) int64 {
	t.Helper()
	id, holdKey := holdFirstFreeTime(t, s, cookies)
	var booked struct {
		ID int64 `json:"id"`
	}
	// A fresh idempotency key each time: a repeated one would answer with
	// the booking made under it.
	key := make([]byte, 6)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf(`{"holdId":%d,"holdKey":%q,"idempotencyKey":"00000000-0000-4000-8000-%x","patient":{"self":true,"firstName":"Нодира","lastName":"Юсупова","birthDate":"1990-05-01"},"consent":true}`, id, holdKey, key)
	if st := postJSON(t, s.URL+"/api/bookings", cookies, body, &booked); st != 201 {
		t.Fatalf("book: %d", st)
	}
	return booked.ID
}
