package ssr

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplice(t *testing.T) {
	cards := []string{"<article>a</article>", "<article>b</article>"}
	for _, tc := range []struct{ name, in, want string }{
		{"none", "<main></main>", "<main></main>"},
		{"two", `<main><template data-fragment="1"></template><template data-fragment="0"></template></main>`, "<main><article>b</article><article>a</article></main>"},
		{"same twice", `<template data-fragment="0"></template>|<template data-fragment="0"></template>`, "<article>a</article>|<article>a</article>"},
		{"out of range kept", `<template data-fragment="7"></template>`, `<template data-fragment="7"></template>`},
		{"not a number kept", `<template data-fragment="x"></template><template data-fragment="1"></template>`, `<template data-fragment="x"></template><article>b</article>`},
		{"unterminated kept", `<template data-fragment="0`, `<template data-fragment="0`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, splice(tc.in, cards)); diff != "" {
				t.Errorf("splice (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFragmentsPurgeAndBound(t *testing.T) {
	f := NewFragments(0)
	f.put("k1", "<a>1</a>", "doctor:1")
	f.put("k2", "<a>2</a>", "doctor:1")
	f.put("k3", "<a>3</a>", "clinic:1")
	f.Purge("doctor:1", "doctor:9")
	held := func() []string {
		var keys []string
		for _, k := range []string{"k1", "k2", "k3"} {
			if _, ok := f.get(k); ok {
				keys = append(keys, k)
			}
		}
		return keys
	}
	if diff := cmp.Diff([]string{"k3"}, held()); diff != "" {
		t.Errorf("after purging doctor:1 (-want +got):\n%s", diff)
	}

	// A store of 100 bytes keeps the most recently used cards only.
	f = NewFragments(100)
	card := strings.Repeat("x", 40)
	f.put("k1", card, "t")
	f.put("k2", card, "t")
	f.get("k1") // k1 is now the most recent
	f.put("k3", card, "t")
	if diff := cmp.Diff([]string{"k1", "k3"}, held()); diff != "" {
		t.Errorf("bounded store (-want +got):\n%s", diff)
	}
	if f.used > f.max {
		t.Errorf("store holds %d bytes, bound %d", f.used, f.max)
	}
}

func TestFragmentKey(t *testing.T) {
	a := fragmentKey("build1", "doctor", `{"doctor":{"id":1,"name":"A"},"lang":"ru"}`)
	for _, other := range []string{
		fragmentKey("build2", "doctor", `{"doctor":{"id":1,"name":"A"},"lang":"ru"}`),
		fragmentKey("build1", "clinic", `{"doctor":{"id":1,"name":"A"},"lang":"ru"}`),
		fragmentKey("build1", "doctor", `{"doctor":{"id":1,"name":"B"},"lang":"ru"}`),
		fragmentKey("build1", "doctor", `{"doctor":{"id":1,"name":"A"},"lang":"uz"}`),
	} {
		if other == a {
			t.Errorf("key %q shared by different build, kind or props", a)
		}
	}
}
