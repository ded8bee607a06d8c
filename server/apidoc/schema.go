package apidoc

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"time"
)

// generator writes JSON schemas of Go types the way encoding/json writes
// their values: a named struct becomes components/schemas/<pkg>.<Name>,
// omitempty fields are optional, a nil slice or pointer may be null.
type generator struct {
	schemas map[string]any
}

func newGenerator() *generator { return &generator{schemas: map[string]any{}} }

var (
	timeType    = reflect.TypeOf(time.Time{})
	rawType     = reflect.TypeOf(json.RawMessage{})
	marshalType = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
)

func (g *generator) of(v any) map[string]any {
	if s, ok := v.(map[string]any); ok {
		return s // a schema written out
	}
	return g.schema(reflect.TypeOf(v))
}

func (g *generator) schema(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == rawType, t.Implements(marshalType):
		return map[string]any{} // its own JSON: any value
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(g.schema(t.Elem()))
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		return map[string]any{"type": []any{"array", "null"}, "items": g.schema(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}, "additionalProperties": g.schema(t.Elem())}
	case reflect.Struct:
		return g.named(t)
	}
	return map[string]any{} // an interface: any value
}

func nullable(s map[string]any) map[string]any {
	if len(s) == 0 {
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

// named gives a named struct a component (once) and refers to it; an
// anonymous or generic one is written in place.
func (g *generator) named(t reflect.Type) map[string]any {
	if t.Name() == "" || strings.ContainsAny(t.Name(), "[]") {
		return g.object(t)
	}
	pkg := t.PkgPath()
	name := pkg[strings.LastIndex(pkg, "/")+1:] + "." + t.Name()
	if _, ok := g.schemas[name]; !ok {
		g.schemas[name] = map[string]any{} // a recursive type refers to itself
		g.schemas[name] = g.object(t)
	}
	return map[string]any{"$ref": "#/components/schemas/" + name}
}

func (g *generator) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	required := []any{}
	g.fields(t, props, &required)
	return map[string]any{"type": "object", "properties": props, "required": required}
}

// fields adds t's JSON fields, flattening embedded structs as encoding/json does.
func (g *generator) fields(t reflect.Type, props map[string]any, required *[]any) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				g.fields(ft, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := g.schema(ft)
		if strings.Contains(opts, "string") {
			s = map[string]any{"type": "string"}
		}
		props[name] = s
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}

// Fields are the JSON names of a struct value's fields as encoding/json
// writes them (embedded structs flattened), sorted: a hand-written schema
// is checked against its Go type with them.
func Fields(v any) []string {
	props := map[string]any{}
	var required []any
	newGenerator().fields(reflect.TypeOf(v), props, &required)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
