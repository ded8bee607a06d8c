package telegram

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
)

// TestMiniAppSignIn: a Telegram user without a phone is asked for it; the
// contact they share (their own) links the account of that phone; the
// same initData then signs in, once.
func TestMiniAppSignIn(t *testing.T) {
	f := newFixture(t)
	const tg = 5001
	init := f.initData(testToken, tg, time.Minute)

	a := f.session(t, init, "ru")
	if a.status != 200 || a.data()["contactNeeded"] != true || a.data()["signedIn"] != false || a.cookie(account.TokenCookie) != "" {
		t.Fatalf("before the contact: %d %s", a.status, a.raw)
	}
	// Someone else's contact proves nothing.
	if a := f.update(t, contact(1, tg, 777, "+998900000002")); a.status != 200 {
		t.Fatalf("webhook: %d %s", a.status, a.raw)
	}
	if a := f.session(t, init, "ru"); a.data()["contactNeeded"] != true {
		t.Fatalf("linked by another's contact: %s", a.raw)
	}
	// Their own: a phone of no account yet makes one, as a first SMS sign-in would.
	if a := f.update(t, contact(2, tg, tg, "998 90 123 45 67")); a.status != 200 {
		t.Fatalf("webhook: %d %s", a.status, a.raw)
	}
	replies := f.api.Sent("sendMessage", tg)
	if len(replies) != 2 || replies[0].Text() != f.dict.T("ru", "telegram.bot.contactNotOwn") ||
		replies[1].Text() != f.dict.T("ru", "telegram.bot.contactLinked", "phone", "+998 90 123-45-67") {
		t.Fatalf("the bot's replies: %+v", replies)
	}
	a = f.session(t, init, "uz")
	if a.status != 200 || a.data()["signedIn"] != true || a.data()["newUser"] != true || a.data()["next"] != "/uz/register/finalize" {
		t.Fatalf("sign-in: %d %s", a.status, a.raw)
	}
	token := a.cookie(account.TokenCookie)
	user, err := f.h.Accounts.SessionUser(t.Context(), token, f.Now())
	if err != nil {
		t.Fatal(err)
	}
	u, _ := f.h.Accounts.User(t.Context(), user)
	if u.Phone != "998901234567" {
		t.Errorf("signed in as %+v", u)
	}
	// The same initData again: a replay.
	if a := f.session(t, init, "ru"); a.status != 409 || a.cookie(account.TokenCookie) != "" {
		t.Errorf("replay: %d %s", a.status, a.raw)
	}
	// A new initData (the Mini App opened again) signs in again.
	f.Advance(time.Second)
	if a := f.session(t, f.initData(testToken, tg, 0), "ru"); a.status != 200 || a.data()["signedIn"] != true {
		t.Errorf("a second opening: %d %s", a.status, a.raw)
	}
}

// TestMiniAppRefusals: a bad hash and an old auth_date are 401, a replay
// 409, each with its message in the visitor's language; no cookie.
func TestMiniAppRefusals(t *testing.T) {
	f := newFixture(t)
	f.link(t, 5002, 1)
	good := f.initData(testToken, 5002, time.Minute)
	tampered := strings.Replace(good, "5002", "5003", 1)
	for _, test := range []struct {
		name, initData, lang string
		status               int
		key                  string
	}{
		{"another bot's token", f.initData("999:other", 5002, time.Minute), "ru", 401, "telegram.badHash"},
		{"a changed user", tampered, "uz", 401, "telegram.badHash"},
		{"empty", "", "ru", 401, "telegram.badHash"},
		{"a day and a minute old", f.initData(testToken, 5002, 24*time.Hour+time.Minute), "uz", 401, "telegram.expired"},
		{"first use", good, "ru", 200, ""},
		{"replayed", good, "uz", 409, "telegram.replay"},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := f.session(t, test.initData, test.lang)
			if a.status != test.status {
				t.Fatalf("%d %s, want %d", a.status, a.raw, test.status)
			}
			if test.key == "" {
				return
			}
			if want := f.dict.T(test.lang, test.key); a.body["error"] != want || a.cookie(account.TokenCookie) != "" {
				t.Errorf("error %q, want %q", a.body["error"], want)
			}
		})
	}
	// Not JSON, or from another site: refused before anything is read.
	if a := f.call(t, "POST", "/api/telegram/session", "{", ""); a.status != 400 {
		t.Errorf("malformed body: %d", a.status)
	}
	if a := f.call(t, "POST", "/api/telegram/session", `{"initData": ""}`, "", "Sec-Fetch-Site", "cross-site"); a.status != 403 {
		t.Errorf("cross-site: %d", a.status)
	}
}

// loginBody is the login widget's JSON for Telegram user id, signed with
// token at the fixture's clock minus age.
func (f *fixture) loginBody(token string, id int64, age time.Duration) string {
	fields := map[string]string{"id": strconv.FormatInt(id, 10), "first_name": "Ali", "username": "ali",
		"auth_date": strconv.FormatInt(f.Now().Add(-age).Unix(), 10)}
	fields["hash"] = SignLogin(token, fields)
	// The widget sends id and auth_date as numbers.
	out := map[string]any{}
	for k, v := range fields {
		out[k] = v
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && k != "hash" {
			out[k] = n
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}

// TestLoginWidget: an unlinked Telegram is refused without a session,
// linked to the signed-in account once, then signs that account in.
func TestLoginWidget(t *testing.T) {
	f := newFixture(t)
	const tg = 6001
	login := func(body, token, lang string) answer {
		return f.call(t, "POST", "/api/telegram/login?lang="+lang, body, token)
	}
	if a := login(f.loginBody(testToken, tg, time.Minute), "", "uz"); a.status != 403 || a.body["error"] != f.dict.T("uz", "telegram.notLinked") {
		t.Fatalf("unlinked, signed out: %d %s", a.status, a.raw)
	}
	sms := accounttest.SignIn(t, f.db, 2, f.Now())
	if a := login(f.loginBody(testToken, tg, 2*time.Minute), sms, "ru"); a.status != 200 || a.data()["signedIn"] != true {
		t.Fatalf("linking: %d %s", a.status, a.raw)
	}
	if l, err := f.h.Store.ByTelegram(t.Context(), tg); err != nil || l.UserID != 2 {
		t.Fatalf("link: %+v %v", l, err)
	}
	// Signed out, the widget now signs user 2 in.
	body := f.loginBody(testToken, tg, 3*time.Minute)
	a := login(body, "", "ru")
	if a.status != 200 || a.cookie(account.TokenCookie) == "" {
		t.Fatalf("sign-in: %d %s", a.status, a.raw)
	}
	if id, _ := f.h.Accounts.SessionUser(t.Context(), a.cookie(account.TokenCookie), f.Now()); id != 2 {
		t.Errorf("signed in as %d, want 2", id)
	}
	for _, test := range []struct {
		name, body, token string
		status            int
		key               string
	}{
		{"replayed", body, "", 409, "telegram.replay"},
		{"bad hash", strings.Replace(f.loginBody(testToken, tg, time.Minute), `"ali"`, `"bob"`, 1), "", 401, "telegram.badHash"},
		{"signed as a Mini App", f.loginBody("999:other", tg, time.Minute), "", 401, "telegram.badHash"},
		{"old", f.loginBody(testToken, tg, 25*time.Hour), "", 401, "telegram.expired"},
		// Another account signed in: the Telegram is user 2's already.
		{"linked elsewhere", f.loginBody(testToken, tg, 4*time.Minute), accounttest.SignIn(t, f.db, 3, f.Now()), 409, "telegram.linkedElsewhere"},
		// User 2 has a Telegram: another one is not linked to it.
		{"a second Telegram", f.loginBody(testToken, tg+1, 5*time.Minute), sms, 409, "telegram.linkedElsewhere"},
		{"not an object", `[1]`, "", 400, "api.badBody"},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := login(test.body, test.token, "ru")
			if a.status != test.status || a.body["error"] != f.dict.T("ru", test.key) {
				t.Errorf("%d %s, want %d %s", a.status, a.raw, test.status, test.key)
			}
		})
	}
}

// TestOff: without a bot token every route is 404, the webhook first.
func TestOff(t *testing.T) {
	f := newFixture(t)
	f.app = app(t, &Handler{Store: f.h.Store, Accounts: f.h.Accounts, Dict: f.dict}, f.dict)
	for _, path := range []string{"/api/telegram/webhook", "/api/telegram/session", "/api/telegram/login", "/api/telegram/link-code"} {
		if a := f.call(t, "POST", path, `{"update_id": 1}`, "", "X-Telegram-Bot-Api-Secret-Token", hookSecret); a.status != 404 {
			t.Errorf("%s: %d, want 404", path, a.status)
		}
	}
}

// TestWebhookSecret: an update without the secret header, or with a
// wrong one, is refused and does nothing.
func TestWebhookSecret(t *testing.T) {
	f := newFixture(t)
	u := text(1, 7001, "ru", "/start")
	for name, headers := range map[string][]string{
		"none":          nil,
		"wrong":         {"X-Telegram-Bot-Api-Secret-Token", "hook-secret_2"},
		"a prefix":      {"X-Telegram-Bot-Api-Secret-Token", hookSecret[:5]},
		"empty":         {"X-Telegram-Bot-Api-Secret-Token", ""},
		"in the query?": {"X-Secret", hookSecret},
	} {
		if a := f.call(t, "POST", "/api/telegram/webhook?secret="+hookSecret, u, "", headers...); a.status != http.StatusUnauthorized {
			t.Errorf("%s: %d, want 401", name, a.status)
		}
	}
	if n := len(f.api.Calls()); n != 0 {
		t.Errorf("the bot was called %d times", n)
	}
	if a := f.update(t, u); a.status != 200 || len(f.api.Sent("sendMessage", 7001)) != 1 {
		t.Errorf("with the secret: %d, %d messages", a.status, len(f.api.Sent("sendMessage", 7001)))
	}
}

// TestStartDeepLink: /start doctor-SLUG answers with a button opening the
// Mini App at the doctor's page, in the sender's language; the same
// update delivered again is not answered again.
func TestStartDeepLink(t *testing.T) {
	f := newFixture(t)
	for _, test := range []struct {
		update     int64
		lang, text string
		url        string
	}{
		{10, "ru", "/start doctor-doctor-1", "https://sogliq.test/doctor/doctor-1"},
		{11, "uz", "/start clinic-clinic-1", "https://sogliq.test/uz/klinika/clinic-1"},
		{12, "ru", "/start", "https://sogliq.test/opentelegram"},
		{13, "ru", "/start ../../evil", "https://sogliq.test/opentelegram"},
	} {
		before := len(f.api.Of("sendMessage"))
		for range 2 { // Telegram's retry
			if a := f.update(t, text(test.update, 8001, test.lang, test.text)); a.status != 200 {
				t.Fatalf("%s: %d %s", test.text, a.status, a.raw)
			}
		}
		sent := f.api.Of("sendMessage")[before:]
		if len(sent) != 1 {
			t.Fatalf("%s: %d answers, want 1", test.text, len(sent))
		}
		b := sent[0].Buttons()
		web, _ := b[0]["web_app"].(map[string]any)
		if len(b) != 1 || web["url"] != test.url || b[0]["text"] != f.dict.T(test.lang, "telegram.bot.open") {
			t.Errorf("%s: buttons %v, want a web_app to %s", test.text, b, test.url)
		}
	}
}

// TestButtons: the reminder's buttons, each pressed twice (two updates)
// and one update delivered twice, act once; every press is answered.
func TestButtons(t *testing.T) {
	f := newFixture(t)
	const tg = 9001
	f.link(t, tg, 1)
	id := f.visit(t, 1, 48*time.Hour)
	data := func(action string) string { return "v:" + strconv.FormatInt(id, 10) + ":" + action }
	answers := func() []string {
		var out []string
		for _, c := range f.api.Of("answerCallbackQuery") {
			v, _ := c.Params["text"].(string)
			out = append(out, v)
		}
		return out
	}
	f.update(t, press(1, tg, data("confirm")))
	f.update(t, press(1, tg, data("confirm"))) // delivered again
	f.update(t, press(2, tg, data("confirm")))
	if n := f.count(t, `SELECT count(*) FROM appointment_history WHERE appointment_id = $1 AND status = 'confirmed' AND actor = 'patient'`, id); n != 1 {
		t.Errorf("%d confirmations recorded, want 1", n)
	}
	want := []string{f.dict.T("ru", "telegram.bot.confirmed"), f.dict.T("ru", "telegram.bot.alreadyConfirmed")}
	if got := answers(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answers %q, want %q", got, want)
	}
	f.update(t, press(3, tg, data("cancel")))
	f.update(t, press(3, tg, data("cancel")))
	f.update(t, press(4, tg, data("cancel")))
	if n := f.count(t, `SELECT count(*) FROM appointment_history WHERE appointment_id = $1 AND status = 'cancelled'`, id); n != 1 {
		t.Errorf("%d cancellations recorded, want 1", n)
	}
	if n := f.count(t, `SELECT count(*) FROM appointments WHERE id = $1 AND status = 'cancelled' AND cancelled_by = 'patient'`, id); n != 1 {
		t.Errorf("the visit is not cancelled by the patient")
	}
	got := answers()[2:]
	want = []string{f.dict.T("ru", "telegram.bot.cancelled"), f.dict.T("ru", "booking.notActive")}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answers %q, want %q", got, want)
	}
	// Another patient's visit, an unlinked Telegram, a reschedule.
	other := f.visit(t, 2, 72*time.Hour)
	f.update(t, press(5, tg, "v:"+strconv.FormatInt(other, 10)+":cancel"))
	f.update(t, press(6, 9999, data("confirm")))
	f.update(t, press(7, tg, "v:"+strconv.FormatInt(other, 10)+":move"))
	got = answers()[4:]
	want = []string{f.dict.T("ru", "booking.notFound"), f.dict.T("ru", "telegram.bot.notLinked"), ""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answers %q, want %q", got, want)
	}
	if n := f.count(t, `SELECT count(*) FROM appointments WHERE id = $1 AND status = 'booked'`, other); n != 1 {
		t.Errorf("another's visit changed")
	}
	moved := f.api.Sent("sendMessage", tg)
	if len(moved) != 1 || moved[0].Buttons()[0]["web_app"].(map[string]any)["url"] != "https://sogliq.test/history" {
		t.Errorf("reschedule: %+v", moved)
	}
}

// TestLinkStaff: a staff member's code from /desk, sent as /start
// link-CODE, links their Telegram once; a patient gets no code.
func TestLinkStaff(t *testing.T) {
	f := newFixture(t)
	f.exec(t, `INSERT INTO user_roles (user_id, role, clinic_id) VALUES (3, 'staff', 1)`)
	patient := accounttest.SignIn(t, f.db, 1, f.Now())
	if a := f.call(t, "POST", "/api/telegram/link-code", "", patient); a.status != 403 {
		t.Errorf("a patient's code: %d %s", a.status, a.raw)
	}
	if a := f.call(t, "POST", "/api/telegram/link-code", "", ""); a.status != 401 {
		t.Errorf("signed out: %d", a.status)
	}
	a := f.call(t, "POST", "/api/telegram/link-code", "", accounttest.SignIn(t, f.db, 3, f.Now()))
	code, _ := a.data()["code"].(string)
	if a.status != 200 || len(code) != 8 || a.data()["link"] != "https://t.me/sogliq_test_bot?start=link-"+code {
		t.Fatalf("code: %d %s", a.status, a.raw)
	}
	f.update(t, text(1, 4001, "ru", "/start link-"+code))
	f.update(t, text(2, 4002, "ru", "/start link-"+code)) // spent
	if l, err := f.h.Store.ByTelegram(t.Context(), 4001); err != nil || l.UserID != 3 {
		t.Errorf("staff link: %+v %v", l, err)
	}
	if _, err := f.h.Store.ByTelegram(t.Context(), 4002); err == nil {
		t.Errorf("a spent code linked again")
	}
	if got := f.api.Sent("sendMessage", 4002); len(got) != 1 || got[0].Text() != f.dict.T("ru", "telegram.bot.badCode") {
		t.Errorf("the spent code's answer: %+v", got)
	}
}
