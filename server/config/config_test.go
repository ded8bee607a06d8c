package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"sogliq/server/cache"
)

func TestFromEnv(t *testing.T) {
	for _, test := range []struct {
		name    string
		env     map[string]string
		check   func(Config) bool
		wantErr bool
	}{
		{"defaults", nil, func(c Config) bool {
			return c.Addr == ":3000" && c.RedisURL == "" && c.RenderTimeout == 2*time.Second && c.RenderPool > 0 && !c.Dev
		}, false},
		{"overrides", map[string]string{"ADDR": ":8080", "DEV": "1", "SSR_POOL": "3", "SSR_TIMEOUT": "500ms", "PUBLIC_URL": "https://sogliq.uz/"},
			func(c Config) bool {
				return c.Addr == ":8080" && c.Dev && c.RenderPool == 3 && c.RenderTimeout == 500*time.Millisecond && c.PublicURL == "https://sogliq.uz"
			}, false},
		{"region detection off by default", nil, func(c Config) bool {
			return c.GeoIPURL == "" && c.GeoIPDB == "" && len(c.TrustedProxies) == 0
		}, false},
		{"region detection", map[string]string{"GEOIP_URL": "http://127.0.0.1:9999/json/{ip}", "TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1"},
			func(c Config) bool {
				return c.GeoIPURL == "http://127.0.0.1:9999/json/{ip}" && len(c.TrustedProxies) == 2 &&
					c.TrustedProxies[1].String() == "127.0.0.1/32"
			}, false},
		{"geoip database", map[string]string{"GEOIP_DB": "/var/lib/GeoLite2-City.mmdb"}, func(c Config) bool {
			return c.GeoIPDB == "/var/lib/GeoLite2-City.mmdb"
		}, false},
		{"bad geoip url", map[string]string{"GEOIP_URL": "127.0.0.1:9999"}, nil, true},
		{"bad trusted proxies", map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8,proxy.local"}, nil, true},
		{"page cache and metrics defaults", nil, func(c Config) bool {
			return c.PageCacheBytes == cache.DefaultLocalBytes && c.MetricsAddr == "127.0.0.1:9090"
		}, false},
		{"page cache size, metrics elsewhere", map[string]string{"PAGE_CACHE_MB": "64", "METRICS_ADDR": "127.0.0.1:0"}, func(c Config) bool {
			return c.PageCacheBytes == 64<<20 && c.MetricsAddr == "127.0.0.1:0"
		}, false},
		{"page cache and metrics off", map[string]string{"PAGE_CACHE_MB": "0", "METRICS_ADDR": "off"}, func(c Config) bool {
			return c.PageCacheBytes < 0 && c.MetricsAddr == ""
		}, false},
		{"bad page cache size", map[string]string{"PAGE_CACHE_MB": "lots"}, nil, true},
		{"bad pool", map[string]string{"SSR_POOL": "many"}, nil, true},
		{"bad timeout", map[string]string{"SSR_TIMEOUT": "-1s"}, nil, true},
		{"add-clinic link", map[string]string{"ADD_CLINIC_URL": "https://t.me/other_bot"}, func(c Config) bool { return c.AddClinicURL == "https://t.me/other_bot" }, false},
		{"no HSTS over http", nil, func(c Config) bool { return !c.HSTS }, false},
		{"HSTS over https", map[string]string{"PUBLIC_URL": "https://sogliq.uz"}, func(c Config) bool { return c.HSTS }, false},
		{"HSTS left to the proxy", map[string]string{"PUBLIC_URL": "https://sogliq.uz", "HSTS": "off"}, func(c Config) bool { return !c.HSTS }, false},
		{"bad HSTS", map[string]string{"HSTS": "yes please"}, nil, true},
		{"add-clinic link not https", map[string]string{"ADD_CLINIC_URL": "t.me/other_bot"}, nil, true},
		{"telegram off by default", nil, func(c Config) bool {
			return c.TelegramBotToken == "" && c.TelegramAPIURL == "https://api.telegram.org"
		}, false},
		{"telegram", map[string]string{"TELEGRAM_BOT_TOKEN": "123:abc", "TELEGRAM_WEBHOOK_SECRET": "s_1-x", "TELEGRAM_API_URL": "http://127.0.0.1:8081/"},
			func(c Config) bool {
				return string(c.TelegramBotToken) == "123:abc" && string(c.TelegramWebhookSecret) == "s_1-x" && c.TelegramAPIURL == "http://127.0.0.1:8081"
			}, false},
		{"telegram token without a webhook secret", map[string]string{"TELEGRAM_BOT_TOKEN": "123:abc"}, nil, true},
		{"telegram webhook secret with bad characters", map[string]string{"TELEGRAM_BOT_TOKEN": "123:abc", "TELEGRAM_WEBHOOK_SECRET": "a b"}, nil, true},
		{"telegram token malformed", map[string]string{"TELEGRAM_BOT_TOKEN": "abc", "TELEGRAM_WEBHOOK_SECRET": "s"}, nil, true},
		{"bad telegram api url", map[string]string{"TELEGRAM_API_URL": "api.telegram.org"}, nil, true},
	} {
		t.Run(test.name, func(t *testing.T) {
			for _, k := range []string{"ADDR", "DATABASE_URL", "REDIS_URL", "PUBLIC_URL", "DEV", "SOURCE_ROOT", "SSR_POOL", "SSR_TIMEOUT", "GEOIP_URL", "GEOIP_DB", "TRUSTED_PROXIES", "PAGE_CACHE_MB", "ADD_CLINIC_URL", "HSTS",
				"TELEGRAM_BOT_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "TELEGRAM_API_URL"} {
				t.Setenv(k, test.env[k])
			}
			// METRICS_ADDR set to "" means off; unset means the default.
			if v, ok := test.env["METRICS_ADDR"]; ok {
				t.Setenv("METRICS_ADDR", v)
			} else {
				t.Setenv("METRICS_ADDR", "")
				os.Unsetenv("METRICS_ADDR")
			}
			c, err := FromEnv()
			if test.wantErr {
				if err == nil {
					t.Fatal("FromEnv accepted a bad value")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !test.check(c) {
				t.Errorf("FromEnv = %+v", c)
			}
		})
	}
}

func TestLogValueHidesSecrets(t *testing.T) {
	c := Config{DatabaseURL: "postgres://app:hunter2@db/sogliq", RedisURL: "redis://:s3cret@cache:6379/0",
		GeoIPURL: "https://geo.example/json/{ip}?key=k3y", S3Endpoint: "http://127.0.0.1:9000", S3Bucket: "media",
		S3AccessKey: "AKIA", S3SecretKey: "s3-s3cret-key"}
	var b strings.Builder
	slog.New(slog.NewTextHandler(&b, nil)).Info("config", slog.Any("config", c))
	if !strings.Contains(b.String(), "geo.example") {
		t.Errorf("logged configuration does not name the location service: %s", b.String())
	}
	for _, secret := range []string{"hunter2", "s3cret", "k3y", "s3-s3cret-key"} {
		if strings.Contains(b.String(), secret) {
			t.Errorf("logged configuration shows %q: %s", secret, b.String())
		}
	}
}

// TestSecretNeverPrints: fmt, slog and JSON see no preview secret.
func TestSecretNeverPrints(t *testing.T) {
	t.Setenv("PREVIEW_SECRET", "hunter2-preview")
	t.Setenv("TELEGRAM_BOT_TOKEN", "123456:hunter2-bot")
	t.Setenv("TELEGRAM_WEBHOOK_SECRET", "hunter2-hook")
	c, err := FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if string(c.PreviewSecret.Bytes()) != "hunter2-preview" {
		t.Fatalf("the secret is not read")
	}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("config", slog.Any("config", c), slog.Any("secret", c.PreviewSecret), slog.Any("bot", c.TelegramBotToken))
	js, _ := json.Marshal(struct{ S, B, W Secret }{c.PreviewSecret, c.TelegramBotToken, c.TelegramWebhookSecret})
	for _, out := range []string{fmt.Sprint(c.PreviewSecret), fmt.Sprintf("%v %+v %#v %s", c, c, c, c.PreviewSecret), buf.String(), string(js)} {
		if strings.Contains(out, "hunter2") {
			t.Errorf("the secret printed: %s", out)
		}
	}
}
