package catalog

import "testing"

func TestWrittenIn(t *testing.T) {
	for _, test := range []struct{ text, want string }{
		{"Внимательный врач, всё подробно объяснил.", "ru"},
		{"Shifokor juda e'tiborli, hammasini tushuntirib berdi.", "uz"},
		{"Ўқитувчи яхши, раҳмат!", "uz-Cyrl"},
		{"Врач — top!", "ru"},
		{"5/5 👍", ""},
		{"", ""},
	} {
		if got := writtenIn(test.text); got != test.want {
			t.Errorf("writtenIn(%q) = %q, want %q", test.text, got, test.want)
		}
	}
}
