package account

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestProfileClean(t *testing.T) {
	today := time.Date(2026, 11, 22, 1, 0, 0, 0, Tashkent)
	valid := Profile{FirstName: "Dilnoza", LastName: "Karimova"}
	for _, test := range []struct {
		name    string
		in      Profile
		want    Profile
		invalid []FieldError
	}{
		{"minimal", valid, valid, nil},
		{"spaces folded", Profile{FirstName: "  Анна  Мария ", LastName: " Ivanova"},
			Profile{FirstName: "Анна Мария", LastName: "Ivanova"}, nil},
		{"uzbek apostrophes", Profile{FirstName: "Gʻayrat", LastName: "O'ktamov-Toʻrayev"},
			Profile{FirstName: "Gʻayrat", LastName: "O'ktamov-Toʻrayev"}, nil},
		{"everything", Profile{FirstName: "Ali", LastName: "Valiyev", BirthDate: "1990-02-28", Gender: "male", Email: "ali@example.uz"},
			Profile{FirstName: "Ali", LastName: "Valiyev", BirthDate: "1990-02-28", Gender: "male", Email: "ali@example.uz"}, nil},
		{"birthday today", Profile{FirstName: "A", LastName: "B", BirthDate: "2026-11-22"},
			Profile{FirstName: "A", LastName: "B", BirthDate: "2026-11-22"}, nil},
		{"required", Profile{FirstName: " ", LastName: ""}, Profile{},
			[]FieldError{{"firstName", "form.required"}, {"lastName", "form.required"}}},
		{"digits in a name", Profile{FirstName: "R2D2", LastName: "X"}, Profile{},
			[]FieldError{{"firstName", "form.invalid"}}},
		{"markup in a name", Profile{FirstName: "<b>", LastName: "X"}, Profile{},
			[]FieldError{{"firstName", "form.invalid"}}},
		{"long name", Profile{FirstName: strings.Repeat("я", MaxNameLength+1), LastName: "X"}, Profile{},
			[]FieldError{{"firstName", "form.tooLong"}}},
		{"bad dates", Profile{FirstName: "A", LastName: "B", BirthDate: "2026-02-30"}, Profile{},
			[]FieldError{{"birthDate", "form.invalid"}}},
		{"future", Profile{FirstName: "A", LastName: "B", BirthDate: "2026-11-23"}, Profile{},
			[]FieldError{{"birthDate", "form.invalid"}}},
		{"ancient", Profile{FirstName: "A", LastName: "B", BirthDate: "1899-12-31"}, Profile{},
			[]FieldError{{"birthDate", "form.invalid"}}},
		{"gender", Profile{FirstName: "A", LastName: "B", Gender: "other"}, Profile{},
			[]FieldError{{"gender", "form.invalid"}}},
		{"email with a name", Profile{FirstName: "A", LastName: "B", Email: "Ali <ali@example.uz>"}, Profile{},
			[]FieldError{{"email", "form.invalid"}}},
		{"email without domain dot", Profile{FirstName: "A", LastName: "B", Email: "ali@localhost"}, Profile{},
			[]FieldError{{"email", "form.invalid"}}},
		{"email no at", Profile{FirstName: "A", LastName: "B", Email: "ali.example.uz"}, Profile{},
			[]FieldError{{"email", "form.invalid"}}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, errs := test.in.Clean(today)
			if diff := cmp.Diff(test.invalid, errs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if len(test.invalid) == 0 {
				if diff := cmp.Diff(test.want, got); diff != "" {
					t.Errorf("cleaned (-want +got):\n%s", diff)
				}
			}
		})
	}
}
