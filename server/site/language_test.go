package site_test

import (
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/consultant"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/server/site/sitetest"
	"sogliq/server/web"
)

// languageKey is a JSON name that says it holds one language's text.
var languageKey = regexp.MustCompile(`^[a-z][A-Za-z]*(Ru|Uz)$`)

// TestPropsInOneLanguage walks every route of the table in both languages,
// on the demo data, as a signed-in visitor (a new one, so that every page
// of one visitor opens, with a booking and a consultant's chat of their
// own), and checks that what the page sends React carries the strings of
// the page's language only: no field is named for a language (nameRu,
// titleUz), so no page can carry the other language's text. It checks the
// page data the route's loader returns and the props of every island of
// the page as served; TestDocumentPropsInOneLanguage checks the rest of
// the document's props.
func TestPropsInOneLanguage(t *testing.T) {
	sms, llm := smstest.Start(t), llmtest.Start(t)
	s := sitetest.Start(t, sitetest.Options{
		SMS:        &account.HTTPSender{URL: sms.URL},
		Consultant: &consultant.OpenAIModel{URL: llm.URL, Model: "test"},
	})
	routes, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	var tashkent region.Region
	if err := s.DB.GetContext(context.Background(), &tashkent,
		`SELECT id, slug, code, name_ru, name_uz FROM regions WHERE slug = 'tashkent'`); err != nil {
		t.Fatal(err)
	}
	cookies, _ := signIn(t, s, sms, "+998 90 800-00-01")
	var userID int64
	if err := s.DB.GetContext(context.Background(), &userID, `SELECT id FROM users WHERE phone = '998908000001'`); err != nil {
		t.Fatal(err)
	}
	own := map[string]map[string]string{
		"booking":         {"id": strconv.FormatInt(bookFirstFreeTime(t, s, cookies), 10)},
		"consultant-chat": {"id": strconv.FormatInt(askConsultant(t, s, cookies, "ru", "Болит горло"), 10)},
	}
	islands := 0
	for _, r := range routes.Routes {
		for _, lang := range []string{"ru", "uz"} {
			t.Run(r.Name+"/"+lang, func(t *testing.T) {
				path := samplePath(t, s.DB, r, "tashkent")
				if params, ok := own[r.Name]; ok {
					if path, err = r.Path(params); err != nil {
						t.Fatal(err)
					}
				}
				m, ok := routes.Match(path)
				if !ok || m.Route.Name != r.Name {
					t.Fatalf("sample path %s of %s matches no route", path, r.Name)
				}
				req := page.Request{Route: r.Name, Lang: lang, Region: tashkent, Params: m.Params}
				if r.Access != "" {
					req.UserID = userID
				}
				res, err := s.Server.Loaders[r.Name](context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if keys := languageKeys(asJSON(t, res.Data), nil); len(keys) > 0 {
					t.Errorf("%s in %s sends fields of one language: %v", r.Name, lang, keys)
				}

				p := sitetest.Get(t, s.URL+route.Join(route.Prefix(route.Place{Lang: lang}, false), path), "Cookie", cookies)
				if p.Resp.StatusCode != 200 {
					t.Fatalf("GET %s: %d", p.Resp.Request.URL.Path, p.Resp.StatusCode)
				}
				for _, n := range p.All(t, "script[data-island-props]") {
					islands++
					island := sitetest.Attr(n, "data-island-props")
					if n.FirstChild == nil {
						t.Fatalf("island %s has no props", island)
					}
					var props any
					if err := json.Unmarshal([]byte(n.FirstChild.Data), &props); err != nil {
						t.Fatalf("island %s: %v", island, err)
					}
					if keys := languageKeys(props, nil); len(keys) > 0 {
						t.Errorf("%s in %s: island %s has fields of one language: %v", r.Name, lang, island, keys)
					}
				}
			})
		}
	}
	// The default layout has islands (the header's region picker, at
	// least) and most pages use it: fewer than one a route
	// means the walk checked next to nothing.
	if islands < len(routes.Routes) {
		t.Errorf("%d island props checked on %d routes: is the selector right?", islands, len(routes.Routes))
	}
}

// TestDocumentPropsInOneLanguage checks the type of the document's props
// (web.DocumentProps: the region, the region picker, the URLs) names no
// field for a language; its Data, the page's own, is
// TestPropsInOneLanguage's.
func TestDocumentPropsInOneLanguage(t *testing.T) {
	if keys := languageFields(reflect.TypeOf(web.DocumentProps{}), nil, map[reflect.Type]bool{}); len(keys) > 0 {
		t.Errorf("web.DocumentProps has fields of one language: %v", keys)
	}
}

// languageFields adds to found the language-named JSON fields of typ and
// of the types it holds.
func languageFields(typ reflect.Type, found []string, seen map[reflect.Type]bool) []string {
	switch typ.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return languageFields(typ.Elem(), found, seen)
	case reflect.Struct:
		if seen[typ] {
			return found
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if languageKey.MatchString(name) {
				found = append(found, typ.Name()+"."+name)
			}
			found = languageFields(f.Type, found, seen)
		}
	}
	return found
}

// asJSON is v as encoding/json sends it, decoded into maps and slices.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var data any
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	return data
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

func TestLanguageFields(t *testing.T) {
	type inner struct {
		TitleUz string `json:"titleUz"`
		Title   string `json:"title"`
	}
	type outer struct {
		Name   string              `json:"name"`
		NameRu string              `json:"-"`
		Items  []map[string]*inner `json:"items"`
	}
	got := languageFields(reflect.TypeOf(outer{}), nil, map[reflect.Type]bool{})
	if len(got) != 1 || got[0] != "inner.titleUz" {
		t.Errorf("languageFields = %v, want [inner.titleUz]", got)
	}
}
