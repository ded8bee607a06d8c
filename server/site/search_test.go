package site_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// suggestAnswer is the body of GET /api/suggest.
type suggestAnswer struct {
	Data []struct {
		ID          int64  `json:"id"`
		Type        string `json:"type"`
		Slug        string `json:"slug"`
		Name        string `json:"name"`
		Image       string `json:"image"`
		Description string `json:"description"`
		URL         string `json:"url"`
	} `json:"data"`
	Error string `json:"error"`
}

// TestSuggestAPI: GET /api/suggest answers SPEC §7: at most 8 items with
// the SPEC §3 fields and the SPEC §2 link targets, 404 with an empty list
// for nothing or a one-letter query, 400 with a message for bad input.
func TestSuggestAPI(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		name, query string
		status      int
		first       string // type:slug of the first item; brand-* its most popular branch
		firstURL    string // * is the slug
		wantError   string // a part of the error message
	}{
		{"wrong layout", "q=rfhlbjkju", 200, "doctor_specialty:kardiolog", "/doctors/kardiolog", ""},
		{"latin", "q=kardiolog&lang=uz", 200, "doctor_specialty:kardiolog", "/uz/doctors/kardiolog", ""},
		{"inflected", "q=кардиологи&region=samarkand", 200, "doctor_specialty:kardiolog", "/samarkand/doctors/kardiolog", ""},
		{"uzbek plural", "q=kardiologlar&lang=uz&region=samarkand", 200, "doctor_specialty:kardiolog", "/uz/samarkand/doctors/kardiolog", ""},
		{"tashkent has no prefix", "q=узи&region=tashkent", 200, "diagnostics:uzi", "/diagnostika/uzi", ""},
		{"analysis", "q=общий анализ крови&region=fergana", 200, "analysis:obshchiy-analiz-krovi", "/fergana/uslugi/analizy/obshchiy-analiz-krovi", ""},
		{"service", "q=кесарево&region=fergana", 200, "service:kesarevo-sechenie", "/fergana/uslugi/kesarevo-sechenie", ""},
		{"clinic has no region prefix", "q=акфа медлайн&region=fergana", 200, "clinic:akfa-medline-*", "/klinika/*", ""},
		{"doctor has no region prefix", "q=норматова барно&region=fergana&lang=uz", 200, "doctor:normatova-barno-rustamovna", "/uz/doctor/normatova-barno-rustamovna", ""},
		{"drug", "q=нурофен&region=fergana", 200, "drug:nurofen-400", "/product/nurofen-400", ""},
		{"one letter is not searched", "q=к", 404, "", "", ""},
		{"one letter in spaces is not searched", "q=  к  ", 404, "", "", ""},
		{"empty", "", 404, "", "", ""},
		{"punctuation only", "q=!!!", 404, "", "", ""},
		{"nothing found", "q=zzqqxxww", 404, "", "", ""},
		{"any other language is Russian", "q=kardiolog&lang=en", 200, "doctor_specialty:kardiolog", "/doctors/kardiolog", ""},
		{"unknown region", "q=kardiolog&region=atlantis", 400, "", "", "Неизвестный регион"},
		{"too long", "q=" + strings.Repeat("а", 101) + "&lang=uz", 400, "", "", "100"},
		{"repeated words are searched once", "q=" + strings.Repeat("кардиолог ", 10), 200, "doctor_specialty:kardiolog", "/doctors/kardiolog", ""},
		{"a children's specialty leads to its children's listing", "q=детский кардиолог&region=samarkand", 200, "doctor_specialty:kardiolog/deti", "/samarkand/doctors/kardiolog/deti", ""},
		{"a children's specialty in Uzbek", "q=bolalar lori&lang=uz", 200, "doctor_specialty:lor/deti", "/uz/doctors/lor/deti", ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			resp, err := apiGet(t, s.URL+"/api/suggest?"+encode(test.query))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var got suggestAnswer
			if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
				t.Fatalf("decoding: %v", err)
			}
			if resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d (%+v)", resp.StatusCode, test.status, got)
			}
			if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				t.Errorf("Content-Type %q", resp.Header.Get("Content-Type"))
			}
			switch {
			case test.wantError != "":
				if !strings.Contains(got.Error, test.wantError) {
					t.Errorf("error %q, want it to mention %q", got.Error, test.wantError)
				}
			case test.first == "":
				if got.Data == nil || len(got.Data) != 0 {
					t.Errorf("data %+v, want []", got.Data)
				}
			default:
				if len(got.Data) == 0 || len(got.Data) > 8 {
					t.Fatalf("%d items, want 1 to 8", len(got.Data))
				}
				first := got.Data[0]
				want := expectedFirst(t, s, test.first, first.Type+":"+first.Slug)
				wantURL := strings.Replace(test.firstURL, "*", first.Slug, 1)
				if first.Type+":"+first.Slug != want || first.URL != wantURL || first.Name == "" || first.ID == 0 {
					t.Errorf("first item %+v, want %s at %s", first, test.first, test.firstURL)
				}
			}
		})
	}
}

// expectedFirst is want, or for a brand ("clinic:akfa-medline-*") got
// when got is one of its most popular branches.
func expectedFirst(t *testing.T, s *sitetest.Site, want, got string) string {
	t.Helper()
	if strings.HasSuffix(want, "*") && slices.Contains(popularBranches(t, s, want), got) {
		return got
	}
	return want
}

// popularBranches are the branches of a brand ("clinic:akfa-medline-*")
// that suggest may put first: those with the most reviews and popularity.
// Which they are moves with the date (the demo's visits, and so their
// reviews, are seeded around today), so the test asks the database.
func popularBranches(t *testing.T, s *sitetest.Site, brand string) []string {
	t.Helper()
	prefix := strings.TrimSuffix(strings.TrimPrefix(brand, "clinic:"), "*")
	var slugs []string
	if err := s.DB.Select(&slugs, `
		SELECT slug FROM clinics
		WHERE starts_with(slug, $1) AND review_count + popularity =
			(SELECT max(review_count + popularity) FROM clinics WHERE starts_with(slug, $1))`, prefix); err != nil {
		t.Fatal(err)
	}
	if len(slugs) == 0 {
		t.Fatalf("no clinic of the brand %s", brand)
	}
	for i := range slugs {
		slugs[i] = "clinic:" + slugs[i]
	}
	return slugs
}

// encode escapes the values of a raw query written readably above.
func encode(raw string) string {
	v := url.Values{}
	for _, kv := range strings.Split(raw, "&") {
		if k, val, ok := strings.Cut(kv, "="); ok {
			v.Set(k, val)
		}
	}
	return v.Encode()
}

// TestSuggestCountsClinics: a service, analysis or diagnostic's description
// is the number of clinics offering it.
func TestSuggestCountsClinics(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	resp, err := apiGet(t, s.URL+"/api/suggest?"+encode("q=МРТ головного мозга"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got suggestAnswer
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got.Data) == 0 || got.Data[0].Slug != "mrt-golovnogo-mozga" {
		t.Fatalf("got %+v", got.Data)
	}
	if d := got.Data[0].Description; d == "" || strings.Trim(d, "0123456789") != "" || d == "0" {
		t.Errorf("description %q, want a positive number of clinics", d)
	}
}

// TestSearchPage: /search groups hits by type with counts, pages a type,
// echoes the query escaped, says so when nothing or too little was asked,
// and is noindex.
func TestSearchPage(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path     string
		status   int
		selector string
		min      int
	}{
		{"/search?q=" + url.QueryEscape("кардиолог"), 200, `.search-group[data-type="doctor_specialty"] a[href="/doctors/kardiolog"]`, 1},
		{"/search?q=" + url.QueryEscape("кардиолог"), 200, `meta[name="robots"][content*="noindex"]`, 1},
		{"/uz/samarkand/search?q=kardiologlar", 200, `.search-group a[href="/uz/samarkand/doctors/kardiolog"]`, 1},
		{"/uz/samarkand/search?q=uzi", 200, `.search-group[data-type="diagnostics"] li`, 5},
		{"/uz/samarkand/search?q=uzi", 200, `.search-group__more[href="/uz/samarkand/search?q=uzi&type=diagnostics"]`, 1},
		{"/search?q=uzi&type=diagnostics", 200, `.search-group[data-type="diagnostics"] li`, 7},
		{"/search?q=uzi&type=diagnostics", 200, `.search-page__tabs a[aria-current="page"]`, 1},
		{"/search?q=baraka", 200, `.search-group[data-type="clinic"] .search-group__more`, 1},
		{"/search?q=klinika&type=clinic&page=2", 200, `nav.pagination a[rel="prev"]`, 1},
		{"/search?q=zzqqxxww", 200, `.search-page__empty .search-page__sections a[href="/doctors"]`, 1},
		{"/search?q=a", 200, `.search-page__note`, 1},
		{"/search", 200, `.search-page__note`, 1},
		{"/search?q=" + url.QueryEscape("<b>zzqqxx</b>"), 200, `.search-page__empty`, 1},
		{"/uz/samarkand/search?q=" + url.QueryEscape("tishim og'riyapti"), 200, `.search-need .search-need__specialties li:first-child a[href="/uz/samarkand/doctors/stomatolog"]`, 1},
		{"/uz/samarkand/search?q=" + url.QueryEscape("tishim og'riyapti"), 200, `.search-need__doctors li a[href^="/uz/doctor/"]`, 1},
		{"/uz/samarkand/search?q=" + url.QueryEscape("bolalar kardiologi"), 200, `.search-need .search-need__specialties li:first-child a[href="/uz/samarkand/doctors/kardiolog/deti"]`, 1},
		{"/search?q=" + url.QueryEscape("гастрит"), 200, `.search-need__pages li[data-type="disease"] a[href="/bolezn/gastrit"]`, 1},
		{"/search?q=" + url.QueryEscape("головная боль"), 200, `.search-need__pages li[data-type="symptom"] a[href="/simptom/golovnaya-bol"]`, 1},
		{"/search?q=" + url.QueryEscape("скорая"), 200, `.search-page__emergency a[href="tel:103"]`, 1},
		{"/uz/search?q=" + url.QueryEscape("тез ёрдам"), 200, `.search-page__emergency a[href="tel:103"]`, 1},
		{"/search?q=" + url.QueryEscape("кардиолог"), 200, `.search-page__emergency`, 0},
		{"/search?q=uzi&type=nope", 400, "", 0},
		{"/search?q=uzi&type=diagnostics&page=5", 404, "", 0},
		{"/search?q=uzi&page=0", 400, "", 0},
	} {
		t.Run(test.path+" "+test.selector, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
			if test.selector == "" {
				return
			}
			n := len(p.All(t, test.selector))
			if n < test.min || test.min == 0 && n > 0 {
				t.Errorf("%d nodes match %s, want at least %d (none for 0)", n, test.selector, test.min)
			}
		})
	}
	t.Run("a children's specialty lists doctors who see children", func(t *testing.T) {
		p := sitetest.Get(t, s.URL+"/samarkand/search?q="+url.QueryEscape("детский кардиолог"))
		links := p.All(t, ".search-need__doctors li a")
		if len(links) == 0 {
			t.Fatal("no doctors in the need block")
		}
		for _, a := range links {
			slug := strings.TrimPrefix(sitetest.Attr(a, "href"), "/doctor/")
			var ok bool
			const q = `
				SELECT d.accepts_children AND s.slug = 'kardiolog' AND r.slug = 'samarkand'
				FROM doctors d
				JOIN doctor_specialties ds ON ds.doctor_id = d.id
				JOIN specialties s ON s.id = ds.specialty_id
				JOIN regions r ON r.id = d.region_id
				WHERE d.slug = $1
				ORDER BY s.slug = 'kardiolog' DESC
				LIMIT 1`
			if err := s.DB.Get(&ok, q, slug); err != nil || !ok {
				t.Errorf("doctor %s: a cardiologist in Samarkand who sees children? %v (%v)", slug, ok, err)
			}
		}
	})
	t.Run("results are not stored in the page cache", func(t *testing.T) {
		for range 2 {
			p := sitetest.Get(t, s.URL+"/search?q="+url.QueryEscape("кардиолог nonce1"))
			if x := p.Resp.Header.Get("X-Cache"); x != "" {
				t.Errorf("X-Cache %q: a results page went through the page cache", x)
			}
			if cc := p.Resp.Header.Get("Cache-Control"); cc != "public, max-age=60" {
				t.Errorf("Cache-Control %q", cc)
			}
		}
	})
	t.Run("query echoed as text", func(t *testing.T) {
		p := sitetest.Get(t, s.URL+"/search?q="+url.QueryEscape("<b>zzqqxx</b>"))
		if len(p.All(t, ".search-page__empty b")) != 0 {
			t.Error("the query became markup")
		}
		if got := sitetest.Text(p.One(t, ".search-page__empty .empty")); !strings.Contains(got, "«<b>zzqqxx</b>»") {
			t.Errorf("empty state %q does not echo the query", got)
		}
	})
}

// TestSuggestThumbnails: clinics and medicines come with the absolute URL
// of their thumbnail (SPEC §3) and its 2x srcset, both served; a specialty
// has none.
func TestSuggestThumbnails(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		query, first string
		image        bool
	}{
		{"q=акфа медлайн&region=fergana", "clinic:akfa-medline-*", true},
		{"q=нурофен", "drug:nurofen-400", true},
		{"q=kardiolog", "doctor_specialty:kardiolog", false},
	} {
		resp, err := apiGet(t, s.URL+"/api/suggest?"+encode(test.query))
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Data []struct {
				Type, Slug, Image, ImageSrcSet string
			} `json:"data"`
		}
		err = json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if err != nil || len(got.Data) == 0 {
			t.Fatalf("%s: %v, %d items", test.query, err, len(got.Data))
		}
		first := got.Data[0]
		want := expectedFirst(t, s, test.first, first.Type+":"+first.Slug)
		if first.Type+":"+first.Slug != want {
			t.Fatalf("%s: first is %s:%s, want %s", test.query, first.Type, first.Slug, test.first)
		}
		if !test.image {
			if first.Image != "" || first.ImageSrcSet != "" {
				t.Errorf("%s: image %q %q, want none", test.query, first.Image, first.ImageSrcSet)
			}
			continue
		}
		if !strings.HasPrefix(first.Image, s.URL+"/media/") || !strings.Contains(first.ImageSrcSet, "@2x.webp 2x") {
			t.Errorf("%s: image %q, srcset %q", test.query, first.Image, first.ImageSrcSet)
		}
		for _, part := range strings.Split(first.ImageSrcSet, ",") {
			u := strings.Fields(part)[0]
			r, err := http.Get(u)
			if err != nil {
				t.Fatal(err)
			}
			r.Body.Close()
			if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/webp" {
				t.Errorf("%s: GET %s: %d %s", test.query, u, r.StatusCode, r.Header.Get("Content-Type"))
			}
		}
	}
}

// TestSearchPageUnderstands (issue 33): the doctors a results page lists
// are those the query points to; the page never says "nothing found"
// beside what it shows, and a real empty result offers the emergency
// number where a red flag matched; a corrected query says so, in both
// languages, with the query as typed one tap away.
func TestSearchPageUnderstands(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	t.Run("doctors of the specialty the query points to", func(t *testing.T) {
		for _, path := range []string{"/search?q=" + url.QueryEscape("зуб") + "&type=doctor", "/search?q=" + url.QueryEscape("зубы"), "/uz/search?q=" + url.QueryEscape("tishim og'riyapti") + "&type=doctor"} {
			p := sitetest.Get(t, s.URL+path)
			links := p.All(t, `.search-group[data-type="doctor"] li a`)
			if len(links) == 0 {
				t.Fatalf("%s: no doctors listed", path)
			}
			for _, a := range links {
				slug := strings.TrimPrefix(strings.TrimPrefix(sitetest.Attr(a, "href"), "/uz"), "/doctor/")
				var ok bool
				const q = `
					SELECT EXISTS (
						SELECT 1
						FROM doctors d
						JOIN doctor_specialties ds ON ds.doctor_id = d.id
						JOIN specialties sp ON sp.id = ds.specialty_id
						WHERE d.slug = $1 AND sp.slug = 'stomatolog')`
				if err := s.DB.Get(&ok, q, slug); err != nil || !ok {
					t.Errorf("%s: doctor %s is no dentist (%v)", path, slug, err)
				}
			}
		}
	})
	t.Run("a doctor's name still finds the doctor", func(t *testing.T) {
		p := sitetest.Get(t, s.URL+"/uz/search?q="+url.QueryEscape("норматова барно")+"&type=doctor")
		if len(p.All(t, `.search-group[data-type="doctor"] a[href="/uz/doctor/normatova-barno-rustamovna"]`)) != 1 {
			t.Error("the doctor named is not listed")
		}
	})
	for _, test := range []struct {
		path     string
		selector string
		min      int // 0: none
	}{
		// Understood, with nothing named so: the need block, no "nothing found".
		{"/search?q=" + url.QueryEscape("звенит в ушах"), ".search-need .search-need__specialties a[href=\"/doctors/lor\"]", 1},
		{"/search?q=" + url.QueryEscape("звенит в ушах"), ".search-page__empty", 0},
		{"/uz/search?q=" + url.QueryEscape("siyganda achishadi"), ".search-page__empty", 0},
		// A red flag: the number first, never "nothing found".
		{"/search?q=" + url.QueryEscape("ребёнок проглотил батарейку"), ".search-page__emergency a[href=\"tel:103\"]", 1},
		{"/search?q=" + url.QueryEscape("ребёнок проглотил батарейку"), ".search-page__empty", 0},
		{"/uz/search?q=" + url.QueryEscape("bola batareyka yutib yubordi"), ".search-page__emergency a[href=\"tel:103\"]", 1},
		// A named test leads the need block, with its clinics' count.
		{"/search?q=" + url.QueryEscape("анализ на сахар"), ".search-need__services li:first-child a[href=\"/uslugi/analizy/glyukoza\"]", 1},
		// Corrected: the other layout, in both languages, the original one tap away.
		{"/search?q=rfhlbjkju", ".search-page__corrected a[href=\"/search?exact=1&q=rfhlbjkju\"]", 1},
		{"/uz/search?q=" + url.QueryEscape("ешыр"), ".search-page__corrected a[href=\"/uz/search?exact=1&q=%D0%B5%D1%88%D1%8B%D1%80\"]", 1},
		{"/search?q=" + url.QueryEscape("кардиолог"), ".search-page__corrected", 0},
		// Asked for as typed: no correction, and honestly nothing found.
		{"/search?q=rfhlbjkju&exact=1", ".search-page__corrected", 0},
		{"/search?q=rfhlbjkju&exact=1", ".search-page__empty", 1},
	} {
		t.Run(test.path+" "+test.selector, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != 200 {
				t.Fatalf("status %d", p.Resp.StatusCode)
			}
			n := len(p.All(t, test.selector))
			if n < test.min || test.min == 0 && n > 0 {
				t.Errorf("%d nodes match %s, want at least %d (none for 0)", n, test.selector, test.min)
			}
		})
	}
	for _, test := range []struct{ path, want string }{
		{"/search?q=rfhlbjkju", "Показаны результаты по запросу «кардиолог»."},
		{"/uz/search?q=" + url.QueryEscape("ешыр"), "«tish» so'rovi bo'yicha natijalar ko'rsatilmoqda."},
		{"/search?q=" + url.QueryEscape("болит галова"), "Показаны результаты по запросу «болит голова»."},
	} {
		t.Run(test.path+" says "+test.want, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if got := sitetest.Text(p.One(t, ".search-page__corrected")); !strings.HasPrefix(got, test.want) {
				t.Errorf("corrected %q, want it to start with %q", got, test.want)
			}
		})
	}
}
