package search

import (
	"strings"
	"testing"
)

// BenchmarkUnderstand times the lexicon's reading of a query (no database).
func BenchmarkUnderstand(b *testing.B) {
	f, err := LoadLexicon()
	if err != nil {
		b.Fatal(err)
	}
	l := buildLexicon(f, nil, nil, nil)
	qs := []string{"климакс", "bo'g'imlarim og'riyapti", "кожник", "erkaklar shifokori", "температура у ребёнка", "ка", "kardilog"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.understand(qs[i%len(qs)])
	}
}

// TestChildrenReading: a query for a child leads to the children's
// listing of what it names, on the lexicon file alone and three
// specialties: one with a children's listing, one without (no doctor sees
// children), and the pediatrician.
func TestChildrenReading(t *testing.T) {
	f, err := LoadLexicon()
	if err != nil {
		t.Fatal(err)
	}
	specs := []Hit{
		{Type: TypeSpecialty, ID: 1, Slug: "kardiolog", NameRu: "Кардиолог", NameUz: "Kardiolog"},
		{Type: TypeSpecialty, ID: 2, Slug: "lor", NameRu: "ЛОР (оториноларинголог)", NameUz: "LOR (otorinolaringolog)"},
		{Type: TypeSpecialty, ID: 3, Slug: "pediatr", NameRu: "Педиатр", NameUz: "Pediatr"},
		{Type: TypeSpecialty, ID: 4, Slug: "terapevt", NameRu: "Терапевт", NameUz: "Terapevt"},
		{Type: TypeSpecialty, ID: 5, Slug: "travmatolog-ortoped", NameRu: "Травматолог-ортопед", NameUz: "Travmatolog-ortoped"},
	}
	kids := []childrenName{
		{"kardiolog", "Детский кардиолог", "Bolalar kardiologi"},
		{"travmatolog-ortoped", "Детский травматолог-ортопед", "Bolalar travmatolog-ortopedi"},
	}
	l := buildLexicon(f, nil, specs, kids)
	for _, test := range []struct {
		q    string
		want string // the specialties, most likely first
	}{
		{"детский кардиолог", "kardiolog/deti kardiolog"},
		{"bolalar kardiologi", "kardiolog/deti kardiolog"},
		{"ребёнку нужен кардиолог", "kardiolog/deti kardiolog pediatr"},
		{"детский травматолог", "travmatolog-ortoped/deti travmatolog-ortoped pediatr"},
		// No children's listing of its own: the specialty, then the pediatrician.
		{"детский лор", "lor pediatr"},
		// A child's general complaint: the pediatrician, not the therapist.
		{"температура у ребёнка", "pediatr"},
		{"детский врач", "pediatr"},
		// No child word: as before; a part of a children's name is not one.
		{"кардиолог", ""},
		{"ортопед", "travmatolog-ortoped"},
	} {
		got := strings.Join(l.understand(test.q).specialties, " ")
		if got != test.want {
			t.Errorf("%q: %q, want %q", test.q, got, test.want)
		}
	}
	if h := l.specialties["kardiolog/deti"]; h.ID != 1 || h.Type != TypeSpecialty || h.NameRu != "Детский кардиолог" || Href("uz", "samarkand", h.Type, h.Slug) != "/uz/samarkand/doctors/kardiolog/deti" {
		t.Errorf("the children's cardiologist: %+v", h)
	}
}

// TestReadingBounds: the lexicon's reading of issue 33's causes on the
// lexicon file and a little knowledge. A red flag counts when it covers as
// much of the query as any lay reading; a root left by stripping Uzbek
// suffixes does not reach a Russian word; a start of three letters is no
// prefix; the other layout is read when the typed one reads nothing.
func TestReadingBounds(t *testing.T) {
	f, err := LoadLexicon()
	if err != nil {
		t.Fatal(err)
	}
	rows := []knowledgeRow{
		{ID: 1, Type: TypeDisease, Slug: "kor", NameRu: "Корь", NameUz: "Qizamiq", Specialties: []string{"pediatr"}},
		{ID: 2, Type: TypeDisease, Slug: "gelmintoz", NameRu: "Гельминтоз", NameUz: "Gelmintoz", Specialties: []string{"gastroenterolog"}},
	}
	specs := []Hit{
		{Type: TypeSpecialty, ID: 1, Slug: "kardiolog", NameRu: "Кардиолог", NameUz: "Kardiolog"},
		{Type: TypeSpecialty, ID: 2, Slug: "oftalmolog", NameRu: "Окулист (офтальмолог)", NameUz: "Oftalmolog"},
		{Type: TypeSpecialty, ID: 3, Slug: "pediatr", NameRu: "Педиатр", NameUz: "Pediatr"},
		{Type: TypeSpecialty, ID: 4, Slug: "gastroenterolog", NameRu: "Гастроэнтеролог", NameUz: "Gastroenterolog"},
		{Type: TypeSpecialty, ID: 5, Slug: "terapevt", NameRu: "Терапевт", NameUz: "Terapevt"},
	}
	l := buildLexicon(f, rows, specs, nil)
	for _, test := range []struct {
		q         string
		emergency bool
		first     string // the first specialty, "" for none
	}{
		{"инфаркт", true, "kardiolog"},
		{"перенёс инфаркт", false, "kardiolog"},
		{"инфракт", true, "kardiolog"},
		{"byafhrn", true, "kardiolog"},
		{"давит за грудиной", true, "kardiolog"},
		{"ko'kragim qattiq og'riyapti", true, "kardiolog"},
		{"ko'zim xira ko'ryapman", false, "oftalmolog"},
		{"корь", false, "pediatr"},
		{"гель", false, ""},
		{"гельминтоз", false, "gastroenterolog"},
		{"ghjcnelf", false, "terapevt"},
	} {
		u := l.understand(test.q)
		first := ""
		if len(u.specialties) > 0 {
			first = u.specialties[0]
		}
		if u.emergency != test.emergency || first != test.first {
			t.Errorf("%q: emergency %v, first %q; want %v, %q", test.q, u.emergency, first, test.emergency, test.first)
		}
	}
}

// TestLayoutAndWords: the helpers of issue 33's matching.
func TestLayoutAndWords(t *testing.T) {
	for _, test := range []struct {
		s    string
		want bool
	}{{"кардиолог", true}, {"p,e", false}, {"bosh og'rig'i", true}, {"'nj", false}, {"ltncrbq", true}} {
		if got := latinReading(test.s); got != test.want {
			t.Errorf("latinReading(%q) = %v", test.s, got)
		}
	}
	for _, test := range []struct {
		a, b string
		want bool
	}{{"shitovidk", "shitovidn", true}, {"zub", "zubov", false}, {"kardiolog", "kardiolog", true}, {"golov", "golovn", true}, {"tish", "tishlar", false}} {
		if got := sameWord(test.a, test.b); got != test.want {
			t.Errorf("sameWord(%q, %q) = %v", test.a, test.b, got)
		}
	}
	if got := strings.Join(combinations([][]string{{"a", "b"}, {"c"}, {"d", "e"}}), ","); got != "a c d,a c e,b c d,b c e" {
		t.Errorf("combinations: %q", got)
	}
	places := buildPlaces([]placeRow{{DistrictID: 11, RegionID: 1, NameRu: "Юнусабадский район", NameUz: "Yunusobod tumani"}, {DistrictID: 0, RegionID: 3, NameRu: "Самаркандская область", NameUz: "Samarqand viloyati"}})
	l := &lexicon{places: places}
	for _, test := range []struct {
		q, rest string
		place   int64 // the district, or the region when no district
	}{
		{"хаят юнусабад", "хаят", 11},
		{"hayat yunusobod", "hayat", 11},
		{"клиника самарканд", "клиника", 3},
		{"юнусабад", "юнусабад", 0},
		{"кардиолог", "кардиолог", 0},
	} {
		rest, ps := l.withoutPlaces(test.q)
		var got int64
		if len(ps) > 0 {
			got = ps[0].district
			if got == 0 {
				got = ps[0].region
			}
		}
		if rest != test.rest || got != test.place {
			t.Errorf("withoutPlaces(%q) = %q, %d; want %q, %d", test.q, rest, got, test.rest, test.place)
		}
	}
}
