package i18n_test

import (
	"database/sql"
	"strings"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
)

// TestPickLangIsPick: the queries' pick_lang (migration 00280) and Go's
// Pick give the same text on the same cases, so the two cannot drift;
// and pick_lang is inlined, so a query plans as with the CASE written out.
func TestPickLangIsPick(t *testing.T) {
	db := dbtest.New(t)
	for _, test := range []struct {
		name, lang, ru, uz, want string
	}{
		{"ru with both", "ru", "Врач", "Shifokor", "Врач"},
		{"uz with both", "uz", "Врач", "Shifokor", "Shifokor"},
		{"uz not translated", "uz", "Врач", "", "Врач"},
		{"ru only", "ru", "Врач", "", "Врач"},
		{"ru empty", "ru", "", "Shifokor", ""},
		{"uz with ru empty", "uz", "", "Shifokor", "Shifokor"},
		{"both empty", "uz", "", "", ""},
		{"another language", "en", "Врач", "Shifokor", "Врач"},
		{"no language", "", "Врач", "Shifokor", "Врач"},
		{"upper case", "UZ", "Врач", "Shifokor", "Врач"},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := i18n.Pick(test.lang, test.ru, test.uz); got != test.want {
				t.Errorf("Pick(%q, %q, %q) = %q, want %q", test.lang, test.ru, test.uz, got, test.want)
			}
			var got string
			if err := db.Get(&got, `SELECT pick_lang($1, $2, $3)`, test.lang, test.ru, test.uz); err != nil {
				t.Fatal(err)
			}
			if got != test.want {
				t.Errorf("pick_lang(%q, %q, %q) = %q, want %q", test.lang, test.ru, test.uz, got, test.want)
			}
		})
	}

	// A LEFT JOIN's missing Uzbek text is NULL: Russian, as for "".
	var got sql.NullString
	if err := db.Get(&got, `SELECT pick_lang('uz', 'Врач', NULL)`); err != nil || got.String != "Врач" {
		t.Errorf("pick_lang('uz', 'Врач', NULL) = %+v, %v; want Врач", got, err)
	}

	var plan []string
	if err := db.Select(&plan, `EXPLAIN (VERBOSE, COSTS OFF) SELECT pick_lang($1, name_ru, name_uz) FROM specialties`, "uz"); err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(plan, "\n"); strings.Contains(text, "pick_lang") || !strings.Contains(text, "CASE") {
		t.Errorf("pick_lang is not inlined:\n%s", text)
	}
}
