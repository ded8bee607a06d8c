package desk

import (
	"fmt"
	"strings"
	"testing"
)

// typeBody is a visit type request for doctor 1 at clinic 1 with fields
// changed by extra (JSON members, "" for none).
func typeBody(extra string) string {
	body := `{"clinicId": 1, "doctorId": 1, "kind": "first", "nameRu": " Первичный  приём ", "nameUz": "Birlamchi qabul",
		"slots": 2, "price": 150000, "audience": "adults", "weekdays": 31, "from": 540, "until": 780, "active": true, "position": 0`
	if extra != "" {
		body += ", " + extra
	}
	return body + "}"
}

// TestVisitTypes: the clinic's staff create, change and switch off their
// doctors' visit types; another clinic's staff and a patient cannot; bad
// fields are 422s in the visitor's language; the desk's day shows the
// types (their length from the doctor's slot) and each visit's type,
// price and new-or-returning answer.
func TestVisitTypes(t *testing.T) {
	f := newFixture(t)
	staff, other, patient := f.session(t, 2), f.session(t, 3), f.session(t, 1)
	created := f.call(t, "POST", "/api/desk/visit-types", typeBody(""), staff)
	if created.status != 201 {
		t.Fatalf("create: %d %s", created.status, created.raw)
	}
	vt := created.body["data"].(map[string]any)
	if vt["nameRu"] != "Первичный приём" || vt["minutes"] != 60.0 || vt["slots"] != 2.0 || vt["active"] != true {
		t.Errorf("created: %s", created.raw)
	}
	id := int64(vt["id"].(float64))
	path := fmt.Sprintf("/api/desk/visit-types/%d", id)

	for _, test := range []struct {
		name, method, path, body, token string
		status                          int
	}{
		{"another clinic's staff creates", "POST", "/api/desk/visit-types", typeBody(""), other, 403},
		{"a patient creates", "POST", "/api/desk/visit-types", typeBody(""), patient, 403},
		{"nobody signed in", "POST", "/api/desk/visit-types", typeBody(""), "", 401},
		{"a doctor not at the clinic", "POST", "/api/desk/visit-types", typeBody(`"doctorId": 2`), staff, 404},
		{"another clinic's staff changes", "PUT", path, typeBody(""), other, 404},
		{"a patient changes", "PUT", path, typeBody(""), patient, 403},
		{"an unknown type", "PUT", "/api/desk/visit-types/999", typeBody(""), staff, 404},
	} {
		if a := f.call(t, test.method, test.path, test.body, test.token); a.status != test.status {
			t.Errorf("%s: %d %s, want %d", test.name, a.status, a.raw, test.status)
		}
	}
	for _, test := range []struct{ name, extra, ru, uz string }{
		{"kind", `"kind": "massage"`, "Выберите вид: первичный, повторный, процедура или обследование.", "Turini tanlang: birlamchi, takroriy, muolaja yoki tekshiruv."},
		{"name", `"nameUz": "  "`, "Название нужно на русском и узбекском, до 80 символов.", "Nomi rus va o'zbek tillarida kerak, 80 belgigacha."},
		{"slots", `"slots": 9`, "Длина — от 1 до 8 слотов подряд.", "Davomiyligi — ketma-ket 1 dan 8 gacha slot."},
		{"price", `"price": -1`, "Цена — от 0 до 100 000 000 сум.", "Narxi — 0 dan 100 000 000 so'mgacha."},
		{"audience", `"audience": "pets"`, "Для кого: дети, взрослые или все.", "Kim uchun: bolalar, kattalar yoki hamma."},
		{"no weekday", `"weekdays": 0`, "Выберите хотя бы один день, а начало часов — раньше конца.", "Kamida bitta kunni tanlang, soatlar boshlanishi tugashidan oldin bo'lsin."},
		{"hours", `"from": 800, "until": 700`, "Выберите хотя бы один день, а начало часов — раньше конца.", "Kamida bitta kunni tanlang, soatlar boshlanishi tugashidan oldin bo'lsin."},
	} {
		for lang, want := range map[string]string{"ru": test.ru, "uz": test.uz} {
			a := f.call(t, "PUT", path+"?lang="+lang, typeBody(test.extra), staff)
			if a.status != 422 || a.body["error"] != want {
				t.Errorf("%s in %s: %d %s, want 422 %q", test.name, lang, a.status, a.raw, want)
			}
		}
	}
	if a := f.call(t, "POST", "/api/desk/visit-types", `{"clinicId": 1, "doctorId": 1, "slots": "two"}`, staff); a.status != 400 {
		t.Errorf("malformed: %d %s", a.status, a.raw)
	}

	off := f.call(t, "PUT", path, typeBody(`"active": false, "price": 160000`), staff)
	if off.status != 200 || off.body["data"].(map[string]any)["active"] != false {
		t.Errorf("switch off: %d %s", off.status, off.raw)
	}
	var active bool
	var price int
	f.db.QueryRow(`SELECT active, price FROM visit_types WHERE id = $1`, id).Scan(&active, &price)
	if active || price != 160000 {
		t.Errorf("in the database: active %v, price %d", active, price)
	}

	// The day shows the types and each visit's type, price and answer.
	v := f.visit(t, 1, 26)
	f.exec(t, `UPDATE appointments SET visit_type_id = $1, price = 160000, during = tstzrange(lower(during), lower(during) + interval '1 hour'),
		returning_patient = false WHERE id = $2`, id, v)
	day := f.call(t, "GET", "/api/desk/visits?clinic=1&days=2&lang=uz", "", staff)
	doc := day.body["data"].(map[string]any)["doctors"].([]any)[0].(map[string]any)
	types := doc["types"].([]any)
	visits := doc["visits"].([]any)
	if len(types) != 1 || len(visits) != 1 {
		t.Fatalf("day: %s", day.raw)
	}
	got := visits[0].(map[string]any)
	if got["typeName"] != "Birlamchi qabul" || got["price"] != 160000.0 || got["returning"] != false {
		t.Errorf("visit on the desk: %v", got)
	}
}

// TestEditorVisitTypes: an editor lists, creates, changes and switches
// off a doctor's visit types at any of his clinics, through the desk's
// checks; staff and patients cannot; a type is found under its own doctor
// only; the desk sees the editor's type.
func TestEditorVisitTypes(t *testing.T) {
	f := newFixture(t)
	editor, staff, patient := f.session(t, 4), f.session(t, 2), f.session(t, 1)
	const path = "/api/editor/doctor/1/visit-types"
	created := f.call(t, "POST", path, typeBody(`"doctorId": 2`), editor)
	if created.status != 201 {
		t.Fatalf("create: %d %s", created.status, created.raw)
	}
	vt := created.body["data"].(map[string]any)
	id := int64(vt["id"].(float64))
	var doctor, clinic int64
	f.db.QueryRow(`SELECT doctor_id, clinic_id FROM visit_types WHERE id = $1`, id).Scan(&doctor, &clinic)
	if doctor != 1 || clinic != 1 || vt["minutes"] != 60.0 {
		t.Errorf("created for doctor %d at clinic %d (the path's doctor wins over the body's): %s", doctor, clinic, created.raw)
	}
	one := fmt.Sprintf("%s/%d", path, id)
	for _, test := range []struct {
		name, method, path, body, token string
		status                          int
	}{
		{"staff lists", "GET", path, "", staff, 403},
		{"a patient creates", "POST", path, typeBody(""), patient, 403},
		{"staff change", "PUT", one, typeBody(""), staff, 403},
		{"nobody signed in", "GET", path, "", "", 401},
		{"an unknown doctor", "GET", "/api/editor/doctor/99/visit-types", "", editor, 404},
		{"a clinic the doctor is not at", "POST", path, typeBody(`"clinicId": 2`), editor, 404},
		{"the type under another doctor", "PUT", fmt.Sprintf("/api/editor/doctor/2/visit-types/%d", id), typeBody(""), editor, 404},
		{"an unknown type", "PUT", path + "/999", typeBody(""), editor, 404},
		{"a bad price", "PUT", one, typeBody(`"price": -5`), editor, 422},
	} {
		if a := f.call(t, test.method, test.path, test.body, test.token); a.status != test.status {
			t.Errorf("%s: %d %s, want %d", test.name, a.status, a.raw, test.status)
		}
	}
	if a := f.call(t, "PUT", one+"?lang=uz", typeBody(`"price": -5`), editor); a.body["error"] != "Narxi — 0 dan 100 000 000 so'mgacha." {
		t.Errorf("a bad price in uz: %s", a.raw)
	}
	off := f.call(t, "PUT", one, typeBody(`"active": false`), editor)
	if off.status != 200 || off.body["data"].(map[string]any)["active"] != false {
		t.Errorf("switch off: %d %s", off.status, off.raw)
	}
	list := f.call(t, "GET", path+"?lang=uz", "", editor)
	clinics := list.body["data"].(map[string]any)["clinics"].([]any)
	if list.status != 200 || len(clinics) != 1 {
		t.Fatalf("list: %d %s", list.status, list.raw)
	}
	at := clinics[0].(map[string]any)
	types := at["types"].([]any)
	if at["clinicName"] != "1-klinika" || at["slotMin"] != 30.0 || len(types) != 1 || types[0].(map[string]any)["active"] != false {
		t.Errorf("list: %s", list.raw)
	}
	// The clinic's desk sees the editor's type among its doctor's.
	day := f.call(t, "GET", "/api/desk/visits?clinic=1", "", staff)
	if !strings.Contains(day.raw, fmt.Sprintf(`"id":%d,"kind":"first"`, id)) {
		t.Errorf("the desk does not show the editor's type: %s", day.raw)
	}
}
