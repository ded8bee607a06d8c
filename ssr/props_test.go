package ssr

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dop251/goja"
)

var dataObjectType = reflect.TypeOf((*dataObject)(nil))

// TestDecodedObjectsBehaveAsJSONParse: what a script does with an object
// decodeProps made (read, enumerate, spread, test, change, delete, freeze
// the order of) gives what it gives with JSON.parse's.
func TestDecodedObjectsBehaveAsJSONParse(t *testing.T) {
	rt := goja.New()
	doc := `{"b":1,"a":{"x":[1,{"y":2}]},"__proto__":{"p":1},"c":"три","12":0,"d":null}`
	for _, d := range []string{doc, `{"b":1,"a":{"x":[1,{"y":2}]},"c":"три","d":null}`, `[{"k":1,"j":2},{"k":3,"j":4}]`} {
		dec, err := decodeProps(rt, []byte(d), map[string]string{})
		if err != nil {
			t.Fatal(err)
		}
		_ = rt.Set("decoded", dec.value)
		_ = rt.Set("parsed", rt.ToValue(d))
		got, err := rt.RunString(`
			function probe(o) {
				const r = [];
				const copy = { ...o };
				r.push(JSON.stringify(Object.keys(o)), JSON.stringify(copy), "b" in o, Object.prototype.hasOwnProperty.call(o, "d"), o.zz === undefined);
				for (const k in o) r.push(k);
				o.e = 5; o.b = 7; delete o.c;
				r.push(JSON.stringify(o), JSON.stringify(Object.entries(o)), JSON.stringify(Object.assign({}, o)));
				if (Array.isArray(o)) { o[0].k = 9; r.push(JSON.stringify(o.map((x) => ({ ...x, n: 1 })))); }
				return r.join("|");
			}
			[probe(decoded), probe(JSON.parse(parsed))];
		`)
		if err != nil {
			t.Fatal(err)
		}
		pair := got.Export().([]any)
		if pair[0] != pair[1] {
			t.Errorf("%s: decoded %s\nJSON.parse %s", d, pair[0], pair[1])
		}
	}
}

// TestDecodePropsIsJSONParse: decodeProps makes what the runtime's own
// JSON.parse makes of the same text (compared through JSON.stringify, and
// the types of a few values), and refuses what JSON.parse refuses.
func TestDecodePropsIsJSONParse(t *testing.T) {
	rt := goja.New()
	parse, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("parse"))
	stringify, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("stringify"))
	keys := map[string]string{}
	long, _ := json.Marshal(map[string]any{"doctors": []map[string]any{{"name": "Иванов Иван", "price": 150000, "rating": 4.75, "photo": ""}}})
	for _, doc := range []string{
		`{}`, `[]`, `""`, `0`, `-12`, `3.25`, `1e3`, `-0.5E-2`, `9007199254740993`, `true`, `false`, `null`,
		` { "a" : [ 1 , 2 , { "b" : null } ] , "c" : "d" } `,
		`{"lang":"uz","title":"Shifokorlar — Toshkent","ru":"Врачи «Барака»"}`,
		`"tab\tnew\nline \"quoted\" back\\slash \/ \b\f\r"`,
		`"\u0041\u0416\u00e9 \ud83d\ude00 lone \ud800 end"`,
		`"</script><b>&amp; \u2028\u2029"`,
		`{"__proto__":{"x":1},"constructor":"c","toString":"s"}`,
		`{"a":1,"a":2}`,
		`[[[[[]]]]]`,
		string(long),
	} {
		want, err := parse(goja.Undefined(), rt.ToValue(doc))
		if err != nil {
			t.Fatalf("JSON.parse(%s): %v", doc, err)
		}
		dec, err := decodeProps(rt, []byte(doc), keys)
		got := dec.value
		if err != nil {
			t.Errorf("decodeProps(%s): %v", doc, err)
			continue
		}
		w, _ := stringify(goja.Undefined(), want)
		g, _ := stringify(goja.Undefined(), got)
		if w.String() != g.String() {
			t.Errorf("decodeProps(%s) = %s, JSON.parse gives %s", doc, g, w)
		}
		gotType, wantType := got.ExportType(), want.ExportType()
		if gotType == dataObjectType {
			gotType = reflect.TypeOf(map[string]any{}) // an object all the same
		}
		if gotType != wantType {
			t.Errorf("decodeProps(%s) is a %v, JSON.parse gives a %v", doc, gotType, wantType)
		}
	}
	// "__proto__" is an own property, as JSON.parse makes it, not the prototype.
	dec, _ := decodeProps(rt, []byte(`{"__proto__":{"polluted":true}}`), keys)
	obj := dec.value
	if o := obj.ToObject(rt); o.Get("polluted") != nil || o.Prototype() != rt.NewObject().Prototype() {
		t.Error(`decodeProps: "__proto__" set the prototype`)
	}
	for _, bad := range []string{``, `{`, `[1,]`, `{"a":}`, `{"a" 1}`, `"unterminated`, `"bad \x escape"`, "\"ctrl \x01\"", `tru`, `nul`, `1 2`, `{"a":1}x`, `-`, `1.2.3`, "\"\xff\""} {
		if _, err := decodeProps(rt, []byte(bad), keys); err == nil {
			t.Errorf("decodeProps(%q) gave no error", bad)
		}
	}
}

func BenchmarkDecodeProps(b *testing.B) {
	rt := goja.New()
	parse, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("parse"))
	doctor := map[string]any{"id": 12, "slug": "ivanov-ivan", "name": "Иванов Иван Иванович", "photo": "ab12", "experienceYears": 12, "rating": 4.5, "reviewCount": 31,
		"specialties": []map[string]any{{"slug": "kardiolog", "name": "Кардиолог"}}, "clinics": []map[string]any{{"slug": "baraka", "name": "Барака", "address": "Ташкент, ул. Навои, 12", "price": 150000}}}
	doctors := make([]any, 20)
	for i := range doctors {
		doctors[i] = doctor
	}
	doc, _ := json.Marshal(map[string]any{"lang": "ru", "data": map[string]any{"doctors": doctors}})
	b.Run("decodeProps", func(b *testing.B) {
		keys := map[string]string{}
		for range b.N {
			if _, err := decodeProps(rt, doc, keys); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("JSON.parse", func(b *testing.B) {
		for range b.N {
			if _, err := parse(goja.Undefined(), rt.ToValue(string(doc))); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestGoEscapeIsReacts: __goEscape writes React's escapes
// (escapeTextForBrowser) and hands back a text without any unchanged.
func TestGoEscapeIsReacts(t *testing.T) {
	rt := goja.New()
	InstallGlobals(rt, nil)
	escape, _ := goja.AssertFunction(rt.Get("__goEscape"))
	for in, want := range map[string]string{
		"Иванов Иван":                "Иванов Иван",
		"":                           "",
		`<a href="x">Tom & 'Jo'</a>`: "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#x27;Jo&#x27;&lt;/a&gt;",
		"«Барака» & Co":              "«Барака» &amp; Co",
	} {
		v := rt.ToValue(in)
		got, err := escape(goja.Undefined(), v)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != want {
			t.Errorf("__goEscape(%q) = %q, want %q", in, got, want)
		}
	}
}

var lazyCardType = reflect.TypeOf((*lazyCard)(nil))

// TestListsOfCardsAreReadAsTheScriptAsks: the cards of a list (objects
// with a "fragment" string) are lazy cards, sealed as any card is, and a
// script reading, enumerating, spreading, changing or deleting their
// members gets what JSON.parse's objects give (with the seal for the
// fragment), whether it first read only the fragment and id (a held
// card) or not. A list whose first object is not a card, a card with a
// key twice, with a card inside it or with a fragment that is no string
// is decoded as any object.
func TestListsOfCardsAreReadAsTheScriptAsks(t *testing.T) {
	rt := goja.New()
	cards := []string{
		`{"id":1,"name":"Иванов \"Иван\"","photo":"","rating":4.75,"online":true,"fragment":"doctor","clinics":[{"id":7,"name":"Барака","price":150000}],"specialties":[],"none":null}`,
		`{"fragment":"doctor","id":2,"name":"Ли","clinics":[{"id":8,"name":"Нур","price":90000},{"id":9,"name":"Прайм","price":120000}]}`,
	}
	doc := `{"lang":"ru","data":{"doctors":[` + cards[0] + `,` + cards[1] + `],"regions":[{"slug":"andijan"},{"slug":"samarkand","fragment":"x"}]}}`
	dec, err := decodeProps(rt, []byte(doc), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{sealFragment("doctor", []byte(cards[0])), sealFragment("doctor", []byte(cards[1])), sealFragment("x", []byte(`{"slug":"samarkand","fragment":"x"}`))}
	if !reflect.DeepEqual(dec.sealed, want) {
		t.Errorf("sealed %q, want %q", dec.sealed, want)
	}
	doctors := dec.value.ToObject(rt).Get("data").ToObject(rt).Get("doctors").ToObject(rt)
	regions := dec.value.ToObject(rt).Get("data").ToObject(rt).Get("regions").ToObject(rt)
	for i, v := range []goja.Value{doctors.Get("0"), doctors.Get("1"), regions.Get("0"), regions.Get("1")} {
		if lazy := v.ExportType() == lazyCardType; lazy != (i < 2) {
			t.Errorf("item %d: lazy %v", i, lazy)
		}
		if i < 2 {
			if f := v.ToObject(rt).Get("fragment").String(); f != want[i] {
				t.Errorf("item %d: fragment %q, want the seal %q", i, f, want[i])
			}
		}
	}
	again, err := decodeProps(rt, []byte(doc), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	_ = rt.Set("decoded", dec.value)
	_ = rt.Set("whole", again.value)
	_ = rt.Set("text", doc)
	got, err := rt.RunString(`
		function probe(o, heldFirst) {
			const r = [];
			if (heldFirst) r.push(o.fragment, o.id);
			r.push(JSON.stringify(Object.keys(o)), JSON.stringify({ ...o }), "clinics" in o, o.zz === undefined, o.none);
			for (const k in o) r.push(k);
			r.push(o.clinics.length, o.clinics[0].name);
			o.e = 5; o.id = 7; delete o.name;
			r.push(JSON.stringify(o), JSON.stringify(Object.entries(o)));
			return r.join("|");
		}
		const parsed = JSON.parse(text);
		for (let i = 0; i < 2; i++) parsed.data.doctors[i].fragment = whole.data.doctors[i].fragment;
		parsed.data.regions[1].fragment = whole.data.regions[1].fragment;
		const out = [[JSON.stringify(whole), JSON.stringify(parsed)]];
		for (let i = 0; i < 2; i++) out.push([probe(decoded.data.doctors[i], i === 0), probe(parsed.data.doctors[i], i === 0)]);
		JSON.stringify(out);
	`)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	if err := json.Unmarshal([]byte(got.String()), &out); err != nil {
		t.Fatal(err)
	}
	for _, pair := range out {
		p := pair.([]any)
		if p[0] != p[1] {
			t.Errorf("decoded    %s\nJSON.parse %s", p[0], p[1])
		}
	}
	// A member deleted before any is read: the others still read their own text.
	fresh, err := decodeProps(rt, []byte(doc), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	_ = rt.Set("fresh", fresh.value)
	after, err := rt.RunString(`const c = fresh.data.doctors[0]; delete c.name; delete c.id; c.extra = 1; [c.photo, c.rating, c.clinics[0].name, c.none, c.extra, Object.keys(c).join()].join("|")`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `|4.75|Барака||1|photo,rating,online,fragment,clinics,specialties,none,extra`; after.String() != want {
		t.Errorf("after deletes: %s, want %s", after, want)
	}
	for _, d := range []string{
		`[{"fragment":"doctor","id":1,"id":2}]`,
		`[{"fragment":"doctor","clinic":{"fragment":"clinic","id":3}}]`,
		`[{"fragment":1,"id":1}]`,
		`[{"fragment":"","id":1}]`,
		`[{"id":1},{"fragment":"doctor","id":2}]`,
	} {
		dec, err := decodeProps(rt, []byte(d), map[string]string{})
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for _, k := range dec.value.ToObject(rt).Keys() {
			if dec.value.ToObject(rt).Get(k).ExportType() == lazyCardType {
				t.Errorf("%s: item %s is a lazy card", d, k)
			}
		}
	}
	for _, bad := range []string{`[{"fragment":"doctor","a":tru}]`, `[{"fragment":"doctor","a":"bad \x"}]`, `[{"fragment":"doctor","a":1.2.3}]`,
		"[{\"fragment\":\"doctor\",\"a\":\"ctrl \x01\"}]", "[{\"fragment\":\"doctor\",\"a\":\"\xff\"}]", `[{"fragment":"doctor","a":[1,]}]`,
		`[{"fragment":"doctor","a":"unterminated}]`, `[{"fragment":"doctor","a":{"b" 1}}]`, `[{"fragment":"doctor","a":"\ud8"}]`, `[{"fragment":"doctor","a":1e999}]`} {
		if _, err := decodeProps(rt, []byte(bad), map[string]string{}); err == nil {
			t.Errorf("decodeProps(%q) gave no error", bad)
		}
	}
}
