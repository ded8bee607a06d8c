// Package clientip is the visitor's address: computed at most once per
// request, when a handler first asks Get (believing X-Forwarded-For only
// from the proxies Middleware was given, TRUSTED_PROXIES).
package clientip

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v2"
)

type (
	key        struct{} // the resolved address
	proxiesKey struct{} // the *proxies Middleware was given
)

// proxies are the proxies whose X-Forwarded-For is believed.
type proxies struct{ trusted []netip.Prefix }

// Middleware gives Get the proxies whose X-Forwarded-For is believed
// (none: the socket peer is the client). It resolves nothing itself: most
// requests (a cached page) never ask, and resolving costs allocations.
func Middleware(trusted []netip.Prefix) fiber.Handler {
	p := &proxies{trusted: trusted}
	return func(c *fiber.Ctx) error {
		c.Locals(proxiesKey{}, p)
		return c.Next()
	}
}

// Get is the request's client address, resolved on first use and kept
// for the rest of the request; without the middleware (an app of a
// package's tests), the socket peer.
func Get(c *fiber.Ctx) string {
	if ip, ok := c.Locals(key{}).(string); ok {
		return ip
	}
	if p, ok := c.Locals(proxiesKey{}).(*proxies); ok {
		ip := Resolve(c.Context().RemoteIP().String(), c.Get(fiber.HeaderXForwardedFor), p.trusted)
		c.Locals(key{}, ip)
		return ip
	}
	return c.Context().RemoteIP().String()
}

// Resolve is the visitor's address: the socket peer, unless the peer is
// one of the trusted proxies; then the X-Forwarded-For entries are read
// from the right, past the trusted proxies, and the first other address
// is the visitor. Reading from the right matters: a proxy appends the
// address it saw, so everything left of that was written by the client
// and may be made up. An entry that is not an address stops the walk at
// the last trusted hop's view (the peer).
func Resolve(peer, forwardedFor string, trusted []netip.Prefix) string {
	addr, err := netip.ParseAddr(peer)
	if err != nil || forwardedFor == "" || !inPrefixes(addr.Unmap(), trusted) {
		return peer
	}
	hops := strings.Split(forwardedFor, ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return peer
		}
		hop = hop.Unmap()
		if i == 0 || !inPrefixes(hop, trusted) {
			return hop.String()
		}
	}
	return peer
}

func inPrefixes(addr netip.Addr, prefixes []netip.Prefix) bool {
	for _, p := range prefixes {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// ParsePrefixes reads a comma-separated list of IP addresses and CIDR
// prefixes (TRUSTED_PROXIES).
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("clientip.ParsePrefixes: %q is neither an IP address nor a CIDR prefix", item)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
