package seed

// The word lists the seeder draws from. They are read-only data; every pair
// is the Russian (Cyrillic) form and the Uzbek (Latin) form.

// pair is one text in Russian and in Uzbek.
type pair struct{ ru, uz string }

// place is a district or town: its slug and names.
type place struct {
	slug   string
	ru, uz string
}

// regionData is what the seeder adds to a region of the migration: its
// share of clinics and doctors, its phone area code and its districts.
type regionData struct {
	code      string
	weight    int
	phone     string
	districts []place
}

// regionsData covers all fourteen regions; Tashkent gets ~40% of everything.
var regionsData = []regionData{
	{"TK", 44, "71", []place{
		{"bektemir", "Бектемирский район", "Bektemir tumani"},
		{"chilonzor", "Чиланзарский район", "Chilonzor tumani"},
		{"yakkasaroy", "Яккасарайский район", "Yakkasaroy tumani"},
		{"mirobod", "Мирабадский район", "Mirobod tumani"},
		{"mirzo-ulugbek", "Мирзо-Улугбекский район", "Mirzo Ulug'bek tumani"},
		{"sergeli", "Сергелийский район", "Sergeli tumani"},
		{"shayxontohur", "Шайхантахурский район", "Shayxontohur tumani"},
		{"olmazor", "Алмазарский район", "Olmazor tumani"},
		{"uchtepa", "Учтепинский район", "Uchtepa tumani"},
		{"yashnobod", "Яшнабадский район", "Yashnobod tumani"},
		{"yunusobod", "Юнусабадский район", "Yunusobod tumani"},
		{"yangihayot", "Янгихаётский район", "Yangihayot tumani"},
	}},
	{"TO", 6, "70", []place{
		{"chirchiq", "Чирчик", "Chirchiq"},
		{"angren", "Ангрен", "Angren"},
		{"olmaliq", "Алмалык", "Olmaliq"},
		{"bekobod", "Бекабад", "Bekobod"},
		{"zangiota", "Зангиатинский район", "Zangiota tumani"},
		{"qibray", "Кибрайский район", "Qibray tumani"},
	}},
	{"SA", 6, "66", []place{
		{"samarqand", "Самарканд", "Samarqand"},
		{"kattaqorgon", "Каттакурган", "Kattaqo'rg'on"},
		{"urgut", "Ургутский район", "Urgut tumani"},
		{"pastdargom", "Пастдаргомский район", "Pastdarg'om tumani"},
	}},
	{"XO", 3, "62", []place{
		{"urganch", "Ургенч", "Urganch"},
		{"xiva", "Хива", "Xiva"},
		{"xonqa", "Ханкинский район", "Xonqa tumani"},
	}},
	{"NG", 5, "69", []place{
		{"namangan", "Наманган", "Namangan"},
		{"chust", "Чуст", "Chust"},
		{"kosonsoy", "Касансай", "Kosonsoy"},
	}},
	{"NW", 2, "79", []place{
		{"navoiy", "Навои", "Navoiy"},
		{"zarafshon", "Зарафшан", "Zarafshon"},
		{"karmana", "Карманинский район", "Karmana tumani"},
	}},
	{"QA", 5, "75", []place{
		{"qarshi", "Карши", "Qarshi"},
		{"shahrisabz", "Шахрисабз", "Shahrisabz"},
		{"kitob", "Китаб", "Kitob"},
		{"guzor", "Гузар", "G'uzor"},
	}},
	{"BU", 4, "65", []place{
		{"buxoro", "Бухара", "Buxoro"},
		{"kogon", "Каган", "Kogon"},
		{"gijduvon", "Гиждуван", "G'ijduvon"},
	}},
	{"JI", 3, "72", []place{
		{"jizzax", "Джизак", "Jizzax"},
		{"zomin", "Заамин", "Zomin"},
		{"gallaorol", "Галляарал", "G'allaorol"},
	}},
	{"SI", 2, "67", []place{
		{"guliston", "Гулистан", "Guliston"},
		{"yangiyer", "Янгиер", "Yangiyer"},
		{"shirin", "Ширин", "Shirin"},
	}},
	{"SU", 4, "76", []place{
		{"termiz", "Термез", "Termiz"},
		{"denov", "Денау", "Denov"},
		{"sherobod", "Шерабад", "Sherobod"},
	}},
	{"AN", 5, "74", []place{
		{"andijon", "Андижан", "Andijon"},
		{"asaka", "Асака", "Asaka"},
		{"xonobod", "Ханабад", "Xonobod"},
		{"shahrixon", "Шахрихан", "Shahrixon"},
	}},
	{"FA", 6, "73", []place{
		{"fargona", "Фергана", "Farg'ona"},
		{"qoqon", "Коканд", "Qo'qon"},
		{"margilon", "Маргилан", "Marg'ilon"},
		{"quvasoy", "Кувасай", "Quvasoy"},
	}},
	{"QR", 5, "61", []place{
		{"nukus", "Нукус", "Nukus"},
		{"xojayli", "Ходжейли", "Xo'jayli"},
		{"beruniy", "Беруни", "Beruniy"},
		{"moynoq", "Муйнак", "Mo'ynoq"},
	}},
}

// surnames are male surnames; female forms add -а / -a (see feminine),
// except those marked invariable (Korean surnames).
var surnames = []struct {
	pair
	invariable bool
}{
	{pair{"Каримов", "Karimov"}, false}, {pair{"Рахимов", "Rahimov"}, false},
	{pair{"Юсупов", "Yusupov"}, false}, {pair{"Алиев", "Aliyev"}, false},
	{pair{"Абдуллаев", "Abdullayev"}, false}, {pair{"Исмоилов", "Ismoilov"}, false},
	{pair{"Турсунов", "Tursunov"}, false}, {pair{"Холматов", "Xolmatov"}, false},
	{pair{"Эргашев", "Ergashev"}, false}, {pair{"Султанов", "Sultonov"}, false},
	{pair{"Мирзаев", "Mirzayev"}, false}, {pair{"Хасанов", "Hasanov"}, false},
	{pair{"Усмонов", "Usmonov"}, false}, {pair{"Назаров", "Nazarov"}, false},
	{pair{"Саидов", "Saidov"}, false}, {pair{"Ахмедов", "Axmedov"}, false},
	{pair{"Норматов", "Normatov"}, false}, {pair{"Жураев", "Jo'rayev"}, false},
	{pair{"Кодиров", "Qodirov"}, false}, {pair{"Бобоев", "Boboyev"}, false},
	{pair{"Тошматов", "Toshmatov"}, false}, {pair{"Умаров", "Umarov"}, false},
	{pair{"Нуриддинов", "Nuriddinov"}, false}, {pair{"Шарипов", "Sharipov"}, false},
	{pair{"Хамидов", "Hamidov"}, false}, {pair{"Раджабов", "Rajabov"}, false},
	{pair{"Файзуллаев", "Fayzullayev"}, false}, {pair{"Якубов", "Yakubov"}, false},
	{pair{"Абдурахманов", "Abdurahmonov"}, false}, {pair{"Исламов", "Islomov"}, false},
	{pair{"Мухаммадиев", "Muhammadiyev"}, false}, {pair{"Олимов", "Olimov"}, false},
	{pair{"Иванов", "Ivanov"}, false}, {pair{"Петров", "Petrov"}, false},
	{pair{"Смирнов", "Smirnov"}, false}, {pair{"Кузнецов", "Kuznetsov"}, false},
	{pair{"Ким", "Kim"}, true}, {pair{"Пак", "Pak"}, true},
	{pair{"Цой", "Tsoy"}, true}, {pair{"Ли", "Li"}, true},
}

// maleNames and femaleNames are first names.
var maleNames = []pair{
	{"Азиз", "Aziz"}, {"Рустам", "Rustam"}, {"Бахтиёр", "Baxtiyor"}, {"Шерзод", "Sherzod"},
	{"Фаррух", "Farrux"}, {"Жасур", "Jasur"}, {"Улугбек", "Ulug'bek"}, {"Отабек", "Otabek"},
	{"Санжар", "Sanjar"}, {"Алишер", "Alisher"}, {"Дильшод", "Dilshod"}, {"Тимур", "Timur"},
	{"Бобур", "Bobur"}, {"Зафар", "Zafar"}, {"Анвар", "Anvar"}, {"Акмаль", "Akmal"},
	{"Жахонгир", "Jahongir"}, {"Шохрух", "Shohruh"}, {"Нодир", "Nodir"}, {"Ойбек", "Oybek"},
	{"Сардор", "Sardor"}, {"Мурод", "Murod"}, {"Равшан", "Ravshan"}, {"Хуршид", "Xurshid"},
	{"Сергей", "Sergey"}, {"Андрей", "Andrey"}, {"Дмитрий", "Dmitriy"}, {"Александр", "Aleksandr"},
}

var femaleNames = []pair{
	{"Дилноза", "Dilnoza"}, {"Нигора", "Nigora"}, {"Гулноза", "Gulnoza"}, {"Малика", "Malika"},
	{"Шахноза", "Shahnoza"}, {"Феруза", "Feruza"}, {"Зарина", "Zarina"}, {"Мадина", "Madina"},
	{"Нодира", "Nodira"}, {"Умида", "Umida"}, {"Лола", "Lola"}, {"Сабина", "Sabina"},
	{"Камола", "Kamola"}, {"Дилфуза", "Dilfuza"}, {"Гульнара", "Gulnara"}, {"Севара", "Sevara"},
	{"Мохира", "Mohira"}, {"Наргиза", "Nargiza"}, {"Юлдуз", "Yulduz"}, {"Барно", "Barno"},
	{"Мунира", "Munira"}, {"Шахло", "Shahlo"}, {"Ирода", "Iroda"}, {"Азиза", "Aziza"},
	{"Елена", "Yelena"}, {"Ольга", "Olga"}, {"Наталья", "Natalya"}, {"Ирина", "Irina"},
}

// fathers are the stems of patronymics: stem + ович/овна, ovich/ovna.
var fathers = []pair{
	{"Рустам", "Rustam"}, {"Алишер", "Alisher"}, {"Анвар", "Anvar"}, {"Бахтиёр", "Baxtiyor"},
	{"Фарход", "Farhod"}, {"Шухрат", "Shuhrat"}, {"Ильхом", "Ilhom"}, {"Равшан", "Ravshan"},
	{"Тахир", "Tohir"}, {"Карим", "Karim"}, {"Рашид", "Rashid"}, {"Ибрагим", "Ibragim"},
	{"Абдулазиз", "Abdulaziz"}, {"Улугбек", "Ulug'bek"}, {"Мансур", "Mansur"}, {"Ботир", "Botir"},
	{"Хасан", "Hasan"}, {"Камол", "Kamol"}, {"Шавкат", "Shavkat"}, {"Исмаил", "Ismoil"},
	{"Виктор", "Viktor"}, {"Владимир", "Vladimir"}, {"Олег", "Oleg"}, {"Юсуф", "Yusuf"},
}

// brands are private clinic names, as they are written in each language.
var brands = []pair{
	{"Шифо", "Shifo"}, {"Соглом Авлод", "Sog'lom Avlod"}, {"Мед Лайн", "Med Line"},
	{"Акфа Медлайн", "Akfa Medline"}, {"Нур", "Nur"}, {"Хаят", "Hayat"}, {"Дармон", "Darmon"},
	{"Саломатлик", "Salomatlik"}, {"Оила", "Oila"}, {"Медион", "Medion"}, {"Вита", "Vita"},
	{"Фэмили Мед", "Family Med"}, {"Доктор Плюс", "Doktor Plyus"}, {"Ибн Сино", "Ibn Sino"},
	{"Авиценна", "Avitsenna"}, {"Сихат", "Sihat"}, {"Умид", "Umid"}, {"Барака", "Baraka"},
	{"Замон", "Zamon"}, {"Истикбол", "Istiqbol"}, {"Нова Мед", "Nova Med"}, {"Прайм Клиник", "Prime Clinic"},
	{"Хилол", "Hilol"}, {"Мехр", "Mehr"}, {"Грин Клиник", "Green Clinic"}, {"Медикал Сити", "Medical City"},
}

// brandKinds turn a brand into a clinic name; %s is the brand.
var brandKinds = []struct {
	pair
	typeSlug string
}{
	{pair{"Клиника «%s»", "«%s» klinikasi"}, "mnogoprofilnye"},
	{pair{"Медицинский центр «%s»", "«%s» tibbiyot markazi"}, "mnogoprofilnye"},
	{pair{"Многопрофильная клиника «%s»", "«%s» ko'p tarmoqli klinikasi"}, "mnogoprofilnye"},
	{pair{"Семейная клиника «%s»", "«%s» oilaviy klinikasi"}, "polikliniki"},
	{pair{"Диагностический центр «%s»", "«%s» diagnostika markazi"}, "diagnosticheskie-centry"},
}

// stateKinds name state clinics; %d is the number.
var stateKinds = []struct {
	pair
	slug, typeSlug string
}{
	{pair{"Семейная поликлиника №%d", "%d-son oilaviy poliklinika"}, "oilaviy-poliklinika", "polikliniki"},
	{pair{"Городская больница №%d", "%d-son shahar shifoxonasi"}, "shahar-shifoxonasi", "bolnitsy"},
	{pair{"Районное медицинское объединение №%d", "%d-son tuman tibbiyot birlashmasi"}, "tuman-tibbiyot-birlashmasi", "bolnitsy"},
	{pair{"Детская поликлиника №%d", "%d-son bolalar poliklinikasi"}, "bolalar-poliklinikasi", "detskie"},
}

// streets are street names, ru with its "ул." and uz with its "ko'chasi".
var streets = []pair{
	{"ул. Амира Темура", "Amir Temur ko'chasi"}, {"ул. Алишера Навои", "Alisher Navoiy ko'chasi"},
	{"ул. Бабура", "Bobur ko'chasi"}, {"ул. Мустакиллик", "Mustaqillik ko'chasi"},
	{"ул. Мукими", "Muqimiy ko'chasi"}, {"ул. Фурката", "Furqat ko'chasi"},
	{"ул. Шота Руставели", "Shota Rustaveli ko'chasi"}, {"ул. Бунёдкор", "Bunyodkor ko'chasi"},
	{"ул. Катартал", "Qatortol ko'chasi"}, {"ул. Осиё", "Osiyo ko'chasi"},
	{"ул. Беруни", "Beruniy ko'chasi"}, {"ул. Ибн Сино", "Ibn Sino ko'chasi"},
	{"ул. Мирзо Улугбека", "Mirzo Ulug'bek ko'chasi"}, {"ул. Буюк Ипак Йули", "Buyuk Ipak Yo'li ko'chasi"},
	{"ул. Богишамол", "Bog'ishamol ko'chasi"}, {"ул. Лабзак", "Labzak ko'chasi"},
	{"ул. Нукус", "Nukus ko'chasi"}, {"ул. Афросиаб", "Afrosiyob ko'chasi"},
	{"ул. Истиклол", "Istiqlol ko'chasi"}, {"ул. Гагарина", "Gagarin ko'chasi"},
	{"ул. Бахористон", "Bahoriston ko'chasi"}, {"ул. Чустий", "Chustiy ko'chasi"},
}

// categories are qualification categories; the empty pair is "none".
var categories = []pair{
	{"Врач высшей категории", "Oliy toifali shifokor"},
	{"Врач первой категории", "Birinchi toifali shifokor"},
	{"Врач второй категории", "Ikkinchi toifali shifokor"},
	{"", ""},
}

// degrees are academic degrees.
var degrees = []pair{
	{"Кандидат медицинских наук", "Tibbiyot fanlari nomzodi"},
	{"Доктор медицинских наук", "Tibbiyot fanlari doktori"},
	{"Доктор философии (PhD)", "Falsafa doktori (PhD)"},
}

// schools are where doctors studied, ru in the accusative ("окончил ...")
// and uz with its accusative -ni.
var schools = []pair{
	{"Ташкентскую медицинскую академию", "Toshkent tibbiyot akademiyasini"},
	{"Ташкентский педиатрический медицинский институт", "Toshkent pediatriya tibbiyot institutini"},
	{"Самаркандский государственный медицинский университет", "Samarqand davlat tibbiyot universitetini"},
	{"Андижанский государственный медицинский институт", "Andijon davlat tibbiyot institutini"},
	{"Бухарский государственный медицинский институт", "Buxoro davlat tibbiyot institutini"},
	{"Ташкентский государственный стоматологический институт", "Toshkent davlat stomatologiya institutini"},
}

// closings end doctor descriptions.
var closings = []pair{
	{"Проводит консультации, диагностику и назначает лечение по современным клиническим рекомендациям.",
		"Zamonaviy klinik tavsiyalar asosida maslahat beradi, tashxis qo'yadi va davolashni tayinlaydi."},
	{"Регулярно проходит курсы повышения квалификации в Ташкенте и за рубежом.",
		"Toshkentda va xorijda malaka oshirish kurslarida muntazam qatnashadi."},
	{"Подробно объясняет пациентам план лечения и отвечает на вопросы.",
		"Bemorlarga davolash rejasini batafsil tushuntiradi va savollariga javob beradi."},
	{"Автор научных публикаций, участник международных конференций.",
		"Ilmiy maqolalar muallifi, xalqaro konferensiyalar ishtirokchisi."},
}
