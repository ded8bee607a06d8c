package ssr

import (
	"reflect"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/dop251/goja"
)

var uint16s = reflect.TypeOf([]uint16(nil))

// utf8Of is v's text in UTF-8. A goja string with a non-ASCII character
// is UTF-16 inside ([]uint16, its first element a marker), and goja's
// String() decodes it through a []rune four times its length: for a
// page's HTML and every card's, that was a sixth of what a cold listing's
// render allocated. This reads the UTF-16 in place and writes the UTF-8
// once; anything else (ASCII, which goja keeps as a Go string, or a
// representation this does not know) goes through String().
// TestUTF8Of pins it to String() on the goja version in go.mod.
func utf8Of(v goja.Value) string {
	s, ok := v.(goja.String)
	if !ok {
		return v.String()
	}
	r := reflect.ValueOf(s)
	if r.Kind() != reflect.Slice || !r.Type().ConvertibleTo(uint16s) {
		return s.String()
	}
	units := r.Convert(uint16s).Interface().([]uint16)
	if len(units) == 0 {
		return ""
	}
	units = units[1:] // the marker
	n := 0
	for i := 0; i < len(units); i++ {
		c := units[i]
		switch {
		case c < 0x80:
			n++
		case c < 0x800:
			n += 2
		case utf16.IsSurrogate(rune(c)) && i+1 < len(units) && c < 0xDC00 && units[i+1] >= 0xDC00 && units[i+1] < 0xE000:
			n += 4
			i++
		default:
			n += 3 // a lone surrogate becomes U+FFFD, three bytes too
		}
	}
	var b strings.Builder
	b.Grow(n)
	for i := 0; i < len(units); i++ {
		c := units[i]
		if c < 0x80 {
			b.WriteByte(byte(c))
			continue
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			if i+1 < len(units) && c < 0xDC00 && units[i+1] >= 0xDC00 && units[i+1] < 0xE000 {
				r = utf16.DecodeRune(r, rune(units[i+1]))
				i++
			} else {
				r = unicode.ReplacementChar
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}
