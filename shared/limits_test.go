package shared

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// aliases are the names, other than the key's own words, under which a
// limits.json constant was written in code before it was read from there.
var aliases = map[string][]string{
	"suggestMinChars": {"query"},
	"suggestMax":      {"suggestions"},
}

// allowed are files that may hold a limits.json value as data of their
// own, with why.
var allowed = map[string]string{
	"server/region/detect.go": "the city names of every region, keyed by slug",
}

// TestOneSource fails when a constant of limits.json is written again in
// the Go or TypeScript sources: a string value as a literal, a number as a
// named constant whose name shares a word with the key (TOAST_MS = 2000
// for toastMs, MaxSuggestions = 8 for suggestMax).
func TestOneSource(t *testing.T) {
	raw, err := Files.ReadFile("limits.json")
	if err != nil {
		t.Fatal(err)
	}
	var limits map[string]any
	if err := json.Unmarshal(raw, &limits); err != nil {
		t.Fatal(err)
	}
	for path, src := range sources(t) {
		if _, ok := allowed[path]; ok {
			continue
		}
		for key, value := range limits {
			for _, where := range written(src, key, value) {
				t.Errorf("%s: %s writes limits.json's %s again (%q); read it from limits.json", path, where, key, fmt.Sprint(value))
			}
		}
	}
}

// TestWritten checks the detector itself: it must see each way a constant
// was duplicated before.
func TestWritten(t *testing.T) {
	for _, test := range []struct {
		src, key string
		value    any
		want     bool
	}{
		{"const TOAST_MS = 2000;", "toastMs", 2000.0, true},
		{"const MAX_SUGGESTIONS = 8;", "suggestMax", 8.0, true},
		{"\tMaxSuggestions = 8", "suggestMax", 8.0, true},
		{"export const MIN_QUERY = 2;", "suggestMinChars", 2.0, true},
		{"const DefaultRegion = \"tashkent\"", "defaultRegion", "tashkent", true},
		{"CodesPerIP = 20", "doctorsPerPage", 20.0, false},
		{"const TOAST_MS = limits.toastMs;", "toastMs", 2000.0, false},
	} {
		if got := len(written(test.src, test.key, test.value)) > 0; got != test.want {
			t.Errorf("written(%q, %s) = %v, want %v", test.src, test.key, got, test.want)
		}
	}
}

// sources are the non-test Go and TypeScript files of server/, ssr/ and
// client/, by path from the repository root.
func sources(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, dir := range []string{"server", "ssr", "client"} {
		err := filepath.WalkDir(filepath.Join("..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "dist" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			name := d.Name()
			code := strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".tsx")
			test := strings.HasSuffix(name, "_test.go") || strings.Contains(name, ".test.")
			if d.IsDir() || !code || test {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel("..", path)
			out[filepath.ToSlash(rel)] = string(b)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d source files found: is the test running in shared/?", len(out))
	}
	return out
}

// written finds where src writes the constant key = value itself.
func written(src, key string, value any) []string {
	switch v := value.(type) {
	case string:
		re := regexp.MustCompile(`["'` + "`" + `]` + regexp.QuoteMeta(v) + `["'` + "`" + `]`)
		return re.FindAllString(src, -1)
	case float64:
		num := regexp.QuoteMeta(fmt.Sprint(v))
		re := regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*\w+\s*)?=\s*` + num + `[ \t]*(?:;|$|//|\n)`)
		var hits []string
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			if related(m[1], key) {
				hits = append(hits, strings.TrimSpace(m[0]))
			}
		}
		return hits
	}
	return nil
}

// stopWords say nothing about which constant a name is.
var stopWords = map[string]bool{"per": true, "page": true, "max": true, "min": true, "ms": true, "days": true, "chars": true}

// related reports whether a name shares a meaningful word with a key (one
// word a prefix of the other: suggest, suggestions), or an alias.
func related(name, key string) bool {
	keyWords := append(words(key), aliases[key]...)
	for _, n := range words(name) {
		for _, k := range keyWords {
			if stopWords[n] || stopWords[k] {
				continue
			}
			if strings.HasPrefix(n, k) || strings.HasPrefix(k, n) {
				return true
			}
		}
	}
	return false
}

// words splits camelCase and SNAKE_CASE names into lower-case words.
func words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prev := rune(0)
	for _, r := range name {
		switch {
		case r == '_':
			flush()
		case unicode.IsUpper(r) && prev != 0 && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}
