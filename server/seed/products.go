package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/jmoiron/sqlx"
)

// productCategories are the seeded medicine categories.
var productCategories = []struct{ slug, ru, uz string }{
	{"obezbolivayushchie", "Обезболивающие и жаропонижающие", "Og'riq qoldiruvchi va isitma tushiruvchilar"},
	{"antibiotiki", "Антибиотики", "Antibiotiklar"},
	{"protivovirusnye", "Противовирусные", "Virusga qarshi dorilar"},
	{"serdechno-sosudistye", "Сердечно-сосудистые", "Yurak-qon tomir dorilari"},
	{"zheludochno-kishechnye", "Желудочно-кишечные", "Oshqozon-ichak dorilari"},
	{"protivoallergicheskie", "Противоаллергические", "Allergiyaga qarshi dorilar"},
	{"vitaminy", "Витамины", "Vitaminlar"},
	{"protivodiabeticheskie", "Противодиабетические", "Diabetga qarshi dorilar"},
}

// brand is a trade name of a substance: names, manufacturer and country.
type brand struct{ ru, uz, maker, countryRu, countryUz string }

// substances are the seeded active substances (international names), each
// with its trade names; every trade name becomes two products (two
// dosages), and products of one substance are each other's analogues.
var substances = []struct {
	slug, ru, uz, category string
	prescription           bool
	formRu, formUz         string
	doses                  [2]string
	uses                   []string // symptom tags
	brands                 []brand
}{
	{"paracetamol", "Парацетамол", "Paratsetamol", "obezbolivayushchie", false, "таблетки", "tabletkalar", [2]string{"500 мг", "200 мг"}, []string{"bol", "temperatura"},
		[]brand{{"Панадол", "Panadol", "GlaxoSmithKline", "Великобритания", "Buyuk Britaniya"}, {"Эффералган", "Efferalgan", "UPSA", "Франция", "Fransiya"}, {"Парацетамол", "Paratsetamol", "Nika Pharm", "Узбекистан", "O'zbekiston"}}},
	{"ibuprofen", "Ибупрофен", "Ibuprofen", "obezbolivayushchie", false, "таблетки", "tabletkalar", [2]string{"400 мг", "200 мг"}, []string{"bol", "temperatura"},
		[]brand{{"Нурофен", "Nurofen", "Reckitt Benckiser", "Великобритания", "Buyuk Britaniya"}, {"МИГ", "MIG", "Berlin-Chemie", "Германия", "Germaniya"}, {"Ибупрофен", "Ibuprofen", "Remedy Group", "Узбекистан", "O'zbekiston"}}},
	{"diklofenak", "Диклофенак", "Diklofenak", "obezbolivayushchie", false, "гель", "gel", [2]string{"1%", "5%"}, []string{"bol"},
		[]brand{{"Вольтарен", "Voltaren", "Novartis", "Швейцария", "Shveytsariya"}, {"Диклофенак", "Diklofenak", "Jurabek Laboratories", "Узбекистан", "O'zbekiston"}}},
	{"amoksicillin", "Амоксициллин", "Amoksitsillin", "antibiotiki", true, "капсулы", "kapsulalar", [2]string{"500 мг", "250 мг"}, nil,
		[]brand{{"Флемоксин Солютаб", "Flemoksin Solyutab", "Astellas", "Нидерланды", "Niderlandiya"}, {"Амоксициллин", "Amoksitsillin", "Jurabek Laboratories", "Узбекистан", "O'zbekiston"}}},
	{"azitromicin", "Азитромицин", "Azitromitsin", "antibiotiki", true, "капсулы", "kapsulalar", [2]string{"500 мг", "250 мг"}, nil,
		[]brand{{"Сумамед", "Sumamed", "Pliva", "Хорватия", "Xorvatiya"}, {"Азитрокс", "Azitroks", "Pharmstandard", "Россия", "Rossiya"}}},
	{"oseltamivir", "Осельтамивир", "Oseltamivir", "protivovirusnye", true, "капсулы", "kapsulalar", [2]string{"75 мг", "30 мг"}, []string{"temperatura"},
		[]brand{{"Тамифлю", "Tamiflyu", "Roche", "Швейцария", "Shveytsariya"}, {"Номидес", "Nomides", "Farmak", "Украина", "Ukraina"}}},
	{"amlodipin", "Амлодипин", "Amlodipin", "serdechno-sosudistye", true, "таблетки", "tabletkalar", [2]string{"10 мг", "5 мг"}, []string{"davlenie"},
		[]brand{{"Норваск", "Norvask", "Pfizer", "США", "AQSH"}, {"Амлодипин", "Amlodipin", "Nika Pharm", "Узбекистан", "O'zbekiston"}}},
	{"bisoprolol", "Бисопролол", "Bisoprolol", "serdechno-sosudistye", true, "таблетки", "tabletkalar", [2]string{"5 мг", "10 мг"}, []string{"davlenie"},
		[]brand{{"Конкор", "Konkor", "Merck", "Германия", "Germaniya"}, {"Бисопролол", "Bisoprolol", "Jurabek Laboratories", "Узбекистан", "O'zbekiston"}}},
	{"atorvastatin", "Аторвастатин", "Atorvastatin", "serdechno-sosudistye", true, "таблетки", "tabletkalar", [2]string{"20 мг", "10 мг"}, nil,
		[]brand{{"Липримар", "Liprimar", "Pfizer", "США", "AQSH"}, {"Аторис", "Atoris", "KRKA", "Словения", "Sloveniya"}}},
	{"omeprazol", "Омепразол", "Omeprazol", "zheludochno-kishechnye", false, "капсулы", "kapsulalar", [2]string{"20 мг", "40 мг"}, []string{"izzhoga"},
		[]brand{{"Омез", "Omez", "Dr. Reddy's", "Индия", "Hindiston"}, {"Ультоп", "Ultop", "KRKA", "Словения", "Sloveniya"}}},
	{"drotaverin", "Дротаверин", "Drotaverin", "zheludochno-kishechnye", false, "таблетки", "tabletkalar", [2]string{"40 мг", "80 мг"}, []string{"bol"},
		[]brand{{"Но-шпа", "No-shpa", "Sanofi", "Франция", "Fransiya"}, {"Дротаверин", "Drotaverin", "Nika Pharm", "Узбекистан", "O'zbekiston"}}},
	{"loperamid", "Лоперамид", "Loperamid", "zheludochno-kishechnye", false, "капсулы", "kapsulalar", [2]string{"2 мг", "1 мг"}, []string{"diareya"},
		[]brand{{"Имодиум", "Imodium", "Johnson & Johnson", "Бельгия", "Belgiya"}, {"Лоперамид", "Loperamid", "Remedy Group", "Узбекистан", "O'zbekiston"}}},
	{"loratadin", "Лоратадин", "Loratadin", "protivoallergicheskie", false, "таблетки", "tabletkalar", [2]string{"10 мг", "5 мг"}, []string{"allergiya"},
		[]brand{{"Кларитин", "Klaritin", "Bayer", "Германия", "Germaniya"}, {"Лоратадин", "Loratadin", "Remedy Group", "Узбекистан", "O'zbekiston"}}},
	{"cetirizin", "Цетиризин", "Setirizin", "protivoallergicheskie", false, "таблетки", "tabletkalar", [2]string{"10 мг", "5 мг"}, []string{"allergiya"},
		[]brand{{"Зиртек", "Zirtek", "UCB", "Бельгия", "Belgiya"}, {"Зодак", "Zodak", "Zentiva", "Чехия", "Chexiya"}}},
	{"askorbinovaya-kislota", "Аскорбиновая кислота", "Askorbin kislotasi", "vitaminy", false, "шипучие таблетки", "ko'piklanuvchi tabletkalar", [2]string{"1000 мг", "500 мг"}, nil,
		[]brand{{"Упсавит", "Upsavit", "UPSA", "Франция", "Fransiya"}, {"Аскорбиновая кислота", "Askorbin kislotasi", "Nika Pharm", "Узбекистан", "O'zbekiston"}}},
	{"kolekalciferol", "Колекальциферол", "Kolekalsiferol", "vitaminy", false, "капли", "tomchilar", [2]string{"15 000 МЕ/мл", "10 мл"}, nil,
		[]brand{{"Аквадетрим", "Akvadetrim", "Medana", "Польша", "Polsha"}, {"Вигантол", "Vigantol", "Merck", "Германия", "Germaniya"}}},
	{"metformin", "Метформин", "Metformin", "protivodiabeticheskie", true, "таблетки", "tabletkalar", [2]string{"850 мг", "1000 мг"}, nil,
		[]brand{{"Глюкофаж", "Glyukofaj", "Merck", "Франция", "Fransiya"}, {"Сиофор", "Siofor", "Berlin-Chemie", "Германия", "Germaniya"}}},
}

// uzUnits writes the Russian dosage units in Uzbek Latin.
var uzUnits = strings.NewReplacer("мг", "mg", "мл", "ml", "МЕ", "XB")

// useTags are the symptom tags medicines are filed under, beside their substance.
var useTags = []struct{ slug, ru, uz string }{
	{"bol", "Боль", "Og'riq"},
	{"temperatura", "Температура", "Isitma"},
	{"davlenie", "Повышенное давление", "Yuqori qon bosimi"},
	{"izzhoga", "Изжога", "Jig'ildon qaynashi"},
	{"diareya", "Диарея", "Ich ketishi"},
	{"allergiya", "Аллергия", "Allergiya"},
}

var productColumns = []string{"id", "slug", "name_ru", "name_uz", "inn_ru", "inn_uz", "category_id",
	"form_ru", "form_uz", "dosage_ru", "dosage_uz", "manufacturer", "country_ru", "country_uz", "prescription",
	"description_ru", "description_uz", "indications_ru", "indications_uz",
	"contraindications_ru", "contraindications_uz", "price_min", "price_max"}

// writeProducts writes the categories, tags, products and tag links. Prices
// come from their own fixed seed, so they never depend on the doctors drawn.
func writeProducts(ctx context.Context, tx *sqlx.Tx) error {
	r := rand.New(rand.NewPCG(20240602, 1))
	catID := map[string]int{}
	for i, c := range productCategories {
		catID[c.slug] = i + 1
	}
	if err := copyRows(ctx, tx, "product_categories", []string{"id", "slug", "name_ru", "name_uz", "description_ru", "description_uz"}, len(productCategories),
		func(i int) []any {
			c := productCategories[i]
			return []any{i + 1, c.slug, c.ru, c.uz,
				c.ru + ": лекарства, их аналоги и цены в аптеках Узбекистана.",
				c.uz + ": dorilar, ularning analoglari va O'zbekiston dorixonalaridagi narxlar."}
		}); err != nil {
		return err
	}
	var tags [][3]string // slug, ru, uz
	tagID := map[string]int{}
	for _, s := range substances {
		tags = append(tags, [3]string{s.slug, s.ru, s.uz})
	}
	for _, u := range useTags {
		tags = append(tags, [3]string{u.slug, u.ru, u.uz})
	}
	for i, t := range tags {
		tagID[t[0]] = i + 1
	}
	if err := copyRows(ctx, tx, "product_tags", []string{"id", "slug", "name_ru", "name_uz"}, len(tags),
		func(i int) []any { return []any{i + 1, tags[i][0], tags[i][1], tags[i][2]} }); err != nil {
		return err
	}
	var rows [][]any
	var links [][2]int
	for _, s := range substances {
		for _, b := range s.brands {
			for di, dose := range s.doses {
				id := len(rows) + 1
				slug := fmt.Sprintf("%s-%s", slugify(b.uz), slugify(dose))
				doseUz := uzUnits.Replace(dose)
				lo := (5 + r.IntN(120)) * 500
				hi := (lo + lo*(1+r.IntN(8))/10) / 500 * 500
				rows = append(rows, []any{id, slug, b.ru + " " + dose, b.uz + " " + doseUz, s.ru, s.uz, catID[s.category],
					s.formRu, s.formUz, dose, doseUz, b.maker, b.countryRu, b.countryUz, s.prescription,
					fmt.Sprintf("%s (%s) — %s %s, производитель %s (%s).", b.ru, s.ru, s.formRu, dose, b.maker, b.countryRu),
					fmt.Sprintf("%s (%s) — %s %s, ishlab chiqaruvchi %s (%s).", b.uz, s.uz, s.formUz, doseUz, b.maker, b.countryUz),
					"Применяется по назначению врача согласно инструкции; дозировку подбирает специалист.",
					"Shifokor tavsiyasiga ko'ra yo'riqnomaga muvofiq qo'llaniladi; dozani mutaxassis belgilaydi.",
					"Повышенная чувствительность к компонентам препарата; беременность и детский возраст — только по назначению врача.",
					"Dori tarkibiy qismlariga yuqori sezuvchanlik; homiladorlik va bolalik davrida faqat shifokor tavsiyasi bilan.",
					lo, hi})
				links = append(links, [2]int{id, tagID[s.slug]})
				if di == 0 {
					for _, u := range s.uses {
						links = append(links, [2]int{id, tagID[u]})
					}
				}
			}
		}
	}
	if err := copyRows(ctx, tx, "products", productColumns, len(rows), func(i int) []any { return rows[i] }); err != nil {
		return err
	}
	return copyRows(ctx, tx, "product_tag_links", []string{"product_id", "tag_id"}, len(links),
		func(i int) []any { return []any{links[i][0], links[i][1]} })
}
