package promotion_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/database/dbtest"
	"sogliq/server/promotion"
)

// TestStoreReadsInOneLanguage: a promotion reads in the visitor's
// language, an untranslated title in Uzbek as the Russian one (pick_lang),
// the same in the listing, on its page and on its voucher; its discount is
// the saving in percent rounded down, without overflow on large prices.
func TestStoreReadsInOneLanguage(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := promotion.NewStore(db)
	var clinic struct {
		ID                        int64
		NameRu, NameUz, AddressUz string
	}
	if err := db.Get(&clinic, `SELECT id, name_ru AS nameru, name_uz AS nameuz, address_uz AS addressuz FROM clinics ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM promotions`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`
		INSERT INTO promotions (slug, clinic_id, title_ru, title_uz, description_ru, description_uz, old_price, new_price, starts_on, ends_on)
		VALUES ('heart', $1, 'Сердце', '', 'Обследование', 'Tekshiruv', 1500000, 1050000, current_date, current_date + 7),
		       ('thirds', $1, 'Треть', 'Uchdan bir', '', '', 300, 200, current_date, current_date + 7),
		       ('costly', $1, 'Дорого', 'Qimmat', '', '', 30000000, 20000000, current_date, current_date + 7)`, clinic.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO promotion_certificates (code, promotion_id) SELECT 'SQTEST', id FROM promotions WHERE slug = 'heart'`); err != nil {
		t.Fatal(err)
	}

	pg, err := s.Current(ctx, 0, clinic.ID, 1, 10, "uz")
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Slug, Title, Description string
		Discount                 int
	}
	var got []row
	for _, p := range pg.Promotions {
		got = append(got, row{p.Slug, p.Title, p.Description, p.Discount})
		if p.Clinic.Name != clinic.NameUz || p.Clinic.Address != clinic.AddressUz {
			t.Errorf("%s: clinic %+v in Uzbek, want %q, %q", p.Slug, p.Clinic, clinic.NameUz, clinic.AddressUz)
		}
	}
	want := []row{
		{"thirds", "Uchdan bir", "", 33},
		{"costly", "Qimmat", "", 33},
		{"heart", "Сердце", "Tekshiruv", 30},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Current in Uzbek (-want +got):\n%s", diff)
	}

	for _, test := range []struct{ lang, title string }{{"ru", "Сердце"}, {"uz", "Сердце"}} {
		p, err := s.BySlug(ctx, "heart", test.lang)
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Certificate(ctx, "SQTEST", test.lang)
		if err != nil {
			t.Fatal(err)
		}
		if p.Title != test.title || v.Title != test.title || v.Discount != 30 {
			t.Errorf("%s: page %q, voucher %q with %d%%; want %q and 30%%", test.lang, p.Title, v.Title, v.Discount, test.title)
		}
	}
	c, err := s.ClinicByID(ctx, clinic.ID, "ru")
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != clinic.NameRu {
		t.Errorf("ClinicByID in Russian: %q, want %q", c.Name, clinic.NameRu)
	}
}
