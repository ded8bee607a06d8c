package knowledge

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestInitial(t *testing.T) {
	for _, test := range []struct{ name, lang, want string }{
		{"Гастрит", "ru", "Г"},
		{"ёлка", "ru", "Е"},
		{"ОРВИ", "ru", "О"},
		{"Shamollash", "uz", "Sh"},
		{"Charchoq", "uz", "Ch"},
		{"O'tkir respirator", "uz", "O'"},
		{"Oʻtkir", "uz", "O'"},
		{"G'o'za", "uz", "G'"},
		{"Otit", "uz", "O"},
		{"Gripp", "uz", "G"},
		{"sistit", "uz", "S"},
		{"", "ru", ""},
	} {
		if got := Initial(test.name, test.lang); got != test.want {
			t.Errorf("Initial(%q, %s) = %q, want %q", test.name, test.lang, got, test.want)
		}
	}
}

func TestGroupByInitial(t *testing.T) {
	// Code-point order, as the store returns it: S is split around Sh.
	entries := []Entry{{ID: 1, Name: "O'tkir"}, {ID: 2, Name: "Otit"}, {ID: 3, Name: "Saraton"},
		{ID: 4, Name: "Shamollash"}, {ID: 5, Name: "Shishlar"}, {ID: 6, Name: "Sistit"}}
	var got [][]int64
	var letters []string
	for _, g := range GroupByInitial(entries, "uz") {
		letters = append(letters, g.Letter)
		var ids []int64
		for _, e := range g.Entries {
			ids = append(ids, e.ID)
		}
		got = append(got, ids)
	}
	if diff := cmp.Diff([]string{"O", "S", "O'", "Sh"}, letters); diff != "" {
		t.Errorf("letters (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([][]int64{{2}, {3, 6}, {1}, {4, 5}}, got); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
}
