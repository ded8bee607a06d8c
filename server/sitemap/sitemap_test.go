package sitemap

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"
)

// counted is an in-memory source of n doctor pages.
type counted struct{ n int }

func (c counted) Name() string                       { return "doctors" }
func (c counted) Count(context.Context) (int, error) { return c.n, nil }
func (c counted) Each(_ context.Context, offset, limit int, fn func(Entry) error) error {
	for i := offset; i < c.n && i < offset+limit; i++ {
		if err := fn(Entry{Path: fmt.Sprintf("/doctor/d-%d", i), LastMod: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}); err != nil {
			return err
		}
	}
	return nil
}

type urlset struct {
	URLs []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
		Links   []struct {
			HrefLang string `xml:"hreflang,attr"`
			Href     string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"url"`
}

func TestSplitsAtTheURLLimit(t *testing.T) {
	ctx := context.Background()
	src := counted{n: 2*entriesPerFile + 1}
	var index bytes.Buffer
	if err := writeIndex(ctx, &index, "https://sogliq.uz", []Source{src, counted{n: 0}}); err != nil {
		t.Fatal(err)
	}
	var idx struct {
		Locs []string `xml:"sitemap>loc"`
	}
	if err := xml.Unmarshal(index.Bytes(), &idx); err != nil {
		t.Fatal(err)
	}
	want := []string{"https://sogliq.uz/sitemaps/doctors-1.xml", "https://sogliq.uz/sitemaps/doctors-2.xml", "https://sogliq.uz/sitemaps/doctors-3.xml"}
	if strings.Join(idx.Locs, " ") != strings.Join(want, " ") {
		t.Fatalf("index lists %v, want %v", idx.Locs, want)
	}
	total := 0
	for n := range 3 {
		var file bytes.Buffer
		if err := writeURLSet(ctx, &file, "https://sogliq.uz", src, n); err != nil {
			t.Fatal(err)
		}
		var set urlset
		if err := xml.Unmarshal(file.Bytes(), &set); err != nil {
			t.Fatalf("file %d does not parse: %v", n+1, err)
		}
		if len(set.URLs) > URLsPerFile {
			t.Errorf("file %d holds %d URLs, more than %d", n+1, len(set.URLs), URLsPerFile)
		}
		total += len(set.URLs)
	}
	if total != 2*src.n {
		t.Errorf("%d URLs in all, want %d (every page in ru and uz)", total, 2*src.n)
	}
}

func TestURLsCarryTheirLanguagePair(t *testing.T) {
	var file bytes.Buffer
	if err := writeURLSet(context.Background(), &file, "https://sogliq.uz", counted{n: 1}, 0); err != nil {
		t.Fatal(err)
	}
	var set urlset
	if err := xml.Unmarshal(file.Bytes(), &set); err != nil {
		t.Fatal(err)
	}
	if len(set.URLs) != 2 || set.URLs[0].Loc != "https://sogliq.uz/doctor/d-0" || set.URLs[1].Loc != "https://sogliq.uz/uz/doctor/d-0" {
		t.Fatalf("URLs %+v", set.URLs)
	}
	for _, u := range set.URLs {
		if u.LastMod != "2026-01-02T03:04:05Z" {
			t.Errorf("%s lastmod %q", u.Loc, u.LastMod)
		}
		got := map[string]string{}
		for _, l := range u.Links {
			got[l.HrefLang] = l.Href
		}
		if got["ru"] != "https://sogliq.uz/doctor/d-0" || got["uz"] != "https://sogliq.uz/uz/doctor/d-0" || got["x-default"] != got["ru"] {
			t.Errorf("%s alternates %v", u.Loc, got)
		}
	}
}

func TestUzPath(t *testing.T) {
	for in, want := range map[string]string{"/": "/uz", "/doctors": "/uz/doctors", "/samarkand": "/uz/samarkand"} {
		if got := uzPath(in); got != want {
			t.Errorf("uzPath(%q) = %q, want %q", in, got, want)
		}
	}
}
