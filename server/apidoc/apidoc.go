// Package apidoc is the OpenAPI 3.1 document of the whole JSON API: each
// domain lists its operations beside its handlers (an APIDoc function with
// the Go types of its bodies and answers), Build turns them into one
// document with schemas generated from those types, Handler serves it at
// /api/openapi.json and as a reference page at /api/docs, and Spec checks
// an answer against it (the API tests' helper).
package apidoc

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Op is one operation: method, path in OpenAPI form ("/api/bookings/{id}"),
// a summary in both languages, whether the session cookie is needed, the
// query parameters, the request body and the answers.
type Op struct {
	Method, Path string
	Tag          string
	Ru, Uz       string
	// Session marks an operation that answers 401 without a live session.
	Session bool
	Query   []Param
	// Body is a value of the request body's Go type (or a schema written
	// out); nil is no body. Upload is a picture's bytes instead.
	Body   any
	Upload bool
	// Multipart is the schema, written out, of a multipart/form-data
	// body (a file with its fields).
	Multipart any
	// Answers are the successful answers; Errors the refusals' statuses,
	// each answered with the error body (components/schemas/Error).
	Answers []Answer
	Errors  []int
}

// Param is a query (or, with In "path", a path) parameter.
type Param struct {
	Name, In string
	// Type is a JSON type: "string" (the default) or "integer".
	Type     string
	Required bool
	Desc     string
}

// Answer is a successful answer: Data is a value of the Go type answered
// inside {"data": ...}; Whole a value of the whole body's type (or a
// schema written out) for the answers that are not enveloped;
// ContentType other than JSON (an .ics, an HTML page); none of them is no
// body (204, a redirect).
type Answer struct {
	Status      int
	Desc        string
	Data        any
	Whole       any
	ContentType string
}

// Fragment is a hand-written part of a document (paths and components),
// merged as it is: the booking document written before this package.
type Fragment []byte

// Document is an OpenAPI document as JSON values.
type Document map[string]any

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// errorText names a refusal in the reference (the body's message is the
// caller's own language).
var errorText = map[int]string{
	400: "malformed parameters or body", 401: "no live session (auth.signedOut)",
	403: "a cross-site request or a missing role", 404: "not found",
	409: "the state does not allow it", 410: "gone (an offer taken or expired)", 413: "too large", 415: "the body is not application/json",
	422: "a refused form: fields holds a message per field", 429: "too many requests (Retry-After)",
	500: "an internal error (logged; the message says only that something failed)",
	502: "an outside service failed (SMS gateway, model)", 503: "unavailable: the database is down or busy, or the service is not configured here (Retry-After)",
}

// Build makes the document of ops and fragments; an operation twice, or a
// fragment that is not JSON, is an error.
func Build(info map[string]any, fragments []Fragment, ops ...[]Op) (Document, error) {
	g := newGenerator()
	paths := map[string]any{}
	components := map[string]map[string]any{"schemas": g.schemas, "responses": {}, "parameters": {}, "securitySchemes": {
		"session": map[string]any{"type": "apiKey", "in": "cookie", "name": "token", "description": "the session cookie set by POST /api/auth/verify"},
	}}
	for _, raw := range fragments {
		var f struct {
			Paths      map[string]map[string]any `json:"paths"`
			Components map[string]map[string]any `json:"components"`
			Tags       []map[string]any          `json:"tags"`
		}
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("apidoc: a fragment: %w", err)
		}
		for p, item := range f.Paths {
			if paths[p] == nil {
				paths[p] = map[string]any{}
			}
			for m, op := range item {
				paths[p].(map[string]any)[m] = op
			}
		}
		for kind, entries := range f.Components {
			if components[kind] == nil {
				components[kind] = map[string]any{}
			}
			for name, v := range entries {
				components[kind][name] = v
			}
		}
	}
	if _, ok := g.schemas["Error"]; !ok {
		g.schemas["Error"] = errorSchema
	}
	for _, list := range ops {
		for _, op := range list {
			m := strings.ToLower(op.Method)
			item, _ := paths[op.Path].(map[string]any)
			if item == nil {
				item = map[string]any{}
				paths[op.Path] = item
			}
			if item[m] != nil {
				return nil, fmt.Errorf("apidoc: %s %s twice", op.Method, op.Path)
			}
			item[m] = g.operation(op)
		}
	}
	built, err := json.Marshal(map[string]any{
		"openapi":           "3.1.0",
		"jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
		"info":              info,
		"paths":             paths,
		"components":        components,
	})
	if err != nil {
		return nil, err
	}
	// Plain JSON values from here on, whatever the parts were built of.
	var doc Document
	err = json.Unmarshal(built, &doc)
	return doc, err
}

// errorSchema is api.ErrorBody: {"error": message, "fields"?: {name: message}}.
var errorSchema = map[string]any{
	"type": "object", "required": []any{"error"}, "additionalProperties": false,
	"properties": map[string]any{
		"error":  map[string]any{"type": "string", "minLength": 1, "description": "in the ?lang= language (ru default, uz)"},
		"fields": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}, "description": "per-field messages of a refused form"},
	},
}

func (g *generator) operation(op Op) map[string]any {
	out := map[string]any{
		"summary":      op.Ru,
		"x-summary-uz": op.Uz,
		"operationId":  operationID(op.Method, op.Path),
	}
	if op.Tag != "" {
		out["tags"] = []any{op.Tag}
	}
	params := []any{}
	declared := map[string]bool{}
	for _, p := range op.Query {
		declared[p.Name] = true
		params = append(params, param(p))
	}
	for _, m := range pathParam.FindAllStringSubmatch(op.Path, -1) {
		if !declared[m[1]] {
			typ := "string"
			if m[1] == "id" || m[1] == "rev" || m[1] == "doctor" {
				typ = "integer"
			}
			params = append(params, param(Param{Name: m[1], In: "path", Type: typ}))
		}
	}
	params = append(params, param(Param{Name: "lang", Type: "string", Desc: "uz for Uzbek messages; anything else Russian"}))
	out["parameters"] = params
	if op.Upload {
		out["requestBody"] = map[string]any{"required": true, "content": map[string]any{
			"image/*": map[string]any{"schema": map[string]any{"type": "string", "contentMediaType": "image/*"}},
		}}
	}
	if op.Multipart != nil {
		out["requestBody"] = map[string]any{"required": true, "content": map[string]any{
			"multipart/form-data": map[string]any{"schema": op.Multipart},
		}}
	}
	if op.Body != nil {
		out["requestBody"] = map[string]any{"required": true, "content": map[string]any{
			"application/json": map[string]any{"schema": g.of(op.Body)},
		}}
	}
	if op.Session {
		out["security"] = []any{map[string]any{"session": []any{}}}
	}
	responses := map[string]any{}
	for _, a := range op.Answers {
		r := map[string]any{"description": a.Desc}
		switch {
		case a.ContentType != "":
			r["content"] = map[string]any{a.ContentType: map[string]any{"schema": map[string]any{"type": "string"}}}
		case a.Whole != nil:
			r["content"] = map[string]any{"application/json": map[string]any{"schema": g.of(a.Whole)}}
		case a.Data != nil:
			r["content"] = map[string]any{"application/json": map[string]any{"schema": map[string]any{
				"type": "object", "required": []any{"data"}, "properties": map[string]any{"data": g.of(a.Data)},
			}}}
		}
		if r["description"] == "" {
			r["description"] = http.StatusText(a.Status)
		}
		responses[strconv.Itoa(a.Status)] = r
	}
	// Any call may meet a malformed query, a limit, an internal error or
	// a database that is down or busy (503 with Retry-After).
	errs := append([]int{400, 429, 500, 503}, op.Errors...)
	if op.Session {
		errs = append(errs, 401)
	}
	if op.Method != http.MethodGet {
		errs = append(errs, 403, 415) // cross-site; a body that is not JSON
	}
	for _, s := range errs {
		responses[strconv.Itoa(s)] = map[string]any{"description": errorText[s], "content": map[string]any{
			"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}},
		}}
	}
	out["responses"] = responses
	return out
}

func param(p Param) map[string]any {
	if p.In == "" {
		p.In = "query"
	}
	if p.Type == "" {
		p.Type = "string"
	}
	out := map[string]any{"name": p.Name, "in": p.In, "schema": map[string]any{"type": p.Type}}
	if p.In == "path" || p.Required {
		out["required"] = true
	}
	if p.Desc != "" {
		out["description"] = p.Desc
	}
	return out
}

func operationID(method, path string) string {
	id := strings.ToLower(method)
	for _, part := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '{' || r == '}' || r == '.' || r == '-' }) {
		if part == "api" {
			continue
		}
		id += strings.ToUpper(part[:1]) + part[1:]
	}
	return id
}

// Operations lists the document's operations as "METHOD /path", sorted.
func (d Document) Operations() []string {
	var out []string
	for p, item := range d["paths"].(map[string]any) {
		for m := range item.(map[string]any) {
			switch m {
			case "get", "put", "post", "delete", "patch", "head", "options":
				out = append(out, strings.ToUpper(m)+" "+p)
			}
		}
	}
	sort.Strings(out)
	return out
}

// JSON is the document as served.
func (d Document) JSON() []byte {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		panic(err) // only maps, slices and strings: cannot fail
	}
	return b
}

// Object is the schema of a JSON object with the given properties, all
// required: for the answers built as a fiber.Map.
func Object(props map[string]any) map[string]any {
	required := []any{}
	for name := range props {
		required = append(required, name)
	}
	sort.Slice(required, func(i, j int) bool { return required[i].(string) < required[j].(string) })
	return map[string]any{"type": "object", "properties": props, "required": required}
}

// Schemas written out, for Object's properties.
var (
	Integer = map[string]any{"type": "integer"}
	String  = map[string]any{"type": "string"}
	Boolean = map[string]any{"type": "boolean"}
)
