package site_test

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"testing"

	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/server/site/sitetest"
)

// bothLanguages are the routes whose loaders still send a page both
// languages (nameRu and nameUz) for React to pick from; they are being
// converted to pick in Go (i18n.Pick). The list only shrinks: a route
// converted stays checked.
var bothLanguages = map[string]bool{
	"home": true, "doctors": true, "specialty": true, "specialty-children": true, "doctor": true,
	"diseases": true, "disease": true, "symptoms": true, "symptom": true,
	"product-list": true, "products": true, "product-category": true, "product-tag": true, "product": true,
	"clinics": true, "clinics-all": true, "clinics-type": true, "clinics-ownership": true,
	"clinics-district": true, "clinics-profile": true, "clinics-profile-district": true,
	"clinic": true, "clinic-tab": true,
	"diagnostics": true, "diagnostic": true, "diagnostic-district": true,
	"services": true, "service": true, "service-district": true, "analyses": true, "analysis": true,
}

// languageKey is a JSON name that says it holds one language's text.
var languageKey = regexp.MustCompile(`^[a-z][A-Za-z]*(Ru|Uz)$`)

// TestPropsInOneLanguage calls the loader of every route of the table in
// both languages, on the demo data, and checks the page data it sends to
// React carries the strings of the page's language only: no field is named
// for a language (nameRu, titleUz), so no page can carry the other
// language's text. Pages of one signed-in visitor (an access rule) hold
// the visitor's own data, which has no language.
func TestPropsInOneLanguage(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	var tashkent region.Region
	if err := s.DB.GetContext(context.Background(), &tashkent,
		`SELECT id, slug, code, name_ru, name_uz FROM regions WHERE slug = 'tashkent'`); err != nil {
		t.Fatal(err)
	}
	for _, r := range routes.Routes {
		for _, lang := range []string{"ru", "uz"} {
			t.Run(r.Name+"/"+lang, func(t *testing.T) {
				if r.Access != "" || bothLanguages[r.Name] {
					t.Skipf("%s: access %q, both languages %v", r.Name, r.Access, bothLanguages[r.Name])
				}
				m, ok := routes.Match(samplePath(t, s.DB, r, "tashkent"))
				if !ok || m.Route.Name != r.Name {
					t.Fatalf("sample path of %s matches no route", r.Name)
				}
				res, err := s.Server.Loaders[r.Name](context.Background(), page.Request{
					Route: r.Name, Lang: lang, Region: tashkent, Params: m.Params,
				})
				if err != nil {
					t.Fatal(err)
				}
				raw, err := json.Marshal(res.Data)
				if err != nil {
					t.Fatal(err)
				}
				var data any
				if err := json.Unmarshal(raw, &data); err != nil {
					t.Fatal(err)
				}
				if keys := languageKeys(data, nil); len(keys) > 0 {
					t.Errorf("%s in %s sends fields of one language: %v", r.Name, lang, keys)
				}
			})
		}
	}
}

// languageKeys adds to found the language-named keys anywhere in v, once each.
func languageKeys(v any, found []string) []string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if languageKey.MatchString(k) && !slices.Contains(found, k) {
				found = append(found, k)
			}
			found = languageKeys(x, found)
		}
	case []any:
		for _, x := range v {
			found = languageKeys(x, found)
		}
	}
	sort.Strings(found)
	return found
}

func TestLanguageKeys(t *testing.T) {
	var data any
	if err := json.Unmarshal([]byte(`{"post": {"title": "a", "doctors": [{"nameUz": "b", "slug": "c"}]}, "menu": "d", "nameRu": "e"}`), &data); err != nil {
		t.Fatal(err)
	}
	got := languageKeys(data, nil)
	if len(got) != 2 || got[0] != "nameRu" || got[1] != "nameUz" {
		t.Errorf("languageKeys = %v, want [nameRu nameUz]", got)
	}
}
