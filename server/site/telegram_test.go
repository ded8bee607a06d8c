package site_test

import (
	"net/http"
	"strings"
	"testing"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
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
	return []string{"TELEGRAM_BASE_URL=" + s.URL, "TELEGRAM_TEST_TOKEN=" + token, "TELEGRAM_WEBHOOK_SECRET=" + secret}
}
