package web

import (
	"strings"
	"testing"
)

// TestContentSecurityPolicy: the counters' hosts are allowed only when
// their ids are set.
func TestContentSecurityPolicy(t *testing.T) {
	for _, test := range []struct {
		name     string
		counters Counters
		want     []string
		wantNot  []string
	}{
		{"none", Counters{}, []string{"script-src 'self' 'inline-speculation-rules';", "connect-src 'self';"}, []string{"googletagmanager", "yandex"}},
		{"ga4", Counters{GA4: "G-TEST123"}, []string{"script-src 'self' 'inline-speculation-rules' https://www.googletagmanager.com;", "https://*.google-analytics.com"}, []string{"yandex"}},
		{"yandex", Counters{Yandex: "12345"}, []string{"script-src 'self' 'inline-speculation-rules' https://mc.yandex.ru;", "connect-src 'self' https://mc.yandex.ru;"}, []string{"googletagmanager"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got := ContentSecurityPolicy(test.counters)
			for _, w := range test.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, w := range test.wantNot {
				if strings.Contains(got, w) {
					t.Errorf("%q has %q", got, w)
				}
			}
			for _, d := range strings.Split(got, ";") {
				if strings.HasPrefix(strings.TrimSpace(d), "script-src") && strings.Contains(d, "unsafe-inline") {
					t.Errorf("%q allows inline scripts", got)
				}
			}
		})
	}
}

// TestScriptHash: the CSP hash source of a script is SHA-256 in base64
// (the value `openssl dgst -sha256 -binary | base64` gives), and every
// inline script given is allowed by its own.
func TestScriptHash(t *testing.T) {
	if got := scriptHash("alert(1)"); got != "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='" {
		t.Errorf("scriptHash(alert(1)) = %s", got)
	}
	got := ContentSecurityPolicy(Counters{GA4: "G-1"}, "alert(1)", "b()")
	want := "script-src 'self' 'inline-speculation-rules' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' " + scriptHash("b()") + " https://www.googletagmanager.com;"
	if !strings.Contains(got, want) {
		t.Errorf("%q lacks %q", got, want)
	}
}
