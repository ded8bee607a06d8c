package site_test

import (
	"strings"
	"testing"

	"sogliq/server/site/sitetest"
)

// TestPagesOfAListingHaveTheirOwnTitle: page 2 of every kind of listing,
// in both languages, names its number in the title and the description,
// so no two pages of a listing share them (a crawl found 62 duplicate
// titles); page 1 names none.
func TestPagesOfAListingHaveTheirOwnTitle(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path  string
		named string // the page number as the title and description say it
	}{
		{"/doctors/terapevt", "траница 2"},
		{"/uz/doctors/terapevt", "2-sahifa"},
		{"/doctors/pediatr/deti", "траница 2"},
		{"/kliniki/byalltype/all", "траница 2"},
		{"/uz/kliniki/byalltype/all", "2-sahifa"},
		{"/diagnostika/mrt-kolennogo-sustava", "траница 2"},
		{"/uz/diagnostika/mrt-kolennogo-sustava", "2-sahifa"},
		{"/product-list", "траница 2"},
		{"/uz/product-list", "2-sahifa"},
		{"/news", "траница 2"},
		{"/uz/articles", "2-sahifa"},
		{"/promotion", "траница 2"},
		{"/uz/promotion", "2-sahifa"},
	} {
		t.Run(test.path, func(t *testing.T) {
			first := sitetest.Get(t, s.URL+test.path)
			second := sitetest.Get(t, s.URL+test.path+"?page=2")
			if second.Resp.StatusCode != 200 {
				t.Fatalf("page 2: status %d", second.Resp.StatusCode)
			}
			title1, title2 := sitetest.Text(first.One(t, "head > title")), sitetest.Text(second.One(t, "head > title"))
			desc1 := sitetest.Attr(first.One(t, `head > meta[name="description"]`), "content")
			desc2 := sitetest.Attr(second.One(t, `head > meta[name="description"]`), "content")
			if title1 == title2 || !strings.Contains(title2, test.named) || strings.Contains(title1, test.named) {
				t.Errorf("titles: page 1 %q, page 2 %q; page 2 should name %q, page 1 not", title1, title2, test.named)
			}
			if !strings.HasSuffix(title2, " | Sog'liq") && strings.HasSuffix(title1, " | Sog'liq") {
				t.Errorf("page 2's title %q lost the site's name at the end", title2)
			}
			if desc1 == desc2 || !strings.Contains(desc2, test.named) {
				t.Errorf("descriptions: page 1 %q, page 2 %q; page 2 should name %q", desc1, desc2, test.named)
			}
			if og := sitetest.Attr(second.One(t, `head > meta[property="og:title"]`), "content"); og != title2 {
				t.Errorf("og:title %q, title %q", og, title2)
			}
		})
	}
}
