package ssr

import (
	"testing"

	"github.com/dop251/goja"
)

// TestGoTplElement: __goTpl's element is a React element to the script and
// to React (jsx's shape: $$typeof, type, key as a string or null, ref
// null, props being the holes array carrying the template as d, made when
// read), and the walker writes it from the holes it holds.
func TestGoTplElement(t *testing.T) {
	rt := goja.New()
	InstallGlobals(rt, nil)
	if _, err := rt.RunString(`
		class Unsupported extends Error {}
		function Template() {}
		__goPlainTags(["div", "p"], Unsupported);
		__goTemplates(Template, function () { throw new Error("no script attribute expected"); });
		const def = { id: __goTemplateDef(["<p", 2, "p", "title", 0, ">", 5, 1, "</p>"], 2) };
		const keyed = __goTpl(def, "a & b", ["x", 1], 7);
		const plain = __goTpl(def, "t", "c");
		const render = { out: [], lastText: false, node() {}, element() {}, host() {} };
		__goPlain(render, "div", { children: [keyed, plain] });
	`); err != nil {
		t.Fatal(err)
	}
	for script, want := range map[string]string{
		`keyed.$$typeof === Symbol.for("react.transitional.element")`: "true",
		`keyed.type === Template && keyed.ref === null`:               "true",
		`keyed.key === "7" && plain.key === null`:                     "true",
		`Array.isArray(keyed.props) && keyed.props.d === def`:         "true",
		`keyed.props.length + ":" + keyed.props[0]`:                   "2:a & b",
		`keyed.props === keyed.props`:                                 "true",
		`Object.keys(plain).join(",")`:                                "$$typeof,type,key,ref,props",
		`render.out.join("")`:                                         `<div><p title="a &amp; b">x<!-- -->1</p><p title="t">c</p></div>`,
	} {
		got, err := rt.RunString(script)
		if err != nil {
			t.Fatalf("%s: %v", script, err)
		}
		if got.String() != want {
			t.Errorf("%s = %q, want %q", script, got, want)
		}
	}
	// A template whose ops read more holes than its calls give is refused.
	if _, err := rt.RunString(`__goTemplateDef(["<p", ">", 5, 2, "</p>"], 1)`); err == nil {
		t.Error("__goTemplateDef took ops reading hole 2 of 1")
	}
}
