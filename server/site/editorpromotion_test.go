package site_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/money"
	"sogliq/server/route"
	"sogliq/server/site/sitetest"
)

// TestEditorPromotionPricesAndDates: an editor changes a promotion's
// prices and dates. Wrong ones are refused beside their field in the
// editor's language (a price that is no whole number of sums, a date that
// is no date, a new price above the old one, a start after the end); good
// ones reach the promotion's page once published, and a promotion that
// has ended leaves the current list.
func TestEditorPromotionPricesAndDates(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "748")["editor"]
	var p struct {
		ID    int64
		Slug  string
		Title string `db:"title_ru"`
	}

	// A current promotion of the default region: the one /promotion lists.
	const current = `
		SELECT p.id, p.slug, p.title_ru
		FROM promotions p
		JOIN clinics c ON c.id = p.clinic_id
		JOIN regions r ON r.id = c.region_id
		WHERE current_date BETWEEN p.starts_on AND p.ends_on AND r.slug = $1
		ORDER BY p.id
		LIMIT 1`
	if err := s.DB.Get(&p, current, route.DefaultRegion); err != nil {
		t.Fatalf("no current promotion in the seed: %v", err)
	}
	if !listed(t, s, p.Slug) {
		t.Fatalf("the current promotion %s is not in /promotion", p.Slug)
	}
	api := fmt.Sprintf("%s/api/editor/promotion/%d", s.URL, p.ID)
	draft := func(lang string, change map[string]string) (int, string) {
		values := formValues(t, api, editor)
		for k, v := range change {
			values[k] = map[string]any{"text": v}
		}
		b, _ := json.Marshal(values)
		return call(t, "PUT", api+"/draft?lang="+lang, editor, string(b))
	}
	for _, test := range []struct {
		lang   string
		change map[string]string
		want   map[string]string
	}{
		{"ru", map[string]string{"oldPrice": "0", "newPrice": "12.5"}, map[string]string{
			"oldPrice": "Цена — целое число сумов, от 1 до 1 000 000 000.", "newPrice": "Цена — целое число сумов, от 1 до 1 000 000 000."}},
		{"uz", map[string]string{"oldPrice": "100000", "newPrice": "150000"}, map[string]string{
			"newPrice": "Aksiya narxi eski narxdan oshmasin."}},
		{"ru", map[string]string{"startsOn": "2026-02-30", "endsOn": "завтра"}, map[string]string{
			"startsOn": "Дата в виде ГГГГ-ММ-ДД.", "endsOn": "Дата в виде ГГГГ-ММ-ДД."}},
		{"uz", map[string]string{"startsOn": "2026-12-10", "endsOn": "2026-12-01"}, map[string]string{
			"startsOn": "Boshlanish tugashdan keyin bo'lmasin."}},
	} {
		st, body := draft(test.lang, test.change)
		wantRefused(t, st, body, test.want)
	}

	today := time.Now().In(time.FixedZone("Asia/Tashkent", 5*60*60))
	st, body := draft("ru", map[string]string{
		"oldPrice": "987000", "newPrice": "654000",
		"startsOn": today.AddDate(0, 0, -3).Format(time.DateOnly), "endsOn": today.AddDate(0, 0, 20).Format(time.DateOnly),
	})
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	page := s.URL + "/promotion/" + p.Slug
	price := money.FormatPrice(654000, "ru")
	if pg := sitetest.Get(t, page); strings.Contains(pg.Body, price) {
		t.Errorf("the draft's price %q is on the page before publication", price)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	if pg := sitetest.Get(t, page); !strings.Contains(pg.Body, price) || !strings.Contains(pg.Body, money.FormatPrice(987000, "ru")) {
		t.Errorf("the published prices are not on %s", page)
	}

	// Two days back: ended whichever side of midnight the database's date is.
	ended := today.AddDate(0, 0, -2).Format(time.DateOnly)
	if st, body := draft("ru", map[string]string{"startsOn": today.AddDate(0, 0, -10).Format(time.DateOnly), "endsOn": ended}); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	if listed(t, s, p.Slug) {
		t.Error("a promotion that has ended is still in the current list")
	}
}

// listed reports whether the current list of promotions (/promotion, the
// default region, every page) shows the promotion slug.
func listed(t *testing.T, s *sitetest.Site, slug string) bool {
	t.Helper()
	for n := 1; n <= 50; n++ {
		pg := sitetest.Get(t, fmt.Sprintf("%s/promotion?page=%d", s.URL, n))
		if pg.Resp.StatusCode != 200 || len(pg.All(t, `main a[href^="/promotion/"]`)) == 0 {
			return false
		}
		if strings.Contains(pg.Body, `href="/promotion/`+slug+`"`) {
			return true
		}
	}
	return false
}
