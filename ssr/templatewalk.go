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
	hole string // the hole's index, as Get takes it
}

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
		if err != nil {
			panic(rt.NewTypeError("__goTemplateDef: " + err.Error()))
		}
		w.templates = append(w.templates, ops)
		return rt.ToValue(len(w.templates) - 1)
	})
	_ = rt.Set("__goTemplate", func(call goja.FunctionCall) goja.Value {
		render, ok1 := call.Argument(0).(*goja.Object)
		holes, ok2 := call.Argument(2).(*goja.Object)
		id := int(call.Argument(1).ToInteger())
		if !ok1 || !ok2 || id < 0 || id >= len(w.templates) {
			panic(rt.NewTypeError("__goTemplate: a render, a template's number and its holes"))
		}
		defer w.failed()
		k := w.newWalk(render)
		k.template(id, holes)
		k.flush()
		_ = render.Set("lastText", k.lastText)
		return goja.Undefined()
	})
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
	hole := func(i int) (string, error) {
		if i < len(raw) {
			if n, ok := raw[i].(int64); ok {
				return strconv.FormatInt(n, 10), nil
			}
		}
		return "", errTemplateOps
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
func (k *walk) template(id int, holes *goja.Object) {
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
			k.node(holes.Get(op.hole))
		case opAttr, opHref:
			v := holes.Get(op.hole)
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
	k.template(id, props)
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
