package seed

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/jmoiron/sqlx"
)

// offers are the seeded promotion subjects.
var offers = []struct{ slug, ru, uz, descRu, descUz string }{
	{"obsledovanie-serdca", "Комплексное обследование сердца", "Yurakni kompleks tekshirish", "ЭКГ, ЭхоКГ и консультация кардиолога за один визит.", "EKG, ExoKG va kardiolog maslahati bir tashrifda."},
	{"check-up-dlya-zhenshchin", "Чек-ап для женщин", "Ayollar uchun check-up", "Осмотр гинеколога, УЗИ и основные анализы.", "Ginekolog ko'rigi, UTT va asosiy tahlillar."},
	{"uzi-bryushnoy-polosti", "УЗИ брюшной полости", "Qorin bo'shlig'i UTT", "Ультразвуковое исследование печени, желчного пузыря, поджелудочной железы и селезёнки.", "Jigar, o't pufagi, oshqozon osti bezi va taloqni ultratovush tekshiruvi."},
	{"chistka-zubov", "Профессиональная чистка зубов", "Tishlarni professional tozalash", "Ультразвуковая чистка, Air Flow и полировка.", "Ultratovushli tozalash, Air Flow va sayqallash."},
	{"konsultaciya-terapevta", "Консультация терапевта", "Terapevt maslahati", "Первичный приём терапевта с измерением давления.", "Terapevtning birlamchi qabuli va qon bosimini o'lchash."},
	{"gormony-shchitovidnoy", "Анализы на гормоны щитовидной железы", "Qalqonsimon bez gormonlari tahlili", "ТТГ, свободный Т4 и антитела к ТПО.", "TTG, erkin T4 va TPO ga antitanachalar."},
	{"mrt-pozvonochnika", "МРТ позвоночника", "Umurtqa pog'onasi MRT", "МРТ одного отдела позвоночника с заключением врача.", "Umurtqa pog'onasining bir bo'limi MRT va shifokor xulosasi."},
	{"osmotr-pered-shkoloy", "Детский осмотр перед школой", "Maktab oldidan bolalar ko'rigi", "Педиатр, окулист, ЛОР и справка для школы.", "Pediatr, okulist, LOR va maktab uchun ma'lumotnoma."},
}

// writePromotions gives clinics promotions (14 in the first Tashkent
// clinics, 3 in other regions), two long-ended ones, and three certificates
// each. Current promotions started in 2025 and run to the end of 2035, so
// the data set stays current without reading the clock.
func writePromotions(ctx context.Context, tx *sqlx.Tx) error {
	var clinics []struct {
		ID     int64  `db:"id"`
		Region string `db:"code"`
	}
	const q = `
		SELECT c.id, r.code
		FROM clinics c
		JOIN regions r ON r.id = c.region_id
		ORDER BY c.id`
	if err := tx.SelectContext(ctx, &clinics, q); err != nil {
		return fmt.Errorf("writePromotions: %w", err)
	}
	r := rand.New(rand.NewPCG(20240604, 1))
	perRegion := map[string]int{}
	var rows [][]any
	var certs [][2]any
	add := func(clinicID int64, starts, ends string) {
		o := offers[len(rows)%len(offers)]
		id := len(rows) + 1
		old := (15 + r.IntN(136)) * 10_000
		newPrice := old * (60 + r.IntN(31)) / 100 / 1000 * 1000
		rows = append(rows, []any{id, fmt.Sprintf("%s-%d", o.slug, id), clinicID, o.ru, o.uz, o.descRu, o.descUz, old, newPrice, starts, ends})
		for range 3 {
			certs = append(certs, [2]any{fmt.Sprintf("SQ%04d%s", id, certSuffix(r)), id})
		}
	}
	for _, c := range clinics {
		limit := 3
		if c.Region == "TK" {
			limit = 14
		}
		if perRegion[c.Region] >= limit {
			continue
		}
		perRegion[c.Region]++
		add(c.ID, fmt.Sprintf("2025-%02d-01", 1+len(rows)%12), "2035-12-31")
	}
	add(clinics[0].ID, "2024-01-01", "2025-03-31") // ended long ago: 410
	add(clinics[1].ID, "2024-06-01", "2024-12-31")
	cols := []string{"id", "slug", "clinic_id", "title_ru", "title_uz", "description_ru", "description_uz", "old_price", "new_price", "starts_on", "ends_on"}
	if err := copyRows(ctx, tx, "promotions", cols, len(rows), func(i int) []any { return rows[i] }); err != nil {
		return err
	}
	return copyRows(ctx, tx, "promotion_certificates", []string{"code", "promotion_id"}, len(certs),
		func(i int) []any { return []any{certs[i][0], certs[i][1]} })
}

// certSuffix draws four characters of a certificate code, avoiding the
// look-alikes 0/O and 1/I.
func certSuffix(r *rand.Rand) string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 4)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}
