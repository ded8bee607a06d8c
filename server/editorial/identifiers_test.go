package editorial

import "testing"

// TestIdentifiersChecked: the kinds as written pass, and a table or column
// name that could carry SQL is refused.
func TestIdentifiersChecked(t *testing.T) {
	if err := checkIdentifiers(Kinds); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []Kind{
		{Name: "x", Table: "doctors; DROP TABLE doctors"},
		{Name: "x", Table: "doctors", Fields: []Field{{Column: "name) FROM users --"}}},
		{Name: "x", Table: "doctors", Fields: []Field{{Join: "doctor_specialties", Owner: "doctor_id OR true"}}},
		{Name: "x", Table: "doctors", Fields: []Field{{Cols: []RowColumn{{Column: "Price"}}}}},
	} {
		if err := checkIdentifiers([]Kind{bad}); err == nil {
			t.Errorf("kind %+v passed", bad)
		}
	}
}
