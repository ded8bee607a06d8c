package ssr

import (
	"testing"

	"github.com/dop251/goja"
)

// TestGoJsx: the engine's jsx makes an element with jsx's shape ($$typeof,
// type, key as a string or null, ref from the props or null, props as
// given), which the walker writes; props carrying a key go to React's
// jsx, which copies them without it.
func TestGoJsx(t *testing.T) {
	rt := goja.New()
	InstallGlobals(rt, nil)
	if _, err := rt.RunString(`
		class Unsupported extends Error {}
		__goPlainTags(["div", "p"], Unsupported);
		const reactJsx = (type, config, key) => ({ byReact: true, type, config, key });
		const jsx = __goJsx(reactJsx);
		const ref = {};
		const props = { className: "a", children: "x & y", ref };
		const keyed = jsx("p", props, 7);
		const plain = jsx("p", { children: 1 });
		const withKey = jsx("p", { key: "k" });
		const render = { out: [], lastText: false, node() {}, element() {}, host() {} };
		__goPlain(render, "div", { children: [jsx("p", { className: "a", children: "x & y" }), plain] });
	`); err != nil {
		t.Fatal(err)
	}
	for script, want := range map[string]string{
		`keyed.$$typeof === Symbol.for("react.transitional.element")`: "true",
		`keyed.type === "p" && keyed.props === props`:                 "true",
		`keyed.key === "7" && plain.key === null`:                     "true",
		`keyed.ref === ref && plain.ref === null`:                     "true",
		`Object.keys(plain).join(",")`:                                "$$typeof,type,key,ref,props",
		`withKey.byReact === true && withKey.config.key === "k"`:      "true",
		`render.out.join("")`:                                         `<div><p class="a">x &amp; y</p><p>1</p></div>`,
	} {
		got, err := rt.RunString(script)
		if err != nil {
			t.Fatalf("%s: %v", script, err)
		}
		if got.String() != want {
			t.Errorf("%s = %q, want %q", script, got, want)
		}
	}
}
