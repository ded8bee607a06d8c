package ssr

import (
	"reflect"

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
	b []byte
	m *sinkMethods
}

// sinkMethods are a runtime's functions of every sink: push(...texts),
// unshift(...texts) (prepends) and join(separator) (the text, for the
// callers that need a string; the separator is ignored, as every caller
// joins with "").
type sinkMethods struct {
	push, unshift, join goja.Value
}

var sinkType = reflect.TypeOf((*sink)(nil))

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
		s.b = append(head, s.b...)
		return goja.Undefined()
	})
	m.join = rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(string(mustSink(rt, call.This).b))
	})
	_ = rt.Set("__goSink", func(goja.FunctionCall) goja.Value {
		return rt.NewDynamicObject(&sink{m: m})
	})
}

// sinkOf is v's sink, if v is one. ExportType is a cheap test: Export of
// an array would copy it.
func sinkOf(v goja.Value) (*sink, bool) {
	o, ok := v.(*goja.Object)
	if !ok || o.ExportType() != sinkType {
		return nil, false
	}
	s, ok := o.Export().(*sink)
	return s, ok
}

func mustSink(rt *goja.Runtime, v goja.Value) *sink {
	s, ok := sinkOf(v)
	if !ok {
		panic(rt.NewTypeError("a sink's method called on another object"))
	}
	return s
}

// textOf is v's text in UTF-8: a sink's bytes, or a string's.
func textOf(v goja.Value) string {
	if s, ok := sinkOf(v); ok {
		return string(s.b)
	}
	return utf8Of(v)
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
