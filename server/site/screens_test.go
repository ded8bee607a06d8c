package site_test

import (
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// TestSpecialtyTilesHaveDoctors: a region's specialty tiles lead only to
// listings with doctors; specialties without one are named once, plainly,
// not offered as tiles reading "0 врачей" (issue 34 item 16).
func TestSpecialtyTilesHaveDoctors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	var sawNone bool
	for _, path := range []string{"/uz/samarkand/doctors", "/samarkand/doctors", "/doctors", "/uz/samarkand"} {
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: %d", path, p.Resp.StatusCode)
		}
		tiles := p.All(t, ".tile-list a.tile")
		if len(tiles) == 0 {
			t.Errorf("%s: no specialty tiles", path)
		}
		for _, c := range p.All(t, ".tile-list a.tile .tile__count") {
			if n := strings.TrimSpace(sitetest.Text(c)); strings.HasPrefix(n, "0 ") {
				t.Errorf("%s: a tile with no doctors: %q", path, n)
			}
		}
		if len(p.All(t, ".tile-list__none")) > 0 {
			sawNone = true
		}
	}
	if !sawNone {
		t.Errorf("no page named the specialties without doctors (the demo data has some in Samarkand)")
	}
}
