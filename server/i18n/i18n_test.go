package i18n

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDictionariesHaveTheSameKeys(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	ru, uz := d.Keys("ru"), d.Keys("uz")
	sort.Strings(ru)
	sort.Strings(uz)
	if diff := cmp.Diff(ru, uz); diff != "" {
		t.Errorf("ru and uz keys differ (-ru +uz):\n%s", diff)
	}
	for _, lang := range Languages {
		for _, k := range d.Keys(lang) {
			if strings.TrimSpace(d.T(lang, k)) == "" {
				t.Errorf("%s: %s is empty", lang, k)
			}
		}
	}
}

func TestT(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		name, lang, key string
		vars            []string
		want            string
	}{
		{"russian", "ru", "error.back", nil, "На главную"},
		{"uzbek", "uz", "error.back", nil, "Bosh sahifaga"},
		{"unknown language falls back to russian", "en", "error.back", nil, "На главную"},
		{"placeholder", "ru", "error.pageNotFound", []string{"path", "/x"}, "Страница не найдена: /x"},
		{"unknown key is the key", "ru", "no.such.key", nil, "no.such.key"},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := d.T(test.lang, test.key, test.vars...); got != test.want {
				t.Errorf("T(%q, %q) = %q, want %q", test.lang, test.key, got, test.want)
			}
		})
	}
}

func TestPick(t *testing.T) {
	for _, test := range []struct {
		name, lang, ru, uz, want string
	}{
		{"russian", "ru", "Кардиолог", "Kardiolog", "Кардиолог"},
		{"uzbek", "uz", "Кардиолог", "Kardiolog", "Kardiolog"},
		{"uzbek not translated falls back to russian", "uz", "Кардиолог", "", "Кардиолог"},
		{"russian never falls back to uzbek", "ru", "", "Kardiolog", ""},
		{"unknown language is russian", "en", "Кардиолог", "Kardiolog", "Кардиолог"},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := Pick(test.lang, test.ru, test.uz); got != test.want {
				t.Errorf("Pick(%q, %q, %q) = %q, want %q", test.lang, test.ru, test.uz, got, test.want)
			}
		})
	}
}
