package ssr

import (
	"unsafe"

	"github.com/dop251/goja"
)

// sink is a render's output held in Go (client/staticRender.ts Render.out,
// made by __goSink): the script pushes strings into it as into an array,
// and the Go writers (plainwalk.go, templatewalk.go) append their UTF-8
// to it as it is. A card's or a page's HTML then reaches Go (the fragment
// store, the engine's answer) without being joined into one UTF-16 string
// in the script and converted back: every byte the Go writers wrote used
// to cross into the script and back, and the joins were a tenth of a cold
// listing's render.
type sink struct {
	// heads are the texts unshift prepended, the last one first in the
	// output: a page's head and doctype go before its body without
	// copying the body.
	heads [][]byte
	b     []byte
	m     *sinkMethods
	// released: the engine took the text and gave b back (release).
	released bool
}

// sinkMethods are a runtime's functions of every sink: push(...texts),
// unshift(...texts) (prepends) and join(separator) (the text, for the
// callers that need a string; the separator is ignored, as every caller
// joins with ""); and the buffers of released sinks, which the next
// sinks of the runtime write into.
type sinkMethods struct {
	push, unshift, join goja.Value
	spare               [][]byte
}

// Spare buffers a runtime keeps: a page's and a card's, and room for a
// nested render; a buffer larger than maxSpareBuffer (an unusually large
// page) is left to the collector rather than held.
const (
	maxSpareBuffers = 4
	maxSpareBuffer  = 1 << 20
)

// installSinks gives rt __goSink(), which makes an empty sink.
func installSinks(rt *goja.Runtime) {
	m := &sinkMethods{}
	m.push = rt.ToValue(func(call goja.FunctionCall) goja.Value {
		s := mustSink(rt, call.This)
		for _, a := range call.Arguments {
			s.b = appendText(s.b, a)
		}
		return goja.Undefined()
	})
	m.unshift = rt.ToValue(func(call goja.FunctionCall) goja.Value {
		s := mustSink(rt, call.This)
		var head []byte
		for _, a := range call.Arguments {
			head = appendText(head, a)
		}
		s.heads = append(s.heads, head)
		return goja.Undefined()
	})
	m.join = rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(mustSink(rt, call.This).String())
	})
	_ = rt.Set("__goSink", func(goja.FunctionCall) goja.Value {
		s := &sink{m: m}
		if n := len(m.spare); n > 0 {
			s.b, m.spare = m.spare[n-1], m.spare[:n-1]
		}
		return rt.NewDynamicObject(s)
	})
}

// Len is the length of the sink's text.
func (s *sink) Len() int {
	n := len(s.b)
	for _, h := range s.heads {
		n += len(h)
	}
	return n
}

// appendTo appends the sink's text to dst.
func (s *sink) appendTo(dst []byte) []byte {
	for i := len(s.heads) - 1; i >= 0; i-- {
		dst = append(dst, s.heads[i]...)
	}
	return append(dst, s.b...)
}

// String is the sink's text.
func (s *sink) String() string {
	if len(s.heads) == 0 {
		return string(s.b)
	}
	return string(s.appendTo(make([]byte, 0, s.Len())))
}

// release gives the sink's buffer to the runtime's next sink, once its
// text was copied out; the script never writes to a released sink (a
// card's or a page's render has returned it), and one that did would
// throw.
func (s *sink) release() {
	if cap(s.b) <= maxSpareBuffer && len(s.m.spare) < maxSpareBuffers {
		s.m.spare = append(s.m.spare, s.b[:0])
	}
	s.b, s.heads, s.released = nil, nil, true
}

// sinkOf is v's sink, if v is one.
func sinkOf(v goja.Value) (*sink, bool) { return heldIn[*sink](v) }

func mustSink(rt *goja.Runtime, v goja.Value) *sink {
	s, ok := sinkOf(v)
	if !ok {
		panic(rt.NewTypeError("a sink's method called on another object"))
	}
	if s.released {
		panic(rt.NewTypeError("a sink written after the engine took its text"))
	}
	return s
}

// takeText is v's text in UTF-8, a sink's or a string's, for a text the
// script is done with: a sink's text is copied out once and its buffer
// goes to the runtime's next sink.
func takeText(v goja.Value) string {
	s, ok := sinkOf(v)
	if !ok {
		return utf8Of(v)
	}
	text := s.String()
	s.release()
	return text
}

// pageText is a render's answer with its cards spliced in, made in one
// buffer of the page's size: from a sink, its heads and body are copied
// once, and its buffer goes to the runtime's next sink.
func pageText(res goja.Value, cards []string) string {
	s, ok := sinkOf(res)
	if !ok {
		return splice(utf8Of(res), cards)
	}
	n := s.Len()
	for _, c := range cards {
		n += len(c)
	}
	page := make([]byte, 0, n)
	for i := len(s.heads) - 1; i >= 0; i-- {
		page = appendSpliced(page, s.heads[i], cards)
	}
	page = appendSpliced(page, s.b, cards)
	s.release()
	// page is never written again: the string shares its bytes.
	return unsafe.String(unsafe.SliceData(page), len(page))
}

// appendText appends v as Array.prototype.join writes an element: nothing
// for null and undefined, a string's text, anything else converted.
func appendText(b []byte, v goja.Value) []byte {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return b
	}
	if s, ok := v.(goja.String); ok {
		return appendUTF8(b, s)
	}
	return append(b, v.String()...)
}

// The DynamicObject methods: a sink has its methods and nothing else.

func (s *sink) Get(key string) goja.Value {
	switch key {
	case "push":
		return s.m.push
	case "unshift":
		return s.m.unshift
	case "join":
		return s.m.join
	}
	return nil
}

func (s *sink) Set(string, goja.Value) bool { return false }
func (s *sink) Has(key string) bool         { return s.Get(key) != nil }
func (s *sink) Delete(string) bool          { return false }
func (s *sink) Keys() []string              { return nil }
