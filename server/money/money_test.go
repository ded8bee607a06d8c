package money

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestFormatPrice(t *testing.T) {
	raw, err := os.ReadFile("../../shared/testdata/money.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Amount int64  `json:"amount"`
		RU     string `json:"ru"`
		UZ     string `json:"uz"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		for lang, want := range map[string]string{"ru": c.RU, "uz": c.UZ} {
			got := FormatPrice(c.Amount, lang)
			if strings.Contains(got, " ") {
				t.Errorf("FormatPrice(%d, %s) = %q has a plain space", c.Amount, lang, got)
			}
			if got = strings.ReplaceAll(got, "\u00a0", " "); got != want {
				t.Errorf("FormatPrice(%d, %s) = %q, want %q", c.Amount, lang, got, want)
			}
		}
	}
}
