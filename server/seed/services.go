package seed

// serviceItem is a leaf of a services tree: what a clinic prices. base is
// the typical price in so'm; clinics vary around it.
type serviceItem struct {
	slug string
	name pair
	base int
	// turnaround is an analysis's time to result in hours, 0 for others.
	turnaround int
}

// serviceGroup is a category of a tree with its items.
type serviceGroup struct {
	kind, slug string
	name, desc pair
	// prep is how to prepare (analyses).
	prep  pair
	items []serviceItem
}

// serviceTrees are the services, diagnostics and analyses, by category.
var serviceTrees = []serviceGroup{
	{"service", "konsultatsii", pair{"Консультации врачей", "Shifokor maslahatlari"},
		pair{"Первичный и повторный приём специалистов.", "Mutaxassislarning birlamchi va takroriy qabuli."}, pair{}, []serviceItem{
			{"priem-terapevta", pair{"Приём терапевта", "Terapevt qabuli"}, 120_000, 0},
			{"priem-kardiologa", pair{"Приём кардиолога", "Kardiolog qabuli"}, 180_000, 0},
			{"priem-ginekologa", pair{"Приём гинеколога", "Ginekolog qabuli"}, 170_000, 0},
			{"priem-nevrologa", pair{"Приём невролога", "Nevrolog qabuli"}, 160_000, 0},
			{"priem-pediatra", pair{"Приём педиатра", "Pediatr qabuli"}, 130_000, 0},
			{"priem-lor-vracha", pair{"Приём ЛОР-врача", "LOR shifokor qabuli"}, 140_000, 0},
		}},
	{"service", "stomatologiya", pair{"Стоматология", "Stomatologiya"},
		pair{"Лечение, удаление и протезирование зубов.", "Tishlarni davolash, olib tashlash va protezlash."}, pair{}, []serviceItem{
			{"lechenie-kariesa", pair{"Лечение кариеса", "Kariesni davolash"}, 250_000, 0},
			{"udalenie-zuba", pair{"Удаление зуба", "Tish olib tashlash"}, 200_000, 0},
			{"chistka-zubov", pair{"Профессиональная чистка зубов", "Tishlarni professional tozalash"}, 300_000, 0},
			{"implantatsiya-zuba", pair{"Имплантация зуба", "Tish implantatsiyasi"}, 5_500_000, 0},
			{"keramicheskaya-koronka", pair{"Керамическая коронка", "Keramik koronka"}, 1_800_000, 0},
		}},
	{"service", "protsedury", pair{"Процедуры", "Muolajalar"},
		pair{"Процедурный кабинет и физиотерапия.", "Muolaja xonasi va fizioterapiya."}, pair{}, []serviceItem{
			{"kapelnitsa", pair{"Капельница", "Tomchilatib yuborish"}, 90_000, 0},
			{"vnutrimyshechnyy-ukol", pair{"Внутримышечная инъекция", "Mushak ichiga ukol"}, 25_000, 0},
			{"massazh-spiny", pair{"Массаж спины", "Orqa massaji"}, 150_000, 0},
			{"fizioterapiya", pair{"Физиотерапия", "Fizioterapiya"}, 80_000, 0},
		}},
	{"service", "operatsii", pair{"Операции и роды", "Operatsiyalar va tug'ruq"},
		pair{"Плановые операции, ведение родов.", "Rejali operatsiyalar, tug'ruqni olib borish."}, pair{}, []serviceItem{
			{"appendektomiya", pair{"Удаление аппендицита", "Appenditsitni olib tashlash"}, 4_000_000, 0},
			{"kesarevo-sechenie", pair{"Кесарево сечение", "Kesar kesish"}, 6_000_000, 0},
			{"estestvennye-rody", pair{"Естественные роды", "Tabiiy tug'ruq"}, 3_500_000, 0},
			{"lazernaya-korrektsiya-zreniya", pair{"Лазерная коррекция зрения", "Ko'rishni lazer bilan tuzatish"}, 7_000_000, 0},
		}},
	{"diagnostic", "uzi", pair{"УЗИ", "UTT"},
		pair{"Ультразвуковое исследование органов и суставов.", "A'zolar va bo'g'imlarning ultratovush tekshiruvi."}, pair{}, []serviceItem{
			{"uzi-bryushnoy-polosti", pair{"УЗИ брюшной полости", "Qorin bo'shlig'i UTT"}, 150_000, 0},
			{"uzi-shchitovidnoy-zhelezy", pair{"УЗИ щитовидной железы", "Qalqonsimon bez UTT"}, 100_000, 0},
			{"uzi-pochek", pair{"УЗИ почек", "Buyraklar UTT"}, 110_000, 0},
			{"uzi-malogo-taza", pair{"УЗИ малого таза", "Kichik chanoq UTT"}, 130_000, 0},
			{"uzi-kolennogo-sustava", pair{"УЗИ коленного сустава", "Tizza bo'g'imi UTT"}, 140_000, 0},
			{"ekhokardiografiya", pair{"ЭхоКГ (УЗИ сердца)", "ExoKG (yurak UTT)"}, 220_000, 0},
		}},
	{"diagnostic", "mrt", pair{"МРТ", "MRT"},
		pair{"Магнитно-резонансная томография.", "Magnit-rezonans tomografiya."}, pair{}, []serviceItem{
			{"mrt-golovnogo-mozga", pair{"МРТ головного мозга", "Bosh miya MRT"}, 900_000, 0},
			{"mrt-kolennogo-sustava", pair{"МРТ коленного сустава", "Tizza bo'g'imi MRT"}, 850_000, 0},
			{"mrt-poyasnichnogo-otdela", pair{"МРТ поясничного отдела позвоночника", "Umurtqa bel qismi MRT"}, 950_000, 0},
			{"mrt-bryushnoy-polosti", pair{"МРТ брюшной полости", "Qorin bo'shlig'i MRT"}, 1_200_000, 0},
		}},
	{"diagnostic", "kt", pair{"КТ", "KT"},
		pair{"Компьютерная томография.", "Kompyuter tomografiya."}, pair{}, []serviceItem{
			{"kt-grudnoy-kletki", pair{"КТ грудной клетки", "Ko'krak qafasi KT"}, 600_000, 0},
			{"kt-golovy", pair{"КТ головы", "Bosh KT"}, 550_000, 0},
			{"kt-pazukh-nosa", pair{"КТ пазух носа", "Burun bo'shliqlari KT"}, 450_000, 0},
		}},
	{"diagnostic", "rentgen", pair{"Рентген", "Rentgen"},
		pair{"Рентгенография и флюорография.", "Rentgenografiya va flyuorografiya."}, pair{}, []serviceItem{
			{"rentgen-grudnoy-kletki", pair{"Рентген грудной клетки", "Ko'krak qafasi rentgeni"}, 80_000, 0},
			{"rentgen-kolena", pair{"Рентген колена", "Tizza rentgeni"}, 90_000, 0},
			{"ortopantomogramma", pair{"Ортопантомограмма (снимок зубов)", "Ortopantomogramma (tish surati)"}, 70_000, 0},
		}},
	{"diagnostic", "funktsionalnaya", pair{"Функциональная диагностика", "Funksional diagnostika"},
		pair{"ЭКГ, суточное мониторирование.", "EKG, sutkalik monitoring."}, pair{}, []serviceItem{
			{"ekg", pair{"ЭКГ", "EKG"}, 50_000, 0},
			{"kholter", pair{"Холтер ЭКГ (сутки)", "Xolter EKG (sutka)"}, 350_000, 0},
		}},
	{"analysis", "obshcheklinicheskie", pair{"Общеклинические анализы", "Umumiy klinik tahlillar"},
		pair{"Базовые анализы крови и мочи.", "Qon va siydikning asosiy tahlillari."},
		pair{"Сдавать натощак, утром, после 8–12 часов без еды.", "Ertalab, och qoringa, 8–12 soat ovqatlanmasdan topshiriladi."}, []serviceItem{
			{"obshchiy-analiz-krovi", pair{"Общий анализ крови", "Umumiy qon tahlili"}, 45_000, 24},
			{"obshchiy-analiz-mochi", pair{"Общий анализ мочи", "Umumiy siydik tahlili"}, 30_000, 24},
			{"soe", pair{"СОЭ", "EChT"}, 15_000, 24},
		}},
	{"analysis", "biokhimiya", pair{"Биохимия крови", "Qon bioximiyasi"},
		pair{"Показатели обмена веществ и работы органов.", "Modda almashinuvi va a'zolar faoliyati ko'rsatkichlari."},
		pair{"Натощак; за сутки исключить алкоголь и жирную пищу.", "Och qoringa; bir kun oldin spirtli ichimlik va yog'li ovqatdan voz keching."}, []serviceItem{
			{"glyukoza", pair{"Глюкоза крови", "Qondagi glyukoza"}, 20_000, 24},
			{"kholesterin", pair{"Общий холестерин", "Umumiy xolesterin"}, 30_000, 24},
			{"alt", pair{"АЛТ", "ALT"}, 25_000, 24},
			{"kreatinin", pair{"Креатинин", "Kreatinin"}, 25_000, 24},
		}},
	{"analysis", "gormony", pair{"Гормоны", "Gormonlar"},
		pair{"Гормоны щитовидной железы и половые гормоны.", "Qalqonsimon bez va jinsiy gormonlar."},
		pair{"Утром натощак; женщинам — в день цикла по назначению врача.", "Ertalab och qoringa; ayollar — shifokor ko'rsatgan sikl kunida."}, []serviceItem{
			{"ttg", pair{"ТТГ", "TTG"}, 70_000, 48},
			{"t4-svobodnyy", pair{"Т4 свободный", "Erkin T4"}, 70_000, 48},
			{"progesteron", pair{"Прогестерон", "Progesteron"}, 90_000, 48},
		}},
	{"analysis", "infektsii", pair{"Инфекции", "Infeksiyalar"},
		pair{"Антитела и антигены к инфекциям.", "Infeksiyalarga antitelalar va antigenlar."},
		pair{"Специальной подготовки не требуется.", "Maxsus tayyorgarlik talab qilinmaydi."}, []serviceItem{
			{"vich", pair{"ВИЧ (антитела и антиген)", "OIV (antitelalar va antigen)"}, 60_000, 72},
			{"gepatit-b", pair{"Гепатит B (HBsAg)", "Gepatit B (HBsAg)"}, 50_000, 72},
			{"gepatit-c", pair{"Гепатит C (антитела)", "Gepatit C (antitelalar)"}, 55_000, 72},
		}},
}

// profile is a clinic specialisation of /kliniki.
type profile struct {
	slug       string
	name, desc pair
}

// profiles are the clinic specialisations.
var profiles = []profile{
	{"kardiologiya", pair{"Кардиология", "Kardiologiya"}, pair{"Клиники, где лечат сердце и сосуды.", "Yurak va qon tomirlarini davolaydigan klinikalar."}},
	{"nevrologiya", pair{"Неврология", "Nevrologiya"}, pair{"Клиники с неврологами и нейрохирургами.", "Nevrolog va neyroxirurglar ishlaydigan klinikalar."}},
	{"ginekologiya", pair{"Гинекология", "Ginekologiya"}, pair{"Женское здоровье, беременность и роды.", "Ayollar salomatligi, homiladorlik va tug'ruq."}},
	{"pediatriya", pair{"Педиатрия", "Pediatriya"}, pair{"Клиники для детей от рождения до 18 лет.", "Tug'ilgandan 18 yoshgacha bolalar uchun klinikalar."}},
	{"stomatologiya", pair{"Стоматология", "Stomatologiya"}, pair{"Лечение и протезирование зубов.", "Tishlarni davolash va protezlash."}},
	{"oftalmologiya", pair{"Офтальмология", "Oftalmologiya"}, pair{"Диагностика и лечение зрения.", "Ko'rishni tekshirish va davolash."}},
	{"urologiya", pair{"Урология", "Urologiya"}, pair{"Почки и мочевыводящие пути.", "Buyraklar va siydik yo'llari."}},
	{"otorinolaringologiya", pair{"Оториноларингология", "Otorinolaringologiya"}, pair{"Ухо, горло, нос.", "Quloq, tomoq, burun."}},
	{"dermatologiya", pair{"Дерматология", "Dermatologiya"}, pair{"Кожа, волосы и ногти.", "Teri, soch va tirnoqlar."}},
	{"endokrinologiya", pair{"Эндокринология", "Endokrinologiya"}, pair{"Щитовидная железа, диабет, гормоны.", "Qalqonsimon bez, diabet, gormonlar."}},
	{"travmatologiya", pair{"Травматология", "Travmatologiya"}, pair{"Травмы, суставы и позвоночник.", "Jarohatlar, bo'g'imlar va umurtqa."}},
	{"gastroenterologiya", pair{"Гастроэнтерология", "Gastroenterologiya"}, pair{"Желудок, кишечник, печень.", "Oshqozon, ichak, jigar."}},
}

// landmarks are the ориентиры addresses are given by.
var landmarks = []pair{
	{"напротив станции метро", "metro bekati ro'parasida"},
	{"рядом с рынком", "bozor yonida"},
	{"за зданием хокимията", "hokimiyat binosi orqasida"},
	{"возле школы", "maktab yonida"},
	{"около торгового центра", "savdo markazi yaqinida"},
	{"напротив парка", "bog' ro'parasida"},
}

// regionCentres are the regions' centres (latitude, longitude), in regionsData order.
var regionCentres = [][2]float64{
	{41.3111, 69.2797}, {41.0058, 69.5870}, {39.6542, 66.9597}, {41.5500, 60.6333}, {40.9983, 71.6726},
	{40.0844, 65.3792}, {38.8606, 65.7891}, {39.7747, 64.4286}, {40.1158, 67.8422}, {40.4897, 68.7842},
	{37.2242, 67.2783}, {40.7821, 72.3442}, {40.3864, 71.7864}, {42.4600, 59.6100},
}
