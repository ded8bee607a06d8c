package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/content"
	"sogliq/shared"
)

// infoPageData are the information pages: slug, titles and HTML bodies.
var infoPageData = []struct{ slug, titleRu, titleUz, bodyRu, bodyUz string }{
	{"about-us", "О нас", "Biz haqimizda",
		"<p>Sog'liq — медицинский справочник Узбекистана: врачи, клиники, диагностика, анализы и лекарства во всех регионах страны.</p><p>Мы помогаем пациентам найти специалиста, сравнить цены и записаться на приём.</p>",
		"<p>Sog'liq — O'zbekistonning tibbiy ma'lumotnomasi: mamlakatning barcha hududlaridagi shifokorlar, klinikalar, diagnostika, tahlillar va dorilar.</p><p>Biz bemorlarga mutaxassis topish, narxlarni solishtirish va qabulga yozilishda yordam beramiz.</p>"},
	{"contacts", "Контакты", "Aloqa",
		"<p>Адрес: г. Ташкент, Мирабадский район, ул. Амира Темура, 15.</p><p>Телефон: <a href=\"tel:+998712000000\">+998 71 200-00-00</a>. Электронная почта: <a href=\"mailto:info@sogliq.uz\">info@sogliq.uz</a>.</p><p>Мы работаем ежедневно с 9:00 до 21:00.</p>",
		"<p>Manzil: Toshkent sh., Mirobod tumani, Amir Temur ko'chasi, 15.</p><p>Telefon: <a href=\"tel:+998712000000\">+998 71 200-00-00</a>. Elektron pochta: <a href=\"mailto:info@sogliq.uz\">info@sogliq.uz</a>.</p><p>Har kuni soat 9:00 dan 21:00 gacha ishlaymiz.</p>"},
	{"terms", "Пользовательское соглашение", "Foydalanuvchi shartnomasi",
		"<h2>1. Общие положения</h2><p>Пользуясь сайтом, вы соглашаетесь с условиями этого соглашения.</p><h2>2. Информация на сайте</h2><p>Сведения о врачах, клиниках и лекарствах носят справочный характер и не заменяют консультацию врача.</p>",
		"<h2>1. Umumiy qoidalar</h2><p>Saytdan foydalanib, siz ushbu shartnoma shartlariga rozilik bildirasiz.</p><h2>2. Saytdagi ma'lumotlar</h2><p>Shifokorlar, klinikalar va dorilar haqidagi ma'lumotlar faqat tanishish uchun va shifokor maslahatining o'rnini bosmaydi.</p>"},
	{"privacy", "Политика конфиденциальности", "Maxfiylik siyosati",
		"<p>Мы обрабатываем персональные данные только для записи на приём и работы личного кабинета и не передаём их третьим лицам без вашего согласия.</p>",
		"<p>Biz shaxsiy ma'lumotlarni faqat qabulga yozish va shaxsiy kabinet ishlashi uchun qayta ishlaymiz va ularni roziligingizsiz uchinchi shaxslarga bermaymiz.</p>"},
	{"cookies", "Использование файлов cookie", "Cookie fayllaridan foydalanish",
		"<p>Сайт использует файлы cookie, чтобы запомнить выбранный язык и регион и сохранить вход в личный кабинет.</p>",
		"<p>Sayt tanlangan til va hududni eslab qolish hamda shaxsiy kabinetga kirishni saqlash uchun cookie fayllaridan foydalanadi.</p>"},
	{"account-deletion", "Удаление аккаунта", "Akkauntni o'chirish",
		"<p>Чтобы удалить аккаунт, войдите в личный кабинет, откройте раздел «Личные данные» и нажмите «Удалить аккаунт». Данные удаляются в течение 30 дней.</p><p>Если войти не получается, напишите на <a href=\"mailto:info@sogliq.uz\">info@sogliq.uz</a> с номера телефона, к которому привязан аккаунт.</p>",
		"<p>Akkauntni o'chirish uchun shaxsiy kabinetga kiring, «Shaxsiy ma'lumotlar» bo'limini oching va «Akkauntni o'chirish» tugmasini bosing. Ma'lumotlar 30 kun ichida o'chiriladi.</p><p>Kira olmasangiz, akkaunt bog'langan telefon raqamidan <a href=\"mailto:info@sogliq.uz\">info@sogliq.uz</a> manziliga yozing.</p>"},
}

// ratingFAQ explains the doctors' and clinics' rating with the numbers it uses
// (shared/limits.json, server/rating).
func ratingFAQ() struct{ qRu, qUz, aRu, aUz string } {
	l := shared.MustReadLimits()
	m, w := strconv.FormatFloat(l.RatingPriorMean, 'f', 1, 64), strconv.Itoa(l.RatingPriorWeight)
	mRu := strings.ReplaceAll(m, ".", ",")
	return struct{ qRu, qUz, aRu, aUz string }{
		"Как считается рейтинг врача и клиники?", "Shifokor va klinika reytingi qanday hisoblanadi?",
		"<p>Отзыв может оставить только пациент, который записался через Sog'liq и пришёл на приём, — один отзыв на один визит. " +
			"Рейтинг — байесовское среднее: <b>(" + w + " × " + mRu + " + сумма оценок) / (" + w + " + число отзывов)</b>. " +
			"Каждый врач начинает так, будто у него уже " + w + " оценок по " + mRu + ", поэтому один отзыв на 5 звёзд (4,17) не обгонит 200 отзывов со средней 4,8 (4,78). " +
			"Рейтинг клиники считается по той же формуле из отзывов о приёмах в этой клинике у всех её врачей. " +
			"Скрытые редакторами отзывы (с указанной причиной) в рейтинг не входят. Пока отзывов нет, рейтинг не показывается.</p>",
		"<p>Sharhni faqat Sog'liq orqali yozilib, qabulga kelgan bemor qoldira oladi — bitta tashrifga bitta sharh. " +
			"Reyting — bayes o'rtachasi: <b>(" + w + " × " + m + " + baholar yig'indisi) / (" + w + " + sharhlar soni)</b>. " +
			"Har bir shifokor go'yo " + w + " ta " + m + " baho bilan boshlaydi, shuning uchun bitta 5 yulduzli sharh (4.17) o'rtachasi 4.8 bo'lgan 200 sharhdan (4.78) o'tib ketmaydi. " +
			"Klinika reytingi ham shu formula bilan, ushbu klinikadagi barcha shifokorlar qabullari haqidagi sharhlardan hisoblanadi. " +
			"Muharrirlar yashirgan sharhlar (sababi ko'rsatilgan) reytingga kirmaydi. Sharh bo'lmaguncha reyting ko'rsatilmaydi.</p>",
	}
}

// faqData are the questions and answers of /faq.
var faqData = []struct{ qRu, qUz, aRu, aUz string }{
	{"Как записаться к врачу?", "Shifokorga qanday yozilish mumkin?",
		"<p>Найдите врача по специальности, откройте его карточку и выберите клинику и время приёма.</p>",
		"<p>Mutaxassislik bo'yicha shifokorni toping, uning sahifasini oching va klinika hamda qabul vaqtini tanlang.</p>"},
	{"Запись платная?", "Yozilish pullikmi?",
		"<p>Нет, запись через Sog'liq бесплатна. Вы оплачиваете только приём в клинике.</p>",
		"<p>Yo'q, Sog'liq orqali yozilish bepul. Siz faqat klinikadagi qabul uchun to'laysiz.</p>"},
	{"Как сменить регион?", "Hududni qanday o'zgartirish mumkin?",
		"<p>Нажмите на название региона в шапке сайта и выберите другой.</p>",
		"<p>Sayt sarlavhasidagi hudud nomini bosing va boshqasini tanlang.</p>"},
	{"Откуда цены на лекарства?", "Dorilar narxlari qayerdan olinadi?",
		"<p>Цены собираются из аптек-партнёров и показываются диапазоном: от самой низкой до самой высокой.</p>",
		"<p>Narxlar hamkor dorixonalardan yig'iladi va oraliq sifatida ko'rsatiladi: eng pastidan eng yuqorisigacha.</p>"},
	{"Как воспользоваться акцией?", "Aksiyadan qanday foydalanish mumkin?",
		"<p>Откройте акцию, получите сертификат с кодом и покажите его в клинике до окончания срока действия.</p>",
		"<p>Aksiyani oching, kodli sertifikatni oling va amal qilish muddati tugaguncha uni klinikada ko'rsating.</p>"},
	{"Как удалить аккаунт?", "Akkauntni qanday o'chirish mumkin?",
		"<p>Инструкция — на странице «Удаление аккаунта».</p>",
		"<p>Yo'riqnoma «Akkauntni o'chirish» sahifasida.</p>"},
}

// postTopics are the subjects of the seeded posts, drawn in turn.
var postTopics = []struct{ slug, ru, uz, bodyRu, bodyUz string }{
	{"davlenie", "Как контролировать давление дома", "Uyda qon bosimini qanday nazorat qilish kerak",
		"Регулярное измерение давления помогает вовремя заметить гипертонию. Измеряйте давление утром и вечером, в покое, сидя.",
		"Qon bosimini muntazam o'lchash gipertoniyani o'z vaqtida aniqlashga yordam beradi. Bosimni ertalab va kechqurun, tinch holatda, o'tirgan holda o'lchang."},
	{"gripp", "Грипп или простуда: как отличить", "Gripp yoki shamollash: qanday farqlash mumkin",
		"Грипп начинается внезапно, с высокой температуры и ломоты в теле, простуда развивается постепенно.",
		"Gripp to'satdan, yuqori harorat va tanadagi og'riq bilan boshlanadi, shamollash esa asta-sekin rivojlanadi."},
	{"zuby", "Как часто нужно ходить к стоматологу", "Stomatologga qanchalik tez-tez borish kerak",
		"Профилактический осмотр у стоматолога рекомендуют проходить раз в полгода, даже если ничего не беспокоит.",
		"Hech narsa bezovta qilmasa ham, stomatolog ko'rigidan yarim yilda bir marta o'tish tavsiya etiladi."},
	{"vitaminy", "Нужны ли витамины зимой", "Qishda vitaminlar kerakmi",
		"Большинству людей достаточно разнообразного питания; витамин D зимой часто назначают по анализу.",
		"Ko'pchilik uchun xilma-xil ovqatlanish yetarli; qishda D vitamini ko'pincha tahlil natijasiga ko'ra buyuriladi."},
	{"son", "Сон и здоровье сердца", "Uyqu va yurak salomatligi",
		"Взрослым нужно 7–9 часов сна; хронический недосып повышает риск гипертонии.",
		"Kattalarga 7–9 soat uyqu kerak; surunkali uyqusizlik gipertoniya xavfini oshiradi."},
	{"allergiya", "Сезонная аллергия: что делать весной", "Mavsumiy allergiya: bahorda nima qilish kerak",
		"Весной цветение деревьев вызывает насморк и зуд глаз. Аллерголог подберёт лечение после обследования.",
		"Bahorda daraxtlarning gullashi tumov va ko'z qichishishiga sabab bo'ladi. Allergolog tekshiruvdan so'ng davolashni tanlaydi."},
}

var postColumns = []string{"id", "kind", "slug", "title_ru", "title_uz", "summary_ru", "summary_uz", "body_ru", "body_uz",
	"author_ru", "author_uz", "published_on", "reading_minutes"}

// writeContent writes the information pages, the FAQ and the posts, with
// bodies sanitised as content.Store would. Dates count back from a fixed
// day, so the data set never depends on the clock.
func writeContent(ctx context.Context, tx *sqlx.Tx) error {
	if err := copyRows(ctx, tx, "info_pages", []string{"slug", "title_ru", "title_uz", "body_ru", "body_uz"}, len(infoPageData),
		func(i int) []any {
			p := infoPageData[i]
			return []any{p.slug, p.titleRu, p.titleUz, content.Sanitize(p.bodyRu), content.Sanitize(p.bodyUz)}
		}); err != nil {
		return err
	}
	faq := append(faqData[:len(faqData):len(faqData)], ratingFAQ())
	if err := copyRows(ctx, tx, "faq_items", []string{"id", "position", "question_ru", "question_uz", "answer_ru", "answer_uz"}, len(faq),
		func(i int) []any {
			f := faq[i]
			return []any{i + 1, i + 1, f.qRu, f.qUz, content.Sanitize(f.aRu), content.Sanitize(f.aUz)}
		}); err != nil {
		return err
	}
	rows := postRows()
	if err := copyRows(ctx, tx, "posts", postColumns, len(rows), func(i int) []any { return rows[i] }); err != nil {
		return err
	}
	return writePostLinks(ctx, tx, len(rows))
}

// writePostLinks relates every article and news item (not press) to two
// doctors and one clinic, spread over the seeded ones by a fixed stride.
func writePostLinks(ctx context.Context, tx *sqlx.Tx, posts int) error {
	var doctors, clinics int
	if err := tx.GetContext(ctx, &doctors, "SELECT count(*) FROM doctors"); err != nil {
		return fmt.Errorf("writePostLinks: %w", err)
	}
	if err := tx.GetContext(ctx, &clinics, "SELECT count(*) FROM clinics"); err != nil {
		return fmt.Errorf("writePostLinks: %w", err)
	}
	var pd, pc [][2]int
	for id := 1; id <= posts; id++ {
		if postRowKind(id) == "press" {
			continue
		}
		pd = append(pd, [2]int{id, (id*37)%doctors + 1}, [2]int{id, (id*37+11)%doctors + 1})
		pc = append(pc, [2]int{id, (id*13)%clinics + 1})
	}
	if err := copyRows(ctx, tx, "post_doctors", []string{"post_id", "doctor_id"}, len(pd),
		func(i int) []any { return []any{pd[i][0], pd[i][1]} }); err != nil {
		return err
	}
	return copyRows(ctx, tx, "post_clinics", []string{"post_id", "clinic_id"}, len(pc),
		func(i int) []any { return []any{pc[i][0], pc[i][1]} })
}

// postRowKind is the kind of the post with id in postRows' order.
func postRowKind(id int) string {
	for _, k := range postKinds {
		if id <= k.n {
			return k.kind
		}
		id -= k.n
	}
	return ""
}

// postKinds are the seeded posts: kind, how many, title prefixes.
var postKinds = []struct {
	kind     string
	n        int
	prefixRu string
	prefixUz string
}{
	{"article", 24, "", ""},
	{"news", 14, "Новости: ", "Yangiliklar: "},
	{"press", 12, "СМИ о Sog'liq: ", "OAV Sog'liq haqida: "},
}

// postRows generates the posts of postKinds, ids from 1 in that order.
func postRows() [][]any {
	r := rand.New(rand.NewPCG(20240603, 1))
	day := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	authors := []pair{{"Редакция Sog'liq", "Sog'liq tahririyati"}, {"Дилноза Каримова, терапевт", "Dilnoza Karimova, terapevt"}, {"Азиз Рахимов, кардиолог", "Aziz Rahimov, kardiolog"}}
	var rows [][]any
	for _, k := range postKinds {
		for i := range k.n {
			t := postTopics[i%len(postTopics)]
			part := i/len(postTopics) + 1
			titleRu, titleUz := k.prefixRu+t.ru, k.prefixUz+t.uz
			if part > 1 {
				titleRu, titleUz = fmt.Sprintf("%s (часть %d)", titleRu, part), fmt.Sprintf("%s (%d-qism)", titleUz, part)
			}
			bodyRu := content.Sanitize(fmt.Sprintf("<p>%s</p><h2>Когда обратиться к врачу</h2><p>Если симптомы не проходят, запишитесь к специалисту.</p><ul><li>Не занимайтесь самолечением.</li><li>Следуйте рекомендациям врача.</li></ul>", t.bodyRu))
			bodyUz := content.Sanitize(fmt.Sprintf("<p>%s</p><h2>Qachon shifokorga murojaat qilish kerak</h2><p>Belgilar o'tmasa, mutaxassis qabuliga yoziling.</p><ul><li>O'z-o'zini davolamang.</li><li>Shifokor tavsiyalariga amal qiling.</li></ul>", t.bodyUz))
			a := authors[r.IntN(len(authors))]
			day = day.AddDate(0, 0, -1-r.IntN(4))
			rows = append(rows, []any{len(rows) + 1, k.kind, fmt.Sprintf("%s-%d", t.slug, part), titleRu, titleUz, t.bodyRu, t.bodyUz,
				bodyRu, bodyUz, a.ru, a.uz, day.Format("2006-01-02"), content.ReadingMinutes(bodyRu)})
		}
	}
	return rows
}
