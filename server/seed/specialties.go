package seed

// specialty is a seeded specialty. weight is its share of doctors;
// childrenOnly specialists never see adults.
type specialty struct {
	slug, ru, uz, childRu, childUz, descRu, descUz string
	weight                                         int
	childrenOnly                                   bool
}

// specialties are the seeded specialties with their descriptions.
var specialties = []specialty{
	{"terapevt", "Терапевт", "Terapevt", "Детский терапевт", "Bolalar terapevti",
		"Терапевт — врач общей практики: проводит первичный осмотр, диагностику и лечение заболеваний внутренних органов, направляет к узким специалистам.",
		"Terapevt — umumiy amaliyot shifokori: birlamchi ko'rik o'tkazadi, ichki a'zolar kasalliklarini aniqlaydi va davolaydi, tor mutaxassislarga yo'naltiradi.", 10, false},
	{"kardiolog", "Кардиолог", "Kardiolog", "Детский кардиолог", "Bolalar kardiologi",
		"Кардиолог — врач, который занимается профилактикой, диагностикой и лечением заболеваний сердца и сосудов: гипертонии, аритмии, ишемической болезни сердца.",
		"Kardiolog — yurak va qon tomir kasalliklari: gipertoniya, aritmiya, yurak ishemik kasalligining oldini olish, tashxislash va davolash bilan shug'ullanadigan shifokor.", 9, false},
	{"pediatr", "Педиатр", "Pediatr", "Педиатр", "Pediatr",
		"Педиатр — детский врач: наблюдает за развитием ребёнка от рождения до 18 лет, проводит профилактические осмотры и лечит детские болезни.",
		"Pediatr — bolalar shifokori: bolaning tug'ilgandan 18 yoshgacha rivojlanishini kuzatadi, profilaktik ko'riklar o'tkazadi va bolalar kasalliklarini davolaydi.", 9, true},
	{"nevrolog", "Невролог", "Nevrolog", "Детский невролог", "Bolalar nevrologi",
		"Невролог лечит заболевания нервной системы: головные боли, головокружения, боли в спине, последствия инсульта.",
		"Nevrolog asab tizimi kasalliklarini davolaydi: bosh og'rig'i, bosh aylanishi, bel og'rig'i, insult asoratlari.", 7, false},
	{"ginekolog", "Гинеколог", "Ginekolog", "Детский гинеколог", "Bolalar ginekologi",
		"Гинеколог занимается здоровьем женской репродуктивной системы, ведением беременности и профилактическими осмотрами.",
		"Ginekolog ayollar reproduktiv tizimi salomatligi, homiladorlikni kuzatish va profilaktik ko'riklar bilan shug'ullanadi.", 8, false},
	{"stomatolog", "Стоматолог", "Stomatolog", "Детский стоматолог", "Bolalar stomatologi",
		"Стоматолог лечит зубы и дёсны, проводит профессиональную гигиену полости рта, протезирование и имплантацию.",
		"Stomatolog tish va milklarni davolaydi, og'iz bo'shlig'ining professional gigiyenasi, protezlash va implantatsiyani amalga oshiradi.", 9, false},
	{"oftalmolog", "Окулист (офтальмолог)", "Oftalmolog", "Детский окулист", "Bolalar oftalmologi",
		"Офтальмолог проверяет зрение, подбирает очки и контактные линзы, лечит заболевания глаз.",
		"Oftalmolog ko'rishni tekshiradi, ko'zoynak va kontakt linzalarni tanlaydi, ko'z kasalliklarini davolaydi.", 5, false},
	{"lor", "ЛОР (оториноларинголог)", "LOR (otorinolaringolog)", "Детский ЛОР", "Bolalar LOR shifokori",
		"ЛОР-врач лечит заболевания уха, горла и носа: отиты, синуситы, тонзиллиты.",
		"LOR shifokori quloq, tomoq va burun kasalliklarini davolaydi: otit, sinusit, tonzillit.", 6, false},
	{"urolog", "Уролог", "Urolog", "Детский уролог", "Bolalar urologi",
		"Уролог лечит заболевания почек, мочевого пузыря и мочевыводящих путей.",
		"Urolog buyrak, qovuq va siydik yo'llari kasalliklarini davolaydi.", 4, false},
	{"endokrinolog", "Эндокринолог", "Endokrinolog", "Детский эндокринолог", "Bolalar endokrinologi",
		"Эндокринолог лечит нарушения работы щитовидной железы, сахарный диабет и другие гормональные заболевания.",
		"Endokrinolog qalqonsimon bez faoliyati buzilishlari, qandli diabet va boshqa gormonal kasalliklarni davolaydi.", 5, false},
	{"dermatolog", "Дерматолог", "Dermatolog", "Детский дерматолог", "Bolalar dermatologi",
		"Дерматолог лечит болезни кожи, волос и ногтей: акне, дерматиты, псориаз.",
		"Dermatolog teri, soch va tirnoq kasalliklarini davolaydi: akne, dermatit, psoriaz.", 4, false},
	{"xirurg", "Хирург", "Xirurg", "Детский хирург", "Bolalar xirurgi",
		"Хирург проводит консультации и операции при заболеваниях органов брюшной полости, грыжах и травмах мягких тканей.",
		"Xirurg qorin bo'shlig'i a'zolari kasalliklari, churra va yumshoq to'qimalar jarohatlarida maslahat beradi va operatsiya qiladi.", 4, false},
	{"travmatolog-ortoped", "Травматолог-ортопед", "Travmatolog-ortoped", "Детский травматолог-ортопед", "Bolalar travmatolog-ortopedi",
		"Травматолог-ортопед лечит травмы и заболевания костей, суставов и связок.",
		"Travmatolog-ortoped suyak, bo'g'im va paylarning jarohatlari va kasalliklarini davolaydi.", 4, false},
	{"gastroenterolog", "Гастроэнтеролог", "Gastroenterolog", "Детский гастроэнтеролог", "Bolalar gastroenterologi",
		"Гастроэнтеролог лечит заболевания желудка, кишечника, печени и поджелудочной железы.",
		"Gastroenterolog oshqozon, ichak, jigar va oshqozon osti bezi kasalliklarini davolaydi.", 4, false},
	{"psixolog", "Психолог", "Psixolog", "Детский психолог", "Bolalar psixologi",
		"Психолог помогает справиться со стрессом, тревогой и трудностями в отношениях.",
		"Psixolog stress, xavotir va munosabatlardagi qiyinchiliklarni yengishga yordam beradi.", 3, false},
	{"psixiatr", "Психиатр", "Psixiatr", "Детский психиатр", "Bolalar psixiatri",
		"Психиатр диагностирует и лечит психические расстройства: депрессию, тревожные расстройства, нарушения сна.",
		"Psixiatr ruhiy buzilishlarni aniqlaydi va davolaydi: depressiya, xavotirli buzilishlar, uyqu buzilishi.", 2, false},
	{"onkolog", "Онколог", "Onkolog", "Детский онколог", "Bolalar onkologi",
		"Онколог занимается диагностикой и лечением доброкачественных и злокачественных опухолей.",
		"Onkolog xavfsiz va xavfli o'smalarni tashxislash va davolash bilan shug'ullanadi.", 2, false},
	{"allergolog", "Аллерголог", "Allergolog", "Детский аллерголог", "Bolalar allergologi",
		"Аллерголог выявляет аллергены и лечит аллергические заболевания: поллиноз, атопический дерматит, бронхиальную астму.",
		"Allergolog allergenlarni aniqlaydi va allergik kasalliklarni davolaydi: pollinoz, atopik dermatit, bronxial astma.", 3, false},
	{"revmatolog", "Ревматолог", "Revmatolog", "Детский ревматолог", "Bolalar revmatologi",
		"Ревматолог лечит воспалительные заболевания суставов и соединительной ткани.",
		"Revmatolog bo'g'imlar va biriktiruvchi to'qimaning yallig'lanish kasalliklarini davolaydi.", 2, false},
	{"nefrolog", "Нефролог", "Nefrolog", "Детский нефролог", "Bolalar nefrologi",
		"Нефролог лечит заболевания почек: пиелонефрит, гломерулонефрит, почечную недостаточность.",
		"Nefrolog buyrak kasalliklarini davolaydi: pielonefrit, glomerulonefrit, buyrak yetishmovchiligi.", 2, false},
	{"pulmonolog", "Пульмонолог", "Pulmonolog", "Детский пульмонолог", "Bolalar pulmonologi",
		"Пульмонолог лечит заболевания лёгких и бронхов: бронхит, пневмонию, астму.",
		"Pulmonolog o'pka va bronxlar kasalliklarini davolaydi: bronxit, pnevmoniya, astma.", 2, false},
	{"mammolog", "Маммолог", "Mammolog", "Детский маммолог", "Bolalar mammologi",
		"Маммолог проводит обследование молочных желёз и лечит их заболевания.",
		"Mammolog sut bezlarini tekshiradi va ularning kasalliklarini davolaydi.", 2, false},
	{"proktolog", "Проктолог", "Proktolog", "Детский проктолог", "Bolalar proktologi",
		"Проктолог лечит заболевания прямой и толстой кишки.",
		"Proktolog to'g'ri ichak va yo'g'on ichak kasalliklarini davolaydi.", 1, false},
	{"logoped", "Логопед", "Logoped", "Детский логопед", "Bolalar logopedi",
		"Логопед исправляет нарушения речи у детей и взрослых.",
		"Logoped bolalar va kattalardagi nutq buzilishlarini tuzatadi.", 2, false},
	{"massajist", "Массажист", "Massajchi", "Детский массажист", "Bolalar massajchisi",
		"Массажист проводит лечебный, восстановительный и расслабляющий массаж.",
		"Massajchi davolovchi, tiklovchi va bo'shashtiruvchi massaj qiladi.", 2, false},
	{"fizioterapevt", "Физиотерапевт", "Fizioterapevt", "Детский физиотерапевт", "Bolalar fizioterapevti",
		"Физиотерапевт назначает и проводит физиотерапевтические процедуры для восстановления после болезней и травм.",
		"Fizioterapevt kasallik va jarohatlardan keyin tiklanish uchun fizioterapevtik muolajalarni tayinlaydi va o'tkazadi.", 2, false},
	{"dietolog", "Диетолог", "Dietolog", "Детский диетолог", "Bolalar dietologi",
		"Диетолог составляет программы питания при заболеваниях и для снижения веса.",
		"Dietolog kasalliklarda va vazn kamaytirish uchun ovqatlanish dasturlarini tuzadi.", 2, false},
	{"androlog", "Андролог", "Androlog", "Детский андролог", "Bolalar andrologi",
		"Андролог занимается мужским здоровьем: лечит заболевания мужской репродуктивной системы.",
		"Androlog erkaklar salomatligi bilan shug'ullanadi: erkaklar reproduktiv tizimi kasalliklarini davolaydi.", 1, false},
	{"infeksionist", "Инфекционист", "Infeksionist", "Детский инфекционист", "Bolalar infeksionisti",
		"Инфекционист диагностирует и лечит инфекционные заболевания: вирусные гепатиты, кишечные инфекции, ОРВИ.",
		"Infeksionist yuqumli kasalliklarni aniqlaydi va davolaydi: virusli gepatitlar, ichak infeksiyalari, O'RVI.", 2, false},
	{"gematolog", "Гематолог", "Gematolog", "Детский гематолог", "Bolalar gematologi",
		"Гематолог лечит заболевания крови: анемии, нарушения свёртываемости.",
		"Gematolog qon kasalliklarini davolaydi: anemiya, qon ivishi buzilishlari.", 1, false},
	{"kosmetolog", "Косметолог", "Kosmetolog", "Детский косметолог", "Bolalar kosmetologi",
		"Косметолог ухаживает за кожей лица и тела, проводит аппаратные и инъекционные процедуры.",
		"Kosmetolog yuz va tana terisini parvarish qiladi, apparat va in'eksion muolajalarni o'tkazadi.", 2, false},
}

// SpecialtySlugs are the seeded specialties' slugs (the search lexicon's
// test checks that it reaches each).
func SpecialtySlugs() []string {
	out := make([]string, len(specialties))
	for i, s := range specialties {
		out[i] = s.slug
	}
	return out
}
