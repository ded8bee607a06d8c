package ssr

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"

	"github.com/dop251/goja"
)

// plainWalker writes plain elements and everything below them that is
// plain too (text, numbers, arrays, links, buttons, divs...) in Go, for
// the static renderer (client/staticRender.ts plain). Whatever else it
// meets (a component, a context, an image, a form field) it hands back to
// the script's Render: its node, element or host method, which may call
// the walker again for the plain elements below. In the script, walking
// host elements was half of a cold card's time: a call, a dispatch and a
// push for every node.
type plainWalker struct {
	rt *goja.Runtime
	// tags are the script's PLAIN elements, registered at its start
	// (__goPlainTags), plus links and buttons.
	tags map[string]bool
	// element and legacy are React's element symbols.
	element, legacy *goja.Symbol
	// fragment, strictMode and profiler are the types whose element is
	// its children alone (the script's element walks props.children).
	fragment, strictMode, profiler *goja.Symbol
	// unsupported is the script's Unsupported: what the walker throws
	// when it fails, so that the page or card renders with React and the
	// fallback is counted, as for anything else the static renderer
	// does not write.
	unsupported goja.Value
	// template is the script's Template, whose elements are templates
	// (templatewalk.go); templates are their ops, by number; attribute is
	// the script's writer of any prop.
	template  *goja.Object
	templates [][]tplOp
	// components are the functions met as element types, as callables,
	// nil for those the script handles (component).
	components map[*goja.Object]goja.Callable
	holes      []int // how many holes each template has
	attribute  goja.Callable
	// cards are the entity cards' wrappers (cardwalk.go), and shelf the
	// engine's fragment store, nil where none is kept.
	cards map[*goja.Object]*entityCard
	shelf *vmShelf
	// buf is what the walk in progress wrote and has not flushed, one
	// buffer for every walk of the runtime: a walk flushes before it
	// calls the script, so a walk the script starts finds it empty, and
	// it keeps its capacity from render to render.
	buf bytes.Buffer
}

var (
	intType   = reflect.TypeOf(int64(0))
	floatType = reflect.TypeOf(float64(0))
)

// newPlainWalker installs __goPlainTags and __goPlain in rt.
func newPlainWalker(rt *goja.Runtime) *plainWalker {
	symbolFor, _ := goja.AssertFunction(rt.Get("Symbol").ToObject(rt).Get("for"))
	symbol := func(name string) *goja.Symbol {
		v, err := symbolFor(goja.Undefined(), rt.ToValue(name))
		if err != nil {
			panic(err)
		}
		return v.(*goja.Symbol)
	}
	w := &plainWalker{
		rt:   rt,
		tags: map[string]bool{"a": true, "button": true},

		components: map[*goja.Object]goja.Callable{},
		element:    symbol("react.transitional.element"),
		legacy:     symbol("react.element"),
		fragment:   symbol("react.fragment"),
		strictMode: symbol("react.strict_mode"),
		profiler:   symbol("react.profiler"),
	}
	_ = rt.Set("__goPlainTags", func(call goja.FunctionCall) goja.Value {
		w.unsupported = call.Argument(1)
		var tags []string
		if err := rt.ExportTo(call.Argument(0), &tags); err != nil {
			panic(rt.NewTypeError("__goPlainTags: " + err.Error()))
		}
		for _, t := range tags {
			w.tags[t] = true
		}
		return goja.Undefined()
	})
	_ = rt.Set("__goPlain", func(call goja.FunctionCall) goja.Value {
		render, ok1 := call.Argument(0).(*goja.Object)
		props, ok2 := call.Argument(2).(*goja.Object)
		if !ok1 || !ok2 {
			return rt.ToValue(false)
		}
		defer w.failed()
		return rt.ToValue(w.plain(render, call.Argument(1).String(), props))
	})
	// __goVoidTag(tag, props) and __goHelmetTag(tag, attributes): the
	// element whole, or null for the script to write.
	whole := func(write func(string, *goja.Object) (string, bool)) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			props, ok := call.Argument(1).(*goja.Object)
			if !ok {
				return goja.Null()
			}
			defer w.failed()
			html, ok := write(call.Argument(0).String(), props)
			if !ok {
				return goja.Null()
			}
			return rt.ToValue(html)
		}
	}
	_ = rt.Set("__goVoidTag", whole(w.voidTag))
	_ = rt.Set("__goHelmetTag", whole(w.helmetTag))
	w.installTemplates()
	w.installJSX()
	w.installCards()
	return w
}

// helmetTag is voidTag for a meta or link of Helmet's props lists
// (staticRender.ts helmetTags) that hoists among the head's tags: false
// for a charset or viewport meta (their own places in the head), a link
// host would not hoist (hoistLink: no rel or href, a stylesheet, a load
// handler), and, through headRule, for what Helmet would rename or drop
// (HELMET_NAMES, key) or an itemProp (written in place). In the script,
// each cost Helmet's copy check (Object.keys) and host's dispatch.
func (w *plainWalker) helmetTag(tag string, props *goja.Object) (string, bool) {
	switch tag {
	case "meta":
		if _, charset := props.Get("charSet").(goja.String); charset {
			return "", false
		}
		if name, ok := props.Get("name").(goja.String); ok && name.String() == "viewport" {
			return "", false
		}
	case "link":
		rel, ok1 := props.Get("rel").(goja.String)
		href, ok2 := props.Get("href").(goja.String)
		if !ok1 || !ok2 || href.Length() == 0 || rel.String() == "stylesheet" || present(props.Get("onLoad")) || present(props.Get("onError")) {
			return "", false
		}
	default:
		return "", false
	}
	return w.voidTag(tag, props)
}

// voidTag is the whole of a meta or link element, "<meta .../>", as the
// script's selfClosing writes it; false for any other tag, or a prop
// headRule does not know (the script writes the element then, with every
// rule). A page's head holds a dozen: in the script, their attributes
// were a tenth of a warm listing's render.
func (w *plainWalker) voidTag(tag string, props *goja.Object) (string, bool) {
	if tag != "meta" && tag != "link" {
		return "", false
	}
	b := &w.buf
	mark := b.Len()
	defer b.Truncate(mark)
	b.WriteByte('<')
	b.WriteString(tag)
	for _, key := range props.Keys() {
		v := props.Get(key)
		if key == "children" || key == "dangerouslySetInnerHTML" {
			if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
				continue
			}
			return "", false // the script's error: a void element's content
		}
		rule, attr := headRule(key)
		if !writeAttr(b, rule, attr, v) {
			return "", false
		}
	}
	b.WriteString("/>")
	return string(b.Bytes()[mark:]), true
}

// failed turns a failure of the walker's own (not the script's exception
// from a component, nor an interrupt) into the script's Unsupported.
func (w *plainWalker) failed() {
	r := recover()
	switch r.(type) {
	case nil:
		return
	case *goja.Exception, *goja.InterruptedError:
		panic(r)
	}
	ctor, ok := w.unsupported.(*goja.Object)
	if !ok {
		panic(r)
	}
	e, err := w.rt.New(ctor, w.rt.ToValue(fmt.Sprintf("the Go writer of plain elements failed: %v", r)))
	if err != nil {
		panic(r)
	}
	panic(e)
}

// walk is one plain element's writing: the script's render, its output
// so far (the walker's buf) and whether it ended with text.
type walk struct {
	w        *plainWalker
	render   *goja.Object
	buf      *bytes.Buffer
	lastText bool
}

// newWalk starts a walk into render. The buffer is emptied: a walk that
// failed (the script's Unsupported, then React) may have left its bytes.
func (w *plainWalker) newWalk(render *goja.Object) *walk {
	w.buf.Reset()
	return &walk{w: w, render: render, buf: &w.buf, lastText: render.Get("lastText").ToBoolean()}
}

// plain writes element tag with props into render; false (before writing
// anything) when openTag does not know one of its props.
func (w *plainWalker) plain(render *goja.Object, tag string, props *goja.Object) bool {
	if !innerOK(props) {
		return false
	}
	k := w.newWalk(render)
	if !openTag(k.buf, tag, props) {
		return false
	}
	k.rest(tag, props)
	k.flush()
	_ = render.Set("lastText", k.lastText)
	return true
}

// rest writes the rest of an element whose start openTag wrote: its inner
// HTML or its children, then its end.
func (k *walk) rest(tag string, props *goja.Object) {
	k.buf.WriteByte('>')
	k.lastText = false
	inner := props.Get("dangerouslySetInnerHTML")
	children := props.Get("children")
	if present(inner) {
		if html := inner.(*goja.Object).Get("__html"); present(html) {
			k.buf.WriteString(utf8Of(html))
		}
	} else if present(children) {
		if s, ok := children.(goja.String); ok {
			k.buf.WriteString(htmlEscaper.Replace(utf8Of(s)))
		} else {
			k.node(children)
		}
	}
	k.buf.WriteString("</")
	k.buf.WriteString(tag)
	k.buf.WriteByte('>')
	k.lastText = false
}

// innerOK reports whether props' inner HTML, if any, is what React
// accepts (checkInnerHTML): an object with __html and no children beside
// it. The script refuses the rest with React's errors.
func innerOK(props *goja.Object) bool {
	inner := props.Get("dangerouslySetInnerHTML")
	if !present(inner) {
		return true
	}
	o, ok := inner.(*goja.Object)
	return ok && !present(props.Get("children")) && o.Get("__html") != nil
}

func present(v goja.Value) bool {
	return v != nil && !goja.IsUndefined(v) && !goja.IsNull(v)
}

// node is the script's Render.node for what the walker writes itself.
func (k *walk) node(v goja.Value) {
	if !present(v) {
		return
	}
	if s, ok := v.(goja.String); ok {
		k.text(utf8Of(s))
		return
	}
	o, ok := v.(*goja.Object)
	if !ok {
		switch v.ExportType() {
		case boolType:
			return
		case intType, floatType:
			k.text(v.String())
			return
		}
	}
	if !ok {
		k.script("node", v)
		return
	}
	if e, ok := heldIn[*tplElement](o); ok {
		k.template(e.id, e.holes)
		return
	}
	if o.ClassName() == "Array" {
		n := int(o.Get("length").ToInteger())
		for i := 0; i < n; i++ {
			k.node(o.Get(strconv.Itoa(i)))
		}
		return
	}
	var typ, props goja.Value
	if e, isElement := heldIn[*goElement](o); isElement {
		typ, props = e.typ, e.props
	} else {
		typeof := o.Get("$$typeof")
		if s, ok := typeof.(*goja.Symbol); !ok || (!s.SameAs(k.w.element) && !s.SameAs(k.w.legacy)) {
			k.script("node", v)
			return
		}
		typ, props = o.Get("type"), o.Get("props")
	}
	p, ok := props.(*goja.Object)
	if fn, isObject := typ.(*goja.Object); ok && isObject && k.w.template != nil && fn.SameAs(k.w.template) && k.templateElement(p) {
		return
	}
	if s, isSymbol := typ.(*goja.Symbol); isSymbol && ok && (s.SameAs(k.w.fragment) || s.SameAs(k.w.strictMode) || s.SameAs(k.w.profiler)) {
		k.node(p.Get("children"))
		return
	}
	if tagValue, isString := typ.(goja.String); isString && ok {
		switch tag := tagValue.String(); {
		case k.w.tags[tag]:
			if innerOK(p) && openTag(k.buf, tag, p) {
				k.rest(tag, p)
				return
			}
			k.script("host", typ, props)
			return
		case tag == "select" && k.selectElement(p), tag == "option" && k.option(p), tag == "img" && k.lazyImage(p), tag == "script" && k.inlineScript(p):
			return
		}
	}
	if fn, isObject := typ.(*goja.Object); isObject && ok {
		if c := k.w.cards[fn]; c != nil && k.card(c, p) {
			return
		}
		if call := k.w.component(fn); call != nil {
			// As the script's element calls it, with the render's
			// output flushed first: the component may start a walk of
			// its own (a card's or an island's render).
			k.flush()
			result, err := call(goja.Undefined(), props)
			if err != nil {
				panic(err) // the script's own exception, rethrown as it was
			}
			k.buf.Reset()
			k.node(result)
			return
		}
	}
	k.script("element", typ, props)
}

// maxComponents bounds the functions plainWalker.component remembers:
// the bundle's components are a few hundred; functions made while
// rendering are not remembered past it.
const maxComponents = 2048

// component is fn as a callable when it is a function component the
// walker may call itself, as the script's element does, and walk what it
// returns: not a class (a prototype that isReactComponent, which the
// script constructs; Helmet is one). Nil for anything else.
func (w *plainWalker) component(fn *goja.Object) goja.Callable {
	if call, known := w.components[fn]; known {
		return call
	}
	call, ok := goja.AssertFunction(fn)
	if ok {
		if proto, isObject := fn.Get("prototype").(*goja.Object); isObject {
			if class := proto.Get("isReactComponent"); class != nil && class.ToBoolean() {
				call = nil
			}
		}
	}
	if len(w.components) < maxComponents {
		w.components[fn] = call
	}
	return call
}

// lazyImage writes an <img loading="lazy"> as the script's host does:
// React preloads no lazy image (pushImg), so it is its attributes and
// "/>" (pushSelfClosing); a card's avatar is one. False, having written
// nothing, for any other image and for what openTag does not know.
func (k *walk) lazyImage(p *goja.Object) bool {
	if s, ok := p.Get("loading").(goja.String); !ok || s.String() != "lazy" {
		return false
	}
	if present(p.Get("children")) || present(p.Get("dangerouslySetInnerHTML")) {
		return false // React's error is the script's to throw
	}
	if !openTag(k.buf, "img", p) {
		return false
	}
	k.buf.WriteString("/>")
	k.lastText = false
	return true
}

// inlineScript writes a <script> with no src (an island's props, structured
// data) as the script's host does: React writes such a script in place,
// in any scope, its inner HTML as it is. False, having written nothing,
// for children (text the script escapes for a script element) or a prop
// openTag does not know (src, async: a resource React may hoist).
func (k *walk) inlineScript(p *goja.Object) bool {
	if present(p.Get("children")) || !innerOK(p) {
		return false
	}
	if !openTag(k.buf, "script", p) {
		return false
	}
	k.rest("script", p)
	return true
}

// selectElement writes a <select> as the script's host does: its value
// (or defaultValue) is no attribute but marks the options below it,
// through the render's selected, which the script's options read too.
// False, having written nothing, for what only host knows.
func (k *walk) selectElement(p *goja.Object) bool {
	if present(p.Get("dangerouslySetInnerHTML")) {
		return false
	}
	if !openTag(k.buf, "select", p) {
		return false
	}
	chosen := p.Get("value")
	if !present(chosen) {
		chosen = p.Get("defaultValue")
	}
	if !present(chosen) {
		chosen = goja.Null()
	}
	outer := k.render.Get("selected")
	_ = k.render.Set("selected", chosen)
	defer func() { _ = k.render.Set("selected", outer) }()
	k.rest("select", p)
	return true
}

// option writes an <option> as host's optionSelected does: selected=""
// after its attributes when its value (else its text) is the enclosing
// select's. False, having written nothing, for a selected prop, a value
// or text that is not a string, or a select's array of values (multiple).
func (k *walk) option(p *goja.Object) bool {
	if present(p.Get("selected")) || present(p.Get("dangerouslySetInnerHTML")) {
		return false
	}
	text := ""
	if value := p.Get("value"); present(value) {
		s, ok := value.(goja.String)
		if !ok {
			return false
		}
		text = utf8Of(s)
	} else if children := p.Get("children"); present(children) {
		s, ok := children.(goja.String)
		if !ok {
			return false
		}
		text = utf8Of(s)
	}
	chosen := k.render.Get("selected")
	if _, ok := chosen.(*goja.Object); ok && present(chosen) {
		return false // an array (multiple), or an object the script stringifies
	}
	if !openTag(k.buf, "option", p) {
		return false
	}
	if present(chosen) && utf8Of(chosen) == text {
		k.buf.WriteString(` selected=""`)
	}
	k.rest("option", p)
	return true
}

// text is Render.text.
func (k *walk) text(s string) {
	if s == "" {
		return
	}
	if k.lastText {
		k.buf.WriteString("<!-- -->")
	}
	k.buf.WriteString(htmlEscaper.Replace(s))
	k.lastText = true
}

// script hands args to the render's method: what the walker wrote goes
// to the render's output first, and its lastText comes back after.
func (k *walk) script(method string, args ...goja.Value) {
	k.flush()
	_ = k.render.Set("lastText", k.lastText)
	fn, _ := goja.AssertFunction(k.render.Get(method))
	if _, err := fn(k.render, args...); err != nil {
		panic(err) // the script's own exception, rethrown as it was
	}
	// A walk the script started and abandoned (a card that fell back to
	// React) may have left its bytes in the shared buffer.
	k.buf.Reset()
	k.lastText = k.render.Get("lastText").ToBoolean()
}

// flush appends what the walker wrote to the render's output: as it is
// to a sink (sink.go), else as a string pushed into the script's array.
func (k *walk) flush() {
	if k.buf.Len() == 0 {
		return
	}
	out := k.render.Get("out").(*goja.Object)
	if s, ok := sinkOf(out); ok {
		s.b = append(s.b, k.buf.Bytes()...)
		k.buf.Reset()
		return
	}
	push, _ := goja.AssertFunction(out.Get("push"))
	if _, err := push(out, k.w.rt.ToValue(k.buf.String())); err != nil {
		panic(err)
	}
	k.buf.Reset()
}
