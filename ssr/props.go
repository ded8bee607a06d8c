package ssr

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// decodeProps turns a page's props (JSON) into the runtime's values, as
// JSON.parse would: goja's JSON.parse reads through encoding/json's token
// stream, which cost most of its time (and a tenth of a cold listing's
// render); this reads the bytes directly. Object keys are interned in
// keys, since every page repeats the same few hundred.
//
// An object with a "fragment" string (a card's kind, server/catalog) is
// sealed: the string becomes kind|hash, the hash of the object's JSON as
// sent, so that the card's fragment key (fragment.tsx) follows from its
// data without JSON.stringify in the runtime, and the engine knows the
// page's cards before it renders (sealed, to fetch them from Redis).
func decodeProps(rt *goja.Runtime, data []byte, keys map[string]string) (decoded, error) {
	d := propsDecoder{rt: rt, data: data, keys: keys}
	d.space()
	v, err := d.value(0)
	if err != nil {
		return decoded{}, err
	}
	d.space()
	if d.i != len(d.data) {
		return decoded{}, d.fail("trailing data")
	}
	return decoded{value: v, sealed: d.sealed, lang: d.lang}, nil
}

// decoded is what decodeProps read: the props, the cards it sealed and
// the page's language (the top-level "lang").
type decoded struct {
	value  goja.Value
	sealed []string
	lang   string
}

// cardKeys are the fragment keys the page's cards will ask for
// (fragment.tsx sealedKey: seal|lang|variant), with both variants a
// card has ("" and "priced").
func (d decoded) cardKeys(build string) []string {
	if d.lang == "" {
		return nil
	}
	keys := make([]string, 0, 2*len(d.sealed))
	for _, seal := range d.sealed {
		kind, _, _ := strings.Cut(seal, "|")
		for _, variant := range []string{"", "priced"} {
			keys = append(keys, fragmentKey(build, kind, seal+"|"+d.lang+"|"+variant))
		}
	}
	return keys
}

// fragmentField is the key of a card's kind (catalog.DoctorCard).
const fragmentField = "fragment"

// sealFragment is kind|the first 16 bytes of the SHA-256 of the card's JSON, in hex.
func sealFragment(kind string, card []byte) string {
	sum := sha256.Sum256(card)
	return kind + "|" + hex.EncodeToString(sum[:16])
}

// maxPropsDepth bounds nesting, as encoding/json does.
const maxPropsDepth = 10000

var errProps = errors.New("ssr: props are not valid JSON")

type propsDecoder struct {
	rt     *goja.Runtime
	data   []byte
	i      int
	keys   map[string]string
	sealed []string
	lang   string
	// names and values are the members of the objects being read;
	// shapes the names of the objects read so far.
	names  []string
	values []goja.Value
	shapes [][]string
	// lazy is what the lists' cards are read from, starts a stack of
	// where their members start (lazycard.go).
	lazy   *lazySource
	starts []int32
}

func (d *propsDecoder) fail(what string) error {
	return fmt.Errorf("%w: %s at byte %d", errProps, what, d.i)
}

func (d *propsDecoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *propsDecoder) value(depth int) (goja.Value, error) {
	if d.i >= len(d.data) {
		return nil, d.fail("unexpected end")
	}
	if depth > maxPropsDepth {
		return nil, d.fail("nested too deeply")
	}
	switch c := d.data[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		s, err := d.str()
		if err != nil {
			return nil, err
		}
		return d.rt.ToValue(s), nil
	case c == 't':
		return d.literal("true", d.rt.ToValue(true))
	case c == 'f':
		return d.literal("false", d.rt.ToValue(false))
	case c == 'n':
		return d.literal("null", goja.Null())
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	}
	return nil, d.fail("unexpected character")
}

func (d *propsDecoder) literal(word string, v goja.Value) (goja.Value, error) {
	if len(d.data)-d.i < len(word) || string(d.data[d.i:d.i+len(word)]) != word {
		return nil, d.fail("invalid literal")
	}
	d.i += len(word)
	return v, nil
}

func (d *propsDecoder) object(depth int) (goja.Value, error) {
	start := d.i
	kind := ""
	d.i++ // {
	d.space()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		return d.rt.NewObject(), nil
	}
	// The members go onto the decoder's stacks (nested objects push and
	// pop above them), then into the object.
	mark := len(d.names)
	defer func() { d.names, d.values = d.names[:mark], d.values[:mark] }()
	for {
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return nil, d.fail("expected a key")
		}
		key, err := d.key()
		if err != nil {
			return nil, err
		}
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return nil, d.fail("expected ':'")
		}
		d.i++
		d.space()
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		switch {
		case key == fragmentField:
			if s, ok := v.Export().(string); ok && s != "" {
				kind = s
			}
		case key == "lang" && depth == 0:
			d.lang, _ = v.Export().(string)
		}
		if i := slices.Index(d.names[mark:], key); i >= 0 {
			d.values[mark+i] = v // JSON.parse: the last value, in the first place
		} else {
			d.names, d.values = append(d.names, key), append(d.values, v)
		}
		done, err := d.after('}')
		if err != nil {
			return nil, err
		}
		if !done {
			continue
		}
		if kind != "" {
			seal := sealFragment(kind, d.data[start:d.i])
			d.sealed = append(d.sealed, seal)
			d.values[mark+slices.Index(d.names[mark:], fragmentField)] = d.rt.ToValue(seal)
		}
		return d.newObject(d.names[mark:], d.values[mark:])
	}
}

// newObject makes the object of the members names and values: a
// dataObject, unless a name is an array index (the runtime orders those
// first; an object of its own keeps JSON.parse's order).
func (d *propsDecoder) newObject(names []string, values []goja.Value) (goja.Value, error) {
	for _, name := range names {
		if isArrayIndex(name) {
			obj := d.rt.NewObject()
			for i, name := range names {
				// An own property whatever its name, as JSON.parse
				// makes it: Set would give "__proto__" a prototype.
				if err := obj.DefineDataProperty(name, values[i], goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
					return nil, err
				}
			}
			return obj, nil
		}
	}
	return d.rt.NewDynamicObject(&dataObject{names: d.shape(names), values: slices.Clone(values)}), nil
}

// shape is names as an earlier object of the page had them, if one did:
// a listing's cards share one slice of names.
func (d *propsDecoder) shape(names []string) []string {
	for _, s := range d.shapes {
		if slices.Equal(s, names) {
			return s
		}
	}
	s := slices.Clip(slices.Clone(names))
	if len(d.shapes) < maxShapes {
		d.shapes = append(d.shapes, s)
	}
	return s
}

// maxShapes bounds the shapes a decode compares an object's names with.
const maxShapes = 32

// isArrayIndex reports whether name is a canonical array index ("0", "12").
func isArrayIndex(name string) bool {
	if name == "" || len(name) > 10 || (name[0] == '0' && len(name) > 1) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseUint(name, 10, 32)
	return err == nil && n < 1<<32-1
}

// dataObject is an object of the props as decodeProps makes it: its own
// properties in JSON's order, held in two slices (names shared by the
// objects of one shape, copied before a change). A goja object kept a
// property map and a slice of names for each: a fifth of what a cold
// listing's render allocated was its props. The script reads, writes,
// spreads and enumerates it as the object JSON.parse makes.
type dataObject struct {
	names  []string
	values []goja.Value
}

func (o *dataObject) Get(key string) goja.Value {
	if i := slices.Index(o.names, key); i >= 0 {
		return o.values[i]
	}
	return nil
}

func (o *dataObject) Set(key string, v goja.Value) bool {
	if i := slices.Index(o.names, key); i >= 0 {
		o.values[i] = v
		return true
	}
	o.names = append(slices.Clip(o.names), key) // a copy: the names may be shared
	o.values = append(o.values, v)
	return true
}

func (o *dataObject) Has(key string) bool { return slices.Contains(o.names, key) }

func (o *dataObject) Delete(key string) bool {
	if i := slices.Index(o.names, key); i >= 0 {
		o.names = slices.Delete(slices.Clone(o.names), i, i+1)
		o.values = slices.Delete(o.values, i, i+1)
	}
	return true
}

func (o *dataObject) Keys() []string { return o.names }

// after reads what follows a member of an object or an array: a comma
// (more follow) or closer (done).
func (d *propsDecoder) after(closer byte) (done bool, err error) {
	d.space()
	if d.i >= len(d.data) {
		return false, d.fail("unexpected end")
	}
	switch d.data[d.i] {
	case ',':
		d.i++
		return false, nil
	case closer:
		d.i++
		return true, nil
	}
	return false, d.fail("expected ',' or '" + string(closer) + "'")
}

func (d *propsDecoder) array(depth int) (goja.Value, error) {
	d.i++ // [
	d.space()
	var items []any
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		return d.rt.NewArray(), nil
	}
	// A list of cards is read card by card as the script asks
	// (lazycard.go); a list whose first object is not a card is not
	// tried further.
	cards := true
	for {
		d.space()
		var v goja.Value
		var err error
		lazy := false
		if cards && d.i < len(d.data) && d.data[d.i] == '{' {
			if v, lazy, err = d.lazyCardAt(depth + 1); err != nil {
				return nil, err
			}
			cards = lazy
		}
		if !lazy {
			if v, err = d.value(depth + 1); err != nil {
				return nil, err
			}
		}
		items = append(items, v)
		done, err := d.after(']')
		if err != nil {
			return nil, err
		}
		if done {
			return d.rt.NewArray(items...), nil
		}
	}
}

// key reads an object key, interned.
func (d *propsDecoder) key() (string, error) {
	start := d.i + 1
	for j := start; j < len(d.data); j++ {
		c := d.data[j]
		if c == '"' {
			raw := d.data[start:j]
			if k, ok := d.keys[string(raw)]; ok {
				d.i = j + 1
				return k, nil
			}
			k := string(raw)
			if len(d.keys) < 4096 {
				d.keys[k] = k
			}
			d.i = j + 1
			return k, nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	return d.str()
}

// str reads a string: its bytes as they are when nothing is escaped.
func (d *propsDecoder) str() (string, error) {
	start := d.i + 1
	j := start
	for ; j < len(d.data); j++ {
		c := d.data[j]
		if c == '"' {
			s := d.data[start:j]
			if !utf8.Valid(s) {
				return "", d.fail("invalid UTF-8")
			}
			d.i = j + 1
			return string(s), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	buf := append([]byte(nil), d.data[start:j]...)
	for j < len(d.data) {
		c := d.data[j]
		switch {
		case c == '"':
			if !utf8.Valid(buf) {
				return "", d.fail("invalid UTF-8")
			}
			d.i = j + 1
			return string(buf), nil
		case c < 0x20:
			d.i = j
			return "", d.fail("control character in a string")
		case c != '\\':
			buf = append(buf, c)
			j++
			continue
		}
		if j+1 >= len(d.data) {
			break
		}
		j++
		switch e := d.data[j]; e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, n := d.escapedRune(j + 1)
			if n == 0 {
				d.i = j
				return "", d.fail("invalid \\u escape")
			}
			buf = utf8.AppendRune(buf, r)
			j += n
		default:
			d.i = j
			return "", d.fail("invalid escape")
		}
		j++
	}
	d.i = j
	return "", d.fail("unterminated string")
}

// escapedRune reads the four hex digits at i (and a low surrogate's
// escape after a high one), returning the rune and the bytes read after
// the 'u'; a lone surrogate becomes U+FFFD, as Go's decoder makes it.
func (d *propsDecoder) escapedRune(i int) (rune, int) {
	hex := func(at int) (rune, bool) {
		if at+4 > len(d.data) {
			return 0, false
		}
		v, err := strconv.ParseUint(string(d.data[at:at+4]), 16, 32)
		return rune(v), err == nil
	}
	r, ok := hex(i)
	if !ok {
		return 0, 0
	}
	if utf16.IsSurrogate(r) {
		if i+10 <= len(d.data) && d.data[i+4] == '\\' && d.data[i+5] == 'u' {
			if lo, ok := hex(i + 6); ok {
				if dec := utf16.DecodeRune(r, lo); dec != utf8.RuneError {
					return dec, 10
				}
			}
		}
		return utf8.RuneError, 4
	}
	return r, 4
}

func (d *propsDecoder) number() (goja.Value, error) {
	start := d.i
	integer := true
	for d.i < len(d.data) {
		c := d.data[d.i]
		if (c >= '0' && c <= '9') || c == '-' {
			d.i++
			continue
		}
		if c == '.' || c == 'e' || c == 'E' || c == '+' {
			integer = false
			d.i++
			continue
		}
		break
	}
	text := string(d.data[start:d.i])
	if integer {
		if n, err := strconv.ParseInt(text, 10, 64); err == nil && n > -1<<53 && n < 1<<53 {
			return d.rt.ToValue(n), nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, d.fail("invalid number")
	}
	return d.rt.ToValue(f), nil
}
