package ssr

import (
	"errors"
	"strconv"

	"github.com/dop251/goja"
)

// The Go writer of templates (templates.go; client/staticRender.ts tpl):
// a template's ops are given once, when its module loads
// (__goTemplateDef), and each render of it writes the markup and reads
// only its holes, its children going through the walker of plain
// elements (plainwalk.go). In the script, the op loop, the attribute
// rules and the escaping of every hole's text cost more than the
// elements the templates saved.

// tplOp is one op of a template: markup, text, a child or an attribute.
type tplOp struct {
	kind int    // opMarkup, opText, opChild, opAttr or opHref
	s    string // the markup, the escaped text, or the attribute's prop name
	attr string // the attribute's name as written (plainRule)
	rule int    // how writeAttr writes the attribute
	hole int    // the hole's index
}

// tplElement is a template's element as __goTpl makes it (the script's
// tpl with the engine): its template's number, its holes' values and its
// key, held in Go, where the walkers read them without a lookup. The
// script and React see a React element (Get); its props, the holes array
// carrying the template as d (staticRender.ts TemplateProps), are made
// only if they ask for them: a fallback to React, a cloneElement. A
// template written this way costs no holes array, no element object and
// no props, three objects with their property maps for every template a
// render makes.
type tplElement struct {
	elementFields
	w     *plainWalker
	id    int
	def   goja.Value
	key   goja.Value
	holes []goja.Value
	props *goja.Object
}

func (e *tplElement) Get(key string) goja.Value {
	switch key {
	case "$$typeof":
		return e.w.element
	case "type":
		return e.w.template
	case "key":
		return e.key
	case "ref":
		return goja.Null()
	case "props":
		if e.props == nil {
			items := make([]any, len(e.holes))
			for i, h := range e.holes {
				items[i] = h
			}
			e.props = e.w.rt.NewArray(items...)
			_ = e.props.Set("d", e.def)
		}
		return e.props
	}
	return nil
}

func (e *tplElement) Has(key string) bool { return e.Get(key) != nil }

// errTemplateOps is what __goTemplateDef refuses: ops not shaped as
// staticRender.ts tplDef writes them.
var errTemplateOps = errors.New("ops not shaped as tplDef writes them")

// opMarkup is markup in the ops tplDef prepares (a string in the script).
const opMarkup = 0

// installTemplates installs __goTemplates, __goTemplateDef and
// __goTemplate in rt, for w.
func (w *plainWalker) installTemplates() {
	rt := w.rt
	_ = rt.Set("__goTemplates", func(call goja.FunctionCall) goja.Value {
		w.template, _ = call.Argument(0).(*goja.Object)
		w.attribute, _ = goja.AssertFunction(call.Argument(1))
		return goja.Undefined()
	})
	_ = rt.Set("__goTemplateDef", func(call goja.FunctionCall) goja.Value {
		var raw []any
		if err := rt.ExportTo(call.Argument(0), &raw); err != nil {
			panic(rt.NewTypeError("__goTemplateDef: " + err.Error()))
		}
		ops, err := templateOps(raw)
		holes := int(call.Argument(1).ToInteger())
		if err == nil && holes < holeCount(ops) {
			err = errTemplateOps
		}
		if err != nil {
			panic(rt.NewTypeError("__goTemplateDef: " + err.Error()))
		}
		w.templates = append(w.templates, ops)
		w.holes = append(w.holes, holes)
		return rt.ToValue(len(w.templates) - 1)
	})
	// __goTpl(def, ...holes, key) is the script's tpl: the element, held
	// in Go (tplElement).
	_ = rt.Set("__goTpl", func(call goja.FunctionCall) goja.Value {
		def, _ := call.Argument(0).(*goja.Object)
		if def == nil || w.template == nil {
			panic(rt.NewTypeError("__goTpl: a template, after __goTemplates"))
		}
		id := int(def.Get("id").ToInteger())
		if id < 0 || id >= len(w.templates) {
			panic(rt.NewTypeError("__goTpl: a template the engine does not hold"))
		}
		n := w.holes[id]
		e := &tplElement{w: w, id: id, def: def, holes: make([]goja.Value, n)}
		for i := range n {
			e.holes[i] = call.Argument(1 + i)
		}
		e.key = jsxKey(rt, call.Argument(1+n))
		return rt.NewDynamicObject(e)
	})
	_ = rt.Set("__goTemplate", func(call goja.FunctionCall) goja.Value {
		render, ok1 := call.Argument(0).(*goja.Object)
		holes, ok2 := call.Argument(2).(*goja.Object)
		id := int(call.Argument(1).ToInteger())
		if !ok1 || !ok2 || id < 0 || id >= len(w.templates) {
			panic(rt.NewTypeError("__goTemplate: a render, a template's number and its holes"))
		}
		defer w.failed()
		w.writeTemplate(render, id, w.holesOf(id, holes))
		return goja.Undefined()
	})
	// __goTemplateElement(render, element) writes an element of
	// Template, false when __goTpl did not make it (the script then
	// walks it as any element).
	_ = rt.Set("__goTemplateElement", func(call goja.FunctionCall) goja.Value {
		render, ok := call.Argument(0).(*goja.Object)
		e, isTpl := heldIn[*tplElement](call.Argument(1))
		if !ok || !isTpl {
			return rt.ToValue(false)
		}
		defer w.failed()
		w.writeTemplate(render, e.id, e.holes)
		return rt.ToValue(true)
	})
}

// writeTemplate writes template id with its holes into render, a walk
// of its own.
func (w *plainWalker) writeTemplate(render *goja.Object, id int, holes []goja.Value) {
	k := w.newWalk(render)
	k.template(id, holes)
	k.flush()
	_ = render.Set("lastText", k.lastText)
}

// holesOf reads the holes of template id from an object (the holes
// array, or props a cloneElement copied): by index, as many as the
// template has.
func (w *plainWalker) holesOf(id int, o *goja.Object) []goja.Value {
	holes := make([]goja.Value, w.holes[id])
	for i := range holes {
		holes[i] = o.Get(strconv.Itoa(i))
	}
	return holes
}

// holeCount is how many holes ops read: the largest index, plus one.
func holeCount(ops []tplOp) int {
	n := 0
	for _, op := range ops {
		if op.kind == opChild || op.kind == opAttr || op.kind == opHref {
			n = max(n, op.hole+1)
		}
	}
	return n
}

// templateOps reads the ops tplDef prepared: markup (strings), then for
// each op its operands (staticRender.ts OP_*).
func templateOps(raw []any) ([]tplOp, error) {
	var ops []tplOp
	str := func(i int) (string, error) {
		if i < len(raw) {
			if s, ok := raw[i].(string); ok {
				return s, nil
			}
		}
		return "", errTemplateOps
	}
	hole := func(i int) (int, error) {
		if i < len(raw) {
			if n, ok := raw[i].(int64); ok && n >= 0 {
				return int(n), nil
			}
		}
		return 0, errTemplateOps
	}
	for i := 0; i < len(raw); i++ {
		if s, ok := raw[i].(string); ok {
			ops = append(ops, tplOp{kind: opMarkup, s: s})
			continue
		}
		kind, ok := raw[i].(int64)
		if !ok {
			return nil, errTemplateOps
		}
		op := tplOp{kind: int(kind)}
		var err error
		switch op.kind {
		case opText:
			op.s, err = str(i + 1)
			i++
		case opChild:
			op.hole, err = hole(i + 1)
			i++
		case opHref:
			op.s, op.rule, op.attr = "href", attrHref, "href"
			op.hole, err = hole(i + 1)
			i++
		case opAttr:
			var tag string
			if tag, err = str(i + 1); err == nil {
				if op.s, err = str(i + 2); err == nil {
					op.rule, op.attr = plainRule(tag, op.s)
					op.hole, err = hole(i + 3)
				}
			}
			i += 3
		default:
			err = errTemplateOps
		}
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// template writes template id with its holes.
func (k *walk) template(id int, holes []goja.Value) {
	for _, op := range k.w.templates[id] {
		switch op.kind {
		case opMarkup:
			k.buf.WriteString(op.s)
			k.lastText = false
		case opText:
			if k.lastText {
				k.buf.WriteString("<!-- -->")
			}
			k.buf.WriteString(op.s)
			k.lastText = true
		case opChild:
			k.node(holes[op.hole])
		case opAttr, opHref:
			v := holes[op.hole]
			if !writeAttr(k.buf, op.rule, op.attr, v) {
				k.scriptAttribute(op.s, v)
			}
		}
	}
}

// templateElement writes an element of Template met below a plain one.
func (k *walk) templateElement(props *goja.Object) bool {
	d, ok := props.Get("d").(*goja.Object)
	if !ok {
		return false
	}
	id := int(d.Get("id").ToInteger())
	if id < 0 || id >= len(k.w.templates) {
		return false
	}
	// The props are the holes (staticRender.ts TemplateProps).
	k.template(id, k.w.holesOf(id, props))
	return true
}

// scriptAttribute writes an attribute with the script's attribute, every
// rule of React's: for a prop writeAttr does not know.
func (k *walk) scriptAttribute(name string, v goja.Value) {
	k.flush()
	out := k.render.Get("out")
	if _, err := k.w.attribute(goja.Undefined(), out, k.w.rt.ToValue(name), v); err != nil {
		panic(err)
	}
}
