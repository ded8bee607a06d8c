package desk

import (
	"fmt"
	"strings"
	"testing"
)

// TestMeeting: the clinic's staff mark a visit type online and paste the
// meeting link of a visit of it (and clear it); the desk's day shows
// both; another clinic's staff and a patient cannot; a link that is not
// https, or too long, is a 400 in the visitor's language; a visit of a
// type that is not online takes no link.
func TestMeeting(t *testing.T) {
	f := newFixture(t)
	staff, other, patient := f.session(t, 2), f.session(t, 3), f.session(t, 1)
	created := f.call(t, "POST", "/api/desk/visit-types", typeBody(`"online": true, "slots": 1, "weekdays": 127, "from": 0, "until": 1440`), staff)
	if created.status != 201 || created.body["data"].(map[string]any)["online"] != true {
		t.Fatalf("create an online type: %d %s", created.status, created.raw)
	}
	typeID := int64(created.body["data"].(map[string]any)["id"].(float64))
	v := f.visit(t, 1, 26)
	f.exec(t, `UPDATE appointments SET visit_type_id = $1 WHERE id = $2`, typeID, v)
	path := fmt.Sprintf("/api/desk/visits/%d/meeting", v)
	link := "https://meet.jit.si/sogliq-" + fmt.Sprint(v)

	for _, test := range []struct {
		name, body, token string
		status            int
	}{
		{"nobody signed in", `{"url": "` + link + `"}`, "", 401},
		{"a patient", `{"url": "` + link + `"}`, patient, 403},
		{"another clinic's staff", `{"url": "` + link + `"}`, other, 404},
		{"malformed", `{"url": 5}`, staff, 400},
		{"the clinic's staff", `{"url": " ` + link + ` "}`, staff, 200},
	} {
		if a := f.call(t, "PUT", path, test.body, test.token); a.status != test.status {
			t.Errorf("%s: %d %s, want %d", test.name, a.status, a.raw, test.status)
		}
	}
	var stored string
	f.db.Get(&stored, `SELECT coalesce(meeting_url, '') FROM appointments WHERE id = $1`, v)
	if stored != link {
		t.Errorf("stored %q, want %q", stored, link)
	}

	for _, bad := range []string{"http://meet.jit.si/x", "meet.jit.si/x", "https://", "javascript:alert(1)", "https://user:pw@meet.example/x",
		"https://meet.jit.si/" + strings.Repeat("a", MaxMeetingURL)} {
		for lang, want := range map[string]string{
			"ru": "Ссылка на встречу должна начинаться с https:// и быть не длиннее 500 символов.",
			"uz": "Uchrashuv havolasi https:// bilan boshlanishi va 500 belgidan oshmasligi kerak.",
		} {
			a := f.call(t, "PUT", path+"?lang="+lang, `{"url": "`+bad+`"}`, staff)
			if a.status != 400 || a.body["error"] != want {
				t.Errorf("%.40q in %s: %d %s, want 400 %q", bad, lang, a.status, a.raw, want)
			}
		}
	}

	day := f.call(t, "GET", "/api/desk/visits?clinic=1&days=3", "", staff)
	got := day.body["data"].(map[string]any)["doctors"].([]any)[0].(map[string]any)["visits"].([]any)[0].(map[string]any)
	if got["online"] != true || got["meetingUrl"] != link {
		t.Errorf("visit on the desk: %v", got)
	}

	plain := f.visit(t, 1, 30)
	if a := f.call(t, "PUT", fmt.Sprintf("/api/desk/visits/%d/meeting?lang=ru", plain), `{"url": "`+link+`"}`, staff); a.status != 422 || a.body["error"] != "Это не онлайн-приём: ссылка на встречу к нему не нужна." {
		t.Errorf("a visit that is not online: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "PUT", path, `{"url": ""}`, staff); a.status != 200 {
		t.Errorf("clear: %d %s", a.status, a.raw)
	}
	var cleared bool
	f.db.Get(&cleared, `SELECT meeting_url IS NULL FROM appointments WHERE id = $1`, v)
	if !cleared {
		t.Error("the link is still there after clearing it")
	}
	f.exec(t, `UPDATE appointments SET status = 'cancelled', cancelled_by = 'clinic' WHERE id = $1`, v)
	if a := f.call(t, "PUT", path, `{"url": "`+link+`"}`, staff); a.status != 409 {
		t.Errorf("a cancelled visit: %d %s", a.status, a.raw)
	}
}
