package site_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/desk"
	"sogliq/server/role"
	"sogliq/server/site/sitetest"
)

// visitTypeSlots is GET /api/doctors/{id}/slots as the site answers it.
type visitTypeSlots struct {
	Clinics []struct {
		ClinicID int64 `json:"clinicId"`
		Price    int   `json:"price"`
		Type     *struct {
			ID      int64  `json:"id"`
			Name    string `json:"name"`
			Slots   int    `json:"slots"`
			Minutes int    `json:"minutes"`
			Price   int    `json:"price"`
		} `json:"type"`
		Types []struct {
			ID      int64  `json:"id"`
			Name    string `json:"name"`
			Slots   int    `json:"slots"`
			Minutes int    `json:"minutes"`
		} `json:"types"`
		Days []struct {
			Slots []struct {
				Start string `json:"start"`
				End   string `json:"end"`
			} `json:"slots"`
		} `json:"days"`
	} `json:"clinics"`
}

func getSlots(t *testing.T, s *sitetest.Site, path string) visitTypeSlots {
	t.Helper()
	var out visitTypeSlots
	p := sitetest.Get(t, s.URL+path)
	if p.Resp.StatusCode != 200 {
		t.Fatalf("%s: %d %s", path, p.Resp.StatusCode, p.Body)
	}
	if err := json.Unmarshal([]byte(p.Body), &struct{ Data any }{&out}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestVisitTypesOnTheSite: on the seeded site, a doctor's free times come
// for a visit type, chosen among the clinic's in the page's language; a
// type of two slots is held and booked over two slots at its price; the
// visit's page says its type and length; the clinic's desk shows the
// visit's type and the patient's "first time" answer; bad type and kind
// parameters are 400s in the visitor's language.
func TestVisitTypesOnTheSite(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	patient, _ := signIn(t, s, sms, "+998 90 700-00-31")
	staff, _ := signIn(t, s, sms, "+998 90 700-00-32")

	// A doctor with a free time for a type of two slots.
	var doctor, clinic, typeID int64
	var start, end string
	var minutes, price int
	var typeName string
	var ids []int64
	if err := s.DB.Select(&ids, `SELECT DISTINCT doctor_id FROM visit_types WHERE slots = 2 AND active ORDER BY doctor_id LIMIT 30`); err != nil {
		t.Fatal(err)
	}
	// Within the days /desk shows: the visit is looked for there below.
	for _, id := range ids {
		all := getSlots(t, s, fmt.Sprintf("/api/doctors/%d/slots?days=%d", id, desk.PageDays))
		for _, c := range all.Clinics {
			if c.Type == nil || len(c.Types) < 2 {
				t.Fatalf("doctor %d at clinic %d: type %v, %d types", id, c.ClinicID, c.Type, len(c.Types))
			}
			for _, vt := range c.Types {
				if vt.Slots != 2 {
					continue
				}
				typed := getSlots(t, s, fmt.Sprintf("/api/doctors/%d/slots?days=%d&type=%d", id, desk.PageDays, vt.ID))
				for _, tc := range typed.Clinics {
					if tc.ClinicID != c.ClinicID {
						continue
					}
					for _, d := range tc.Days {
						if len(d.Slots) > 0 && start == "" {
							doctor, clinic, typeID, typeName = id, c.ClinicID, vt.ID, vt.Name
							start, end, minutes, price = d.Slots[0].Start, d.Slots[0].End, vt.Minutes, tc.Price
						}
					}
				}
			}
		}
		if start != "" {
			break
		}
	}
	if start == "" {
		t.Fatal("no free time of a two-slot visit type among the seeded doctors")
	}
	a, _ := time.Parse(time.RFC3339, start)
	b, _ := time.Parse(time.RFC3339, end)
	if got := int(b.Sub(a) / time.Minute); got != minutes {
		t.Errorf("a %s of %d minutes offered as %s-%s", typeName, minutes, start, end)
	}
	uzNames := getSlots(t, s, fmt.Sprintf("/api/doctors/%d/slots?days=1&type=%d&lang=uz", doctor, typeID))
	for _, c := range uzNames.Clinics {
		if c.ClinicID == clinic && (c.Type == nil || c.Type.ID != typeID || c.Type.Name == typeName) {
			t.Errorf("in Uzbek: %+v, want type %d named otherwise than %q", c.Type, typeID, typeName)
		}
	}

	var hold struct {
		ID     int64  `json:"id"`
		Key    string `json:"key"`
		End    string `json:"end"`
		TypeID int64  `json:"typeId"`
	}
	if st := postJSON(t, s.URL+"/api/bookings/holds", patient, fmt.Sprintf(`{"doctorId":%d,"clinicId":%d,"start":%q,"typeId":%d}`, doctor, clinic, start, typeID), &hold); st != 201 || hold.End != end || hold.TypeID != typeID {
		t.Fatalf("hold: %d %+v", st, hold)
	}
	var booked struct {
		ID        int64 `json:"id"`
		Price     int   `json:"price"`
		VisitType struct {
			Name    string `json:"name"`
			Minutes int    `json:"minutes"`
		} `json:"visitType"`
	}
	body := fmt.Sprintf(`{"holdId":%d,"holdKey":%q,"idempotencyKey":"00000000-0000-4000-8000-000000000031","patient":{"self":true,"firstName":"Нодира","lastName":"Юсупова","birthDate":"1990-05-01"},"consent":true,"returning":false}`, hold.ID, hold.Key)
	if st := postJSON(t, s.URL+"/api/bookings", patient, body, &booked); st != 201 || booked.Price != price || booked.VisitType.Minutes != minutes || booked.VisitType.Name != typeName {
		t.Fatalf("book: %d %+v, want %s of %d minutes at %d", st, booked, typeName, minutes, price)
	}

	page := sitetest.Get(t, fmt.Sprintf("%s/history/%d", s.URL, booked.ID), "Cookie", patient)
	if got := sitetest.Text(page.One(t, ".booking-done__type")); got != fmt.Sprintf("%s, %d мин", typeName, minutes) {
		t.Errorf("the visit's page: %q", got)
	}
	history := sitetest.Get(t, s.URL+"/history", "Cookie", patient)
	if got := sitetest.Text(history.One(t, fmt.Sprintf(`[data-booking="%d"] .booking-card__type`, booked.ID))); !strings.Contains(got, typeName) {
		t.Errorf("/history: %q", got)
	}

	var slug string
	if err := s.DB.Get(&slug, `SELECT slug FROM clinics WHERE id = $1`, clinic); err != nil {
		t.Fatal(err)
	}
	if err := role.NewStore(s.DB).Grant(context.Background(), "998907000032", role.Staff, slug); err != nil {
		t.Fatal(err)
	}
	desk := sitetest.Get(t, s.URL+"/desk?clinic="+url.QueryEscape(slug), "Cookie", staff)
	visit := fmt.Sprintf(`[data-visit="%d"]`, booked.ID)
	if got := sitetest.Text(desk.One(t, visit+" .desk-visit__type")); !strings.HasPrefix(got, typeName) {
		t.Errorf("desk: the visit's type %q", got)
	}
	if got := sitetest.Text(desk.One(t, visit+" .desk-visit__returning")); got != "Новый пациент" {
		t.Errorf("desk: %q, want Новый пациент", got)
	}
	if n := len(desk.All(t, fmt.Sprintf(`.desk-types[data-doctor="%d"] [data-type]`, doctor))); n < 2 {
		t.Errorf("desk: %d visit types of the doctor listed", n)
	}

	for _, test := range []struct{ path, want string }{
		{fmt.Sprintf("/api/doctors/%d/slots?type=999999999&lang=uz", doctor), "Shifokor bu klinikada bunday qabul turini o'tkazmaydi. Ro'yxatdan qabul turini tanlang."},
		{fmt.Sprintf("/api/slots?doctors=%d&kind=surgery", doctor), "Неверный вид приёма: first, followup, procedure или test."},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		var e struct{ Error string }
		json.Unmarshal([]byte(p.Body), &e)
		if p.Resp.StatusCode != 400 || e.Error != test.want {
			t.Errorf("%s: %d %s", test.path, p.Resp.StatusCode, p.Body)
		}
	}
}
