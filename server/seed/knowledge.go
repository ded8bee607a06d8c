package seed

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
)

// symptomData are the seeded symptoms: slug, Russian and Uzbek names.
var symptomData = []struct{ slug, ru, uz string }{
	{"golovnaya-bol", "Головная боль", "Bosh og'rig'i"},
	{"golovokruzhenie", "Головокружение", "Bosh aylanishi"},
	{"temperatura", "Повышенная температура", "Isitma"},
	{"kashel", "Кашель", "Yo'tal"},
	{"nasmork", "Насморк", "Tumov"},
	{"bol-v-gorle", "Боль в горле", "Tomoq og'rig'i"},
	{"odyshka", "Одышка", "Hansirash"},
	{"bol-v-grudi", "Боль в груди", "Ko'krak og'rig'i"},
	{"serdcebienie", "Учащённое сердцебиение", "Yurak tez urishi"},
	{"toshnota", "Тошнота", "Ko'ngil aynishi"},
	{"rvota", "Рвота", "Qusish"},
	{"bol-v-zhivote", "Боль в животе", "Qorin og'rig'i"},
	{"izzhoga", "Изжога", "Jig'ildon qaynashi"},
	{"diareya", "Диарея", "Ich ketishi"},
	{"zapor", "Запор", "Ich qotishi"},
	{"slabost", "Слабость", "Holsizlik"},
	{"ustalost", "Усталость", "Charchoq"},
	{"bol-v-spine", "Боль в спине", "Bel og'rig'i"},
	{"bol-v-sustavah", "Боль в суставах", "Bo'g'im og'rig'i"},
	{"syp", "Сыпь", "Toshma"},
	{"zud", "Зуд", "Qichishish"},
	{"otyoki", "Отёки", "Shishlar"},
	{"zhazhda", "Жажда", "Chanqoq"},
	{"chastoe-mocheispuskanie", "Частое мочеиспускание", "Tez-tez siyish"},
	{"bol-pri-mocheispuskanii", "Боль при мочеиспускании", "Siyishda og'riq"},
	{"bessonnica", "Бессонница", "Uyqusizlik"},
	{"trevozhnost", "Тревожность", "Xavotir"},
	{"snizhenie-zreniya", "Снижение зрения", "Ko'rishning pasayishi"},
	{"bol-v-uhe", "Боль в ухе", "Quloq og'rig'i"},
	{"zubnaya-bol", "Зубная боль", "Tish og'rig'i"},
	{"poterya-vesa", "Потеря веса", "Vazn yo'qotish"},
	{"chihanie", "Чихание", "Aksirish"},
}

// diseaseData are the seeded diseases with the specialties that treat them
// and their symptoms, by slug.
var diseaseData = []struct {
	slug, ru, uz          string
	specialties, symptoms []string
}{
	{"gipertoniya", "Гипертония", "Gipertoniya", []string{"kardiolog", "terapevt"}, []string{"golovnaya-bol", "golovokruzhenie", "serdcebienie"}},
	{"ishemicheskaya-bolezn-serdca", "Ишемическая болезнь сердца", "Yurak ishemik kasalligi", []string{"kardiolog"}, []string{"bol-v-grudi", "odyshka", "slabost"}},
	{"aritmiya", "Аритмия", "Aritmiya", []string{"kardiolog"}, []string{"serdcebienie", "golovokruzhenie", "slabost"}},
	{"serdechnaya-nedostatochnost", "Сердечная недостаточность", "Yurak yetishmovchiligi", []string{"kardiolog"}, []string{"odyshka", "otyoki", "ustalost"}},
	{"orvi", "ОРВИ", "O'tkir respirator virusli infeksiya", []string{"terapevt", "pediatr", "infeksionist"}, []string{"temperatura", "kashel", "nasmork", "bol-v-gorle", "chihanie"}},
	{"gripp", "Грипп", "Gripp", []string{"terapevt", "infeksionist"}, []string{"temperatura", "golovnaya-bol", "kashel", "slabost"}},
	{"angina", "Ангина", "Angina", []string{"lor", "terapevt"}, []string{"bol-v-gorle", "temperatura"}},
	{"bronhit", "Бронхит", "Bronxit", []string{"pulmonolog", "terapevt"}, []string{"kashel", "temperatura", "odyshka"}},
	{"pnevmoniya", "Пневмония", "Zotiljam", []string{"pulmonolog", "terapevt"}, []string{"kashel", "temperatura", "odyshka", "bol-v-grudi"}},
	{"bronhialnaya-astma", "Бронхиальная астма", "Bronxial astma", []string{"pulmonolog", "allergolog"}, []string{"odyshka", "kashel"}},
	{"allergicheskiy-rinit", "Аллергический ринит", "Allergik rinit", []string{"allergolog", "lor"}, []string{"nasmork", "chihanie", "zud"}},
	{"sinusit", "Синусит", "Sinusit", []string{"lor"}, []string{"nasmork", "golovnaya-bol", "temperatura"}},
	{"otit", "Отит", "Otit", []string{"lor"}, []string{"bol-v-uhe", "temperatura"}},
	{"gastrit", "Гастрит", "Gastrit", []string{"gastroenterolog"}, []string{"bol-v-zhivote", "toshnota", "izzhoga"}},
	{"yazva-zheludka", "Язва желудка", "Oshqozon yarasi", []string{"gastroenterolog"}, []string{"bol-v-zhivote", "izzhoga", "toshnota", "rvota"}},
	{"gerb", "Гастроэзофагеальная рефлюксная болезнь", "Gastroezofageal reflyuks kasalligi", []string{"gastroenterolog"}, []string{"izzhoga", "bol-v-grudi"}},
	{"holecistit", "Холецистит", "Xoletsistit", []string{"gastroenterolog", "xirurg"}, []string{"bol-v-zhivote", "toshnota", "rvota"}},
	{"appendicit", "Аппендицит", "Appenditsit", []string{"xirurg"}, []string{"bol-v-zhivote", "toshnota", "temperatura"}},
	{"sindrom-razdrazhennogo-kishechnika", "Синдром раздражённого кишечника", "Ta'sirlangan ichak sindromi", []string{"gastroenterolog"}, []string{"bol-v-zhivote", "diareya", "zapor"}},
	{"gemorroy", "Геморрой", "Gemorroy", []string{"proktolog"}, []string{"zapor"}},
	{"saharnyy-diabet", "Сахарный диабет", "Qandli diabet", []string{"endokrinolog"}, []string{"zhazhda", "chastoe-mocheispuskanie", "slabost", "poterya-vesa"}},
	{"gipotireoz", "Гипотиреоз", "Gipotireoz", []string{"endokrinolog"}, []string{"ustalost", "slabost", "otyoki"}},
	{"tireotoksikoz", "Тиреотоксикоз", "Tireotoksikoz", []string{"endokrinolog"}, []string{"serdcebienie", "poterya-vesa", "trevozhnost"}},
	{"migren", "Мигрень", "Migren", []string{"nevrolog"}, []string{"golovnaya-bol", "toshnota"}},
	{"osteohondroz", "Остеохондроз", "Osteoxondroz", []string{"nevrolog", "travmatolog-ortoped"}, []string{"bol-v-spine"}},
	{"insult", "Инсульт", "Insult", []string{"nevrolog"}, []string{"golovokruzhenie", "golovnaya-bol", "slabost"}},
	{"artrit", "Артрит", "Artrit", []string{"revmatolog"}, []string{"bol-v-sustavah", "otyoki"}},
	{"artroz", "Артроз", "Artroz", []string{"travmatolog-ortoped", "revmatolog"}, []string{"bol-v-sustavah"}},
	{"podagra", "Подагра", "Podagra", []string{"revmatolog"}, []string{"bol-v-sustavah"}},
	{"atopicheskiy-dermatit", "Атопический дерматит", "Atopik dermatit", []string{"dermatolog", "allergolog"}, []string{"syp", "zud"}},
	{"psoriaz", "Псориаз", "Psoriaz", []string{"dermatolog"}, []string{"syp", "zud"}},
	{"krapivnica", "Крапивница", "Eshakemi", []string{"allergolog", "dermatolog"}, []string{"syp", "zud", "otyoki"}},
	{"cistit", "Цистит", "Sistit", []string{"urolog"}, []string{"bol-pri-mocheispuskanii", "chastoe-mocheispuskanie"}},
	{"pielonefrit", "Пиелонефрит", "Piyelonefrit", []string{"nefrolog", "urolog"}, []string{"bol-v-spine", "temperatura", "bol-pri-mocheispuskanii"}},
	{"mochekamennaya-bolezn", "Мочекаменная болезнь", "Siydik tosh kasalligi", []string{"urolog"}, []string{"bol-v-spine", "bol-pri-mocheispuskanii"}},
	{"prostatit", "Простатит", "Prostatit", []string{"urolog", "androlog"}, []string{"bol-pri-mocheispuskanii", "chastoe-mocheispuskanie"}},
	{"depressiya", "Депрессия", "Depressiya", []string{"psixiatr", "psixolog"}, []string{"bessonnica", "ustalost", "trevozhnost"}},
	{"trevozhnoe-rasstroystvo", "Тревожное расстройство", "Xavotirli buzilish", []string{"psixiatr", "psixolog"}, []string{"trevozhnost", "bessonnica", "serdcebienie"}},
	{"glaukoma", "Глаукома", "Glaukoma", []string{"oftalmolog"}, []string{"snizhenie-zreniya", "golovnaya-bol"}},
	{"katarakta", "Катаракта", "Katarakta", []string{"oftalmolog"}, []string{"snizhenie-zreniya"}},
	{"karies", "Кариес", "Karies", []string{"stomatolog"}, []string{"zubnaya-bol"}},
	{"anemiya", "Анемия", "Kamqonlik", []string{"gematolog", "terapevt"}, []string{"slabost", "ustalost", "golovokruzhenie"}},
	{"gepatit", "Гепатит", "Gepatit", []string{"infeksionist", "gastroenterolog"}, []string{"slabost", "toshnota", "bol-v-zhivote"}},
	{"vetryanaya-ospa", "Ветряная оспа", "Suvchechak", []string{"infeksionist", "pediatr"}, []string{"syp", "temperatura", "zud"}},
}

// writeKnowledge writes the diseases, symptoms and their links. Ids count
// from 1 in list order; specialties are looked up by slug in specialties.
func writeKnowledge(ctx context.Context, tx *sqlx.Tx) error {
	symptomID := map[string]int{}
	for i, s := range symptomData {
		symptomID[s.slug] = i + 1
	}
	specialtyID := map[string]int{}
	for i, s := range specialties {
		specialtyID[s.slug] = i + 1
	}
	cols := []string{"id", "slug", "name_ru", "name_uz", "description_ru", "description_uz"}
	err := copyRows(ctx, tx, "symptoms", cols, len(symptomData), func(i int) []any {
		s := symptomData[i]
		return []any{i + 1, s.slug, s.ru, s.uz, symptomText(s.ru, "ru"), symptomText(s.uz, "uz")}
	})
	if err != nil {
		return err
	}
	var links, treats [][2]int
	for i, d := range diseaseData {
		for _, s := range d.symptoms {
			if symptomID[s] == 0 {
				return fmt.Errorf("disease %s: unknown symptom %s", d.slug, s)
			}
			links = append(links, [2]int{i + 1, symptomID[s]})
		}
		for _, s := range d.specialties {
			if specialtyID[s] == 0 {
				return fmt.Errorf("disease %s: unknown specialty %s", d.slug, s)
			}
			treats = append(treats, [2]int{i + 1, specialtyID[s]})
		}
	}
	err = copyRows(ctx, tx, "diseases", cols, len(diseaseData), func(i int) []any {
		d := diseaseData[i]
		return []any{i + 1, d.slug, d.ru, d.uz, diseaseText(i, "ru", specialtyID), diseaseText(i, "uz", specialtyID)}
	})
	if err != nil {
		return err
	}
	if err := copyRows(ctx, tx, "disease_symptoms", []string{"disease_id", "symptom_id"}, len(links),
		func(i int) []any { return []any{links[i][0], links[i][1]} }); err != nil {
		return err
	}
	return copyRows(ctx, tx, "disease_specialties", []string{"disease_id", "specialty_id"}, len(treats),
		func(i int) []any { return []any{treats[i][0], treats[i][1]} })
}

// symptomText is a symptom's description in lang.
func symptomText(name, lang string) string {
	if lang == "uz" {
		return name + " — turli kasalliklarda uchraydigan belgi. Agar u bir necha kundan ortiq davom etsa, kuchaysa yoki boshqa shikoyatlar bilan birga kelsa, shifokorga murojaat qiling."
	}
	return name + " — симптом, который может сопровождать разные заболевания. Если он держится дольше нескольких дней, усиливается или сочетается с другими жалобами, обратитесь к врачу."
}

// diseaseText is the description of diseaseData[i] in lang, naming its
// symptoms and the specialist who treats it.
func diseaseText(i int, lang string, specialtyID map[string]int) string {
	d := diseaseData[i]
	var symptoms []string
	for _, slug := range d.symptoms {
		for _, s := range symptomData {
			if s.slug == slug {
				symptoms = append(symptoms, strings.ToLower(pickLang(lang, s.ru, s.uz)))
			}
		}
	}
	sp := specialties[specialtyID[d.specialties[0]]-1]
	if lang == "uz" {
		return fmt.Sprintf("%s — shifokor e'tiborini talab qiladigan kasallik. Ko'p uchraydigan belgilari: %s. Tashxis va davolash bilan %s shug'ullanadi. O'z-o'zini davolamang: aniq tashxisni shifokor ko'rik va tekshiruvdan so'ng qo'yadi.",
			d.uz, strings.Join(symptoms, ", "), strings.ToLower(sp.uz))
	}
	return fmt.Sprintf("%s — заболевание, которое требует внимания врача. Частые проявления: %s. Диагностикой и лечением занимается %s. Не занимайтесь самолечением: точный диагноз ставит врач после осмотра и обследования.",
		d.ru, strings.Join(symptoms, ", "), strings.ToLower(sp.ru))
}

// pickLang returns uz for "uz", ru otherwise.
func pickLang(lang, ru, uz string) string {
	if lang == "uz" {
		return uz
	}
	return ru
}
