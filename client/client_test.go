// Package client_test runs the client's pure modules inside goja, the engine
// that runs them on the server, against the shared tables of cases.
package client_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"

	"sogliq/ssr"
)

// load bundles a client module as a global `lib` and runs it in goja.
func load(t *testing.T, entry string) *goja.Runtime {
	t.Helper()
	return loadWith(t, entry, nil)
}

// loadWith is load with more of esbuild's options set by configure.
func loadWith(t *testing.T, entry string, configure func(*api.BuildOptions)) *goja.Runtime {
	t.Helper()
	return run(t, goja.New(), entry, configure)
}

// run bundles entry as a global `lib` and runs it in vm.
func run(t *testing.T, vm *goja.Runtime, entry string, configure func(*api.BuildOptions)) *goja.Runtime {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	opts := api.BuildOptions{
		EntryPoints:   []string{filepath.Join(root, "client", entry)},
		Bundle:        true,
		Format:        api.FormatIIFE,
		GlobalName:    "lib",
		Target:        api.ES2020,
		Write:         false,
		AbsWorkingDir: root,
	}
	if configure != nil {
		configure(&opts)
	}
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		t.Fatalf("bundling %s: %v", entry, res.Errors[0].Text)
	}
	if _, err := vm.RunString(string(res.OutputFiles[0].Contents)); err != nil {
		t.Fatal(err)
	}
	return vm
}

func TestFormatPrice(t *testing.T) {
	raw, err := os.ReadFile("../shared/testdata/money.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Amount float64 `json:"amount"`
		RU     string  `json:"ru"`
		UZ     string  `json:"uz"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	vm := load(t, "lib/money.ts")
	format, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("formatPrice"))
	if !ok {
		t.Fatal("lib/money.ts exports no formatPrice")
	}
	for _, c := range cases {
		for lang, want := range map[string]string{"ru": c.RU, "uz": c.UZ} {
			v, err := format(goja.Undefined(), vm.ToValue(c.Amount), vm.ToValue(lang))
			if err != nil {
				t.Fatal(err)
			}
			// Again: the second answer is the one formatPrice kept.
			if again, err := format(goja.Undefined(), vm.ToValue(c.Amount), vm.ToValue(lang)); err != nil || again.String() != v.String() {
				t.Errorf("formatPrice(%v, %s) again = %v (%v), want %q", c.Amount, lang, again, err, v)
			}
			// The table writes plain spaces; the formatter uses no-break spaces.
			got := strings.ReplaceAll(v.String(), "\u00a0", " ")
			if got != want {
				t.Errorf("formatPrice(%v, %s) = %q, want %q", c.Amount, lang, got, want)
			}
			if strings.Contains(v.String(), " ") {
				t.Errorf("formatPrice(%v, %s) = %q breaks lines at a plain space", c.Amount, lang, v)
			}
		}
	}
}

func TestPluralForm(t *testing.T) {
	vm := load(t, "lib/i18n.ts")
	plural, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("pluralForm"))
	if !ok {
		t.Fatal("lib/i18n.ts exports no pluralForm")
	}
	for n, want := range map[int]string{0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many", 21: "one", 22: "few", 101: "one", 111: "many", 112: "many"} {
		v, err := plural(goja.Undefined(), vm.ToValue(n))
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != want {
			t.Errorf("pluralForm(%d) = %s, want %s", n, v, want)
		}
	}
}

func TestApplyMask(t *testing.T) {
	raw, err := os.ReadFile("../shared/testdata/masks.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Mask, Input, Want string }
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	vm := load(t, "lib/mask.ts")
	apply, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("applyMask"))
	if !ok {
		t.Fatal("lib/mask.ts exports no applyMask")
	}
	for _, c := range cases {
		v, err := apply(goja.Undefined(), vm.ToValue(c.Mask), vm.ToValue(c.Input))
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != c.Want {
			t.Errorf("applyMask(%q, %q) = %q, want %q", c.Mask, c.Input, v, c.Want)
		}
	}
}

func TestMaskPhone(t *testing.T) {
	vm := load(t, "lib/mask.ts")
	fn, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("maskPhone"))
	if !ok {
		t.Fatal("lib/mask.ts exports no maskPhone")
	}
	mask := func(in string) string {
		t.Helper()
		v, err := fn(goja.Undefined(), vm.ToValue(in))
		if err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	t.Run("at once", func(t *testing.T) {
		for _, test := range []struct{ in, want string }{
			{"", ""},
			{"+", "+"},
			{"9", "+998 9"},
			{"+9", "+9"},
			{"+998", "+998"},
			{"+998 ", "+998"},
			{"88", "+998 88"},
			{"901234567", "+998 90 123-45-67"},
			{"+998901234567", "+998 90 123-45-67"},
			{"+998 90 123-45-67", "+998 90 123-45-67"},
			{"90 123 45 67 89", "+998 90 123-45-67"},
			// Pasted in every spelling people use.
			{"+998 93 555 00 11", "+998 93 555-00-11"},
			{"+998-93-555-00-11", "+998 93 555-00-11"},
			{"+998 (93) 555-00-11", "+998 93 555-00-11"},
			{"998 93 555 00 11", "+998 93 555-00-11"},
			{"8 93 555-00-11", "+998 93 555-00-11"},
			{"8 (93) 555 00 11", "+998 93 555-00-11"},
			{"8 88 123 45 67", "+998 88 123-45-67"},
			{"88 123 45 67", "+998 88 123-45-67"},
			{"99 812 34 56", "+998 99 812-34-56"},
			// Pasted after what the field held.
			{"+998 93 555-00-11+998 90 123 45 67", "+998 90 123-45-67"},
			{"+998 998901234567", "+998 90 123-45-67"},
			// A stray key after a whole number changes nothing.
			{"+998 93 555-00-112", "+998 93 555-00-11"},
			{"+998 88 123-45-671", "+998 88 123-45-67"},
		} {
			if got := mask(test.in); got != test.want {
				t.Errorf("maskPhone(%q) = %q, want %q", test.in, got, test.want)
			}
		}
	})
	// Key by key: the field holds the mask's output, and each key is
	// appended to it (the caret at the end), from an empty field and from
	// one already holding the country code the mask wrote.
	t.Run("key by key", func(t *testing.T) {
		for _, start := range []string{"", "+998", "+998 "} {
			for _, test := range []struct{ typed, want string }{
				{"+998935550011", "+998 93 555-00-11"},
				{"998935550011", "+998 93 555-00-11"},
				{"935550011", "+998 93 555-00-11"},
				{"8935550011", "+998 93 555-00-11"},
				{"+998 93 555 00 11", "+998 93 555-00-11"},
				{"8 (93) 555-00-11", "+998 93 555-00-11"},
				{"881234567", "+998 88 123-45-67"},
				{"998123456", "+998 99 812-34-56"},
			} {
				field := start
				for _, key := range test.typed {
					field = mask(field + string(key))
				}
				if field != test.want {
					t.Errorf("typing %q key by key into %q gives %q, want %q", test.typed, start, field, test.want)
				}
			}
		}
	})
}

// TestLookupsByDataFindOwnEntries: tables looked up by data find their
// own entries only, never Object.prototype's members: the specialty slug
// "constructor" showed "function Object() { [native code] }" where its
// icon belonged.
func TestLookupsByDataFindOwnEntries(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	// The icons as stand-ins: their names, not lucide's SVG (ssr/icons.go).
	icons := api.Plugin{Name: "icon-stub", Setup: func(pb api.PluginBuild) {
		pb.OnResolve(api.OnResolveOptions{Filter: `^icon:`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: strings.TrimPrefix(args.Path, "icon:"), Namespace: "icon-stub"}, nil
		})
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "icon-stub"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
			svg := "<svg data-icon=\"" + args.Path + "\"></svg>"
			return api.OnLoadResult{Contents: &svg, Loader: api.LoaderText}, nil
		})
	}}
	vm := loadWith(t, "lib/lookup.ts", func(o *api.BuildOptions) {
		o.EntryPoints = nil
		o.Stdin = &api.StdinOptions{
			Contents: `export { specialtyIcon } from "./components/specialtyIcons";
export { t } from "./lib/i18n";
export { clinicType, medicalSpecialties } from "./lib/structuredData";`,
			ResolveDir: root, Loader: api.LoaderTS,
		}
		o.Plugins = []api.Plugin{icons}
	})
	lib := vm.Get("lib").ToObject(vm)
	call := func(name string, args ...any) string {
		t.Helper()
		fn, ok := goja.AssertFunction(lib.Get(name))
		if !ok {
			t.Fatalf("no %s", name)
		}
		vals := make([]goja.Value, len(args))
		for i, a := range args {
			vals[i] = vm.ToValue(a)
		}
		v, err := fn(goja.Undefined(), vals...)
		if err != nil {
			t.Fatalf("%s%v: %v", name, args, err)
		}
		return v.String()
	}
	for _, key := range []string{"constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"} {
		if got := call("specialtyIcon", key); got != `<svg data-icon="stethoscope"></svg>` {
			t.Errorf("specialtyIcon(%q) = %q, want the stethoscope", key, got)
		}
		if got := call("clinicType", key); got != "MedicalClinic" {
			t.Errorf("clinicType(%q) = %q", key, got)
		}
		if got := call("medicalSpecialties", []map[string]string{{"slug": key}}); got != "" {
			t.Errorf("medicalSpecialties(%q) = %q", key, got)
		}
		if got := call("t", "ru", key); got != key {
			t.Errorf("t(ru, %q) = %q, want the key itself", key, got)
		}
		if got := call("t", "uz", "clinic.tab."+key); got != "clinic.tab."+key {
			t.Errorf("t(uz, clinic.tab.%s) = %q", key, got)
		}
	}
	if got := call("specialtyIcon", "kardiolog"); got != `<svg data-icon="heart-pulse"></svg>` {
		t.Errorf("specialtyIcon(kardiolog) = %q", got)
	}
	if got := call("t", "ru", "pagination.page", map[string]any{"n": 2}); got != "Страница 2" {
		t.Errorf("t with a variable = %q", got)
	}
}

// TestTashkentTime runs the booking times' formatting in goja: the wall time
// comes from the instant and Tashkent's fixed UTC+5, whatever offset the
// string carries, across Tashkent midnight and a year's end.
func TestTashkentTime(t *testing.T) {
	vm := load(t, "lib/date.ts")
	lib := vm.Get("lib").ToObject(vm)
	formatTime, _ := goja.AssertFunction(lib.Get("formatTime"))
	formatDateTime, _ := goja.AssertFunction(lib.Get("formatDateTime"))
	addDays, _ := goja.AssertFunction(lib.Get("addDays"))
	weekdayName, _ := goja.AssertFunction(lib.Get("weekdayName"))
	call := func(f goja.Callable, args ...any) string {
		t.Helper()
		vals := make([]goja.Value, len(args))
		for i, a := range args {
			vals[i] = vm.ToValue(a)
		}
		v, err := f(goja.Undefined(), vals...)
		if err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	for _, c := range []struct{ in, time, ru, uz string }{
		{"2026-11-24T14:30:00+05:00", "14:30", "24 ноября 2026, 14:30", "24-noyabr 2026, 14:30"},
		{"2026-11-24T09:30:00Z", "14:30", "24 ноября 2026, 14:30", "24-noyabr 2026, 14:30"},
		{"2026-11-24T19:15:00Z", "00:15", "25 ноября 2026, 00:15", "25-noyabr 2026, 00:15"},
		{"2026-12-31T23:00:00+03:00", "01:00", "1 января 2027, 01:00", "1-yanvar 2027, 01:00"},
		{"2027-01-01T00:00:00+05:00", "00:00", "1 января 2027, 00:00", "1-yanvar 2027, 00:00"},
	} {
		if got := call(formatTime, c.in); got != c.time {
			t.Errorf("formatTime(%s) = %q, want %q", c.in, got, c.time)
		}
		if got := call(formatDateTime, c.in, "ru"); got != c.ru {
			t.Errorf("formatDateTime(%s, ru) = %q, want %q", c.in, got, c.ru)
		}
		if got := call(formatDateTime, c.in, "uz"); got != c.uz {
			t.Errorf("formatDateTime(%s, uz) = %q, want %q", c.in, got, c.uz)
		}
	}
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{{"2026-11-24", 7, "2026-12-01"}, {"2026-12-28", 7, "2027-01-04"}, {"2026-03-01", -1, "2026-02-28"}} {
		if got := call(addDays, c.in, c.n); got != c.want {
			t.Errorf("addDays(%s, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
	if got := call(weekdayName, "2026-11-23", "ru"); got != "пн" {
		t.Errorf("weekdayName(2026-11-23) = %q, want пн", got)
	}
	if got := call(weekdayName, "2026-11-29", "uz"); got != "ya" {
		t.Errorf("weekdayName(2026-11-29, uz) = %q, want ya", got)
	}
}

// TestBottomNavActive is SPEC §4's bottom navigation: the active item comes
// from the path alone, whatever the language and region prefixes.
func TestBottomNavActive(t *testing.T) {
	vm := load(t, "lib/bottomNav.ts")
	active, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("bottomNavActive"))
	if !ok {
		t.Fatal("lib/bottomNav.ts exports no bottomNavActive")
	}
	regions := []string{"tashkent", "samarkand", "bukhara"}
	for _, c := range []struct{ path, want string }{
		{"/", "home"},
		{"/uz", "home"},
		{"/samarkand", "home"},
		{"/uz/samarkand/", "home"},
		{"/history", "history"},
		{"/uz/history", "history"},
		{"/history/42", "history"},
		{"/faq", "faq"},
		{"/uz/faq", "faq"},
		{"/doctors", ""},
		{"/samarkand/doctors/kardiolog", ""},
		{"/historyx", ""},
		{"/uzbekistan", ""},
	} {
		v, err := active(goja.Undefined(), vm.ToValue(c.path), vm.ToValue(regions))
		if err != nil {
			t.Fatal(err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("bottomNavActive(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}

// TestClassify runs shared/testdata/page_types.json against
// client/lib/pageType.ts, as server/route's TestClassify runs it against Go.
func TestClassify(t *testing.T) {
	raw, err := os.ReadFile("../shared/testdata/page_types.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Path, Type, ID string }
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	vm := load(t, "lib/pageType.ts")
	classify, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("classify"))
	if !ok {
		t.Fatal("lib/pageType.ts exports no classify")
	}
	for _, c := range cases {
		v, err := classify(goja.Undefined(), vm.ToValue(c.Path))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		if err := vm.ExportTo(v, &got); err != nil || len(got) != 2 {
			t.Fatalf("classify(%q) = %v", c.Path, v)
		}
		if got[0] != c.Type || got[1] != c.ID {
			t.Errorf("classify(%q) = %q, %q; want %q, %q", c.Path, got[0], got[1], c.Type, c.ID)
		}
	}
}

// TestIsPrivate: every route with an access rule in shared/routes.json is
// private (never prefetched), in both languages and with a region where the
// route takes one; a public page is not.
func TestIsPrivate(t *testing.T) {
	vm := load(t, "lib/pageType.ts")
	isPrivate, ok := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get("isPrivate"))
	if !ok {
		t.Fatal("lib/pageType.ts exports no isPrivate")
	}
	for _, test := range []struct {
		path string
		want bool
	}{
		{"/history", true},
		{"/uz/history/42", true},
		{"/profile/consultant/ai_chat/7", true},
		{"/desk?clinic=akfa", true},
		{"/editor", true},
		{"/uz/dashboard", true},
		{"/register/finalize", true},
		{"/", false},
		{"/samarkand/doctors/kardiolog?page=2", false},
		{"/uz/doctor/ivanov-ivan", false},
		{"/login", false},
		{"/no/such/page", false},
	} {
		v, err := isPrivate(goja.Undefined(), vm.ToValue(test.path))
		if err != nil {
			t.Fatal(err)
		}
		if got := v.ToBoolean(); got != test.want {
			t.Errorf("isPrivate(%q) = %v, want %v", test.path, got, test.want)
		}
	}
}

// TestFormRules runs shared/testdata/form_rules.json, the cases
// server/formrule passes, against client/lib/formRules.ts.
func TestFormRules(t *testing.T) {
	raw, err := os.ReadFile("../shared/testdata/form_rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases struct {
		Rules []struct {
			Name  string `json:"name"`
			Rule  string `json:"rule"`
			Arg   int    `json:"arg"`
			Value any    `json:"value"`
			Valid bool   `json:"valid"`
		} `json:"rules"`
		Messages []struct{ Lang, Field, Want string } `json:"messages"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	vm := load(t, "lib/formRules.ts")
	lib := vm.Get("lib").ToObject(vm)
	check, ok := goja.AssertFunction(lib.Get("check"))
	message, ok2 := goja.AssertFunction(lib.Get("invalidMessage"))
	if !ok || !ok2 {
		t.Fatal("lib/formRules.ts exports no check or invalidMessage")
	}
	for _, c := range cases.Rules {
		// JSON.parse, not ToValue: the rule sees what a browser's form holds
		// (a real array, null), not a Go value wrapped.
		b, _ := json.Marshal(c.Value)
		v, err := vm.RunString("(" + string(b) + ")")
		if err != nil {
			t.Fatal(err)
		}
		got, err := check(goja.Undefined(), vm.ToValue(c.Rule), v, vm.ToValue(c.Arg))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if got.ToBoolean() != c.Valid {
			t.Errorf("%s: check(%q, %s, %d) = %v, want %v", c.Name, c.Rule, b, c.Arg, got, c.Valid)
		}
	}
	if len(cases.Messages) == 0 {
		t.Fatal("no message cases")
	}
	for _, m := range cases.Messages {
		got, err := message(goja.Undefined(), vm.ToValue(m.Lang), vm.ToValue(m.Field))
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != m.Want {
			t.Errorf("invalidMessage(%s, %q) = %q, want %q", m.Lang, m.Field, got, m.Want)
		}
	}
}

// loadCases bundles staticRender.cases.tsx as the server bundles pages
// (ssr/build.go): React's production build and its legacy, synchronous
// server renderer, in a runtime with the engine's globals, so that the
// cases run the Go parts of the renderer (ssr/opentag.go, plainwalk.go,
// templatewalk.go) against React's output. With templates, every .tsx
// module is compiled as the server's pages are (ssr/templates.go).
func loadCases(t *testing.T, templates bool) *goja.Runtime {
	t.Helper()
	return loadCasesIn(t, goja.New(), true, templates)
}

// loadCasesIn is loadCases in vm, with the engine's globals or without.
func loadCasesIn(t *testing.T, vm *goja.Runtime, globals, templates bool) *goja.Runtime {
	t.Helper()
	if globals {
		ssr.InstallGlobals(vm, nil)
	}
	return run(t, vm, "staticRender.cases.tsx", func(o *api.BuildOptions) {
		o.Define = map[string]string{"process.env.NODE_ENV": `"production"`}
		o.Alias = map[string]string{"react-dom/server": "./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js"}
		// Islands import their styles; markup is what is compared.
		o.Loader = map[string]api.Loader{".css": api.LoaderEmpty}
		o.JSX = api.JSXAutomatic
		if templates {
			o.Plugins = append(o.Plugins, ssr.TemplatePlugin(o.AbsWorkingDir, nil))
		}
	})
}

// TestTemplatesMatchJSX renders each case of staticRender.cases.tsx with
// its JSX compiled into templates (ssr/templates.go), statically and with
// React (which renders a template's rebuilt elements), and requires the
// HTML React makes of the JSX as written; the islands' roots likewise.
// Without the engine's globals (no Go writer) templates render as the
// elements they came from, and must too.
func TestTemplatesMatchJSX(t *testing.T) {
	plain, compiled := loadCases(t, false), loadCases(t, true)
	t.Run("without Go", func(t *testing.T) { templatesMatch(t, plain, loadCasesIn(t, goja.New(), false, true)) })
	templatesMatch(t, plain, compiled)
}

// templatesMatch compares the cases of compiled (with templates) with
// React's render of plain's (the JSX as written).
func templatesMatch(t *testing.T, plain, compiled *goja.Runtime) {
	if n := compiled.Get("lib").ToObject(compiled).Get("templateCount"); n == nil {
		t.Fatal("staticRender.cases.tsx exports no templateCount")
	}
	count, _ := goja.AssertFunction(compiled.Get("lib").ToObject(compiled).Get("templateCount"))
	if n, _ := count(goja.Undefined()); n.ToInteger() < 20 {
		t.Fatalf("the compiled cases hold %d templates: the plugin compiled nothing", n.ToInteger())
	}
	render := func(vm *goja.Runtime, fn, name string) [2]string {
		t.Helper()
		f, _ := goja.AssertFunction(vm.Get("lib").ToObject(vm).Get(fn))
		got, err := f(goja.Undefined(), vm.ToValue(name))
		if err != nil {
			t.Fatalf("%s(%s): %v", fn, name, err)
		}
		var pair [2]string
		if err := vm.ExportTo(got, &pair); err != nil {
			t.Fatal(err)
		}
		return pair
	}
	for fn, names := range map[string]string{"both": "cases", "bothIsland": "islands"} {
		for _, name := range plain.Get("lib").ToObject(plain).Get(names).ToObject(plain).Keys() {
			want := render(plain, fn, name)[0]
			got := render(compiled, fn, name)
			if got[1] != want {
				t.Errorf("%s: templates, static:\n%s\nJSX, React:\n%s", name, got[1], want)
			}
			if got[0] != want {
				t.Errorf("%s: templates, React:\n%s\nJSX, React:\n%s", name, got[0], want)
			}
		}
	}
}

// TestStaticRenderCases renders each element of staticRender.cases.tsx
// with react-dom/server and with staticRender.ts, in goja as on the
// server, and each island root with renderToString and renderIsland: the
// HTML must be the same; what staticRender refuses must throw.
func TestStaticRenderCases(t *testing.T) {
	// As the server bundles it (ssr/build.go): React's production build and
	// its legacy, synchronous server renderer.
	// With the engine's globals, as pages render: the cases then run the
	// Go parts of the renderer (ssr/opentag.go) against React's output.
	vm := loadCases(t, false)
	lib := vm.Get("lib").ToObject(vm)
	both, ok := goja.AssertFunction(lib.Get("both"))
	if !ok {
		t.Fatal("staticRender.cases.tsx exports no both")
	}
	cases := lib.Get("cases").ToObject(vm).Keys()
	if len(cases) < 10 {
		t.Fatalf("only %d cases", len(cases))
	}
	// compare calls render(name), which returns React's HTML and ours.
	compare := func(t *testing.T, render goja.Callable, name, ours string) {
		t.Helper()
		got, err := render(goja.Undefined(), vm.ToValue(name))
		if err != nil {
			t.Fatal(err)
		}
		var pair [2]string
		if err := vm.ExportTo(got, &pair); err != nil {
			t.Fatal(err)
		}
		if pair[0] != pair[1] {
			t.Errorf("%s: renderToString:\n%s\n%s:\n%s", name, pair[0], ours, pair[1])
		}
	}
	for _, name := range cases {
		t.Run(name, func(t *testing.T) { compare(t, both, name, "renderStatic") })
	}
	bothIsland, _ := goja.AssertFunction(lib.Get("bothIsland"))
	for _, name := range lib.Get("islands").ToObject(vm).Keys() {
		compare(t, bothIsland, name, "renderIsland")
	}
	// An island keyed by less than its props writes the same HTML for
	// props that differ only outside its key.
	sameKey, _ := goja.AssertFunction(lib.Get("sameKeySameHTML"))
	for _, name := range lib.Get("htmlKeyed").ToObject(vm).Keys() {
		got, err := sameKey(goja.Undefined(), vm.ToValue(name))
		if err != nil {
			t.Fatal(err)
		}
		var four [4]string
		if err := vm.ExportTo(got, &four); err != nil {
			t.Fatal(err)
		}
		if four[0] != four[1] {
			t.Errorf("%s: the two props' keys differ (%s, %s): make them differ only outside the key", name, four[0], four[1])
		}
		if four[2] != four[3] || four[2] == "" {
			t.Errorf("%s: the same key, different HTML:\n%s\n%s", name, four[2], four[3])
		}
	}
	// What staticRender does not write it refuses with Unsupported, which
	// every caller answers with React: never another error (a hook it
	// lacked was a TypeError, a 500).
	refuse, _ := goja.AssertFunction(lib.Get("refuse"))
	for _, name := range lib.Get("unsupported").ToObject(vm).Keys() {
		msg, err := refuse(goja.Undefined(), vm.ToValue(name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(msg.String(), "Unsupported: ") {
			t.Errorf("%s: renderStatic did not refuse it as Unsupported: %q", name, msg)
		}
	}
	// What React refuses, staticRender refuses too, and not as Unsupported:
	// React would refuse it as well.
	refuseInvalid, _ := goja.AssertFunction(lib.Get("refuseInvalid"))
	for _, name := range lib.Get("invalid").ToObject(vm).Keys() {
		got, err := refuseInvalid(goja.Undefined(), vm.ToValue(name))
		if err != nil {
			t.Fatal(err)
		}
		var pair [2]string
		if err := vm.ExportTo(got, &pair); err != nil {
			t.Fatal(err)
		}
		if pair[0] == "" || pair[1] == "" || strings.HasPrefix(pair[1], "Unsupported: ") {
			t.Errorf("%s: renderToString refused it with %q, renderStatic with %q", name, pair[0], pair[1])
		}
	}
	// A card (fragment.tsx) the static renderer cannot write is kept as
	// React writes it, and the fallback is counted.
	cardFallback, _ := goja.AssertFunction(lib.Get("cardFallback"))
	cardHTML, _ := goja.AssertFunction(lib.Get("cardHTML"))
	got, err := cardFallback(goja.Undefined())
	if err != nil {
		t.Fatalf("a page with a card that needs React: %v", err)
	}
	var card [3]string
	if err := vm.ExportTo(got, &card); err != nil {
		t.Fatal(err)
	}
	want, _ := cardHTML(goja.Undefined())
	if card[0] != want.String() || card[1] != `<main><template data-fragment="0"></template></main>` || card[2] != "card" {
		t.Errorf("card kept %q (React: %q), page %q, fallbacks %q", card[0], want, card[1], card[2])
	}
}
