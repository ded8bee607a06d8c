package ssr

import (
	"testing"

	"github.com/dop251/goja"
)

// TestUTF8Of checks utf8Of and appendUTF8 against goja's own String() for texts of every
// kind, made by the runtime as pages make them (literals, concatenation,
// join, lone surrogates), so that a goja whose strings change shape fails
// here rather than writing wrong pages.
func TestUTF8Of(t *testing.T) {
	rt := goja.New()
	for _, src := range []string{
		`""`,
		`"plain ASCII <a href=\"/x\">"`,
		`"Врач-кардиолог, Ташкент"`,
		`"O'zbekiston — shifokor"`,
		`["<p>", "Кардиолог", "</p>"].join("")`,
		`"emoji 😀 and 𝄞"`,
		`"lone \uD800 high, lone \uDC00 low, end \uD83D"`,
		`"€ ₽ ¢ ´ ÿ"`,
		`"a".repeat(1000) + "б".repeat(1000)`,
	} {
		v, err := rt.RunString(src)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := utf8Of(v), v.String(); got != want {
			t.Errorf("%s: utf8Of %q, String() %q", src, got, want)
		}
		if got, want := string(appendUTF8([]byte("<"), v.(goja.String))), "<"+v.String(); got != want {
			t.Errorf("%s: appendUTF8 %q, String() %q", src, got, want)
		}
	}
	if got := utf8Of(rt.ToValue(42)); got != "42" {
		t.Errorf("a number: %q", got)
	}
}

func BenchmarkUTF8Of(b *testing.B) {
	rt := goja.New()
	v, err := rt.RunString(`"<div class=\"doctor-summary\">Кардиолог, Ташкент</div>".repeat(1000)`)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("utf8Of", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = utf8Of(v)
		}
	})
	b.Run("String", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = v.String()
		}
	})
}
