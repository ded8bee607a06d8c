package site_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"golang.org/x/net/html"

	"sogliq/server/site/sitetest"
)

// pickerProps are the RegionPicker island's props as the server wrote them.
type pickerProps struct {
	Current struct{ Slug, Name string }
	Regions []struct{ Slug, Name, Path string }
}

func regionPicker(t *testing.T, p sitetest.Page) pickerProps {
	t.Helper()
	marker := p.One(t, `div[data-island="RegionPicker"]`)
	script := marker.NextSibling
	for script != nil && script.Type != html.ElementNode {
		script = script.NextSibling
	}
	if script == nil || sitetest.Attr(script, "data-island-props") != sitetest.Attr(marker, "data-prefix") {
		t.Fatalf("%s: the RegionPicker marker has no props script after it", p.Resp.Request.URL.Path)
	}
	var props pickerProps
	if err := json.Unmarshal([]byte(script.FirstChild.Data), &props); err != nil {
		t.Fatalf("RegionPicker props: %v", err)
	}
	return props
}

// TestRegionPickerPaths checks the path the picker goes to from a page, per
// region: the server computes them from the route table.
func TestRegionPickerPaths(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	district := busiestDistrict(t, s, "samarkand")
	doctor := doctorSlug(t, s, "samarkand")
	for _, test := range []struct {
		path        string
		currentName string
		want        map[string]string // region slug → path
	}{
		{"/uz/doctors/kardiolog", "Toshkent", map[string]string{
			"tashkent": "/uz/doctors/kardiolog", "fergana": "/uz/fergana/doctors/kardiolog", "karakalpakstan": "/uz/karakalpakstan/doctors/kardiolog",
		}},
		{"/samarkand", "Самаркандская область", map[string]string{"tashkent": "/", "bukhara": "/bukhara"}},
		{"/samarkand/diagnostika/uzi/" + district + "?sort=price", "Самаркандская область", map[string]string{
			"tashkent": "/diagnostika/uzi?sort=price", "samarkand": "/samarkand/diagnostika/uzi?sort=price",
		}},
		{"/uz/samarkand/kliniki/kardiologiya/" + district, "Samarqand viloyati", map[string]string{
			"tashkent": "/uz/kliniki/kardiologiya", "namangan": "/uz/namangan/kliniki/kardiologiya",
		}},
		{"/samarkand/kliniki/district/" + district, "Самаркандская область", map[string]string{"tashkent": "/kliniki", "navoi": "/navoi/kliniki"}},
		{"/samarkand/kliniki/byalltype/all?sort=name&district=" + district, "Самаркандская область", map[string]string{
			"tashkent": "/kliniki/byalltype/all?sort=name", "andijan": "/andijan/kliniki/byalltype/all?sort=name",
		}},
		{"/doctor/" + doctor, "Ташкент", map[string]string{"tashkent": "/doctor/" + doctor, "samarkand": "/doctor/" + doctor}},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", p.Resp.StatusCode)
			}
			if got := sitetest.Text(p.One(t, "button.region-picker__button")); got != test.currentName {
				t.Errorf("button says %q, want %q", got, test.currentName)
			}
			props := regionPicker(t, p)
			if len(props.Regions) != 14 {
				t.Fatalf("%d regions, want 14", len(props.Regions))
			}
			got := map[string]string{}
			for _, r := range props.Regions {
				got[r.Slug] = r.Path
			}
			for slug, want := range test.want {
				if got[slug] != want {
					t.Errorf("path in %s = %q, want %q", slug, got[slug], want)
				}
			}
			if p.All(t, ".region-prompt, .region-modal") != nil {
				t.Error("the prompt or the picker is open in the server HTML")
			}
		})
	}
}

// TestLocationsAPIInSite checks the API is wired into the site and that,
// with no GEOIP_URL, detection answers Tashkent uncached.
func TestLocationsAPIInSite(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	resp, err := apiGet(t, s.URL+"/api/locations?per_page=25&lang=uz")
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Data []struct{ Slug, Name string }
	}
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || len(list.Data) != 14 || list.Data[0].Name != "Toshkent" {
		t.Errorf("GET /api/locations: %d, %+v, %v", resp.StatusCode, list, err)
	}
	resp, err = apiGet(t, s.URL+"/api/locations/detect")
	if err != nil {
		t.Fatal(err)
	}
	var detect struct {
		Data     struct{ Slug string }
		Detected bool
	}
	err = json.NewDecoder(resp.Body).Decode(&detect)
	resp.Body.Close()
	if err != nil || detect.Data.Slug != "tashkent" || detect.Detected {
		t.Errorf("detect = %+v, %v; want tashkent, not detected", detect, err)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "private, no-store" {
		t.Errorf("detect Cache-Control = %q", cc)
	}
	resp, err = apiGet(t, s.URL+"/api/locations/abc/districts?lang=uz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("districts of abc: %d %s, want 404 JSON", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
