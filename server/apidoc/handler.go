package apidoc

import (
	"bytes"
	"encoding/json"
	"html/template"
	"sort"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Translator gives the page's words in a language; *i18n.Dict is one.
type Translator interface {
	T(lang, key string, vars ...string) string
}

// Handler serves the document at /api/openapi.json and the reference page
// at /api/docs (Russian) and /uz/api/docs (Uzbek), both rendered here from
// the document: no script, no third-party file, not indexed.
type Handler struct {
	Doc  Document
	Dict Translator
	json []byte
	page map[string][]byte
}

// Register adds the routes; the page is rendered once, here.
func (h *Handler) Register(r fiber.Router) {
	h.json = h.Doc.JSON()
	h.page = map[string][]byte{}
	for _, lang := range []string{"ru", "uz"} {
		var b bytes.Buffer
		if err := pageTemplate.Execute(&b, h.view(lang)); err != nil {
			panic(err) // the template and the document are ours: a bug
		}
		h.page[lang] = b.Bytes()
	}
	r.Get("/api/openapi.json", h.serveJSON)
	r.Get("/api/docs", h.servePage("ru"))
	r.Get("/uz/api/docs", h.servePage("uz"))
}

func (h *Handler) serveJSON(c *fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "public, max-age=300")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(h.json)
}

func (h *Handler) servePage(lang string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Set("X-Robots-Tag", "noindex")
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		return c.Send(h.page[lang])
	}
}

type pageView struct {
	Lang, Title, Intro, Session, Parameters, Body, Responses, Required, Other, OtherURL, Schemas string
	Ops                                                                                          []opView
	Components                                                                                   []namedSchema
}

type opView struct {
	ID, Method, Path, Summary string
	Session                   bool
	Params                    []paramView
	Body                      string
	Responses                 []responseView
}

type paramView struct {
	Name, In, Type, Desc string
	Required             bool
}

type responseView struct{ Status, Desc, Schema string }

type namedSchema struct{ Name, Schema string }

func (h *Handler) view(lang string) pageView {
	t := func(key string) string { return h.Dict.T(lang, "apidoc."+key) }
	v := pageView{Lang: lang, Title: t("title"), Intro: t("intro"), Session: t("session"), Parameters: t("parameters"),
		Body: t("body"), Responses: t("responses"), Required: t("required"), Other: t("other"), Schemas: t("schemas"), OtherURL: "/uz/api/docs"}
	if lang == "uz" {
		v.OtherURL = "/api/docs"
	}
	ops := h.Doc.Operations()
	// By path, so a resource's methods stand together.
	sort.SliceStable(ops, func(i, j int) bool {
		_, a, _ := strings.Cut(ops[i], " ")
		_, b, _ := strings.Cut(ops[j], " ")
		return a < b
	})
	for _, name := range ops {
		method, path, _ := strings.Cut(name, " ")
		op := h.Doc["paths"].(map[string]any)[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
		// A hand-written fragment's summary may be English, with
		// x-summary-ru beside it; the built ones are Russian.
		o := opView{ID: operationID(method, path), Method: method, Path: path, Summary: str(op["summary"])}
		if text := str(op["x-summary-"+lang]); text != "" {
			o.Summary = text
		}
		o.Session = op["security"] != nil
		params, _ := op["parameters"].([]any)
		for _, p := range params {
			pm := h.resolve(p)
			schema, _ := pm["schema"].(map[string]any)
			o.Params = append(o.Params, paramView{Name: str(pm["name"]), In: str(pm["in"]), Type: str(schema["type"]), Desc: str(pm["description"]), Required: pm["required"] == true})
		}
		if body, ok := op["requestBody"].(map[string]any); ok {
			o.Body = compact(body["content"])
		}
		responses, _ := op["responses"].(map[string]any)
		var codes []string
		for code := range responses {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		for _, code := range codes {
			r := h.resolve(responses[code])
			desc := str(r["description"])
			if n, err := strconv.Atoi(code); err == nil && desc == errorText[n] {
				desc = t("status." + code) // a refusal every operation may meet, in the page's language
			}
			o.Responses = append(o.Responses, responseView{Status: code, Desc: desc, Schema: compact(r["content"])})
		}
		v.Ops = append(v.Ops, o)
	}
	schemas := h.Doc["components"].(map[string]any)["schemas"].(map[string]any)
	var names []string
	for name := range schemas {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b, _ := json.MarshalIndent(schemas[name], "", "  ")
		v.Components = append(v.Components, namedSchema{Name: name, Schema: string(b)})
	}
	return v
}

// resolve follows a components $ref of a parameter or response.
func (h *Handler) resolve(v any) map[string]any {
	m, _ := v.(map[string]any)
	ref, ok := m["$ref"].(string)
	if !ok {
		return m
	}
	parts := strings.Split(strings.TrimPrefix(ref, "#/components/"), "/")
	if len(parts) != 2 {
		return m
	}
	kind, _ := h.Doc["components"].(map[string]any)[parts[0]].(map[string]any)
	out, _ := kind[parts[1]].(map[string]any)
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func compact(v any) string {
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem}code,pre{font:13px/1.4 ui-monospace,monospace}pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.5rem}section{border-top:1px solid #ddd;padding:.5rem 0}h2{font-size:1.05rem}.m{display:inline-block;min-width:4rem;font-weight:700}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}</style>
</head><body>
<p><a href="{{.OtherURL}}">{{.Other}}</a></p>
<h1>{{.Title}}</h1>
<p>{{.Intro}} <a href="/api/openapi.json">/api/openapi.json</a></p>
<ul>{{range .Ops}}<li><a href="#{{.ID}}"><code>{{.Method}} {{.Path}}</code></a> {{.Summary}}</li>{{end}}</ul>
{{range .Ops}}<section id="{{.ID}}"><h2><span class="m">{{.Method}}</span> <code>{{.Path}}</code></h2>
<p>{{.Summary}}</p>{{if .Session}}<p><strong>{{$.Session}}</strong></p>{{end}}
{{if .Params}}<h3>{{$.Parameters}}</h3><table>{{range .Params}}<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{.Type}}</td><td>{{if .Required}}{{$.Required}}{{end}}</td><td>{{.Desc}}</td></tr>{{end}}</table>{{end}}
{{if .Body}}<h3>{{$.Body}}</h3><pre>{{.Body}}</pre>{{end}}
<h3>{{$.Responses}}</h3><table>{{range .Responses}}<tr><td>{{.Status}}</td><td>{{.Desc}}{{if .Schema}}<pre>{{.Schema}}</pre>{{end}}</td></tr>{{end}}</table>
</section>{{end}}
<h2>{{.Schemas}}</h2>
{{range .Components}}<section id="schema-{{.Name}}"><h3><code>{{.Name}}</code></h3><pre>{{.Schema}}</pre></section>{{end}}
</body></html>
`))

// Ops is the part of the document about itself.
func Ops() []Op {
	return []Op{
		{Method: "GET", Path: "/api/openapi.json", Tag: "api", Ru: "Этот документ OpenAPI 3.1", Uz: "Ushbu OpenAPI 3.1 hujjati",
			Answers: []Answer{{Status: 200, Desc: "the document", Whole: map[string]any{"type": "object", "required": []any{"openapi", "paths"}}}}},
		{Method: "GET", Path: "/api/docs", Tag: "api", Ru: "Справочник API (эта страница; на узбекском /uz/api/docs)", Uz: "API maʼlumotnomasi (ushbu sahifa; oʻzbekcha /uz/api/docs)",
			Answers: []Answer{{Status: 200, ContentType: "text/html"}}},
	}
}
