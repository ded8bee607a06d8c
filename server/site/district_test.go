package site_test

import (
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// TestDoctorsByDistrict: the district pages of spec §2
// (/doctors/{specialty}/{district} and /doctors/{specialty}/deti/{district})
// answer in both languages and under a region, list only doctors working
// at a clinic of that district and name it in the heading; ?district= on a
// listing leads to the district's page; a district of another region, or
// none, is not found; and /doctor/{id} leads to the doctor's slug.
func TestDoctorsByDistrict(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	type sample struct {
		Region    string `db:"region"`
		Specialty string `db:"specialty"`
		District  string `db:"district"`
		NameRu    string `db:"name_ru"`
		NameUz    string `db:"name_uz"`
	}
	// A district of Tashkent and one of another region, each with doctors
	// of a specialty who see children.
	var samples []sample
	if err := s.DB.Select(&samples, `
		SELECT DISTINCT ON (r.slug = 'tashkent') r.slug AS region, sp.slug AS specialty, d.slug AS district, d.name_ru, d.name_uz
		FROM doctors doc
		JOIN doctor_specialties ds ON ds.doctor_id = doc.id
		JOIN specialties sp ON sp.id = ds.specialty_id
		JOIN doctor_clinics dc ON dc.doctor_id = doc.id
		JOIN clinics c ON c.id = dc.clinic_id
		JOIN districts d ON d.id = c.district_id
		JOIN regions r ON r.id = d.region_id
		WHERE doc.accepts_children
		ORDER BY r.slug = 'tashkent', sp.slug, d.slug`); err != nil || len(samples) != 2 {
		t.Fatalf("samples: %v %v", samples, err)
	}
	for _, sm := range samples {
		prefix := ""
		if sm.Region != "tashkent" {
			prefix = "/" + sm.Region
		}
		for _, lang := range []string{"ru", "uz"} {
			lp := map[string]string{"ru": "", "uz": "/uz"}[lang]
			name := map[string]string{"ru": sm.NameRu, "uz": sm.NameUz}[lang]
			for _, path := range []string{
				lp + prefix + "/doctors/" + sm.Specialty + "/" + sm.District,
				lp + prefix + "/doctors/" + sm.Specialty + "/deti/" + sm.District,
			} {
				p := sitetest.Get(t, s.URL+path)
				if p.Resp.StatusCode != 200 {
					t.Errorf("%s: %d", path, p.Resp.StatusCode)
					continue
				}
				if h := sitetest.Text(p.One(t, "h1")); !strings.Contains(h, name) {
					t.Errorf("%s: heading %q does not name the district %q", path, h, name)
				}
				if title := sitetest.Text(p.One(t, "title")); !strings.Contains(title, name) {
					t.Errorf("%s: title %q does not name the district %q", path, title, name)
				}
				cards := p.All(t, ".doctor-list h2 a, .doctor-list h3 a")
				if len(cards) == 0 {
					t.Errorf("%s lists no doctor", path)
				}
				for _, a := range cards {
					slug := strings.TrimPrefix(sitetest.Attr(a, "href"), lp+"/doctor/")
					var in bool
					if err := s.DB.Get(&in, `
						SELECT EXISTS (
							SELECT FROM doctors doc
							JOIN doctor_clinics dc ON dc.doctor_id = doc.id
							JOIN clinics c ON c.id = dc.clinic_id
							JOIN districts d ON d.id = c.district_id
							WHERE doc.slug = $1 AND d.slug = $2)`, slug, sm.District); err != nil || !in {
						t.Errorf("%s lists %s, who works in no clinic of %s (%v)", path, slug, sm.District, err)
					}
				}
			}
			// The filter written as a query is the district's page.
			from := lp + prefix + "/doctors/" + sm.Specialty + "?district=" + sm.District + "&sort=rating"
			want := lp + prefix + "/doctors/" + sm.Specialty + "/" + sm.District + "?sort=rating"
			if p := sitetest.Get(t, s.URL+from); p.Resp.StatusCode != 301 || p.Resp.Header.Get("Location") != want {
				t.Errorf("%s: %d to %q, want 301 to %q", from, p.Resp.StatusCode, p.Resp.Header.Get("Location"), want)
			}
		}
	}
	// A district is one of the region's: Tashkent's under another region,
	// or a made-up one, names no page.
	for _, path := range []string{
		"/" + samples[0].Region + "/doctors/" + samples[1].Specialty + "/" + samples[1].District,
		"/doctors/" + samples[1].Specialty + "/no-such-district",
		"/uz/doctors/" + samples[1].Specialty + "/deti/no-such-district",
		"/doctors/" + samples[1].Specialty + "?district=no-such-district",
	} {
		if p := sitetest.Get(t, s.URL+path); p.Resp.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", path, p.Resp.StatusCode)
		}
	}
	var doc struct {
		ID   string `db:"id"`
		Slug string `db:"slug"`
	}
	if err := s.DB.Get(&doc, `SELECT id::text, slug FROM doctors ORDER BY id DESC LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	for from, want := range map[string]string{
		"/doctor/" + doc.ID:    "/doctor/" + doc.Slug,
		"/uz/doctor/" + doc.ID: "/uz/doctor/" + doc.Slug,
	} {
		if p := sitetest.Get(t, s.URL+from); p.Resp.StatusCode != 301 || p.Resp.Header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want 301 to %q", from, p.Resp.StatusCode, p.Resp.Header.Get("Location"), want)
		}
	}
	if p := sitetest.Get(t, s.URL+"/doctor/999999999"); p.Resp.StatusCode != 404 {
		t.Errorf("/doctor/999999999: %d, want 404", p.Resp.StatusCode)
	}
}
