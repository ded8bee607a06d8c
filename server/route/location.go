package route

import (
	"fmt"
	"net/url"
	"strings"
)

// SameOrigin returns to as a Location that cannot leave the site: a path
// that starts with exactly one "/". Anything else is refused (ok is
// false): a scheme, a host, "//host" or "/\host" (which browsers read as
// a host), a relative path, the empty string. Inside the path, runs of
// slashes and backslashes (browsers read them as slashes) collapse to one
// slash; bytes a browser would drop or misread (controls, spaces,
// backslashes in the query, non-ASCII) and a "%" that starts no escape
// are percent-encoded.
//
// Every redirect the site sends goes through it (web's error handler and
// its last middleware), so no input can make a Location name another host.
func SameOrigin(to string) (location string, ok bool) {
	if to == "" || to[0] != '/' || (len(to) > 1 && (to[1] == '/' || to[1] == '\\')) {
		return "", false
	}
	end := strings.IndexAny(to, "?#")
	if end < 0 {
		end = len(to)
	}
	var b strings.Builder
	b.Grow(len(to) + 8)
	slash := false
	for i := 0; i < end; i++ {
		c := to[i]
		if c == '/' || c == '\\' {
			if !slash {
				b.WriteByte('/')
			}
			slash = true
			continue
		}
		slash = false
		writeSafe(&b, to, i)
	}
	for i := end; i < len(to); i++ {
		if to[i] == '\\' {
			b.WriteString("%5C")
			continue
		}
		writeSafe(&b, to, i)
	}
	location = b.String()
	// The loops above already guarantee it; the check is the proof.
	if CheckLocation(location) != nil {
		return "", false
	}
	return location, true
}

// CheckLocation reports why location could take a browser off the site,
// or nil when it is a relative path that starts with exactly one "/",
// carries only printable ASCII, parses, and resolved against an origin
// keeps that origin.
func CheckLocation(location string) error {
	if !strings.HasPrefix(location, "/") || strings.HasPrefix(location, "//") || strings.ContainsRune(location, '\\') {
		return fmt.Errorf("Location %q is not a single-slash path", location)
	}
	for i := 0; i < len(location); i++ {
		if location[i] <= ' ' || location[i] >= 0x7f {
			return fmt.Errorf("Location %q carries byte %#x", location, location[i])
		}
	}
	u, err := url.Parse(location)
	if err != nil {
		return fmt.Errorf("Location %q does not parse: %w", location, err)
	}
	if u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || !strings.HasPrefix(u.Path, "/") {
		return fmt.Errorf("Location %q is not a relative path", location)
	}
	if got := siteOrigin.ResolveReference(u); got.Scheme != siteOrigin.Scheme || got.Host != siteOrigin.Host {
		return fmt.Errorf("Location %q resolves to %s", location, got)
	}
	return nil
}

// siteOrigin stands for the site's origin in CheckLocation.
var siteOrigin = &url.URL{Scheme: "https", Host: "sogliq.uz", Path: "/doctors/kardiolog"}

// writeSafe writes s[i], percent-encoded unless it is printable ASCII; a
// "%" stays only when two hex digits follow it.
func writeSafe(b *strings.Builder, s string, i int) {
	const hex = "0123456789ABCDEF"
	c := s[i]
	switch {
	case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
		b.WriteByte(c)
	case c <= ' ' || c >= 0x7f || c == '%' || c == '"' || c == '<' || c == '>' || c == '`' || c == '{' || c == '}' || c == '|' || c == '^':
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	default:
		b.WriteByte(c)
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// CleanPath is a request path with runs of slashes and backslashes
// collapsed to one slash, as a browser would read it; the route checks
// work on it and send the visitor to it when it differs.
func CleanPath(p string) string {
	if !strings.ContainsAny(p, "\\") && !strings.Contains(p, "//") {
		return p
	}
	var b strings.Builder
	slash := false
	for i := 0; i < len(p); i++ {
		if p[i] == '/' || p[i] == '\\' {
			if !slash {
				b.WriteByte('/')
			}
			slash = true
			continue
		}
		slash = false
		b.WriteByte(p[i])
	}
	return b.String()
}
