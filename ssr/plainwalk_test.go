package ssr

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestPlainWalkerFailsAsUnsupported: a failure of the Go writer itself
// reaches the script as its Unsupported (the page or card then renders
// with React, counted), and the script's own exceptions pass unchanged.
func TestPlainWalkerFailsAsUnsupported(t *testing.T) {
	rt := goja.New()
	InstallGlobals(rt, nil)
	if _, err := rt.RunString(`
		class Unsupported extends Error {}
		__goPlainTags(["div"], Unsupported);
		function attempt(render, props) {
			try { __goPlain(render, "div", props); return "wrote " + render.out.join(""); }
			catch (e) { return (e instanceof Unsupported ? "Unsupported: " : "other: ") + e.message; }
		}
		const ok = { out: [], lastText: false, node() {}, element() {}, host() {} };
		const broken = { out: 5, lastText: false };
		const throwing = { out: [], lastText: false, element() { throw new Error("from a component"); } };
		function K() {}
		K.prototype.isReactComponent = {};
	`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ script, want string }{
		{`attempt(ok, { className: "a", children: ["x", 1] })`, `wrote <div class="a">x<!-- -->1</div>`},
		// The render's output is not an array: the walker fails on its own.
		{`attempt(broken, { children: "x" })`, "Unsupported: the Go writer of plain elements failed"},
		// A component below throws, called by the walker itself: its
		// exception, not Unsupported.
		{`attempt(ok, { children: { $$typeof: Symbol.for("react.transitional.element"), type: function C() { throw new Error("from a component"); }, props: {} } })`, "other: from a component"},
		// A function component's elements are walked too.
		{`attempt({ out: [], lastText: false }, { children: { $$typeof: Symbol.for("react.transitional.element"), type: function D(p) { return ["a", p.n]; }, props: { n: 2 } } })`, `wrote <div>a<!-- -->2</div>`},
		// A class the script constructs (its element), which throws.
		{`attempt(throwing, { children: { $$typeof: Symbol.for("react.transitional.element"), type: K, props: {} } })`, "other: from a component"},
	} {
		got, err := rt.RunString(c.script)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got.String(), c.want) {
			t.Errorf("%s = %q, want %q...", c.script, got, c.want)
		}
	}
}
