package site_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/site/sitetest"
)

// TestEditorClinicHours: a clinic's opening hours are a list of rows in
// the editor. A draft of new hours stays off the clinic's page, shows in
// the preview, and is on the page once published (open_week follows, for
// the "open now" filter); rows that break the rules are refused with an
// error per row and column in the editor's language, and nothing is
// written.
func TestEditorClinicHours(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "741")["editor"]
	var clinic struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	if err := s.DB.Get(&clinic, `SELECT id, slug FROM clinics WHERE id IN (SELECT clinic_id FROM clinic_offers) ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	page := s.URL + "/klinika/" + clinic.Slug
	api := fmt.Sprintf("%s/api/editor/clinic/%d", s.URL, clinic.ID)
	values := formValues(t, api, editor)
	if _, ok := values["hours"].(map[string]any); !ok {
		t.Fatalf("the clinic's form has no hours: %v", values["hours"])
	}
	put := func(rows [][]string, lang string) (int, string) {
		values["hours"] = map[string]any{"rows": rows}
		body, _ := json.Marshal(values)
		return call(t, "PUT", api+"/draft?lang="+lang, editor, string(body))
	}

	for _, test := range []struct {
		name string
		rows [][]string
		lang string
		want map[string]string
	}{
		{"closes before it opens", [][]string{{"1", "18:00", "09:00"}}, "ru", map[string]string{"hours.0.closes": "Закрытие должно быть позже открытия."}},
		{"not a time, in Uzbek", [][]string{{"2", "9", "18:00"}}, "uz", map[string]string{"hours.0.opens": "Vaqt SS:DD ko'rinishida, 00:00 dan 24:00 gacha."}},
		{"a day twice", [][]string{{"3", "08:00", "12:00"}, {"3", "13:00", "17:00"}}, "ru", map[string]string{"hours.1.weekday": "Этот день уже есть в списке."}},
		{"no such day", [][]string{{"8", "08:00", "12:00"}}, "ru", map[string]string{"hours.0.weekday": "Выберите день недели."}},
		{"after midnight", [][]string{{"4", "08:00", "24:30"}}, "ru", map[string]string{"hours.0.closes": "Время в виде ЧЧ:ММ, от 00:00 до 24:00."}},
	} {
		t.Run(test.name, func(t *testing.T) {
			st, body := put(test.rows, test.lang)
			wantRefused(t, st, body, test.want)
		})
	}
	var drafts int
	if err := s.DB.Get(&drafts, `SELECT count(*) FROM editorial_revisions WHERE kind = 'clinic' AND entity_id = $1`, clinic.ID); err != nil || drafts != 0 {
		t.Fatalf("refused drafts stored: %d (%v)", drafts, err)
	}

	// Monday 07:35-21:10, Saturday 10:00-14:00, in the wrong order: stored sorted.
	st, body := put([][]string{{"6", "10:00", "14:00"}, {"1", "07:35", "21:10"}}, "ru")
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	var draft struct {
		Data struct {
			Values map[string]struct{ Rows [][]string } `json:"values"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &draft); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]string{{"1", "07:35", "21:10"}, {"6", "10:00", "14:00"}}, draft.Data.Values["hours"].Rows); diff != "" {
		t.Errorf("draft rows (-want +got):\n%s", diff)
	}
	previewThenPublish(t, s, api, editor, body, page, "07:35–21:10")
	if p := sitetest.Get(t, page); !strings.Contains(p.Body, "10:00–14:00") {
		t.Errorf("the clinic's page after publishing does not show Saturday's hours")
	}
	var week string
	if err := s.DB.Get(&week, `SELECT open_week::text FROM clinics WHERE id = $1`, clinic.ID); err != nil {
		t.Fatal(err)
	}
	if want := "{[455,1270),[7800,8040)}"; week != want {
		t.Errorf("open_week %s, want %s", week, want)
	}
	// The priced listings' source follows (a clinic with no priced
	// service has no rows there).
	var stale int
	if err := s.DB.Get(&stale, `SELECT count(*) FROM clinic_offers WHERE clinic_id = $1 AND open_week::text <> $2`, clinic.ID, week); err != nil || stale != 0 {
		t.Errorf("clinic_offers rows with the old hours: %d (%v)", stale, err)
	}
}

// TestEditorClinicPrices: a clinic's prices are rows of service, price
// from and an optional price to. A draft's new price stays off the page,
// shows in the preview, and after publication is on the clinic's page and
// in the priced listings' source (clinic_offers); a service that is not
// priceable, a repeated service or a falling range is refused per cell.
func TestEditorClinicPrices(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "743")["editor"]
	var offer struct {
		Clinic  int64  `db:"clinic_id"`
		Slug    string `db:"slug"`
		Service int64  `db:"service_id"`
	}
	if err := s.DB.Get(&offer, `SELECT cs.clinic_id, c.slug, cs.service_id FROM clinic_services cs JOIN clinics c ON c.id = cs.clinic_id ORDER BY cs.clinic_id, cs.service_id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	var category int64
	if err := s.DB.Get(&category, `SELECT id FROM services WHERE parent_id IS NULL ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	page := s.URL + "/klinika/" + offer.Slug
	api := fmt.Sprintf("%s/api/editor/clinic/%d", s.URL, offer.Clinic)
	values := formValues(t, api, editor)
	prices, _ := values["prices"].(map[string]any)
	raw, _ := prices["rows"].([]any)
	if len(raw) == 0 {
		t.Fatalf("the clinic's form has no prices: %v", values["prices"])
	}
	rows := make([][]string, len(raw))
	for i, r := range raw {
		for _, c := range r.([]any) {
			rows[i] = append(rows[i], c.(string))
		}
	}
	svc := fmt.Sprint(offer.Service)
	put := func(rows [][]string) (int, string) {
		values["prices"] = map[string]any{"rows": rows}
		body, _ := json.Marshal(values)
		return call(t, "PUT", api+"/draft", editor, string(body))
	}
	for _, test := range []struct {
		name string
		rows [][]string
		want map[string]string
	}{
		{"a falling range", [][]string{{svc, "200000", "150000"}}, map[string]string{"prices.0.priceTo": "Цена «до» не меньше цены «от»."}},
		{"a service twice", [][]string{{svc, "1000", ""}, {svc, "2000", ""}}, map[string]string{"prices.1.service": "Эта услуга уже есть в списке."}},
		{"not a price", [][]string{{svc, "12.50", ""}}, map[string]string{"prices.0.priceFrom": "Цена — целое число сумов, от 0 до 1 000 000 000."}},
		{"a category", [][]string{{fmt.Sprint(category), "1000", ""}}, map[string]string{"prices": "Выбрана несуществующая запись."}},
	} {
		t.Run(test.name, func(t *testing.T) {
			st, body := put(test.rows)
			wantRefused(t, st, body, test.want)
		})
	}

	for i := range rows {
		if rows[i][0] == svc {
			rows[i][1], rows[i][2] = "123457", "234568"
		}
	}
	st, body := put(rows)
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	previewThenPublish(t, s, api, editor, body, page, "123\u00a0457")
	var from, to int
	if err := s.DB.QueryRow(`SELECT price_from, price_to FROM clinic_offers WHERE clinic_id = $1 AND service_id = $2`, offer.Clinic, offer.Service).Scan(&from, &to); err != nil || from != 123457 || to != 234568 {
		t.Errorf("clinic_offers: %d-%d (%v), want 123457-234568", from, to, err)
	}
}
