package ssr

import (
	"math"
	"reflect"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// scriptJSON writes the JSON of the values islands' props are made of
// (objects, arrays, strings, numbers, booleans, null, and the props the
// decoder made) in Go, as the runtime's JSON.stringify writes them and
// with scriptSafe's escapes (__goJSON). goja's JSON.stringify builds the
// text in UTF-16 when it holds Cyrillic, which __goJSON then turned back
// into UTF-8: the islands' props were a sixteenth of a warm listing's
// render. Anything else (a toJSON method, a boxed primitive, a Go value,
// a BigInt, a cycle) is left to JSON.stringify: ok is false.
type scriptJSON struct {
	b     []byte
	depth int
	// omit is a key the outermost object is written without ("" for none).
	omit string
}

// maxScriptJSONDepth bounds the nesting written here (props are a few
// levels deep); deeper, or a cycle, goes to JSON.stringify.
const maxScriptJSONDepth = 200

var (
	plainObjectType = reflect.TypeOf(map[string]any(nil))
	plainArrayType  = reflect.TypeOf([]any(nil))
	lazyCardPtrType = reflect.TypeOf((*lazyCard)(nil))
	dataObjectPtr   = reflect.TypeOf((*dataObject)(nil))
)

// text is v's JSON, or ok=false. An undefined v (or a function, a
// symbol) writes "null", as __goJSON answers for JSON.stringify's
// undefined.
func (j *scriptJSON) text(v goja.Value, omit string) (string, bool) {
	j.b, j.depth, j.omit = j.b[:0], 0, omit
	written, ok := j.value(v)
	if !ok {
		return "", false
	}
	if !written {
		return "null", true
	}
	return string(j.b), true
}

// value appends v's JSON; written is false for what JSON.stringify
// leaves out (undefined, functions, symbols), having appended nothing.
func (j *scriptJSON) value(v goja.Value) (written, ok bool) {
	switch {
	case v == nil || goja.IsUndefined(v):
		return false, true
	case goja.IsNull(v):
		j.b = append(j.b, "null"...)
		return true, true
	}
	switch x := v.(type) {
	case goja.String:
		j.quote(x)
		return true, true
	case *goja.Symbol:
		return false, true
	case *goja.Object:
		return j.object(x)
	}
	switch v.ExportType() {
	case boolType:
		if v.ToBoolean() {
			j.b = append(j.b, "true"...)
		} else {
			j.b = append(j.b, "false"...)
		}
		return true, true
	case intType:
		j.b = append(j.b, v.String()...)
		return true, true
	case floatType:
		if f := v.ToFloat(); math.IsNaN(f) || math.IsInf(f, 0) {
			j.b = append(j.b, "null"...)
		} else {
			j.b = append(j.b, v.String()...)
		}
		return true, true
	}
	return false, false // a BigInt, or what this does not know
}

func (j *scriptJSON) object(o *goja.Object) (written, ok bool) {
	if _, fn := goja.AssertFunction(o); fn {
		return false, true
	}
	typ := o.ExportType()
	array := typ == plainArrayType && o.ClassName() == "Array"
	if !array && (o.ClassName() != "Object" || typ != plainObjectType && typ != dataObjectPtr && typ != lazyCardPtrType) {
		return false, false
	}
	if toJSON := o.Get("toJSON"); toJSON != nil && !goja.IsUndefined(toJSON) {
		if _, fn := goja.AssertFunction(toJSON); fn {
			return false, false
		}
	}
	// A cycle runs into the bound too, and JSON.stringify throws its TypeError.
	if j.depth >= maxScriptJSONDepth {
		return false, false
	}
	j.depth++
	defer func() { j.depth-- }()
	if array {
		n := o.Get("length").ToInteger()
		j.b = append(j.b, '[')
		for i := int64(0); i < n; i++ {
			if i > 0 {
				j.b = append(j.b, ',')
			}
			written, ok := j.value(o.Get(strconv.FormatInt(i, 10)))
			if !ok {
				return false, false
			}
			if !written {
				j.b = append(j.b, "null"...)
			}
		}
		j.b = append(j.b, ']')
		return true, true
	}
	j.b = append(j.b, '{')
	first := true
	for _, key := range o.Keys() {
		if j.depth == 1 && key == j.omit {
			continue
		}
		mark := len(j.b)
		if !first {
			j.b = append(j.b, ',')
		}
		j.quoteGo(key)
		j.b = append(j.b, ':')
		written, ok := j.value(o.Get(key))
		if !ok {
			return false, false
		}
		if !written {
			j.b = j.b[:mark]
			continue
		}
		first = false
	}
	j.b = append(j.b, '}')
	return true, true
}

// quote appends s as a JSON string: UTF-16 read in place (a lone
// surrogate escaped, as JSON.stringify writes it), else its Go text.
func (j *scriptJSON) quote(s goja.String) {
	units, ok := utf16Units(s)
	if !ok {
		j.quoteGo(s.String())
		return
	}
	j.b = append(j.b, '"')
	for i := 0; i < len(units); i++ {
		c := rune(units[i])
		if utf16.IsSurrogate(c) {
			if c < 0xDC00 && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] < 0xE000 {
				j.char(utf16.DecodeRune(c, rune(units[i+1])))
				i++
				continue
			}
			j.b = append(j.b, `\u`...)
			j.b = append(j.b, hexDigits[c>>12], hexDigits[(c>>8)&0xF], hexDigits[(c>>4)&0xF], hexDigits[c&0xF])
			continue
		}
		j.char(c)
	}
	j.b = append(j.b, '"')
}

// quoteGo appends s (UTF-8; a byte that is not decodes as U+FFFD) as a JSON string.
func (j *scriptJSON) quoteGo(s string) {
	j.b = append(j.b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			j.char(rune(c))
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		j.char(r)
		i += n
	}
	j.b = append(j.b, '"')
}

const hexDigits = "0123456789abcdef"

// char appends r inside a JSON string: JSON.stringify's escapes, then
// scriptSafe's (<, >, &, U+2028, U+2029).
func (j *scriptJSON) char(r rune) {
	switch r {
	case '"', '\\':
		j.b = append(j.b, '\\', byte(r))
	case '\b':
		j.b = append(j.b, `\b`...)
	case '\t':
		j.b = append(j.b, `\t`...)
	case '\n':
		j.b = append(j.b, `\n`...)
	case '\f':
		j.b = append(j.b, `\f`...)
	case '\r':
		j.b = append(j.b, `\r`...)
	case '<':
		j.b = append(j.b, `\u003c`...)
	case '>':
		j.b = append(j.b, `\u003e`...)
	case '&':
		j.b = append(j.b, `\u0026`...)
	case '\u2028':
		j.b = append(j.b, `\u2028`...)
	case '\u2029':
		j.b = append(j.b, `\u2029`...)
	default:
		if r < 0x20 {
			j.b = append(j.b, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xF])
			return
		}
		j.b = utf8.AppendRune(j.b, r)
	}
}
