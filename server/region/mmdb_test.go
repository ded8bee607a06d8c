package region_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"

	"sogliq/server/region"
)

func names(en, ru string) mmdbtype.Map {
	m := mmdbtype.Map{"en": mmdbtype.String(en)}
	if ru != "" {
		m["ru"] = mmdbtype.String(ru)
	}
	return mmdbtype.Map{"names": m}
}

// writeMMDB writes a tiny GeoLite2-City-shaped database: Samarkand by city,
// Fergana only by its subdivision, Andijan by its Russian city name, and a
// city we do not know.
func writeMMDB(t *testing.T) string {
	t.Helper()
	tree, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: "GeoLite2-City", IncludeReservedNetworks: true, RecordSize: 24})
	if err != nil {
		t.Fatal(err)
	}
	for cidr, rec := range map[string]mmdbtype.Map{
		"203.0.113.0/24":  {"city": names("Samarkand", "Самарканд")},
		"198.51.100.0/24": {"subdivisions": mmdbtype.Slice{names("Fergana Region", "")}},
		"192.0.2.0/25":    {"city": names("Andizhan", "Андижан")},
		"192.0.2.128/25":  {"city": names("Almaty", "Алматы")},
	} {
		_, network, err := net.ParseCIDR(cidr)
		if err != nil {
			t.Fatal(err)
		}
		if err := tree.Insert(network, rec); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "city.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tree.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestMMDBLocator(t *testing.T) {
	l, err := region.OpenMMDB(writeMMDB(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		ip, wantCity string
		wantErr      bool
	}{
		{"203.0.113.7", "Samarkand", false},
		{"::ffff:203.0.113.7", "Samarkand", false},
		{"198.51.100.1", "Fergana Region", false},
		{"192.0.2.1", "Андижан", false},
		{"192.0.2.200", "Almaty", false},
		{"10.0.0.1", "", true},
		{"not an ip", "", true},
	} {
		t.Run(test.ip, func(t *testing.T) {
			city, err := l.City(context.Background(), test.ip)
			if (err != nil) != test.wantErr || city != test.wantCity {
				t.Errorf("City(%q) = %q, %v; want %q, error %v", test.ip, city, err, test.wantCity, test.wantErr)
			}
		})
	}
	if _, err := region.OpenMMDB(filepath.Join(t.TempDir(), "missing.mmdb")); err == nil {
		t.Error("OpenMMDB of a missing file succeeded")
	}
}
