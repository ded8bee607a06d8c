package booking

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"sogliq/server/apidoc"
)

// spec checks answers against this package's part of the API document
// (the hand-written booking paths and the waitlist built from Go types).
type spec struct {
	*apidoc.Spec
	seen map[string]bool // "METHOD path status"
}

func loadSpec(t *testing.T) *spec {
	t.Helper()
	doc, err := apidoc.Build(map[string]any{"title": "booking", "version": "test"}, []apidoc.Fragment{APIFragment()}, APIDoc())
	if err != nil {
		t.Fatal(err)
	}
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v", doc["openapi"])
	}
	s, err := apidoc.NewSpec(doc) // every schema compiles
	if err != nil {
		t.Fatal(err)
	}
	return &spec{Spec: s, seen: map[string]bool{}}
}

// check validates answer a of method on the documented path template:
// its status must be documented for the operation and its body must match.
func (s *spec) check(t *testing.T, method, path string, a answer) {
	t.Helper()
	s.seen[method+" "+path+" "+strconv.Itoa(a.status)] = true
	if err := s.Check(method, path, a.status, a.header.Get("Content-Type"), a.raw); err != nil {
		t.Error(err)
	}
}

// TestOpenAPI drives every operation through its answers and checks each
// against /api/openapi.json.
func TestOpenAPI(t *testing.T) {
	f := newFixture(t)
	s := loadSpec(t)
	tok := f.session(t, 1)
	do := func(method, template, path, body, token string, headers ...string) answer {
		t.Helper()
		a := f.call(t, method, path, body, token, headers...)
		s.check(t, method, template, a)
		return a
	}
	slots, next := "/api/doctors/{id}/slots", "/api/slots"
	do("GET", slots, "/api/doctors/1/slots?days=14&lang=uz", "", "")
	do("GET", slots, "/api/doctors/1/slots?clinic=2", "", "")
	do("GET", slots, "/api/doctors/1/slots?days=99", "", "")
	do("GET", slots, "/api/doctors/77/slots", "", "")
	do("GET", next, "/api/slots?doctors=1,2,3,77&limit=5", "", "")
	do("GET", next, "/api/slots?doctors=1,2&clinic=2", "", "")
	do("GET", next, "/api/slots?doctors=x", "", "")

	holds, hold := "/api/bookings/holds", "/api/bookings/holds/{id}"
	h := do("POST", holds, holds, holdBody(1, 1, slot(1, "10:00")), tok)
	id, key := h.num("id"), h.data()["key"].(string)
	do("POST", holds, holds, holdBody(1, 1, slot(1, "10:00")), "")
	do("POST", holds, holds, holdBody(1, 1, slot(1, "10:05")), "")
	do("POST", holds, holds, holdBody(1, 3, slot(1, "10:00")), "")
	do("POST", holds, holds, "{", "")
	do("POST", holds, holds, holdBody(1, 1, slot(1, "10:30")), "", "Content-Type", "text/plain")
	do("POST", holds, holds, holdBody(1, 1, slot(1, "10:30")), "", "Sec-Fetch-Site", "cross-site")
	for _, hm := range []string{"11:00", "11:30"} {
		do("POST", holds, holds, holdBody(1, 1, slot(1, hm)), tok)
	}
	do("POST", holds, holds, holdBody(1, 1, slot(1, "12:00")), tok) // a fourth live hold: 429
	spare := do("POST", holds, holds, holdBody(2, 1, slot(1, "12:00")), "")
	do("DELETE", hold, fmt.Sprintf("/api/bookings/holds/%d?key=%s", spare.num("id"), spare.data()["key"]), "", "")
	do("DELETE", hold, fmt.Sprintf("/api/bookings/holds/%d?key=nope", spare.num("id")), "", "")
	do("DELETE", hold, "/api/bookings/holds/x", "", "")

	bookings := "/api/bookings"
	do("POST", bookings, bookings, bookBody(id, key, uuidN(1)), "")
	do("POST", bookings, bookings, `{"holdId": 1, "holdKey": "k", "idempotencyKey": "`+uuidN(1)+`", "patient": {"self": false}, "consent": false}`, tok)
	b := do("POST", bookings, bookings, bookBody(id, key, uuidN(1)), tok)
	do("POST", bookings, bookings, bookBody(id, key, uuidN(1)), tok)
	do("POST", bookings, bookings, bookBody(id, key, uuidN(2)), tok)
	do("POST", bookings, bookings, `{"holdId": "one"}`, tok)
	do("GET", bookings, bookings, "", tok)
	do("GET", bookings, bookings, "", "")

	re, cancel, ics := "/api/bookings/{id}/reschedule", "/api/bookings/{id}/cancel", "/api/bookings/{id}.ics"
	f.Advance(HoldTTL) // the other holds expire
	nh := do("POST", holds, holds, holdBody(1, 1, slot(2, "10:00")), tok)
	moved := do("POST", re, fmt.Sprintf("/api/bookings/%d/reschedule", b.num("id")), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, nh.num("id"), nh.data()["key"]), tok)
	do("POST", re, fmt.Sprintf("/api/bookings/%d/reschedule", b.num("id")), fmt.Sprintf(`{"holdId": %d, "holdKey": %q}`, nh.num("id"), nh.data()["key"]), tok)
	do("POST", re, "/api/bookings/999/reschedule", `{"holdId": 1, "holdKey": "k"}`, tok)
	do("POST", re, "/api/bookings/1/reschedule", `{}`, tok)
	do("GET", ics, fmt.Sprintf("/api/bookings/%d.ics", moved.num("id")), "", tok)
	do("GET", ics, "/api/bookings/999.ics", "", tok)
	do("POST", cancel, fmt.Sprintf("/api/bookings/%d/cancel", moved.num("id")), `{"reason": "`+strings.Repeat("x", 501)+`"}`, tok)
	do("POST", cancel, fmt.Sprintf("/api/bookings/%d/cancel", moved.num("id")), `{"reason": "better time"}`, tok)
	do("POST", cancel, fmt.Sprintf("/api/bookings/%d/cancel", moved.num("id")), ``, tok)
	do("POST", cancel, "/api/bookings/999/cancel", ``, tok)
	do("GET", bookings, bookings, "", tok)

	reset := "/api/calendar/reset"
	do("POST", reset, reset+"?lang=uz", "", tok)
	do("POST", reset, reset, "", tok)
	do("POST", reset, reset, "", "")
	do("POST", reset, reset, "", tok, "Sec-Fetch-Site", "cross-site")

	var seen []string
	for k := range s.seen {
		seen = append(seen, k)
	}
	sort.Strings(seen)
	t.Logf("checked %d documented answers: %s", len(seen), strings.Join(seen, "; "))
	for _, want := range []string{
		"GET /api/doctors/{id}/slots 200", "GET /api/doctors/{id}/slots 400", "GET /api/doctors/{id}/slots 404",
		"GET /api/slots 200", "GET /api/slots 400",
		"POST /api/bookings/holds 201", "POST /api/bookings/holds 400", "POST /api/bookings/holds 403", "POST /api/bookings/holds 404",
		"POST /api/bookings/holds 409", "POST /api/bookings/holds 415", "POST /api/bookings/holds 429",
		"DELETE /api/bookings/holds/{id} 204", "DELETE /api/bookings/holds/{id} 404",
		"POST /api/bookings 200", "POST /api/bookings 201", "POST /api/bookings 401", "POST /api/bookings 409", "POST /api/bookings 422",
		"GET /api/bookings 200", "GET /api/bookings 401",
		"POST /api/bookings/{id}/reschedule 200", "POST /api/bookings/{id}/reschedule 409", "POST /api/bookings/{id}/reschedule 404",
		"POST /api/bookings/{id}/cancel 200", "POST /api/bookings/{id}/cancel 409", "POST /api/bookings/{id}/cancel 422", "POST /api/bookings/{id}/cancel 404",
		"GET /api/bookings/{id}.ics 200", "GET /api/bookings/{id}.ics 404",
		"POST /api/calendar/reset 200", "POST /api/calendar/reset 401", "POST /api/calendar/reset 403",
	} {
		if !s.seen[want] {
			t.Errorf("not exercised: %s", want)
		}
	}
}

// TestOpenAPIMatchesGoTypes: the hand-written schemas of the booking
// fragment name the same JSON fields as the Go types the handlers encode
// and decode, so a field added to a type fails here until it is documented.
func TestOpenAPIMatchesGoTypes(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(APIFragment(), &doc); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]any{
		"TimeSlot": TimeSlot{}, "DaySlots": DaySlots{}, "ClinicSlots": ClinicSlots{}, "DoctorSlots": DoctorSlots{},
		"NextSlot": NextSlot{}, "NextClinic": NextClinic{}, "DoctorNext": DoctorNext{}, "NextSlots": NextSlots{},
		"HoldRequest": HoldRequest{}, "Hold": Hold{}, "Patient": Patient{}, "BookRequest": BookRequest{},
		"CancelRequest": CancelRequest{}, "RescheduleRequest": RescheduleRequest{}, "BookingDoctor": BookingDoctor{},
		"BookingClinic": BookingClinic{}, "Booking": Booking{}, "Visits": Visits{}, "CalendarFeed": CalendarFeed{},
	} {
		s, ok := doc.Components.Schemas[name]
		if !ok {
			t.Errorf("schema %s is not in openapi.json", name)
			continue
		}
		var documented []string
		for p := range s.Properties {
			documented = append(documented, p)
		}
		sort.Strings(documented)
		if want := apidoc.Fields(v); !slices.Equal(documented, want) {
			t.Errorf("schema %s has %q, the Go type %q", name, documented, want)
		}
	}
}
