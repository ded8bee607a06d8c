package ssr

import (
	"reflect"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

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
	units, ok := utf16Units(s)
	if !ok {
		return s.String()
	}
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
		b.WriteRune(decodeUnit(units, &i))
	}
	return b.String()
}

// appendUTF8 appends s's text in UTF-8 to b, as utf8Of writes it.
func appendUTF8(b []byte, s goja.String) []byte {
	units, ok := utf16Units(s)
	if !ok {
		return append(b, s.String()...)
	}
	for i := 0; i < len(units); i++ {
		c := units[i]
		if c < 0x80 {
			b = append(b, byte(c))
			continue
		}
		b = utf8.AppendRune(b, decodeUnit(units, &i))
	}
	return b
}

// utf16Units are the UTF-16 units of a goja string that holds them
// (without goja's marker), false for an ASCII one (a Go string inside) or
// one this does not know.
func utf16Units(s goja.String) ([]uint16, bool) {
	r := reflect.ValueOf(s)
	if r.Kind() != reflect.Slice || !r.Type().ConvertibleTo(uint16s) {
		return nil, false
	}
	units := r.Convert(uint16s).Interface().([]uint16)
	if len(units) == 0 {
		return nil, true
	}
	return units[1:], true // the marker
}

// decodeUnit is the rune of the non-ASCII unit at *i, a surrogate pair
// (*i then moves past its second unit) or U+FFFD for a lone surrogate.
func decodeUnit(units []uint16, i *int) rune {
	c := units[*i]
	r := rune(c)
	if !utf16.IsSurrogate(r) {
		return r
	}
	if *i+1 < len(units) && c < 0xDC00 && units[*i+1] >= 0xDC00 && units[*i+1] < 0xE000 {
		*i++
		return utf16.DecodeRune(r, rune(units[*i]))
	}
	return unicode.ReplacementChar
}
