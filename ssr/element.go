package ssr

import (
	"fmt"
	"path/filepath"
	"reflect"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// React elements made in Go. The server bundle's jsx and jsxs (every
// element a page's components make that is not a template) are the
// engine's __goJsx: the element keeps its type, props and key in a Go
// struct, a goja DynamicObject to the script and to React, which read it
// as they read jsx's object ($$typeof, type, key, ref, props). React's
// jsx made a JavaScript object with a property map of its own for each,
// and the walkers then read its fields back by name; now the Go walker
// takes them from the struct. Outside the engine (no __goJsx) and for
// props that carry a key (jsx copies them without it), React's own jsx
// makes the element.

// goElement is an element __goJsx made.
type goElement struct {
	elementFields
	w     *plainWalker
	typ   goja.Value
	key   goja.Value
	props *goja.Object
}

func (e *goElement) Get(key string) goja.Value {
	switch key {
	case "$$typeof":
		return e.w.element
	case "type":
		return e.typ
	case "key":
		return e.key
	case "ref":
		if ref := e.props.Get("ref"); ref != nil && !goja.IsUndefined(ref) {
			return ref
		}
		return goja.Null()
	case "props":
		return e.props
	}
	return nil
}

func (e *goElement) Has(key string) bool { return e.Get(key) != nil }

// elementFields are the DynamicObject methods an element held in Go
// shares (goElement, tplElement): jsx's five fields, none to change.
type elementFields struct{}

func (elementFields) Set(string, goja.Value) bool { return false }
func (elementFields) Delete(string) bool          { return false }
func (elementFields) Keys() []string              { return []string{"$$typeof", "type", "key", "ref", "props"} }

// jsxKey is an element's key as React's jsx makes it: a string, null
// when none was given.
func jsxKey(rt *goja.Runtime, key goja.Value) goja.Value {
	if goja.IsUndefined(key) {
		return goja.Null()
	}
	return rt.ToValue(key.String())
}

// heldIn is the Go value of type T that v, a DynamicObject, holds, if it
// holds one. ExportType is a cheap test: Export of an array would copy it.
func heldIn[T any](v goja.Value) (T, bool) {
	var held T
	o, ok := v.(*goja.Object)
	if !ok || o.ExportType() != reflect.TypeFor[T]() {
		return held, false
	}
	held, ok = o.Export().(T)
	return held, ok
}

// installJSX installs __goJsx(reactJsx): it returns the jsx the bundle's
// runtime exports (jsxPlugin), reactJsx being React's, for what it leaves
// to React.
func (w *plainWalker) installJSX() {
	rt := w.rt
	_ = rt.Set("__goJsx", func(call goja.FunctionCall) goja.Value {
		react, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(rt.NewTypeError("__goJsx: React's jsx"))
		}
		return rt.ToValue(func(call goja.FunctionCall) goja.Value {
			config, ok := call.Argument(1).(*goja.Object)
			if !ok || config.Get("key") != nil {
				v, err := react(goja.Undefined(), call.Arguments...)
				if err != nil {
					panic(err)
				}
				return v
			}
			e := &goElement{w: w, typ: call.Argument(0), key: jsxKey(rt, call.Argument(2)), props: config}
			return rt.NewDynamicObject(e)
		})
	})
}

// jsxRuntime is the module the server bundle imports as react/jsx-runtime.
const jsxRuntime = `import { jsx as reactJsx, Fragment } from %q;
export { Fragment };
export const jsx = typeof __goJsx === "function" ? __goJsx(reactJsx) : reactJsx;
export const jsxs = jsx;
`

// jsxPlugin gives the server bundle the engine's jsx (goElement) for
// react/jsx-runtime; React's own runtime stays beneath it.
func jsxPlugin(root string) api.Plugin {
	react := filepath.Join(root, "node_modules", "react", "jsx-runtime.js")
	return api.Plugin{
		Name: "sogliq-jsx",
		Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `^react/jsx-runtime$`}, func(api.OnResolveArgs) (api.OnResolveResult, error) {
				return api.OnResolveResult{Path: "jsx-runtime", Namespace: "sogliq-jsx"}, nil
			})
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "sogliq-jsx"}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
				src := fmt.Sprintf(jsxRuntime, filepath.ToSlash(react))
				return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: root}, nil
			})
		},
	}
}
