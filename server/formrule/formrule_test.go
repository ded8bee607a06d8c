package formrule_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/formrule"
	"sogliq/server/i18n"
)

// Cases are shared/testdata/form_rules.json, which client/client_test.go
// runs against client/lib/formRules.ts.
type Cases struct {
	Rules []struct {
		Name  string `json:"name"`
		Rule  string `json:"rule"`
		Arg   int    `json:"arg"`
		Value any    `json:"value"`
		Valid bool   `json:"valid"`
	} `json:"rules"`
	Messages []struct {
		Lang  string `json:"lang"`
		Field string `json:"field"`
		Want  string `json:"want"`
	} `json:"messages"`
}

func readCases(t *testing.T) Cases {
	t.Helper()
	raw, err := os.ReadFile("../../shared/testdata/form_rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var c Cases
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Rules) == 0 || len(c.Messages) == 0 {
		t.Fatal("no cases")
	}
	return c
}

func TestRules(t *testing.T) {
	for _, test := range readCases(t).Rules {
		t.Run(test.Name, func(t *testing.T) {
			got, err := formrule.Check(test.Rule, test.Value, test.Arg)
			if err != nil {
				t.Fatal(err)
			}
			if got != test.Valid {
				t.Errorf("Check(%q, %#v, %d) = %v, want %v", test.Rule, test.Value, test.Arg, got, test.Valid)
			}
		})
	}
	if _, err := formrule.Check("max", "x", 1); err == nil {
		t.Error("an unknown rule passed")
	}
}

func TestMessage(t *testing.T) {
	d, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, m := range readCases(t).Messages {
		got = append(got, formrule.Message(d, m.Lang, m.Field))
		want = append(want, m.Want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
}
