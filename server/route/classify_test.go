package route_test

import (
	"encoding/json"
	"os"
	"testing"

	"sogliq/server/route"
)

// TestClassify runs shared/testdata/page_types.json, which
// client/client_test.go runs against client/lib/pageType.ts too.
func TestClassify(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/page_types.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Path, Type, ID string }
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	table, err := route.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if typ, id := route.Classify(table, c.Path); typ != c.Type || id != c.ID {
			t.Errorf("Classify(%q) = %q, %q; want %q, %q", c.Path, typ, id, c.Type, c.ID)
		}
	}
}
