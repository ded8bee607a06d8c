package analytics

import (
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Limiter counts requests per key in fixed one-minute windows, in process
// (each instance keeps its own counts: a limit against floods, not a
// quota). The maps start afresh each minute, so memory is bounded by one
// minute's keys.
type Limiter struct {
	PerDevice  int
	PerAddress int
	mu         sync.Mutex
	window     int64
	devices    map[string]int
	addresses  map[string]int
}

// Allow counts one request of device (may be empty) from address at now
// and reports whether both are within their limits; a refused request is
// not counted.
func (l *Limiter) Allow(device, address string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if w := now.Unix() / 60; w != l.window || l.devices == nil {
		l.window, l.devices, l.addresses = w, map[string]int{}, map[string]int{}
	}
	if l.addresses[address] >= l.PerAddress || (device != "" && l.devices[device] >= l.PerDevice) {
		return false
	}
	l.addresses[address]++
	if device != "" {
		l.devices[device]++
	}
	return true
}

// SourceOf is the pseudonym an event's sender is counted under for
// popularity: the first 16 hex digits of the SHA-256 of the IPv4 address,
// or of the IPv6 address's /64 (one subscriber's network, inside which
// addresses rotate freely). The address itself is not kept; "" for
// something that is not an address.
func SourceOf(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	addr = addr.Unmap()
	key := addr.String()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		key = p.String()
	}
	sum := sha256.Sum256([]byte("analytics-source:" + key))
	return hex.EncodeToString(sum[:8])
}

// RetryAfter is how long until the window of now ends.
func RetryAfter(now time.Time) time.Duration {
	return time.Duration(60-now.Unix()%60) * time.Second
}

// botMarks are pieces of the user agents of crawlers and link previewers,
// lower case: their page views are dropped.
var botMarks = []string{"bot", "crawl", "spider", "slurp", "facebookexternalhit", "mediapartners", "lighthouse", "pingdom", "python-requests", "curl/", "wget/"}

// IsBot reports whether a user agent is a known robot (or missing).
func IsBot(userAgent string) bool {
	ua := strings.ToLower(userAgent)
	if ua == "" {
		return true
	}
	for _, m := range botMarks {
		if strings.Contains(ua, m) {
			return true
		}
	}
	return false
}
