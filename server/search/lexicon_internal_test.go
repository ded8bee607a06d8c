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
