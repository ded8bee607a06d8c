package site_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/site/sitetest"
	"sogliq/shared"
)

// TestAddClinicLink: the header's and the menu's "add a clinic" links go to
// the ADD_CLINIC_URL setting, or to limits.json's addClinicUrl without it.
func TestAddClinicLink(t *testing.T) {
	var limits struct {
		AddClinicURL string `json:"addClinicUrl"`
	}
	raw, err := shared.Files.ReadFile("limits.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &limits); err != nil || limits.AddClinicURL == "" {
		t.Fatalf("limits.json addClinicUrl: %q, %v", limits.AddClinicURL, err)
	}
	for _, test := range []struct{ name, setting, want string }{
		{"default", "", limits.AddClinicURL},
		{"setting", "https://t.me/another_bot?start=clinic", "https://t.me/another_bot?start=clinic"},
	} {
		t.Run(test.name, func(t *testing.T) {
			s := sitetest.Start(t, sitetest.Options{AddClinicURL: test.setting})
			p := sitetest.Get(t, s.URL+"/uz/doctors")
			var got []string
			for _, a := range p.All(t, "a.header__add, a.sidebar__add") {
				got = append(got, sitetest.Attr(a, "href"))
			}
			if diff := cmp.Diff([]string{test.want, test.want}, got); diff != "" {
				t.Errorf("links (-want +got):\n%s", diff)
			}
		})
	}
}
