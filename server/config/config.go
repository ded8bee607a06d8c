// Package config reads the server's configuration from the environment.
// Every variable is optional: the defaults start a working site.
package config

import (
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"sogliq/server/cache"
	"sogliq/server/clientip"
	"sogliq/server/database"
	"sogliq/shared"
)

// counterID is a counter id as the providers issue them (empty: none).
var counterID = regexp.MustCompile(`^[A-Za-z0-9-]{0,40}$`)

// Config is the whole configuration, passed down from main.
type Config struct {
	// Addr is the listen address (ADDR, default :3000).
	Addr string
	// DatabaseURL is the PostgreSQL URL (DATABASE_URL). Secret: it may hold a password.
	DatabaseURL string
	// RedisURL is the Redis URL (REDIS_URL); empty means the in-process cache alone. Secret.
	RedisURL string
	// PublicURL is the site's origin for canonical links (PUBLIC_URL, default http://localhost:3000).
	PublicURL string
	// HSTS sends Strict-Transport-Security (a year, subdomains) on every
	// answer: on by default when PublicURL is https, HSTS=off where the
	// proxy in front already adds it.
	HSTS bool
	// Warm renders the doctors' listings in the background so that their
	// cards wait in Redis (server/warm): on by default with Redis,
	// WARM=off to leave it to visitors.
	Warm bool
	// Dev rebuilds the bundles when client/ or shared/ change (DEV=1).
	Dev bool
	// Root is the source tree the bundles are built from (SOURCE_ROOT, default ".").
	Root string
	// RenderPool is the number of goja runtimes (SSR_POOL, default one per CPU).
	RenderPool int
	// RenderTimeout is every render's deadline (SSR_TIMEOUT, default 2s).
	RenderTimeout time.Duration
	// GeoIPURL is the IP location service for region detection (GEOIP_URL,
	// e.g. http://127.0.0.1:9999/json/{ip}, answering JSON with "city");
	// empty means no detection: every visitor is offered Tashkent. Secret:
	// its query may hold an API key, so only its host is logged.
	GeoIPURL string
	// GeoIPDB is a MaxMind-format city database for region detection
	// (GEOIP_DB, e.g. GeoLite2-City.mmdb); when set it is used instead of
	// GeoIPURL. Empty means none.
	GeoIPDB string
	// TrustedProxies are the peers whose X-Forwarded-For names the client
	// (TRUSTED_PROXIES, comma-separated IPs or CIDRs; default none).
	TrustedProxies []netip.Prefix
	// SMSURL is the SMS gateway sign-in codes are posted to (SMS_URL, see
	// account.HTTPSender); empty means sign-in is unavailable, except on a
	// development or demo site, which writes the codes to its log.
	SMSURL string
	// SMSToken is the gateway's bearer token (SMS_TOKEN). Secret.
	SMSToken string
	// LLMURL is the base URL of an OpenAI-compatible API for the AI
	// consultant (LLM_URL, e.g. https://api.openai.com/v1); empty means the
	// consultant is unavailable.
	LLMURL string
	// LLMKey is its bearer token (LLM_KEY). Secret.
	LLMKey string
	// LLMModel is the model asked (LLM_MODEL, default gpt-4o-mini).
	LLMModel string
	// DBTimeout is the per-request database budget, the serving pool's
	// statement_timeout and the longest a query waits on a silent server
	// (DB_TIMEOUT, default 1.5s).
	DBTimeout time.Duration
	// MediaDir is where uploaded images and their WebP variants are kept
	// on the local disk (MEDIA_DIR, default .data/uploads), unless S3 is set.
	MediaDir string
	// S3Endpoint is an S3-compatible object store for the images instead
	// of MediaDir (S3_ENDPOINT, e.g. https://s3.eu-central-1.amazonaws.com),
	// shared by every instance; with S3Bucket, S3AccessKey, S3SecretKey
	// (secret) and S3Region.
	S3Endpoint, S3Bucket, S3AccessKey, S3SecretKey, S3Region string
	// GA4ID and YandexMetricaID are the third-party counters' ids (GA4_ID,
	// e.g. G-XXXXXXX; YANDEX_METRICA_ID, digits); empty loads none.
	GA4ID, YandexMetricaID string
	// AddClinicURL is where the header's "add a clinic" link goes
	// (ADD_CLINIC_URL, an https URL such as the Telegram bot's); empty
	// means shared/limits.json's addClinicUrl.
	AddClinicURL string
	// AnalyticsRetentionMonths is how many months of page views are kept
	// before their partition is dropped (ANALYTICS_RETENTION_MONTHS,
	// default shared/limits.json's analyticsRetentionMonths).
	AnalyticsRetentionMonths int
	// AnalyticsFlush is the longest a page view waits in memory before its
	// batch is written (ANALYTICS_FLUSH, default 1s); a batch of 2000 is
	// written at once.
	AnalyticsFlush time.Duration
	// PageCacheBytes bounds the in-process page cache (PAGE_CACHE_MB,
	// default cache.DefaultLocalBytes; 0 turns the in-process layer off).
	PageCacheBytes int64
	// MetricsAddr is where /metrics listens (METRICS_ADDR, default
	// 127.0.0.1:9090, never the public address); "off" or empty turns it off.
	MetricsAddr string
	// PreviewSecret signs editors' preview links (PREVIEW_SECRET); empty
	// means a random one per process, so a link opens only on the instance
	// that made it. Secret: it never prints.
	PreviewSecret Secret
	// TelegramBotToken is the bot's token from BotFather
	// (TELEGRAM_BOT_TOKEN); empty turns everything Telegram off: no
	// sign-in with Telegram, no bot notices, the webhook answers 404.
	// Secret: it signs the Mini App's initData and sits in every Bot API
	// URL, so neither it nor those URLs are ever logged.
	TelegramBotToken Secret
	// TelegramAPIURL is the Bot API's origin (TELEGRAM_API_URL, default
	// https://api.telegram.org; a local Bot API server or a test's fake).
	TelegramAPIURL string
	// TelegramWebhookSecret is the secret_token given to setWebhook
	// (TELEGRAM_WEBHOOK_SECRET): the webhook accepts only requests whose
	// X-Telegram-Bot-Api-Secret-Token header equals it. Required with a
	// bot token. Secret.
	TelegramWebhookSecret Secret
}

// FromEnv reads the configuration; it fails on a value it cannot parse.
func FromEnv() (Config, error) {
	c := Config{
		Addr:          env("ADDR", ":3000"),
		DatabaseURL:   env("DATABASE_URL", database.DefaultURL),
		RedisURL:      os.Getenv("REDIS_URL"),
		PublicURL:     strings.TrimRight(env("PUBLIC_URL", "http://localhost:3000"), "/"),
		Dev:           os.Getenv("DEV") == "1" || os.Getenv("DEV") == "true",
		Root:          env("SOURCE_ROOT", "."),
		RenderPool:    runtime.NumCPU(),
		RenderTimeout: 2 * time.Second,
		DBTimeout:     database.DefaultLimits.Timeout,
		MetricsAddr:   "127.0.0.1:9090",
	}
	c.HSTS = strings.HasPrefix(c.PublicURL, "https://")
	switch v := os.Getenv("HSTS"); v {
	case "", "on":
	case "off":
		c.HSTS = false
	default:
		return c, fmt.Errorf("config: HSTS=%q is neither on nor off", v)
	}
	switch v := os.Getenv("WARM"); v {
	case "", "on":
		c.Warm = c.RedisURL != ""
	case "off":
	default:
		return c, fmt.Errorf("config: WARM=%q is neither on nor off", v)
	}
	if v, ok := os.LookupEnv("METRICS_ADDR"); ok {
		c.MetricsAddr = v
		if v == "off" {
			c.MetricsAddr = ""
		}
	}
	c.PageCacheBytes = cache.DefaultLocalBytes
	if v := os.Getenv("PAGE_CACHE_MB"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return c, fmt.Errorf("config: PAGE_CACHE_MB=%q is not a number of megabytes (0 turns the in-process page cache off)", v)
		}
		c.PageCacheBytes = int64(n) << 20
		if n == 0 {
			c.PageCacheBytes = -1
		}
	}
	if v := os.Getenv("DB_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("config: DB_TIMEOUT=%q is not a duration like 1.5s", v)
		}
		c.DBTimeout = d
	}
	c.GA4ID, c.YandexMetricaID = os.Getenv("GA4_ID"), os.Getenv("YANDEX_METRICA_ID")
	if !counterID.MatchString(c.GA4ID) || !counterID.MatchString(c.YandexMetricaID) {
		return c, fmt.Errorf("config: GA4_ID and YANDEX_METRICA_ID take letters, digits and '-' only")
	}
	c.AddClinicURL = os.Getenv("ADD_CLINIC_URL")
	if u, err := url.Parse(c.AddClinicURL); c.AddClinicURL != "" && (err != nil || u.Scheme != "https" || u.Host == "") {
		return c, fmt.Errorf("config: ADD_CLINIC_URL=%q is not an https URL", c.AddClinicURL)
	}
	c.AnalyticsRetentionMonths = shared.MustReadLimits().AnalyticsRetentionMonths
	if v := os.Getenv("ANALYTICS_RETENTION_MONTHS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return c, fmt.Errorf("config: ANALYTICS_RETENTION_MONTHS=%q is not a positive number", v)
		}
		c.AnalyticsRetentionMonths = n
	}
	c.AnalyticsFlush = time.Second
	if v := os.Getenv("ANALYTICS_FLUSH"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("config: ANALYTICS_FLUSH=%q is not a duration like 1s", v)
		}
		c.AnalyticsFlush = d
	}
	if v := os.Getenv("SSR_POOL"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return c, fmt.Errorf("config: SSR_POOL=%q is not a positive number", v)
		}
		c.RenderPool = n
	}
	if v := os.Getenv("SSR_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("config: SSR_TIMEOUT=%q is not a duration like 2s", v)
		}
		c.RenderTimeout = d
	}
	c.GeoIPURL = os.Getenv("GEOIP_URL")
	if c.GeoIPURL != "" {
		if u, err := url.Parse(c.GeoIPURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return c, fmt.Errorf("config: GEOIP_URL=%q is not an http(s) URL", c.GeoIPURL)
		}
	}
	c.GeoIPDB = os.Getenv("GEOIP_DB")
	c.MediaDir = env("MEDIA_DIR", ".data/uploads")
	c.S3Endpoint, c.S3Bucket, c.S3Region = os.Getenv("S3_ENDPOINT"), os.Getenv("S3_BUCKET"), env("S3_REGION", "us-east-1")
	c.S3AccessKey, c.S3SecretKey = os.Getenv("S3_ACCESS_KEY"), os.Getenv("S3_SECRET_KEY")
	if c.S3Endpoint != "" {
		if u, err := url.Parse(c.S3Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return c, fmt.Errorf("config: S3_ENDPOINT=%q is not an http(s) URL", c.S3Endpoint)
		}
		if c.S3Bucket == "" {
			return c, fmt.Errorf("config: S3_ENDPOINT is set without S3_BUCKET")
		}
	}
	c.SMSURL, c.SMSToken = os.Getenv("SMS_URL"), os.Getenv("SMS_TOKEN")
	c.LLMURL, c.LLMKey, c.LLMModel = os.Getenv("LLM_URL"), os.Getenv("LLM_KEY"), env("LLM_MODEL", "gpt-4o-mini")
	if c.LLMURL != "" {
		if u, err := url.Parse(c.LLMURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return c, fmt.Errorf("config: LLM_URL=%q is not an http(s) URL", c.LLMURL)
		}
	}
	if c.SMSURL != "" {
		if u, err := url.Parse(c.SMSURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return c, fmt.Errorf("config: SMS_URL=%q is not an http(s) URL", c.SMSURL)
		}
	}
	proxies, err := clientip.ParsePrefixes(os.Getenv("TRUSTED_PROXIES"))
	if err != nil {
		return c, fmt.Errorf("config: TRUSTED_PROXIES: %w", err)
	}
	c.TrustedProxies = proxies
	c.PreviewSecret = Secret(os.Getenv("PREVIEW_SECRET"))
	if err := c.readTelegram(); err != nil {
		return c, err
	}
	return c, nil
}

// telegramSecret is what Telegram accepts as a webhook's secret_token:
// 1-256 characters A-Z, a-z, 0-9, _ and -.
var telegramSecret = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)

// readTelegram reads the TELEGRAM_* settings: a token needs a webhook
// secret (an open webhook would let anyone press a patient's buttons).
func (c *Config) readTelegram() error {
	c.TelegramBotToken = Secret(os.Getenv("TELEGRAM_BOT_TOKEN"))
	c.TelegramWebhookSecret = Secret(os.Getenv("TELEGRAM_WEBHOOK_SECRET"))
	c.TelegramAPIURL = strings.TrimRight(env("TELEGRAM_API_URL", "https://api.telegram.org"), "/")
	if u, err := url.Parse(c.TelegramAPIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("config: TELEGRAM_API_URL=%q is not an http(s) URL", c.TelegramAPIURL)
	}
	if c.TelegramBotToken == "" {
		return nil
	}
	if !strings.Contains(string(c.TelegramBotToken), ":") {
		// Never the value itself: it is a secret.
		return fmt.Errorf("config: TELEGRAM_BOT_TOKEN is not a bot token (digits, a colon, then letters)")
	}
	if !telegramSecret.MatchString(string(c.TelegramWebhookSecret)) {
		return fmt.Errorf("config: TELEGRAM_WEBHOOK_SECRET must be set with TELEGRAM_BOT_TOKEN: 1-256 characters A-Z, a-z, 0-9, _ or -")
	}
	return nil
}

// Secret is a configuration value that never prints: fmt, slog and JSON
// all see "[redacted]".
type Secret string

// String redacts.
func (Secret) String() string { return "[redacted]" }

// GoString redacts (%#v).
func (Secret) GoString() string { return "[redacted]" }

// LogValue redacts.
func (Secret) LogValue() slog.Value { return slog.StringValue("[redacted]") }

// MarshalJSON redacts.
func (Secret) MarshalJSON() ([]byte, error) { return []byte(`"[redacted]"`), nil }

// Bytes is the secret itself, for the code that uses it.
func (s Secret) Bytes() []byte { return []byte(s) }

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// LogValue prints the configuration with its secrets redacted.
func (c Config) LogValue() slog.Value {
	geoip := "(off)"
	if u, err := url.Parse(c.GeoIPURL); c.GeoIPURL != "" && err == nil {
		geoip = u.Scheme + "://" + u.Host
	}
	if c.GeoIPDB != "" {
		geoip = c.GeoIPDB
	}
	sms := "(off)"
	if u, err := url.Parse(c.SMSURL); c.SMSURL != "" && err == nil {
		sms = u.Scheme + "://" + u.Host
	}
	llm := "(off)"
	if u, err := url.Parse(c.LLMURL); c.LLMURL != "" && err == nil {
		llm = u.Scheme + "://" + u.Host + " " + c.LLMModel
	}
	media := c.MediaDir
	if c.S3Endpoint != "" {
		media = c.S3Endpoint + " bucket " + c.S3Bucket
	}
	redis := "(in-process cache)"
	if c.RedisURL != "" {
		redis = database.Redact(c.RedisURL)
	}
	return slog.GroupValue(
		slog.String("addr", c.Addr),
		slog.String("database", database.Redact(c.DatabaseURL)),
		slog.String("redis", redis),
		slog.String("public_url", c.PublicURL),
		slog.Bool("hsts", c.HSTS),
		slog.String("sms", sms),
		slog.String("llm", llm),
		slog.Bool("dev", c.Dev),
		slog.Int("render_pool", c.RenderPool),
		slog.Int64("page_cache_mb", max(c.PageCacheBytes, 0)>>20),
		slog.String("metrics", c.MetricsAddr),
		slog.Duration("render_timeout", c.RenderTimeout),
		slog.Duration("db_timeout", c.DBTimeout),
		slog.String("geoip", geoip),
		slog.Int("trusted_proxies", len(c.TrustedProxies)),
		slog.String("media", media),
		slog.String("ga4", c.GA4ID),
		slog.String("yandex_metrica", c.YandexMetricaID),
		slog.String("add_clinic_url", c.AddClinicURL),
		slog.Int("analytics_retention_months", c.AnalyticsRetentionMonths),
		slog.Bool("preview_secret_set", c.PreviewSecret != ""),
		slog.Bool("telegram", c.TelegramBotToken != ""),
		slog.String("telegram_api", c.TelegramAPIURL),
	)
}
