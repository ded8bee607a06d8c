package ssr

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
	"github.com/evanw/esbuild/pkg/api"
)

// Templates: the server bundle's page components keep their JSX, but the
// trees of plain host elements in it (divs, spans, links, list items...)
// are compiled at bundle time into templates, the way Marko and Svelte
// render on the server: the markup between the expressions becomes
// strings once, when the module loads, and a render writes those strings
// and walks only the expressions (the holes). A card of 25 elements then
// builds one or two React elements instead of 25, each with its props
// object and children array, and the walker dispatches on the holes
// alone: in goja every object is a map and every call a frame.
//
// A template is still a React element (client/staticRender.ts tpl): its
// component rebuilds the original elements from the template's tree, so
// React renders it as it rendered the JSX (the fallback for what the
// static renderer refuses). Modules the browser loads (islands and what
// they import) are never compiled: what hydrates stays React's own.
//
// Only what cannot change the markup's meaning is compiled: elements of
// plainTags (no hoisting, preloads, form fields, scopes, raw text or void
// content), links and buttons without form props, with props written
// out one by one (no spread, ref or inner HTML). Everything else stays a
// call, as a hole of the enclosing template.

// plainTags are the host elements a template may hold: staticRender.ts's
// PLAIN, whose props and children it writes with no other rule, plus a
// and button, whose rules the template ops keep (op.href; no form props).
var plainTags = map[string]bool{
	"div": true, "span": true, "p": true, "li": true, "ul": true, "ol": true, "h1": true, "h2": true, "h3": true,
	"h4": true, "h5": true, "h6": true, "strong": true, "em": true, "b": true, "i": true, "small": true,
	"section": true, "article": true, "nav": true, "header": true, "footer": true, "main": true, "aside": true,
	"label": true, "figure": true, "figcaption": true, "dl": true, "dt": true, "dd": true, "time": true,
	"address": true, "blockquote": true, "mark": true, "abbr": true, "sup": true, "sub": true, "details": true,
	"summary": true, "fieldset": true, "legend": true, "caption": true, "td": true, "th": true, "s": true,
	"u": true, "cite": true, "q": true, "code": true, "kbd": true, "output": true, "data": true, "dialog": true,
	"a": true, "button": true,
}

// notInTemplate are props that keep their element out of a template:
// what React does not write as an attribute alone (refs, inner HTML).
var notInTemplate = map[string]bool{"ref": true, "dangerouslySetInnerHTML": true, "key": true, "is": true}

// buttonFormProps keep a button out of a template: React writes them after
// its other props (any other element writes them as any attribute).
var buttonFormProps = map[string]bool{"name": true, "formAction": true, "formEncType": true, "formMethod": true, "formTarget": true}

// The template ops (client/staticRender.ts tplDef reads them): a string
// is markup, the numbers below are followed by their operands.
const (
	opConstAttr = 1 // name, literal: an attribute known at bundle time
	opAttr      = 2 // tag, name, hole: an attribute from an expression
	opHref      = 3 // hole: a link's href (React keeps href="" on <a>)
	opText      = 4 // literal: text known at bundle time
	opChild     = 5 // hole: a child from an expression
)

// TemplatePlugin compiles the templates of every .tsx module below
// root/client that browser does not hold (paths relative to root, with
// forward slashes: the browser build's inputs). runtime is the module
// that exports tpl and tplDef (client/staticRender.ts).
func TemplatePlugin(root string, browser map[string]bool) api.Plugin {
	runtime := filepath.ToSlash(filepath.Join(root, "client", "staticRender.ts"))
	tsconfig, _ := os.ReadFile(filepath.Join(root, "tsconfig.json"))
	client := filepath.Join(root, "client") + string(filepath.Separator)
	return api.Plugin{
		Name: "sogliq-templates",
		Setup: func(pb api.PluginBuild) {
			pb.OnLoad(api.OnLoadOptions{Filter: `\.tsx$`}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				rel, err := filepath.Rel(root, args.Path)
				if err != nil || !strings.HasPrefix(args.Path, client) || browser[filepath.ToSlash(rel)] {
					return api.OnLoadResult{}, nil // esbuild loads it as usual
				}
				src, err := os.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				js, err := compileTemplates(string(src), args.Path, runtime, string(tsconfig))
				if err != nil {
					return api.OnLoadResult{}, err
				}
				return api.OnLoadResult{Contents: &js, Loader: api.LoaderJS, ResolveDir: filepath.Dir(args.Path)}, nil
			})
		},
	}
}

// jsxImport is esbuild's import of the automatic JSX runtime.
var jsxImport = regexp.MustCompile(`(?m)^import \{([^}]*)\} from "react/jsx-runtime";$`)

// compileTemplates turns a TSX module into JavaScript whose plain element
// trees are templates.
func compileTemplates(src, path, runtime, tsconfig string) (string, error) {
	res := api.Transform(src, api.TransformOptions{
		Loader:      api.LoaderTSX,
		JSX:         api.JSXAutomatic,
		Target:      api.ES2020,
		Format:      api.FormatESModule,
		Sourcefile:  path,
		TsconfigRaw: tsconfig,
		// ASCII output: the parser's offsets are then byte offsets.
		Charset: api.CharsetASCII,
	})
	if len(res.Errors) > 0 {
		return "", fmt.Errorf("ssr: templates: %s", formatMessages(res.Errors))
	}
	js := string(res.Code)
	names := map[string]bool{}
	m := jsxImport.FindStringSubmatch(js)
	if m == nil {
		return js, nil // no JSX
	}
	for _, spec := range strings.Split(m[1], ",") {
		f := strings.Fields(spec)
		if len(f) == 3 && f[1] == "as" && (f[0] == "jsx" || f[0] == "jsxs") {
			names[f[2]] = true
		} else if len(f) == 1 && (f[0] == "jsx" || f[0] == "jsxs") {
			names[f[0]] = true
		}
	}
	prog, err := parser.ParseFile(nil, path, blankModuleSyntax(js), 0)
	if err != nil {
		return "", fmt.Errorf("ssr: templates: parsing %s as esbuild wrote it: %w", path, err)
	}
	c := &templateCompiler{src: js, jsx: names, refused: map[*ast.CallExpression]bool{}}
	c.find(reflect.ValueOf(prog))
	sort.Slice(c.calls, func(i, j int) bool { return c.calls[i].Idx0() < c.calls[j].Idx0() })
	body := c.emit(0, len(js))
	if len(c.defs) == 0 {
		return js, nil
	}
	var out strings.Builder
	fmt.Fprintf(&out, "import { tpl as __tpl, tplDef as __tplDef } from %q;\n", runtime)
	for i, d := range c.defs {
		fmt.Fprintf(&out, "const __sogliqT%d = /* @__PURE__ */ __tplDef(%s);\n", i, d)
	}
	out.WriteString(body)
	return out.String(), nil
}

// moduleLine matches the import and export statements esbuild writes on
// lines of their own, which goja's parser (a script parser) refuses.
var moduleLine = regexp.MustCompile(`(?m)^import [^\n]*;$|^export \{[^}]*\};$|^export \* from [^\n]*;$`)

// blankModuleSyntax replaces the module's import and export statements
// with spaces, keeping every offset, so that goja's parser reads the rest.
func blankModuleSyntax(js string) string {
	return moduleLine.ReplaceAllStringFunc(js, func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, s)
	})
}

type templateCompiler struct {
	src string
	jsx map[string]bool
	// calls are the module's element calls a template may start with,
	// in source order.
	calls []*ast.CallExpression
	// refused are calls whose source was not shaped as compile expects.
	refused map[*ast.CallExpression]bool
	defs    []string
}

var callType = reflect.TypeOf(&ast.CallExpression{})

// find collects the calls of jsx or jsxs on a plain tag with plain props.
func (c *templateCompiler) find(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Type() == callType {
			if call := v.Interface().(*ast.CallExpression); c.plain(call) {
				c.calls = append(c.calls, call)
			}
		}
		c.find(v.Elem())
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				c.find(v.Field(i))
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			c.find(v.Index(i))
		}
	}
}

// plain reports whether call is jsx("tag", {props}[, key]) on a tag and
// props a template may hold.
func (c *templateCompiler) plain(call *ast.CallExpression) bool {
	callee, ok := call.Callee.(*ast.Identifier)
	if !ok || !c.jsx[callee.Name.String()] || len(call.ArgumentList) < 2 || len(call.ArgumentList) > 3 {
		return false
	}
	tag, ok := call.ArgumentList[0].(*ast.StringLiteral)
	if !ok || !plainTags[tag.Value.String()] {
		return false
	}
	props, ok := call.ArgumentList[1].(*ast.ObjectLiteral)
	if !ok {
		return false
	}
	button := tag.Value.String() == "button"
	for _, p := range props.Value {
		name, ok := propName(p)
		if !ok || notInTemplate[name] || button && buttonFormProps[name] {
			return false
		}
	}
	return true
}

// propName is the name of a property written out (key: value or a
// shorthand), false for a spread, a computed key or a method.
func propName(p ast.Property) (string, bool) {
	switch p := p.(type) {
	case *ast.PropertyKeyed:
		if p.Computed || p.Kind != ast.PropertyKindValue {
			return "", false
		}
		if k, ok := p.Key.(*ast.StringLiteral); ok {
			return k.Value.String(), true
		}
	case *ast.PropertyShort:
		if p.Initializer == nil {
			return p.Name.Name.String(), true
		}
	}
	return "", false
}

// emit is the source from start to end with every template-starting call
// in it compiled.
func (c *templateCompiler) emit(start, end int) string {
	var out strings.Builder
	at := start
	for _, call := range c.calls {
		s, e := offset(call.Idx0()), offset(call.Idx1())
		if s < at || e > end || c.refused[call] {
			continue // before the range, inside a call compiled already, or refused
		}
		out.WriteString(c.src[at:s])
		out.WriteString(c.compile(call))
		at = e
	}
	out.WriteString(c.src[at:end])
	return out.String()
}

// offset turns a parser index (1-based) into a byte offset.
func offset(i file.Idx) int { return int(i) - 1 }

// template is one compiled tree: its ops and its holes' source.
type template struct {
	c     *templateCompiler
	ops   []string
	holes []string
}

// badSource is what compile panics with when esbuild's output is not
// shaped as it expects: the call then stays a call.
type badSource struct{ why string }

// compile writes call (a plain element) as __tpl(def, ...holes, key), or
// leaves it as it was (its inner calls compiled) when its source is not
// shaped as expected.
func (c *templateCompiler) compile(call *ast.CallExpression) (js string) {
	defs := len(c.defs)
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if _, ok := r.(badSource); !ok {
			panic(r)
		}
		c.defs = c.defs[:defs]
		c.refused[call] = true
		js = c.emit(offset(call.Idx0()), offset(call.Idx1()))
	}()
	t := &template{c: c}
	tree := t.element(call)
	key := ""
	if len(call.ArgumentList) == 3 {
		props := call.ArgumentList[1].(*ast.ObjectLiteral)
		start := c.after(offset(props.RightBrace)+1, ',')
		key = ", " + strings.TrimSpace(c.emit(start, offset(call.RightParenthesis)))
	}
	c.defs = append(c.defs, "["+strings.Join(t.ops, ", ")+"], "+tree+", "+strconv.Itoa(len(t.holes)))
	holes := ""
	if len(t.holes) > 0 {
		holes = ", " + strings.Join(t.holes, ", ")
	}
	return fmt.Sprintf("__tpl(__sogliqT%d%s%s)", len(c.defs)-1, holes, key)
}

// hole adds the source from start to end (compiled) as a hole: its index.
func (t *template) hole(start, end int) string {
	t.holes = append(t.holes, strings.TrimSpace(t.c.emit(start, end)))
	return strconv.Itoa(len(t.holes) - 1)
}

// element adds the ops of a plain element and returns its tree for React:
// [tag, [name, isHole, value, ...], [child, ...]], a child being static
// text (a string), a hole (its index) or an element.
func (t *template) element(call *ast.CallExpression) string {
	tag := call.ArgumentList[0].(*ast.StringLiteral).Value.String()
	props := call.ArgumentList[1].(*ast.ObjectLiteral)
	t.ops = append(t.ops, strconv.Quote("<"+tag))
	var attrs []string
	children := -1
	for i, p := range props.Value {
		name, _ := propName(p)
		if name == "children" {
			children = i
			continue
		}
		if lit, ok := literal(valueOf(p)); ok {
			if tag == "a" && name == "href" && (lit == `""` || lit == "''") {
				t.ops = append(t.ops, strconv.Quote(` href=""`))
			} else {
				t.ops = append(t.ops, strconv.Itoa(opConstAttr), strconv.Quote(name), lit)
			}
			attrs = append(attrs, strconv.Quote(name), "0", lit)
			continue
		}
		h := t.hole(t.c.valueRange(props, i))
		if tag == "a" && name == "href" {
			t.ops = append(t.ops, strconv.Itoa(opHref), h)
		} else {
			t.ops = append(t.ops, strconv.Itoa(opAttr), strconv.Quote(tag), strconv.Quote(name), h)
		}
		attrs = append(attrs, strconv.Quote(name), "1", h)
	}
	t.ops = append(t.ops, strconv.Quote(">"))
	var kids []string
	if children >= 0 {
		start, end := t.c.valueRange(props, children)
		if arr, ok := valueOf(props.Value[children]).(*ast.ArrayLiteral); ok {
			for i, e := range arr.Value {
				s, e2 := t.c.elementRange(arr, i)
				kids = append(kids, t.child(e, s, e2))
			}
		} else {
			kids = append(kids, t.child(valueOf(props.Value[children]), start, end))
		}
	}
	t.ops = append(t.ops, strconv.Quote("</"+tag+">"))
	return "[" + strconv.Quote(tag) + ", [" + strings.Join(attrs, ", ") + "], [" + strings.Join(kids, ", ") + "]]"
}

// child adds the ops of one child (source start to end) and returns its tree.
func (t *template) child(e ast.Expression, start, end int) string {
	if s, ok := e.(*ast.StringLiteral); ok {
		if s.Value != "" { // React writes nothing, not even a separator, for ""
			t.ops = append(t.ops, strconv.Itoa(opText), s.Literal)
		}
		return s.Literal
	}
	if call, ok := e.(*ast.CallExpression); ok && t.c.plain(call) && !t.c.refused[call] {
		return t.element(call)
	}
	h := t.hole(start, end)
	t.ops = append(t.ops, strconv.Itoa(opChild), h)
	return h
}

// valueOf is a property's value.
func valueOf(p ast.Property) ast.Expression {
	switch p := p.(type) {
	case *ast.PropertyKeyed:
		return p.Value
	case *ast.PropertyShort:
		return &p.Name
	}
	return nil
}

// literal is the source of e when it is a constant an attribute may take.
func literal(e ast.Expression) (string, bool) {
	switch e := e.(type) {
	case *ast.StringLiteral:
		return e.Literal, true
	case *ast.NumberLiteral:
		return e.Literal, true
	case *ast.BooleanLiteral:
		return e.Literal, true
	case *ast.NullLiteral:
		return "null", true
	}
	return "", false
}

// valueRange is the source range of property i's value: from after its
// key's colon to the comma before the next property (or the brace).
// Ranges come from the delimiters, not the value's own indexes: goja's
// parser drops parentheses, so an expression's first index may lie
// inside them.
func (c *templateCompiler) valueRange(o *ast.ObjectLiteral, i int) (int, int) {
	var start int
	switch p := o.Value[i].(type) {
	case *ast.PropertyKeyed:
		k := p.Key.(*ast.StringLiteral)
		start = c.after(offset(k.Idx)+len(k.Literal), ':')
	case *ast.PropertyShort:
		s := offset(p.Name.Idx)
		return s, s + len(p.Name.Name)
	}
	end := offset(o.RightBrace)
	if i+1 < len(o.Value) {
		end = c.before(propStart(o.Value[i+1]), ',')
	} else if j := c.back(end); c.src[j] == ',' {
		end = j
	}
	return start, end
}

// propStart is the offset of a property's key.
func propStart(p ast.Property) int {
	switch p := p.(type) {
	case *ast.PropertyKeyed:
		return offset(p.Key.Idx0())
	case *ast.PropertyShort:
		return offset(p.Name.Idx)
	}
	panic(badSource{"a property that is not written out"})
}

// elementRange is the source range of an array's element i, between its
// commas (or brackets).
func (c *templateCompiler) elementRange(a *ast.ArrayLiteral, i int) (int, int) {
	start := offset(a.LeftBracket) + 1
	if i > 0 {
		start = c.before(offset(a.Value[i].Idx0()), ',') + 1
	}
	end := offset(a.RightBracket)
	if i+1 < len(a.Value) {
		end = c.before(offset(a.Value[i+1].Idx0()), ',')
	} else if j := c.back(end); c.src[j] == ',' {
		end = j
	}
	return start, end
}

// after is the offset just past the delimiter want, which must follow at
// (after white space).
func (c *templateCompiler) after(at int, want byte) int {
	for at < len(c.src) && isSpace(c.src[at]) {
		at++
	}
	if at >= len(c.src) || c.src[at] != want {
		panic(badSource{fmt.Sprintf("%q expected at offset %d", want, at)})
	}
	return at + 1
}

// before is the offset of the delimiter want found going back from at
// over white space, comments and opening parentheses (what may stand
// between a comma and the first index of the next expression).
func (c *templateCompiler) before(at int, want byte) int {
	j := at - 1
	for j >= 0 {
		switch ch := c.src[j]; {
		case isSpace(ch) || ch == '(':
			j--
		case ch == '/' && j > 0 && c.src[j-1] == '*':
			j = strings.LastIndex(c.src[:j-1], "/*") - 1
		case ch == want:
			return j
		default:
			panic(badSource{fmt.Sprintf("%q expected before offset %d, found %q", want, at, ch)})
		}
	}
	panic(badSource{fmt.Sprintf("%q expected before offset %d", want, at)})
}

// back is the offset of the last character before at that is not white space.
func (c *templateCompiler) back(at int) int {
	j := at - 1
	for j > 0 && isSpace(c.src[j]) {
		j--
	}
	return j
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\t' || b == '\r' }
