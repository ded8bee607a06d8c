// Package client_test runs the client's pure modules inside goja, the engine
// that runs them on the server, against the shared tables of cases.
package client_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// load bundles a client module as a global `lib` and runs it in goja.
func load(t *testing.T, entry string) *goja.Runtime {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	res := api.Build(api.BuildOptions{
		EntryPoints:   []string{filepath.Join(root, "client", entry)},
		Bundle:        true,
		Format:        api.FormatIIFE,
		GlobalName:    "lib",
		Target:        api.ES2020,
		Write:         false,
		AbsWorkingDir: root,
	})
	if len(res.Errors) > 0 {
		t.Fatalf("bundling %s: %v", entry, res.Errors[0].Text)
	}
	vm := goja.New()
	if _, err := vm.RunString(string(res.OutputFiles[0].Contents)); err != nil {
		t.Fatal(err)
	}
	return vm
}

func TestFormatPrice(t *testing.T) {
	raw, err := os.ReadFile("../shared/testdata/money.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Amount float64 `json:"amount"`
		RU     string  `json:"ru"`
		UZ     string  `json:"uz"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	vm := load(t, "lib/money.ts")
	format, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("formatPrice"))
	if !ok {
		t.Fatal("lib/money.ts exports no formatPrice")
	}
	for _, c := range cases {
		for lang, want := range map[string]string{"ru": c.RU, "uz": c.UZ} {
			v, err := format(goja.Undefined(), vm.ToValue(c.Amount), vm.ToValue(lang))
			if err != nil {
				t.Fatal(err)
			}
			// The table writes plain spaces; the formatter uses no-break spaces.
			got := strings.ReplaceAll(v.String(), "\u00a0", " ")
			if got != want {
				t.Errorf("formatPrice(%v, %s) = %q, want %q", c.Amount, lang, got, want)
			}
			if strings.Contains(v.String(), " ") {
				t.Errorf("formatPrice(%v, %s) = %q breaks lines at a plain space", c.Amount, lang, v)
			}
		}
	}
}

func TestPluralForm(t *testing.T) {
	vm := load(t, "lib/i18n.ts")
	plural, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("pluralForm"))
	if !ok {
		t.Fatal("lib/i18n.ts exports no pluralForm")
	}
	for n, want := range map[int]string{0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many", 21: "one", 22: "few", 101: "one", 111: "many", 112: "many"} {
		v, err := plural(goja.Undefined(), vm.ToValue(n))
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != want {
			t.Errorf("pluralForm(%d) = %s, want %s", n, v, want)
		}
	}
}

func TestApplyMask(t *testing.T) {
	raw, err := os.ReadFile("../shared/testdata/masks.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Mask, Input, Want string }
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	vm := load(t, "lib/mask.ts")
	apply, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("applyMask"))
	if !ok {
		t.Fatal("lib/mask.ts exports no applyMask")
	}
	for _, c := range cases {
		v, err := apply(goja.Undefined(), vm.ToValue(c.Mask), vm.ToValue(c.Input))
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != c.Want {
			t.Errorf("applyMask(%q, %q) = %q, want %q", c.Mask, c.Input, v, c.Want)
		}
	}
}

func TestMaskPhone(t *testing.T) {
	vm := load(t, "lib/mask.ts")
	mask, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("maskPhone"))
	if !ok {
		t.Fatal("lib/mask.ts exports no maskPhone")
	}
	for in, want := range map[string]string{
		"":                  "",
		"9":                 "+998 9",
		"901234567":         "+998 90 123-45-67",
		"+998901234567":     "+998 90 123-45-67",
		"+998 90 123-45-67": "+998 90 123-45-67",
		"90 123 45 67 89":   "+998 90 123-45-67",
	} {
		v, err := mask(goja.Undefined(), vm.ToValue(in))
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != want {
			t.Errorf("maskPhone(%q) = %q, want %q", in, v, want)
		}
	}
}
