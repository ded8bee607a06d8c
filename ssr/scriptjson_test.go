package ssr

import (
	"testing"

	"github.com/dop251/goja"
)

// TestScriptJSONIsJSONStringify: what scriptJSON writes is what
// JSON.stringify writes, with scriptSafe's escapes, for the values it
// takes (the script's objects and arrays, the decoder's props, strings of
// every escape, numbers of every form); what it does not take (toJSON,
// boxed primitives, dates, maps, cycles, BigInts) it leaves to
// JSON.stringify.
func TestScriptJSONIsJSONStringify(t *testing.T) {
	rt := goja.New()
	stringify, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("stringify"))
	dec, err := decodeProps(rt, []byte(`{"regions":[{"slug":"a","name":"Андижан «<b>»","path":"/a?x=1&y=2"}],"cards":[{"fragment":"doctor","id":1,"name":"Ли \u2028","clinics":[{"id":2}]},{"fragment":"doctor","id":3,"none":null}],"12":true}`), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	_ = rt.Set("decoded", dec.value)
	values, err := rt.RunString(`
		class Point { constructor() { this.x = 1; this.y = undefined; } get z() { return 3; } }
		const getter = {}; Object.defineProperty(getter, "g", { get() { return "got"; }, enumerable: true }); Object.defineProperty(getter, "hidden", { value: 1, enumerable: false });
		const sparse = [1, , 3]; sparse[6] = "end";
		const bare = Object.create(null); bare.k = "v";
		const taken = [
			null, true, false, 0, -0, 1, -12, 3.25, 1e21, 1e-7, 123456789012345680000, 2 ** 53 + 2, NaN, Infinity, -Infinity,
			"", "plain", "Шифокор «Барака»", "q\"b\\s/", "\b\f\n\r\t\u0001\u001f\u007f", "<script>&</script>", "\u2028\u2029",
			"emoji 😀", "lone \ud800 and \udc00 end", "\ud83d", "ǅ€𝄞",
			[], {}, [1, "a", null, undefined, () => 1, Symbol("s"), [2, [3]]], sparse,
			{ a: 1, b: undefined, c: () => 1, d: Symbol("x"), e: null, f: [undefined], "<k>": "v", 2: "two", 1: "one" },
			new Point(), getter, bare, { nested: { deeper: { deepest: ["x", { y: "«y»" }] } } },
			decoded, decoded.regions, decoded.cards[0], decoded.cards[1], { props: decoded.cards, extra: decoded.regions[0] },
		];
		const left = [
			{ toJSON() { return "t"; } }, new Date(0), new Map([[1, 2]]), new Number(1), new String("s"), new Boolean(true),
			[new Date(0)], { big: 1n }, 1n, { p: Promise.resolve(1) }, JSON.rawJSON("123"), new Uint8Array(2),
		];
		const cycle = { a: 1 }; cycle.self = cycle;
		left.push(cycle, [cycle]);
		[taken, left];
	`)
	if err != nil {
		t.Fatal(err)
	}
	both := values.ToObject(rt)
	var j scriptJSON
	taken := both.Get("0").ToObject(rt)
	for _, k := range taken.Keys() {
		v := taken.Get(k)
		got, ok := j.text(v, "")
		if !ok {
			t.Errorf("value %s (%s): left to JSON.stringify", k, v)
			continue
		}
		want, err := stringify(goja.Undefined(), v)
		if err != nil {
			t.Fatal(err)
		}
		w := "null"
		if !goja.IsUndefined(want) {
			w = scriptSafe.Replace(want.String())
		}
		if got != w {
			t.Errorf("value %s:\n got %s\nwant %s", k, got, w)
		}
	}
	left := both.Get("1").ToObject(rt)
	for _, k := range left.Keys() {
		if got, ok := j.text(left.Get(k), ""); ok {
			t.Errorf("value %s of the left: written %s", k, got)
		}
	}
	// The undefined, a function, a symbol: "null", as __goJSON answers.
	for _, v := range []goja.Value{goja.Undefined(), rt.ToValue(func() {}), rt.NewObject().Get("nothing")} {
		if got, ok := j.text(v, ""); !ok || got != "null" {
			t.Errorf("%v: %q %v, want null", v, got, ok)
		}
	}
}

// TestScriptJSONOmitsAKeyOfTheOutermostObject: __goJSON(value, omit)
// writes value without omit at its top (an island's props without
// hydrate), the same key further down kept; null where only
// JSON.stringify can write the value, so that the script copies it.
func TestScriptJSONOmitsAKeyOfTheOutermostObject(t *testing.T) {
	rt := goja.New()
	InstallGlobals(rt, nil)
	v, err := rt.RunString(`[
		__goJSON({hydrate: "idle", lang: "ru", nested: {hydrate: "kept"}, list: [{hydrate: 1}], name: "Ёж"}, "hydrate"),
		__goJSON({hydrate: "idle", lang: "ru"}),
		__goJSON({hydrate: "idle", at: new Date(0)}, "hydrate"),
		__goJSON({at: new Date(0)}),
	]`)
	if err != nil {
		t.Fatal(err)
	}
	got := v.Export().([]any)
	want := []any{
		`{"lang":"ru","nested":{"hydrate":"kept"},"list":[{"hydrate":1}],"name":"Ёж"}`,
		`{"hydrate":"idle","lang":"ru"}`,
		nil,
		`{"at":"1970-01-01T00:00:00.000Z"}`,
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("case %d: %#v, want %#v", i, got[i], want[i])
		}
	}
}
