package account

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account/smstest"
	"sogliq/server/api"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
)

type apiTest struct {
	db      *sqlx.DB
	app     *fiber.App
	gateway *smstest.Gateway
	clock   time.Time
}

func newAPITest(t *testing.T, withSender bool) *apiTest {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	at := &apiTest{db: dbtest.New(t), gateway: smstest.Start(t), clock: t0}
	h := &Handler{Store: NewStore(at.db), Dict: dict, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return at.clock }}
	if withSender {
		h.Sender = &HTTPSender{URL: at.gateway.URL, Token: "secret"}
	}
	at.app = fiber.New(fiber.Config{ErrorHandler: api.ErrorHandler(dict)})
	h.Register(at.app)
	return at
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
}

func (at *apiTest) do(t *testing.T, method, path, body string, headers ...string) answer {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := at.app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	a := answer{status: resp.StatusCode, header: resp.Header}
	raw, _ := io.ReadAll(resp.Body)
	if len(raw) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	return a
}

func cookie(h http.Header, name string) *http.Cookie {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// cleared reports whether c tells the browser to drop the cookie.
func cleared(c *http.Cookie) bool {
	return c != nil && c.Value == "" && (c.MaxAge < 0 || (!c.Expires.IsZero() && c.Expires.Before(time.Now())))
}

func TestSignInAPIRefusals(t *testing.T) {
	at := newAPITest(t, true)
	for _, test := range []struct {
		name, method, path, body string
		headers                  []string
		status                   int
		message                  string
	}{
		{"not JSON", "POST", "/api/auth/code", "phone=1", nil, 400, "Не удалось прочитать запрос: ожидается JSON."},
		{"bad phone", "POST", "/api/auth/code", `{"phone":"+7 912 345 67 89"}`, nil, 400, "Введите номер телефона Узбекистана: +998 и 9 цифр."},
		{"bad phone, uz", "POST", "/api/auth/code?lang=uz", `{"phone":"12"}`, nil, 400, "O'zbekiston telefon raqamini kiriting: +998 va 9 ta raqam."},
		{"short code", "POST", "/api/auth/verify", `{"phone":"901234567","code":"12"}`, nil, 400, "Код состоит из 6 цифр."},
		{"no code asked", "POST", "/api/auth/verify?lang=uz", `{"phone":"901234567","code":"123456"}`, nil, 400, "Avval kodni so'rang."},
		{"cross-site", "POST", "/api/auth/code", `{"phone":"901234567"}`, []string{"Sec-Fetch-Site", "cross-site"}, 403, "Запрос отклонён: он отправлен с другого сайта."},
		{"foreign origin", "POST", "/api/auth/code", `{"phone":"901234567"}`, []string{"Origin", "https://evil.example"}, 403, "Запрос отклонён: он отправлен с другого сайта."},
		{"signed out", "GET", "/api/account/profile?lang=uz", "", nil, 401, "Seans tugadi. Qaytadan kiring."},
		{"bogus session", "PUT", "/api/account/profile", `{}`, []string{"Cookie", "token=forged"}, 401, "Сеанс завершён. Войдите снова."},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := at.do(t, test.method, test.path, test.body, test.headers...)
			if a.status != test.status || a.body["error"] != test.message {
				t.Errorf("%d %v, want %d %q", a.status, a.body, test.status, test.message)
			}
		})
	}
	if n := len(at.gateway.Messages()); n != 0 {
		t.Errorf("refused requests sent %d SMS", n)
	}
}

func TestSignInAPI(t *testing.T) {
	at := newAPITest(t, true)
	a := at.do(t, "POST", "/api/auth/code?lang=uz", `{"phone":"+998 90 123-45-67"}`)
	if a.status != 200 {
		t.Fatalf("code: %d %v", a.status, a.body)
	}
	if got := a.body["data"].(map[string]any)["phone"]; got != "+998 90 123-45-67" {
		t.Errorf("phone = %v", got)
	}
	msg := at.gateway.Messages()[0]
	if msg.Phone != "+998901234567" || !strings.HasPrefix(msg.Text, "Sog'liq: kirish kodi ") || msg.Auth != "Bearer secret" {
		t.Errorf("SMS %+v, want the Uzbek text to +998901234567 with the bearer token", msg)
	}
	// Asking again at once: 429 with Retry-After.
	a = at.do(t, "POST", "/api/auth/code", `{"phone":"901234567"}`)
	if a.status != 429 || a.header.Get("Retry-After") != "60" || a.body["error"] != "Новый код можно запросить через 60 с." {
		t.Errorf("resend at once: %d %q %v", a.status, a.header.Get("Retry-After"), a.body)
	}

	code := at.gateway.LastCode("+998901234567")
	a = at.do(t, "POST", "/api/auth/verify?lang=uz", `{"phone":"901234567","code":"`+code+`"}`)
	if a.status != 200 {
		t.Fatalf("verify: %d %v", a.status, a.body)
	}
	data := a.body["data"].(map[string]any)
	if data["newUser"] != true || data["next"] != "/uz/register/finalize" {
		t.Errorf("verify data %v", data)
	}
	token := cookie(a.header, TokenCookie)
	if token == nil || !token.HttpOnly || token.SameSite != http.SameSiteLaxMode || token.MaxAge != int(SessionTTL/time.Second) || token.Path != "/" {
		t.Fatalf("token cookie %+v", token)
	}
	if c := cookie(a.header, NewUserCookie); c == nil || c.Value == "" {
		t.Fatalf("is_new_user cookie %+v", c)
	}
	session := "token=" + token.Value + "; is_new_user=1"
	for cookie, want := range map[string]bool{session: true, "": false, "token=forged": false} {
		a = at.do(t, "GET", "/api/auth/session?lang=uz", "", "Cookie", cookie)
		if d := a.body["data"].(map[string]any); a.status != 200 || d["signedIn"] != want || d["next"] != "/uz/profile" {
			t.Errorf("session with %q: %d %v, want signedIn %v", cookie, a.status, d, want)
		}
	}

	// A form with mistakes: every field's message, nothing stored.
	a = at.do(t, "PUT", "/api/account/profile?lang=uz", `{"firstName":"","lastName":"X1","birthDate":"2030-01-01","gender":"x","email":"a@b"}`, "Cookie", session)
	wantFields := map[string]any{
		"firstName": "«Ism» maydonini to'ldiring.",
		"lastName":  "«Familiya» maydoni noto'g'ri to'ldirilgan.",
		"birthDate": "«Tug'ilgan sana» maydoni noto'g'ri to'ldirilgan.",
		"gender":    "«Jins» maydoni noto'g'ri to'ldirilgan.",
		"email":     "«Elektron pochta» maydoni noto'g'ri to'ldirilgan.",
	}
	if a.status != 422 || a.body["error"] != "Forma maydonlarini tekshiring." {
		t.Errorf("invalid profile: %d %v", a.status, a.body)
	}
	for f, want := range wantFields {
		if got := a.body["fields"].(map[string]any)[f]; got != want {
			t.Errorf("field %s: %v, want %q", f, got, want)
		}
	}
	a = at.do(t, "GET", "/api/account/profile", "", "Cookie", session)
	if u := a.body["data"].(map[string]any); u["registered"] != false || u["firstName"] != "" {
		t.Errorf("after a refused form: %v", u)
	}
	// A JSON body that is not an object of strings.
	if a = at.do(t, "PUT", "/api/account/profile", `{"firstName":5}`, "Cookie", session); a.status != 400 {
		t.Errorf("wrong types: %d %v", a.status, a.body)
	}

	a = at.do(t, "PUT", "/api/account/profile", `{"firstName":" Dilnoza ","lastName":"Karimova","birthDate":"1995-05-17","gender":"female","email":""}`, "Cookie", session)
	if a.status != 200 {
		t.Fatalf("save: %d %v", a.status, a.body)
	}
	if u := a.body["data"].(map[string]any); u["firstName"] != "Dilnoza" || u["registered"] != true || u["phone"] != "998901234567" {
		t.Errorf("saved user %v", u)
	}
	if c := cookie(a.header, NewUserCookie); !cleared(c) {
		t.Errorf("is_new_user not cleared: %+v", c)
	}

	// Signing out: a form post lands on the home page of its language, and
	// the session is gone.
	a = at.do(t, "POST", "/api/auth/logout?lang=uz", "", "Cookie", session, "Accept", "text/html")
	if a.status != 303 || a.header.Get("Location") != "/uz" {
		t.Errorf("logout: %d to %q", a.status, a.header.Get("Location"))
	}
	if c := cookie(a.header, TokenCookie); !cleared(c) {
		t.Errorf("token not cleared: %+v", c)
	}
	if a = at.do(t, "GET", "/api/account/profile", "", "Cookie", session); a.status != 401 {
		t.Errorf("after logout: %d", a.status)
	}
}

func TestSignInWithoutGateway(t *testing.T) {
	at := newAPITest(t, false)
	a := at.do(t, "POST", "/api/auth/code", `{"phone":"901234567"}`)
	if a.status != 503 || a.body["error"] != "Вход по SMS сейчас недоступен. Попробуйте позже." {
		t.Errorf("%d %v", a.status, a.body)
	}
}

func TestGatewayFailure(t *testing.T) {
	at := newAPITest(t, true)
	at.gateway.SetFailing(true)
	a := at.do(t, "POST", "/api/auth/code?lang=uz", `{"phone":"901234567"}`)
	if a.status != 502 || a.body["error"] != "SMS yuborib bo'lmadi. Bir daqiqadan so'ng urinib ko'ring." {
		t.Errorf("%d %v", a.status, a.body)
	}
	// Nothing was stored: the visitor may ask again at once.
	at.gateway.SetFailing(false)
	if a = at.do(t, "POST", "/api/auth/code", `{"phone":"901234567"}`); a.status != 200 {
		t.Errorf("after the gateway recovered: %d %v", a.status, a.body)
	}
}

func TestDeleteAccount(t *testing.T) {
	at := newAPITest(t, true)
	if a := at.do(t, "POST", "/api/auth/code", `{"phone":"901234567"}`); a.status != 200 {
		t.Fatalf("code: %d", a.status)
	}
	a := at.do(t, "POST", "/api/auth/verify", `{"phone":"901234567","code":"`+at.gateway.LastCode("+998901234567")+`"}`)
	session := "token=" + cookie(a.header, TokenCookie).Value

	// Not without the confirmation.
	a = at.do(t, "POST", "/api/account/delete?lang=uz", "", "Cookie", session)
	if a.status != 400 || a.body["error"] != "Akkauntni o'chirishni tasdiqlang." {
		t.Errorf("unconfirmed: %d %v", a.status, a.body)
	}
	if a = at.do(t, "GET", "/api/account/profile", "", "Cookie", session); a.status != 200 {
		t.Fatalf("an unconfirmed deletion deleted: %d", a.status)
	}

	// The profile page's form.
	req := httptest.NewRequest("POST", "/api/account/delete?lang=uz", strings.NewReader("confirm=yes"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "text/html")
	req.Header.Set("Cookie", session)
	resp, err := at.app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/uz" || !cleared(cookie(resp.Header, TokenCookie)) {
		t.Errorf("delete: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if a = at.do(t, "GET", "/api/account/profile", "", "Cookie", session); a.status != 401 {
		t.Errorf("after deletion: %d", a.status)
	}
	var left int
	if err := at.db.Get(&left, `SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM sessions) + (SELECT count(*) FROM sign_in_codes)`); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("%d rows of the deleted user are left", left)
	}
}
