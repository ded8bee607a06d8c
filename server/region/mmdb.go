package region

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/oschwald/maxminddb-golang/v2"
)

// MMDBLocator reads cities from a MaxMind-format database (GEOIP_DB, e.g.
// GeoLite2-City.mmdb): the record's city, or its first subdivision when the
// city is missing or unknown, in English then Russian.
type MMDBLocator struct {
	reader *maxminddb.Reader
}

// OpenMMDB opens the database at path; it stays open (memory-mapped) for
// the life of the process.
func OpenMMDB(path string) (*MMDBLocator, error) {
	r, err := maxminddb.Open(path)
	if err != nil {
		return nil, fmt.Errorf("region.OpenMMDB(%q): %w", path, err)
	}
	return &MMDBLocator{reader: r}, nil
}

type mmdbNames struct {
	Names map[string]string `maxminddb:"names"`
}

type mmdbRecord struct {
	City         mmdbNames   `maxminddb:"city"`
	Subdivisions []mmdbNames `maxminddb:"subdivisions"`
}

// City implements Locator.
func (l *MMDBLocator) City(_ context.Context, ip string) (string, error) {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return "", fmt.Errorf("region.MMDBLocator.City(%q): %w", ip, err)
	}
	res := l.reader.Lookup(addr.Unmap())
	if !res.Found() {
		if err := res.Err(); err != nil {
			return "", fmt.Errorf("region.MMDBLocator.City(%q): %w", ip, err)
		}
		return "", fmt.Errorf("region.MMDBLocator.City(%q): not in the database", ip)
	}
	var rec mmdbRecord
	if err := res.Decode(&rec); err != nil {
		return "", fmt.Errorf("region.MMDBLocator.City(%q): %w", ip, err)
	}
	candidates := []string{rec.City.Names["en"], rec.City.Names["ru"]}
	for _, s := range rec.Subdivisions {
		candidates = append(candidates, s.Names["en"], s.Names["ru"])
	}
	for _, name := range candidates {
		if _, ok := MatchCity(name); ok {
			return name, nil
		}
	}
	for _, name := range candidates {
		if name != "" {
			return name, nil // unknown to us: Detect logs it
		}
	}
	return "", fmt.Errorf("region.MMDBLocator.City(%q): the record names no city", ip)
}
