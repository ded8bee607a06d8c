package route

import (
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func load(t *testing.T) *Table {
	t.Helper()
	table, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func TestMatch(t *testing.T) {
	table := load(t)
	for _, test := range []struct {
		path, wantRoute string
		wantParams      map[string]string
	}{
		{"/", "home", map[string]string{}},
		{"/doctors", "doctors", map[string]string{}},
		{"/doctors/", "doctors", map[string]string{}},
		{"/doctors/kardiolog", "specialty", map[string]string{"specialty": "kardiolog"}},
		{"/doctors/kardiolog/deti", "specialty-children", map[string]string{"specialty": "kardiolog"}},
		{"/doctor/karimov-aziz", "doctor", map[string]string{"slug": "karimov-aziz"}},
		{"/doctor/%D0%B0", "doctor", map[string]string{"slug": "а"}},
		{"/kliniki/tip-roddoma", "clinics-type", map[string]string{"type": "roddoma"}},
		{"/kliniki/kardiologiya", "clinics-profile", map[string]string{"profile": "kardiologiya"}},
		{"/kliniki/byalltype/all", "clinics-all", map[string]string{}},
		{"/kliniki/tip/chastnye", "clinics-ownership", map[string]string{"ownership": "chastnye"}},
		{"/kliniki/district/chilonzor", "clinics-district", map[string]string{"district": "chilonzor"}},
		{"/kliniki/kardiologiya/chilonzor", "clinics-profile-district", map[string]string{"profile": "kardiologiya", "district": "chilonzor"}},
		{"/uslugi/analizy", "analyses", map[string]string{}},
		{"/uslugi/analizy/soe", "analysis", map[string]string{"slug": "soe"}},
		{"/uslugi/uzi/chilonzor", "service-district", map[string]string{"slug": "uzi", "district": "chilonzor"}},
		{"/kliniki/tip-", "clinics-profile", map[string]string{"profile": "tip-"}},
		{"/nope", "", nil},
		{"/doctor/%FF%FE", "", nil},
		{"/doctor/%ZZ", "", nil},
		{"/doctors/kardiolog/chilonzor", "specialty-district", map[string]string{"specialty": "kardiolog", "district": "chilonzor"}},
		{"/doctors/kardiolog/deti/chilonzor", "specialty-children-district", map[string]string{"specialty": "kardiolog", "district": "chilonzor"}},
		{"/doctors/kardiolog/deti/chilonzor/x", "", nil},
		{"/doctor", "", nil},
	} {
		t.Run(test.path, func(t *testing.T) {
			m, ok := table.Match(test.path)
			if test.wantRoute == "" {
				if ok {
					t.Fatalf("Match(%q) = %s, want no match", test.path, m.Route.Name)
				}
				return
			}
			if !ok || m.Route.Name != test.wantRoute {
				t.Fatalf("Match(%q) = %v, %v; want %s", test.path, m.Route, ok, test.wantRoute)
			}
			if diff := cmp.Diff(test.wantParams, m.Params); diff != "" {
				t.Errorf("params (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLocate(t *testing.T) {
	isRegion := func(s string) bool { return s == "samarkand" || s == "tashkent" }
	for _, test := range []struct {
		path string
		want Located
	}{
		{"/", Located{Lang: "ru", Rest: "/"}},
		{"/uz", Located{Lang: "uz", Rest: "/"}},
		{"/uz/", Located{Lang: "uz", Rest: "/"}},
		{"/uzbek", Located{Lang: "ru", Rest: "/uzbek"}},
		{"/ru/doctors", Located{Lang: "ru", Alias: "ru", Rest: "/doctors"}},
		{"/en/samarkand", Located{Lang: "ru", Alias: "en", Region: "samarkand", Rest: "/"}},
		{"/russia", Located{Lang: "ru", Rest: "/russia"}},
		{"/samarkand", Located{Lang: "ru", Region: "samarkand", Rest: "/"}},
		{"/uz/samarkand/doctors/kardiolog", Located{Lang: "uz", Region: "samarkand", Rest: "/doctors/kardiolog"}},
		{"/doctors/samarkand", Located{Lang: "ru", Rest: "/doctors/samarkand"}},
		{"/tashkent/doctors", Located{Lang: "ru", Region: "tashkent", Rest: "/doctors"}},
	} {
		t.Run(test.path, func(t *testing.T) {
			if diff := cmp.Diff(test.want, Locate(test.path, isRegion)); diff != "" {
				t.Errorf("Locate(%q) (-want +got):\n%s", test.path, diff)
			}
		})
	}
}

func TestHref(t *testing.T) {
	table := load(t)
	for _, test := range []struct {
		name, route string
		params      map[string]string
		place       Place
		query       url.Values
		want        string
	}{
		{"home ru", "home", nil, Place{"ru", "tashkent"}, nil, "/"},
		{"home uz", "home", nil, Place{"uz", "tashkent"}, nil, "/uz"},
		{"home region", "home", nil, Place{"uz", "samarkand"}, nil, "/uz/samarkand"},
		{"listing", "specialty", map[string]string{"specialty": "kardiolog"}, Place{"ru", "samarkand"}, url.Values{"page": {"2"}}, "/samarkand/doctors/kardiolog?page=2"},
		{"children", "specialty-children", map[string]string{"specialty": "pediatr"}, Place{"uz", "tashkent"}, nil, "/uz/doctors/pediatr/deti"},
		{"head and parameter in one segment", "clinics-type", map[string]string{"type": "roddoma"}, Place{"uz", "samarkand"}, nil, "/uz/samarkand/kliniki/tip-roddoma"},
		{"doctor takes no region", "doctor", map[string]string{"slug": "x"}, Place{"ru", "samarkand"}, nil, "/doctor/x"},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := table.Href(test.route, test.params, test.place, test.query)
			if err != nil {
				t.Fatal(err)
			}
			if got != test.want {
				t.Errorf("Href = %q, want %q", got, test.want)
			}
		})
	}
	if _, err := table.Href("specialty", nil, Place{"ru", ""}, nil); err == nil {
		t.Error("Href without a required parameter succeeded")
	}
}

func TestCanonicalQuery(t *testing.T) {
	r, _ := load(t).ByName("specialty")
	for _, test := range []struct {
		raw, want string
	}{
		{"", ""},
		{"page=1", ""},
		{"page=3", "page=3"},
		{"utm_source=x&page=2&fbclid=y", "page=2"},
	} {
		q, _ := url.ParseQuery(test.raw)
		if got := r.CanonicalQuery(q).Encode(); got != test.want {
			t.Errorf("CanonicalQuery(%q) = %q, want %q", test.raw, got, test.want)
		}
	}
}

func TestInRegion(t *testing.T) {
	table := load(t)
	for _, test := range []struct {
		name, route string
		params      map[string]string
		query       url.Values
		place       Place
		want        string
	}{
		{"home to a region", "home", nil, nil, Place{"ru", "samarkand"}, "/samarkand"},
		{"home to tashkent", "home", nil, nil, Place{"uz", "tashkent"}, "/uz"},
		{"listing keeps uz", "specialty", map[string]string{"specialty": "kardiolog"}, nil, Place{"uz", "fergana"}, "/uz/fergana/doctors/kardiolog"},
		{"listing to tashkent drops the prefix", "specialty", map[string]string{"specialty": "kardiolog"}, nil, Place{"uz", "tashkent"}, "/uz/doctors/kardiolog"},
		{"page number dropped, sort kept", "clinics-all", nil, url.Values{"page": {"3"}, "sort": {"price"}, "district": {"chilonzor"}}, Place{"ru", "bukhara"}, "/bukhara/kliniki/byalltype/all?sort=price"},
		{"clinic profile district dropped", "clinics-profile-district", map[string]string{"profile": "kardiologiya", "district": "chilonzor"}, nil, Place{"ru", "samarkand"}, "/samarkand/kliniki/kardiologiya"},
		{"clinics by district dropped", "clinics-district", map[string]string{"district": "chilonzor"}, nil, Place{"uz", "namangan"}, "/uz/namangan/kliniki"},
		{"diagnostics district dropped", "diagnostic-district", map[string]string{"slug": "uzi", "district": "yunusobod"}, nil, Place{"ru", "tashkent"}, "/diagnostika/uzi"},
		{"services district dropped", "service-district", map[string]string{"slug": "massazh", "district": "yunusobod"}, nil, Place{"ru", "andijan"}, "/andijan/uslugi/massazh"},
		{"page without region stays", "doctor", map[string]string{"slug": "ivanov"}, nil, Place{"uz", "samarkand"}, "/uz/doctor/ivanov"},
		{"page without region keeps its query", "product-list", nil, url.Values{"page": {"2"}}, Place{"ru", "samarkand"}, "/product-list?page=2"},
	} {
		t.Run(test.name, func(t *testing.T) {
			r, ok := table.ByName(test.route)
			if !ok {
				t.Fatalf("no route %q", test.route)
			}
			got, err := table.InRegion(r, test.params, test.query, test.place)
			if err != nil {
				t.Fatal(err)
			}
			if got != test.want {
				t.Errorf("InRegion = %q, want %q", got, test.want)
			}
		})
	}
}

func TestParseRejectsABadRegionParent(t *testing.T) {
	for _, raw := range []string{
		`{"routes":[{"name":"a","pattern":"/a/:d","region":true,"regionParent":"nope","page":"A"}]}`,
		`{"routes":[{"name":"a","pattern":"/a","region":false,"page":"A"},{"name":"b","pattern":"/a/:d","region":true,"regionParent":"a","page":"A"}]}`,
	} {
		if _, err := Parse([]byte(raw)); err == nil {
			t.Errorf("Parse(%s) succeeded", raw)
		}
	}
}

func TestParseRejectsABadAccess(t *testing.T) {
	for _, raw := range []string{
		`{"routes":[{"name":"a","pattern":"/a","access":"admin","page":"A"}]}`,
		`{"routes":[{"name":"a","pattern":"/a","region":true,"access":"session","page":"A"}]}`,
	} {
		if _, err := Parse([]byte(raw)); err == nil {
			t.Errorf("Parse(%s) succeeded", raw)
		}
	}
	if _, err := Parse([]byte(`{"routes":[{"name":"a","pattern":"/a","access":"new_user","page":"A"}]}`)); err != nil {
		t.Errorf("a new_user page: %v", err)
	}
}

func TestCachePolicy(t *testing.T) {
	for _, test := range []struct {
		name, row string
		want      *CachePolicy // nil: refused
	}{
		{"default", `"page":"A"`, &DefaultCache},
		{"own", `"page":"A","cache":{"fresh":"30s","stale":"5m"}`, &CachePolicy{Fresh: 30 * time.Second, Stale: 5 * time.Minute, Store: true}},
		{"no stale time", `"page":"A","cache":{"fresh":"1m","stale":"0s"}`, &CachePolicy{Fresh: time.Minute, Store: true}},
		{"not stored", `"page":"A","cache":{"fresh":"1m","stale":"0s","store":false}`, &CachePolicy{Fresh: time.Minute}},
		{"stored, said so", `"page":"A","cache":{"fresh":"1m","stale":"1m","store":true}`, &CachePolicy{Fresh: time.Minute, Stale: time.Minute, Store: true}},
		{"a private page's", `"page":"A","access":"session"`, &CachePolicy{}},
		{"not a duration", `"page":"A","cache":{"fresh":"soon","stale":"1m"}`, nil},
		{"zero fresh", `"page":"A","cache":{"fresh":"0s","stale":"1m"}`, nil},
		{"part of a second", `"page":"A","cache":{"fresh":"1500ms","stale":"1m"}`, nil},
		{"negative stale", `"page":"A","cache":{"fresh":"1m","stale":"-1m"}`, nil},
		{"past a day", `"page":"A","cache":{"fresh":"20h","stale":"5h"}`, nil},
		{"a private page", `"page":"A","access":"session","cache":{"fresh":"1m","stale":"1m"}`, nil},
	} {
		t.Run(test.name, func(t *testing.T) {
			tab, err := Parse([]byte(`{"routes":[{"name":"a","pattern":"/a",` + test.row + `}]}`))
			if test.want == nil {
				if err == nil {
					t.Errorf("Parse succeeded with %+v", tab.Routes[0].CachePolicy())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(*test.want, tab.Routes[0].CachePolicy()); diff != "" {
				t.Errorf("policy (-want +got):\n%s", diff)
			}
		})
	}
	for _, test := range []struct {
		policy CachePolicy
		want   string
	}{
		{DefaultCache, "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600"},
		{CachePolicy{Fresh: time.Minute, Store: true}, "public, max-age=0, must-revalidate, s-maxage=60"},
		{CachePolicy{Fresh: time.Minute}, "public, max-age=60"},
		{CachePolicy{}, "private, no-store"},
	} {
		if got := test.policy.CacheControl(); got != test.want {
			t.Errorf("%+v: CacheControl = %q, want %q", test.policy, got, test.want)
		}
	}
}
