package ssr

import (
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestCompileTemplates checks which elements become templates, and that
// what the compiler writes is JavaScript whatever shape esbuild gave the
// holes (parentheses, comments, keys, nested calls). What the templates
// render is compared with React in client (TestTemplatesMatchJSX) and
// server/site (TestStaticRenderMatchesReact).
func TestCompileTemplates(t *testing.T) {
	for _, c := range []struct {
		name, src string
		templates int
		has       []string // in the output
	}{
		{"plain tree, one template", `export const A = ({ x }: { x: string }) => <div className="a"><p title={x}>{x}<b>!</b></p></div>;`, 1, []string{`__tpl(__sogliqT0, x, x)`, `"<div", 1, "className", "a", ">"`}},
		{"a component stays a call, inside a hole", `const C = () => null; export const A = () => <div><C /></div>;`, 1, []string{`jsx(C, {})`}},
		{"spread stays a call", `export const A = (p: object) => <div {...p}>x</div>;`, 0, nil},
		{"ref and inner HTML stay calls", `export const A = ({ r }: { r: any }) => <><div ref={r}>x</div><div dangerouslySetInnerHTML={{ __html: "x" }} /></>;`, 0, nil},
		{"a button's form props stay a call, its children templates", `export const A = () => <button name="n"><span>x</span></button>;`, 1, []string{`jsx("button"`}},
		{"a name is any attribute on a div", `export const A = () => <div name="n">x</div>;`, 1, nil},
		{"images, inputs, selects and svg stay calls", `export const A = () => <div><img src="x.png" alt="" /><input /><select value="a"><option>a</option></select><svg><path d="M0" /></svg></div>;`, 1, []string{`jsx("img"`, `jsx("input"`, `jsx("select"`, `jsx("svg"`}},
		{"keys", `export const A = ({ xs }: { xs: string[] }) => <ul>{xs.map((x) => <li key={x}>{x}</li>)}</ul>;`, 2, []string{`, x, x)`}},
		{"parenthesised and commented holes", `export const A = ({ a, b }: { a?: string; b: string }) => <p>{/* c */ (a || b).toUpperCase()}{(a, b)}{a ? <i>{a}</i> : <b>{b}</b>}</p>;`, 3, []string{`(a || b).toUpperCase()`, `(a, b)`}},
		{"texts beside holes", `export const A = ({ n }: { n: number }) => <span>★ {n} of {n + 1}{""}</span>;`, 1, []string{`4, "\u2605 "`, `4, " of "`}},
		{"empty and constant links", `export const A = ({ h }: { h: string }) => <nav><a href="">e</a><a href="/x">x</a><a href={h}>h</a></nav>;`, 1, []string{`" href=\"\""`, `1, "href", "/x"`, `3, 0`}},
		{"no JSX", `export const a = 1;`, 0, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			js, err := compileTemplates(c.src, "/r/client/x.tsx", "/r/client/staticRender.ts", "")
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(js, "__tplDef("); n != c.templates {
				t.Errorf("%d templates, want %d:\n%s", n, c.templates, js)
			}
			for _, s := range c.has {
				if !strings.Contains(js, s) {
					t.Errorf("no %s in:\n%s", s, js)
				}
			}
			if res := api.Transform(js, api.TransformOptions{Loader: api.LoaderJS, Format: api.FormatESModule}); len(res.Errors) > 0 {
				t.Errorf("not JavaScript: %s\n%s", formatMessages(res.Errors), js)
			}
		})
	}
}
