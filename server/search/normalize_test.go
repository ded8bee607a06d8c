package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestKey(t *testing.T) {
	for _, test := range []struct{ in, want string }{
		{"Кардиолог", "kardiolog"},
		{"кардиологи", "kardiolog"},
		{"kardiologlar", "kardiolog"},
		{"у кардиолога", "kardiolog"},
		{"Ёлка", "elka"},
		{"o'g'il", "ogil"},
		{"oʻgʻil", "ogil"},
		{"o’g‘il", "ogil"},
		{"o`g`il", "ogil"},
		{"ўғил", "ogil"},
		{"Хирург", "xirurg"},
		{"khirurg", "xirurg"},
		{"ЛОР-врача", "lor vrach"},
		{"«Akfa Medline»", "akfa medlin"},
		{"  ", ""},
		{"<script>", "script"},
		// Russian typed in Latin reads as the Cyrillic does (issue 33).
		{"serdce", Key("сердце")},
		{"dyshat", Key("дышать")},
		{"proby", Key("пробы")},
		{"paracetamol", Key("парацетамол")},
		{"детская", Key("детские")},
		// An Uzbek y after a vowel stays.
		{"boylik", "boylik"},
	} {
		t.Run(test.in, func(t *testing.T) {
			if got := Key(test.in); got != test.want {
				t.Errorf("Key(%q) = %q, want %q", test.in, got, test.want)
			}
		})
	}
}

func TestSwitchLayout(t *testing.T) {
	for _, test := range []struct{ in, want string }{
		{"rfhlbjkju", "кардиолог"},
		{"кардиолог", "rfhlbjkju"},
		{"ntcn 12", "тест 12"},
	} {
		if got, _ := SwitchLayout(test.in); got != test.want {
			t.Errorf("SwitchLayout(%q) = %q, want %q", test.in, got, test.want)
		}
	}
}

func TestQueryKeys(t *testing.T) {
	if diff := cmp.Diff([]string{"rfxlbjkj", "kardiolog"}, QueryKeys("rfhlbjkju")); diff != "" {
		t.Errorf("QueryKeys(rfhlbjkju) (-want +got):\n%s", diff)
	}
	if got := QueryKeys("!!"); len(got) != 0 {
		t.Errorf("QueryKeys(!!) = %q, want none", got)
	}
}
