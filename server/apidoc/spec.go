package apidoc

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const docURL = "https://sogliq.test/api/openapi.json"

// Spec checks answers against a document: the API tests call Check on
// every answer they get.
type Spec struct {
	doc   Document
	paths []pathTemplate
	// mu guards the compiler (not safe for concurrent use) and the
	// schemas compiled so far; tests check answers from many goroutines.
	mu       sync.Mutex
	compiler *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

type pathTemplate struct {
	path   string
	re     *regexp.Regexp
	params int
}

// NewSpec compiles every schema of the document (one that does not is an error).
func NewSpec(d Document) (*Spec, error) {
	raw, err := jsonschema.UnmarshalJSON(bytes.NewReader(d.JSON()))
	if err != nil {
		return nil, err
	}
	s := &Spec{doc: d, compiler: jsonschema.NewCompiler(), compiled: map[string]*jsonschema.Schema{}}
	s.compiler.DefaultDraft(jsonschema.Draft2020)
	s.compiler.AssertFormat()
	if err := s.compiler.AddResource(docURL, raw); err != nil {
		return nil, err
	}
	for name := range d["components"].(map[string]any)["schemas"].(map[string]any) {
		if _, err := s.compiler.Compile(docURL + "#/components/schemas/" + escape(name)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
	}
	for p := range d["paths"].(map[string]any) {
		expr := regexp.QuoteMeta(p)
		expr = regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(expr, `[^/]+?`)
		s.paths = append(s.paths, pathTemplate{path: p, re: regexp.MustCompile("^" + expr + "$"), params: strings.Count(p, "{")})
	}
	return s, nil
}

func escape(p string) string {
	return strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1")
}

// Template is the documented path that a request path (query ignored)
// matches, the one with the fewest parameters when several do
// ("/api/editor/slug" before "/api/editor/{kind}"); "" when none does.
func (s *Spec) Template(method, path string) string {
	path, _, _ = strings.Cut(path, "?")
	best, params := "", 1<<30
	for _, t := range s.paths {
		if !t.re.MatchString(path) || t.params >= params {
			continue
		}
		if s.operation(method, t.path) != nil {
			best, params = t.path, t.params
		}
	}
	return best
}

func (s *Spec) operation(method, path string) map[string]any {
	item, _ := s.doc["paths"].(map[string]any)[path].(map[string]any)
	op, _ := item[strings.ToLower(method)].(map[string]any)
	return op
}

// Check validates an answer to method path (a request path; the query is
// ignored): the operation and its status must be documented, the
// Content-Type listed, and a JSON body must match the schema.
func (s *Spec) Check(method, path string, status int, contentType string, body []byte) error {
	tpl := s.Template(method, path)
	if tpl == "" {
		return fmt.Errorf("%s %s is not in the API document", method, path)
	}
	op := s.operation(method, tpl)
	code := strconv.Itoa(status)
	resp, _ := op["responses"].(map[string]any)[code].(map[string]any)
	if resp == nil {
		return fmt.Errorf("%s %s answered %s, which the document does not list: %s", method, tpl, code, body)
	}
	loc := "#/paths/" + escape(tpl) + "/" + strings.ToLower(method) + "/responses/" + code
	if ref, ok := resp["$ref"].(string); ok {
		loc = ref
		name := strings.TrimPrefix(ref, "#/components/responses/")
		resp = s.doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
	}
	content, _ := resp["content"].(map[string]any)
	if content == nil {
		if len(body) != 0 && status < 300 {
			return fmt.Errorf("%s %s %s: a body where none is documented: %s", method, tpl, code, body)
		}
		return nil
	}
	ct := strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0])
	if _, ok := content[ct]; !ok {
		return fmt.Errorf("%s %s %s: Content-Type %q not documented", method, tpl, code, ct)
	}
	if ct != "application/json" {
		return nil
	}
	sch, err := s.compile(docURL + loc + "/content/application~1json/schema")
	if err != nil {
		return fmt.Errorf("%s: %w", loc, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s %s %s: not JSON: %w: %s", method, tpl, code, err, body)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("%s %s %s does not match the document: %v\n%s", method, tpl, code, err, body)
	}
	return nil
}

func (s *Spec) compile(loc string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[loc]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(loc)
	if err == nil {
		s.compiled[loc] = sch
	}
	return sch, err
}
