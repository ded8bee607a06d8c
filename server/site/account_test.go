package site_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/consultant"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/site/sitetest"
)

// signIn goes through the sign-in API as a browser would and returns the
// cookies it was given, as a Cookie header.
func signIn(t *testing.T, s *sitetest.Site, sms *smstest.Gateway, phone string) (cookies string, newUser bool) {
	t.Helper()
	post := func(path, body string) *http.Response {
		t.Helper()
		resp, err := http.Post(s.URL+path, "application/json", bytes.NewBufferString(body))
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		checkAPI(t, http.MethodPost, path, resp, raw)
		if resp.StatusCode != 200 {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, raw)
		}
		resp.Body = io.NopCloser(bytes.NewReader(raw))
		return resp
	}
	post("/api/auth/code", `{"phone":"`+phone+`"}`).Body.Close()
	p, _ := account.ParsePhone(phone)
	resp := post("/api/auth/verify", `{"phone":"`+phone+`","code":"`+sms.LastCode("+"+p)+`"}`)
	defer resp.Body.Close()
	var body struct {
		Data struct {
			NewUser bool `json:"newUser"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, c := range resp.Cookies() {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; "), body.Data.NewUser
}

// TestAuthGuard is spec §4 check 4 and §5 over HTTP: who may open the
// account pages, where everyone else goes, and that none of it is cached.
func TestAuthGuard(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})

	newcomer, isNew := signIn(t, s, sms, "+998 90 111-22-33")
	if !isNew || !strings.Contains(newcomer, "is_new_user=") {
		t.Fatalf("a first sign-in: new %v, cookies %q", isNew, newcomer)
	}
	token, _, _ := strings.Cut(newcomer, "; is_new_user")
	if !strings.HasPrefix(token, "token=") {
		t.Fatalf("cookies %q: the token first", newcomer)
	}

	type want struct {
		status   int
		location string
		h1       string
	}
	for _, test := range []struct {
		name, path, cookie string
		want               want
	}{
		{"profile, nobody", "/profile", "", want{302, "/", ""}},
		{"uz profile, nobody", "/uz/profile", "", want{302, "/uz", ""}},
		{"personal, nobody", "/profile/personal", "", want{302, "/", ""}},
		{"trailing slash, nobody: the guard first", "/uz/profile/personal/", "", want{302, "/uz", ""}},
		{"finalize, nobody", "/register/finalize", "", want{302, "/", ""}},
		{"profile, forged token", "/profile", "token=forged", want{302, "/", ""}},
		{"finalize, the cookie alone", "/uz/register/finalize", "is_new_user=1", want{302, "/uz", ""}},
		{"finalize, a session without the cookie", "/register/finalize", token, want{302, "/", ""}},
		{"finalize, new user", "/register/finalize", newcomer, want{200, "", "Завершение регистрации"}},
		{"uz finalize, new user", "/uz/register/finalize", newcomer, want{200, "", "Ro'yxatdan o'tishni yakunlash"}},
		{"profile, signed in", "/profile", token, want{200, "", "Личный кабинет"}},
		{"uz personal, signed in", "/uz/profile/personal", token, want{200, "", "Shaxsiy ma'lumotlar"}},
		{"trailing slash, signed in", "/profile/", token, want{301, "/profile", ""}},
		{"unknown account page", "/profile/nothing", token, want{404, "", ""}},
		{"/ru alias", "/ru/profile", "", want{301, "/profile", ""}},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path, "Cookie", test.cookie)
			if p.Resp.StatusCode != test.want.status || p.Resp.Header.Get("Location") != test.want.location {
				t.Fatalf("%d to %q, want %d to %q", p.Resp.StatusCode, p.Resp.Header.Get("Location"), test.want.status, test.want.location)
			}
			cc := p.Resp.Header.Get("Cache-Control")
			if (test.want.status == 302 || test.want.status == 200) && cc != "private, no-store" {
				t.Errorf("Cache-Control %q, want private, no-store", cc)
			}
			if x := p.Resp.Header.Get("X-Cache"); x != "" {
				t.Errorf("X-Cache %q: a visitor's own page went through the page cache", x)
			}
			if test.want.h1 == "" {
				return
			}
			if got := sitetest.Text(p.One(t, "main h1")); got != test.want.h1 {
				t.Errorf("h1 %q, want %q", got, test.want.h1)
			}
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
				t.Errorf("robots %q, want noindex", got)
			}
			if !strings.Contains(p.Body, "+998 90 111-22-33") {
				t.Error("the page does not show the signed-in phone")
			}
		})
	}

	// Each visitor sees their own page: nothing of one reaches another.
	other, _ := signIn(t, s, sms, "93 444 55 66")
	p := sitetest.Get(t, s.URL+"/profile", "Cookie", other)
	if !strings.Contains(p.Body, "+998 93 444-55-66") || strings.Contains(p.Body, "111-22-33") {
		t.Error("the second visitor's profile shows the first visitor's phone")
	}

	// Registration, then the profile shows the name; signing out closes it.
	req, _ := http.NewRequest(http.MethodPut, s.URL+"/api/account/profile", strings.NewReader(`{"firstName":"Ali","lastName":"Valiyev"}`))
	req.Header.Set("Cookie", newcomer)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("saving the profile: %d", resp.StatusCode)
	}
	p = sitetest.Get(t, s.URL+"/profile", "Cookie", token)
	if got := sitetest.Text(p.One(t, ".account__greeting")); got != "Здравствуйте, Ali Valiyev!" {
		t.Errorf("greeting %q", got)
	}
	req, _ = http.NewRequest(http.MethodPost, s.URL+"/api/auth/logout", nil)
	req.Header.Set("Cookie", token)
	req.Header.Set("Accept", "text/html")
	if resp, err = (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/" {
		t.Errorf("logout: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if p = sitetest.Get(t, s.URL+"/profile", "Cookie", token); p.Resp.StatusCode != 302 {
		t.Errorf("the profile after logout: %d, want 302", p.Resp.StatusCode)
	}
}

// The sign-in page is the same for everyone: cached, not indexed, with
// the form island, in both languages.
func TestSignInPage(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, lang, h1 string }{
		{"/login", "ru", "Вход в личный кабинет"},
		{"/uz/login", "uz", "Shaxsiy kabinetga kirish"},
	} {
		t.Run(test.path, func(t *testing.T) {
			sitetest.Get(t, s.URL+test.path)
			p := sitetest.Get(t, s.URL+test.path)
			expectPage(t, p, test.lang, test.h1)
			if x := p.Resp.Header.Get("X-Cache"); x != "HIT" {
				t.Errorf("X-Cache %q on the second request, want HIT", x)
			}
			p.One(t, `[data-island="SignInForm"] input[type="tel"][autocomplete="tel"]`)
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
				t.Errorf("robots %q, want noindex", got)
			}
		})
	}
	// Every page's header leads here.
	p := sitetest.Get(t, s.URL+"/uz/doctors")
	if got := sitetest.Attr(p.One(t, ".header__account--guest"), "href"); got != "/uz/login" {
		t.Errorf("header sign-in link %q, want /uz/login", got)
	}
}

// TestConsultant: the AI consultant's pages for their owner, nobody else's
// chats, and the chat layout, with a fake model on loopback.
func TestConsultant(t *testing.T) {
	sms, llm := smstest.Start(t), llmtest.Start(t)
	s := sitetest.Start(t, sitetest.Options{
		SMS:        &account.HTTPSender{URL: sms.URL},
		Consultant: &consultant.OpenAIModel{URL: llm.URL, Model: "test"},
	})
	owner, _ := signIn(t, s, sms, "901112233")
	stranger, _ := signIn(t, s, sms, "935554433")

	p := sitetest.Get(t, s.URL+"/profile/consultant", "Cookie", owner)
	expectPage(t, p, "ru", "AI-консультант")
	if got := sitetest.Attr(p.One(t, `a.button[href="/profile/consultant/ai_chat"]`), "href"); got == "" {
		t.Error("no way to a new chat")
	}
	p = sitetest.Get(t, s.URL+"/uz/profile/consultant/ai_chat", "Cookie", owner)
	expectPage(t, p, "uz", "Yangi suhbat")
	p.One(t, `.chat-bar a.chat-bar__back[href="/uz/profile/consultant"]`)
	p.One(t, `[data-island="ChatBox"] textarea[name="message"][maxlength="2000"]`)
	if n := len(p.All(t, "footer")); n != 0 {
		t.Error("the chat layout has the site footer")
	}

	// A question through the API, then the pages show the chat.
	chatPath := fmt.Sprintf("/uz/profile/consultant/ai_chat/%d", askConsultant(t, s, owner, "uz", "Tomog'im og'riyapti"))

	p = sitetest.Get(t, s.URL+"/uz/profile/consultant", "Cookie", owner)
	if got := sitetest.Attr(p.One(t, ".account__chats a"), "href"); got != chatPath {
		t.Errorf("chat link %q, want %q", got, chatPath)
	}
	p = sitetest.Get(t, s.URL+chatPath, "Cookie", owner)
	expectPage(t, p, "uz", "Tomog'im og'riyapti")
	var got []string
	for _, n := range p.All(t, ".chat__message") {
		got = append(got, sitetest.Text(n))
	}
	want := []string{"Siz: Tomog'im og'riyapti", "Maslahatchi: " + llmtest.Answer("uz", 1, "Tomog'im og'riyapti")}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("messages %q, want %q", got, want)
	}
	if cc := p.Resp.Header.Get("Cache-Control"); cc != "private, no-store" {
		t.Errorf("Cache-Control %q", cc)
	}

	// Another user's chat, like a missing one, is not found.
	for _, path := range []string{chatPath, "/profile/consultant/ai_chat/999999", "/profile/consultant/ai_chat/abc"} {
		if p := sitetest.Get(t, s.URL+path, "Cookie", stranger); p.Resp.StatusCode != 404 {
			t.Errorf("%s for a stranger: %d, want 404", path, p.Resp.StatusCode)
		}
	}
}

// askConsultant starts a chat with message through the API, as the
// visitor of cookies in lang, and returns the chat's id.
func askConsultant(t *testing.T, s *sitetest.Site, cookies, lang, message string) int64 {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"message": message})
	req, _ := http.NewRequest(http.MethodPost, s.URL+"/api/consultant/chats?lang="+lang, bytes.NewReader(body))
	req.Header.Set("Cookie", cookies)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	checkAPI(t, http.MethodPost, "/api/consultant/chats", resp, raw)
	var created struct {
		Data struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &created); err != nil || resp.StatusCode != 201 {
		t.Fatalf("asking: %d %v", resp.StatusCode, err)
	}
	return created.Data.ID
}

// Without a model the consultant says so, in the visitor's language.
func TestConsultantUnavailable(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	cookies, _ := signIn(t, s, sms, "901112233")
	p := sitetest.Get(t, s.URL+"/uz/profile/consultant", "Cookie", cookies)
	if got := sitetest.Text(p.One(t, `[role="status"]`)); got != "AI-maslahatchi hozir ishlamayapti. Keyinroq urinib ko'ring." {
		t.Errorf("status %q", got)
	}
	if n := len(p.All(t, `a[href="/uz/profile/consultant/ai_chat"]`)); n != 0 {
		t.Error("a new-chat button without a model")
	}
}

// TestSignedInHeaderKeepsPagesCached: signing in sets the signed_in hint
// (readable by the page, unlike the session) beside the session; a cached
// page is the same bytes for a signed-in visitor as for anyone, holding
// both header links and the script that picks one, which the CSP allows by
// its hash; signing out, or being sent home without a live session,
// clears the hint (issue 27, item 4).
func TestSignedInHeaderKeepsPagesCached(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	page := s.URL + "/uz/doctors/kardiolog"
	anonymous := sitetest.Get(t, page)
	if sitetest.Attr(anonymous.One(t, ".header__account--guest"), "href") != "/uz/login" || sitetest.Attr(anonymous.One(t, ".header__account--user"), "href") != "/uz/profile" {
		t.Error("the header lacks its two account links")
	}
	csp := anonymous.Resp.Header.Get("Content-Security-Policy")
	scripts := anonymous.All(t, "head > script:not([src]):not([type=\"application/json\"]):not([type=\"application/ld+json\"])")
	if len(scripts) < 2 {
		t.Fatalf("%d inline scripts in head, want the speculation rules and the signed-in script", len(scripts))
	}
	for _, sc := range scripts {
		sum := sha256.Sum256([]byte(sitetest.Text(sc)))
		if hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(csp, hash) {
			t.Errorf("the CSP %q does not allow the inline script %q (%s)", csp, sitetest.Text(sc), hash)
		}
	}

	cookies, _ := signIn(t, s, sms, "+998 90 733-27-05")
	if !strings.Contains(cookies, "signed_in=1") {
		t.Fatalf("sign-in set %q, no signed_in hint", cookies)
	}
	signedIn := sitetest.Get(t, page, "Cookie", cookies)
	if signedIn.Resp.Header.Get("X-Cache") != "HIT" || signedIn.Body != anonymous.Body || !strings.HasPrefix(signedIn.Resp.Header.Get("Cache-Control"), "public") {
		t.Errorf("a signed-in visitor's page: X-Cache %q, Cache-Control %q, same as anyone's: %v",
			signedIn.Resp.Header.Get("X-Cache"), signedIn.Resp.Header.Get("Cache-Control"), signedIn.Body == anonymous.Body)
	}

	// Sent home from /profile without a live session: the hint goes too.
	home := sitetest.Get(t, s.URL+"/uz/profile", "Cookie", "signed_in=1; token=ended")
	if home.Resp.StatusCode != 302 || !clears(home.Resp, "signed_in") {
		t.Errorf("/uz/profile with a dead session: %d, Set-Cookie %q", home.Resp.StatusCode, home.Resp.Header.Values("Set-Cookie"))
	}
	req, _ := http.NewRequest("POST", s.URL+"/api/auth/logout", nil)
	req.Header.Set("Cookie", cookies)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !clears(resp, "signed_in") {
		t.Errorf("sign-out: Set-Cookie %q, the hint stays", resp.Header.Values("Set-Cookie"))
	}
}

// clears reports whether resp deletes the cookie name.
func clears(resp *http.Response, name string) bool {
	for _, c := range resp.Cookies() {
		if c.Name == name && (c.MaxAge < 0 || !c.Expires.IsZero() && c.Expires.Before(time.Now())) {
			return true
		}
	}
	return false
}
