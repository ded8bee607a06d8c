package site_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/account/smstest"
	"sogliq/server/role"
	"sogliq/server/site/sitetest"
	"sogliq/server/telegram"
	"sogliq/server/telegram/telegramtest"
)

// TestTelegramCSP: the telegram layout's pages may load Telegram's script
// (from https://telegram.org only) and be framed by Telegram's web client;
// no other page may, cache hit or not.
func TestTelegramCSP(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for range 2 { // rendered, then a cache hit
		for _, test := range []struct {
			path     string
			telegram bool
		}{{"/opentelegram", true}, {"/uz/opentelegram", true}, {"/", false}, {"/doctors", false}} {
			resp, err := http.Get(s.URL + test.path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			csp := resp.Header.Get("Content-Security-Policy")
			script := directive(csp, "script-src")
			frames := directive(csp, "frame-ancestors")
			if test.telegram {
				if !strings.Contains(script, " https://telegram.org") || frames != "frame-ancestors 'self' https://web.telegram.org" ||
					resp.Header.Get("X-Frame-Options") != "" {
					t.Errorf("%s: script %q, frames %q, X-Frame-Options %q", test.path, script, frames, resp.Header.Get("X-Frame-Options"))
				}
				continue
			}
			if strings.Contains(csp, "telegram.org") || frames != "frame-ancestors 'self'" || resp.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
				t.Errorf("%s: %q, X-Frame-Options %q", test.path, csp, resp.Header.Get("X-Frame-Options"))
			}
		}
	}
}

// directive is the CSP directive named name, "" for none.
func directive(csp, name string) string {
	for _, d := range strings.Split(csp, ";") {
		if d = strings.TrimSpace(d); strings.HasPrefix(d, name+" ") {
			return d
		}
	}
	return ""
}

// telegramFixture starts a second seeded site with Telegram on (the rest
// of the browser tests keep a site without it): a fake Bot API on
// loopback, a test token the Mini App's test signs its initData with.
func telegramFixture(t *testing.T) []string {
	t.Helper()
	const token, secret = "4242:browser-test-token", "browser-hook-secret"
	api := telegramtest.Start(t)
	s := sitetest.Start(t, sitetest.Options{
		SMS:      &account.HTTPSender{URL: smstest.Start(t).URL},
		Telegram: &telegram.Bot{APIURL: api.URL, Token: token, Name: "sogliq_test_bot"}, TelegramWebhookSecret: secret,
	})
	// A clinic's staff member, signed in, for /desk's link code.
	var slug string
	if err := s.DB.Get(&slug, `SELECT slug FROM clinics ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if err := role.NewStore(s.DB).Grant(context.Background(), "998901119902", role.Staff, slug); err != nil {
		t.Fatal(err)
	}
	var staff int64
	if err := s.DB.Get(&staff, `SELECT id FROM users WHERE phone = '998901119902'`); err != nil {
		t.Fatal(err)
	}
	return []string{"TELEGRAM_BASE_URL=" + s.URL, "TELEGRAM_TEST_TOKEN=" + token, "TELEGRAM_WEBHOOK_SECRET=" + secret,
		"TELEGRAM_STAFF_SESSION=" + accounttest.SignIn(t, s.DB, staff, time.Now())}
}

// TestTelegramLogin: with a bot, /login links to Telegram's sign-in page
// for it (its id, never its token), coming back to /login; without one,
// no page says Telegram.
func TestTelegramLogin(t *testing.T) {
	const token = "4242:login-test-token"
	on := sitetest.Start(t, sitetest.Options{
		Telegram: &telegram.Bot{APIURL: telegramtest.Start(t).URL, Token: token, Name: "sogliq_test_bot"}, TelegramWebhookSecret: "s",
	})
	off := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, returnTo string }{{"/login", "/login"}, {"/uz/login", "/uz/login"}} {
		p := sitetest.Get(t, on.URL+test.path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: %d", test.path, p.Resp.StatusCode)
		}
		if strings.Contains(p.Body, "login-test-token") {
			t.Errorf("%s shows the bot's token", test.path)
		}
		a := p.One(t, `.account__telegram a[href^="https://oauth.telegram.org/auth?"]`)
		u, err := url.Parse(sitetest.Attr(a, "href"))
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		if q.Get("bot_id") != "4242" || q.Get("origin") != on.URL || q.Get("return_to") != on.URL+test.returnTo {
			t.Errorf("%s: Telegram's sign-in link %s", test.path, u)
		}
		if p := sitetest.Get(t, off.URL+test.path); len(p.All(t, ".account__telegram")) != 0 || strings.Contains(p.Body, "telegram.org") {
			t.Errorf("%s without a bot mentions Telegram", test.path)
		}
	}
	// /desk offers a staff member the bot's link code with a bot, not without.
	var slug string
	if err := on.DB.Get(&slug, `SELECT slug FROM clinics ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*sitetest.Site{on, off} {
		if err := role.NewStore(s.DB).Grant(t.Context(), "998901119901", role.Staff, slug); err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := s.DB.Get(&id, `SELECT id FROM users WHERE phone = '998901119901'`); err != nil {
			t.Fatal(err)
		}
		p := sitetest.Get(t, s.URL+"/desk", "Cookie", account.TokenCookie+"="+accounttest.SignIn(t, s.DB, id, time.Now()))
		if n := len(p.All(t, `[data-island="TelegramLink"]`)); p.Resp.StatusCode != 200 || n != map[bool]int{true: 1, false: 0}[s == on] {
			t.Errorf("/desk (telegram %v): %d, %d link islands", s == on, p.Resp.StatusCode, n)
		}
	}
	// The webhook without a bot: 404.
	resp, err := http.Post(off.URL+"/api/telegram/webhook", "application/json", strings.NewReader(`{"update_id": 1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("the webhook without a bot: %d", resp.StatusCode)
	}
}
