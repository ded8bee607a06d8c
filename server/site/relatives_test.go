package site_test

import (
	"fmt"
	"strings"
	"testing"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/site/sitetest"
)

// TestRelatives drives the relatives API through the whole site (every
// answer checked against the OpenAPI document), the profile page's list
// and a booking for a relative, which nobody else may book for.
func TestRelatives(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	patient, _ := signIn(t, s, sms, "+998 90 700-00-61")
	stranger, _ := signIn(t, s, sms, "+998 90 700-00-62")

	var child account.Relative
	if st := postJSON(t, s.URL+"/api/account/relatives", patient, `{"name":"Алия Каримова","birthDate":"2019-05-04","relation":"child"}`, &child); st != 201 {
		t.Fatalf("add: %d", st)
	}
	path := fmt.Sprintf("%s/api/account/relatives/%d", s.URL, child.ID)
	for _, test := range []struct {
		name, method, url, cookies, body string
		status                           int
	}{
		{"a refused form", "POST", s.URL + "/api/account/relatives?lang=uz", patient, `{"name":"","birthDate":"2999-01-01","relation":"x"}`, 422},
		{"the list", "GET", s.URL + "/api/account/relatives", patient, "", 200},
		{"signed out", "GET", s.URL + "/api/account/relatives", "", "", 401},
		{"another's edit", "PUT", path, stranger, `{"name":"Чужой","birthDate":"2019-05-04","relation":"child"}`, 404},
		{"another's delete", "DELETE", path, stranger, "", 404},
		{"an edit", "PUT", path, patient, `{"name":"Алия Каримова","birthDate":"2019-05-04","relation":"child"}`, 200},
	} {
		t.Run(test.name, func(t *testing.T) {
			if st, body := call(t, test.method, test.url, test.cookies, test.body); st != test.status {
				t.Errorf("%d, want %d: %s", st, test.status, body)
			}
		})
	}

	// The profile lists them in its HTML.
	p := sitetest.Get(t, s.URL+"/profile", "Cookie", patient)
	if got := sitetest.Text(p.One(t, `.relatives__item[data-relative="`+fmt.Sprint(child.ID)+`"]`)); !strings.Contains(got, "Алия Каримова · Ребёнок, 04.05.2019") {
		t.Errorf("the profile lists %q", got)
	}

	// A booking for the child; the stranger cannot book for them.
	book := `{"holdId":%d,"holdKey":%q,"idempotencyKey":"00000000-0000-4000-8000-0000000000%02d","relativeId":%d,"consent":true}`
	id, key := holdFirstFreeTime(t, s, stranger)
	if st, body := call(t, "POST", s.URL+"/api/bookings", stranger, fmt.Sprintf(book, id, key, 1, child.ID)); st != 404 || !strings.Contains(body, "Такого родственника нет в вашем профиле.") {
		t.Errorf("the stranger books for the child: %d %s", st, body)
	}
	call(t, "DELETE", fmt.Sprintf("%s/api/bookings/holds/%d?key=%s", s.URL, id, key), stranger, "")
	id, key = holdFirstFreeTime(t, s, patient)
	if st, body := call(t, "POST", s.URL+"/api/bookings", patient, fmt.Sprintf(book, id, key, 2, child.ID)); st != 201 || !strings.Contains(body, `"patientName":"Алия Каримова"`) {
		t.Errorf("booking for the child: %d %s", st, body)
	}
	if st, body := call(t, "DELETE", path, patient, ""); st != 204 {
		t.Errorf("delete: %d %s", st, body)
	}
}
