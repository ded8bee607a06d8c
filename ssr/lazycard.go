package ssr

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// A card in a list (an object with a "fragment" string: server/catalog's
// DoctorCard, ClinicCard) is decoded member by member as the script reads
// it. A page whose card HTML is held (fragments, warm from Redis) reads
// only the card's fragment and id (client/components/fragment.tsx), and
// decoding the rest was an eighth of a warm listing's render; a cold
// card reads nearly all of it, once, as before. The text is checked as
// decodeProps checks it before the card is made, so a member read later
// cannot fail.

// lazySource is the text the lazy cards of one decode read from: the
// caller's props, which Engine.Render's caller must not change.
type lazySource struct {
	rt   *goja.Runtime
	data []byte
	keys map[string]string
	// names and values are the decoder's stacks, kept from read to read.
	names  []string
	values []goja.Value
}

// lazyCard is a card's members (a dataObject's names and values, a value
// nil until read) and where each value starts in the source: starts
// covers the members the text had, in their order.
type lazyCard struct {
	dataObject
	src    *lazySource
	depth  int
	starts []int32
}

func (o *lazyCard) Get(key string) goja.Value {
	i := slices.Index(o.names, key)
	if i < 0 {
		return nil
	}
	if o.values[i] == nil && i < len(o.starts) {
		src := o.src
		d := propsDecoder{rt: src.rt, data: src.data, keys: src.keys, i: int(o.starts[i]), names: src.names, values: src.values}
		v, err := d.value(o.depth + 1)
		src.names, src.values = d.names[:0], d.values[:0]
		if err != nil {
			// Checked when the card was made (lazyCardAt): the text
			// changed under the render.
			panic(o.src.rt.NewGoError(err))
		}
		o.values[i] = v
	}
	return o.values[i]
}

// Delete is dataObject's, keeping starts beside the names.
func (o *lazyCard) Delete(key string) bool {
	if i := slices.Index(o.names, key); i >= 0 && i < len(o.starts) {
		o.starts = slices.Delete(o.starts, i, i+1)
	}
	return o.dataObject.Delete(key)
}

// lazyCardAt reads the object at d.i as a lazy card if it is one: a
// non-empty "fragment" string, no key twice (JSON.parse keeps the last
// value in the first place) and no card inside it (whose seal the engine
// must know before the render). Otherwise ok is false and d.i is where it
// was: the caller decodes the object as any other.
func (d *propsDecoder) lazyCardAt(depth int) (v goja.Value, ok bool, err error) {
	start := d.i
	rewind := func() (goja.Value, bool, error) { d.i = start; return nil, false, nil }
	if depth > maxPropsDepth {
		return rewind()
	}
	d.i++ // {
	// The members' names and starts go onto the decoder's stacks first.
	mark, startsMark := len(d.names), len(d.starts)
	defer func() { d.names, d.starts = d.names[:mark], d.starts[:startsMark] }()
	kind, kindAt := "", -1
	for {
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != '"' {
			return rewind() // {} or broken: the decoder says which
		}
		key, err := d.key()
		if err != nil {
			return nil, false, err
		}
		d.space()
		if d.i >= len(d.data) || d.data[d.i] != ':' {
			return nil, false, d.fail("expected ':'")
		}
		d.i++
		d.space()
		at := d.i
		if key == fragmentField && d.i < len(d.data) && d.data[d.i] == '"' {
			if kind, err = d.str(); err != nil {
				return nil, false, err
			}
			kindAt = len(d.names) - mark
		} else {
			inner, err := d.skip(depth + 1)
			if err != nil {
				return nil, false, err
			}
			if inner {
				return rewind()
			}
		}
		if slices.Contains(d.names[mark:], key) || at > 1<<31-1 {
			return rewind()
		}
		d.names, d.starts = append(d.names, key), append(d.starts, int32(at))
		done, err := d.after('}')
		if err != nil {
			return nil, false, err
		}
		if done {
			break
		}
	}
	if kind == "" {
		return rewind()
	}
	seal := sealFragment(kind, d.data[start:d.i])
	d.sealed = append(d.sealed, seal)
	if d.lazy == nil {
		d.lazy = &lazySource{rt: d.rt, data: d.data, keys: d.keys}
	}
	names := d.names[mark:]
	values := make([]goja.Value, len(names))
	values[kindAt] = d.rt.ToValue(seal)
	card := &lazyCard{dataObject: dataObject{names: d.shape(names), values: values}, src: d.lazy, depth: depth, starts: slices.Clone(d.starts[startsMark:])}
	return d.rt.NewDynamicObject(card), true, nil
}

// skip moves past the value at d.i, checking it as value would, making
// nothing; card reports a "fragment" key in an object within it.
func (d *propsDecoder) skip(depth int) (card bool, err error) {
	if d.i >= len(d.data) {
		return false, d.fail("unexpected end")
	}
	if depth > maxPropsDepth {
		return false, d.fail("nested too deeply")
	}
	switch c := d.data[d.i]; {
	case c == '{':
		d.i++
		d.space()
		if d.i < len(d.data) && d.data[d.i] == '}' {
			d.i++
			return false, nil
		}
		for {
			d.space()
			if d.i >= len(d.data) || d.data[d.i] != '"' {
				return false, d.fail("expected a key")
			}
			key, err := d.key()
			if err != nil {
				return false, err
			}
			card = card || key == fragmentField
			d.space()
			if d.i >= len(d.data) || d.data[d.i] != ':' {
				return false, d.fail("expected ':'")
			}
			d.i++
			d.space()
			inner, err := d.skip(depth + 1)
			if err != nil {
				return false, err
			}
			card = card || inner
			if done, err := d.after('}'); err != nil || done {
				return card, err
			}
		}
	case c == '[':
		d.i++
		d.space()
		if d.i < len(d.data) && d.data[d.i] == ']' {
			d.i++
			return false, nil
		}
		for {
			d.space()
			inner, err := d.skip(depth + 1)
			if err != nil {
				return false, err
			}
			card = card || inner
			if done, err := d.after(']'); err != nil || done {
				return card, err
			}
		}
	case c == '"':
		return false, d.skipString()
	case c == 't':
		return false, d.word("true")
	case c == 'f':
		return false, d.word("false")
	case c == 'n':
		return false, d.word("null")
	case c == '-' || (c >= '0' && c <= '9'):
		return false, d.skipNumber()
	}
	return false, d.fail("unexpected character")
}

// word moves past a literal, as literal reads it.
func (d *propsDecoder) word(w string) error {
	if len(d.data)-d.i < len(w) || string(d.data[d.i:d.i+len(w)]) != w {
		return d.fail("invalid literal")
	}
	d.i += len(w)
	return nil
}

// skipString moves past a string, refusing what str refuses. The escapes
// are ASCII and make whole runes, so the text is valid UTF-8 exactly
// when str's would be.
func (d *propsDecoder) skipString() error {
	start := d.i + 1
	for j := start; j < len(d.data); j++ {
		switch c := d.data[j]; {
		case c == '"':
			if !utf8.Valid(d.data[start:j]) {
				return d.fail("invalid UTF-8")
			}
			d.i = j + 1
			return nil
		case c < 0x20:
			d.i = j
			return d.fail("control character in a string")
		case c == '\\':
			if j+1 >= len(d.data) {
				d.i = len(d.data)
				return d.fail("unterminated string")
			}
			j++
			switch d.data[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				_, n := d.escapedRune(j + 1)
				if n == 0 {
					d.i = j
					return d.fail("invalid \\u escape")
				}
				j += n
			default:
				d.i = j
				return d.fail("invalid escape")
			}
		}
	}
	d.i = len(d.data)
	return d.fail("unterminated string")
}

// skipNumber moves past a number, refusing what number refuses.
func (d *propsDecoder) skipNumber() error {
	start := d.i
	for d.i < len(d.data) {
		c := d.data[d.i]
		if (c >= '0' && c <= '9') || c == '-' || c == '.' || c == 'e' || c == 'E' || c == '+' {
			d.i++
			continue
		}
		break
	}
	if _, err := strconv.ParseFloat(string(d.data[start:d.i]), 64); err != nil {
		return d.fail("invalid number")
	}
	return nil
}
