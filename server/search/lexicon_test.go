package search_test

import (
	"strings"
	"testing"

	"sogliq/server/search"
	"sogliq/server/seed"
)

// TestLexicon validates shared/lexicon.json: at least 300 entries, each with
// Uzbek Latin, Uzbek Cyrillic and Russian forms and known specialties; no
// form twice; every seeded specialty reachable; emergency phrases in all
// three scripts.
func TestLexicon(t *testing.T) {
	f, err := search.LoadLexicon()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) < 300 {
		t.Errorf("%d entries, want at least 300", len(f.Entries))
	}
	known := map[string]bool{}
	for _, s := range seed.SpecialtySlugs() {
		known[s] = true
	}
	covered := map[string]bool{}
	forms := map[string]int{}
	for i, e := range append(f.Entries, f.Emergency...) {
		if len(e.Uz) == 0 || len(e.UzCyrl) == 0 || len(e.Ru) == 0 {
			t.Errorf("entry %d %q: want Uzbek Latin, Uzbek Cyrillic and Russian forms", i, e.Forms())
		}
		emergency := i >= len(f.Entries)
		if !emergency && len(e.Specialties) == 0 {
			t.Errorf("entry %d %q: no specialty", i, e.Forms())
		}
		for _, s := range e.Specialties {
			if !known[s] {
				t.Errorf("entry %d %q: unknown specialty %q", i, e.Forms(), s)
			}
			covered[s] = true
		}
		for _, form := range e.Forms() {
			k := search.Key(form)
			if k == "" {
				t.Errorf("entry %d: form %q has no key", i, form)
			}
			if j, dup := forms[form]; dup && j != i {
				t.Errorf("form %q in entries %d and %d", form, j, i)
			}
			forms[form] = i
		}
	}
	for s := range known {
		if !covered[s] {
			t.Errorf("specialty %s: no lexicon entry leads to it", s)
		}
	}
	c := f.Children
	if len(c.Uz) == 0 || len(c.UzCyrl) == 0 || len(c.Ru) == 0 {
		t.Errorf("children: want Uzbek Latin, Uzbek Cyrillic and Russian words, got %q %q %q", c.Uz, c.UzCyrl, c.Ru)
	}
	for _, w := range append(append(append([]string{}, c.Uz...), c.UzCyrl...), c.Ru...) {
		if k := search.Key(w); k == "" || strings.Contains(k, " ") {
			t.Errorf("children: %q is not one word (key %q)", w, k)
		}
	}
	for from, to := range c.Instead {
		if !known[from] || !known[to] {
			t.Errorf("children.instead: %s → %s: unknown specialty", from, to)
		}
	}
}
