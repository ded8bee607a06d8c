package account

import "testing"

func TestParsePhone(t *testing.T) {
	for _, test := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"+998 90 123-45-67", "998901234567", true},
		{"998901234567", "998901234567", true},
		{"90 123 45 67", "998901234567", true},
		{"(90) 1234567", "998901234567", true},
		{"  +998(71)200.00.00 ", "998712000000", true},
		{"", "", false},
		{"12345", "", false},
		{"+7 912 345 67 89", "", false}, // another country, eleven digits
		{"+99890123456", "", false},     // one digit short
		{"+9989012345678", "", false},   // one digit long
		{"0901234567", "", false},       // ten digits: trunk zero
		{"998 012 345 678", "", false},  // national number starting with 0
		{"90 123 45 6x", "", false},     // a letter
		{"90+1234567", "", false},       // a plus inside
		{"٩٠١٢٣٤٥٦٧", "", false},        // Arabic-Indic digits are not ours
		{"+998 90 123 45 67; DROP", "", false},
	} {
		got, ok := ParsePhone(test.in)
		if got != test.want || ok != test.ok {
			t.Errorf("ParsePhone(%q) = %q, %v; want %q, %v", test.in, got, ok, test.want, test.ok)
		}
	}
}

func TestDisplayPhone(t *testing.T) {
	if got, want := DisplayPhone("998901234567"), "+998 90 123-45-67"; got != want {
		t.Errorf("DisplayPhone = %q, want %q", got, want)
	}
}
