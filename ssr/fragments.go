package ssr

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"sync/atomic"
)

// DefaultFragmentBytes bounds a Fragments store made with a zero size:
// 8 MiB is ~3,000 doctor or clinic cards of ~2.5 KB. More did not pay in
// the cold-listing bench (bench/cold.sh) and cost RSS: at 16 MiB the server
// peaked ~12 MB higher, over the 130 MB of issue 15.
const DefaultFragmentBytes = 8 << 20

// Fragments holds the HTML of cards rendered once and spliced into every
// page that shows them (client/components/fragment.tsx). A card's key is
// the build, its kind and a hash of its props (language, region and the
// entity's data included), so a changed entity gets a new key and an old
// one is never served; Purge by the entity's tag only frees the memory at
// once. It is a byte-bounded LRU, safe for concurrent use.
type Fragments struct {
	// shared, when set (Share), keeps the fragments beyond the process;
	// fetched counts the fragments taken from it, rendered those this
	// process rendered and kept.
	shared   Shared
	fetched  atomic.Uint64
	rendered atomic.Uint64

	mu    sync.Mutex
	max   int64
	used  int64
	order *list.List // of *fragment, most recent first
	items map[string]*list.Element
	byTag map[string]map[string]struct{} // tag → keys
}

type fragment struct {
	key, html, tag string
}

// NewFragments returns a store bounded by maxBytes (default
// DefaultFragmentBytes when zero or less).
func NewFragments(maxBytes int64) *Fragments {
	if maxBytes <= 0 {
		maxBytes = DefaultFragmentBytes
	}
	return &Fragments{max: maxBytes, order: list.New(), items: map[string]*list.Element{}, byTag: map[string]map[string]struct{}{}}
}

// Shared keeps fragments beyond the process, for every instance
// (cache.Cache, in Redis).
type Shared interface {
	// GetFragments returns the tag and HTML of each key, "" for those
	// it does not hold, in one round trip.
	GetFragments(ctx context.Context, keys []string) (tags, htmls []string)
	// PutFragment stores one, without making the caller wait.
	PutFragment(key, tag, html string)
}

// Share makes f store every fragment it renders in s too, and fetch a
// page's cards from s before the page renders (Engine.Render), so that a
// card rendered once serves every instance and outlives a restart. Call
// it before the first render.
func (f *Fragments) Share(s Shared) { f.shared = s }

// fetch holds the fragments keys name that the shared store has and f
// does not, asking it once.
func (f *Fragments) fetch(ctx context.Context, keys []string) {
	if f == nil || f.shared == nil || len(keys) == 0 {
		return
	}
	missing := keys[:0:0]
	f.mu.Lock()
	for _, k := range keys {
		if _, ok := f.items[k]; !ok {
			missing = append(missing, k)
		}
	}
	f.mu.Unlock()
	if len(missing) == 0 {
		return
	}
	tags, htmls := f.shared.GetFragments(ctx, missing)
	for i, html := range htmls {
		if html != "" && f.hold(missing[i], html, tags[i]) {
			f.fetched.Add(1)
		}
	}
}

// Fetched counts the fragments taken from the shared store.
func (f *Fragments) Fetched() uint64 { return f.fetched.Load() }

// Rendered counts the fragments rendered here and kept.
func (f *Fragments) Rendered() uint64 { return f.rendered.Load() }

// fragmentKey is build · kind · SHA-256 of the props JSON.
func fragmentKey(build, kind, props string) string {
	sum := sha256.Sum256([]byte(props))
	return build + "|" + kind + "|" + hex.EncodeToString(sum[:16])
}

func (f *Fragments) get(key string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	el, ok := f.items[key]
	if !ok {
		return "", false
	}
	f.order.MoveToFront(el)
	return el.Value.(*fragment).html, true
}

// put stores a fragment just rendered, and shares it.
func (f *Fragments) put(key, html, tag string) {
	if !f.hold(key, html, tag) {
		return
	}
	f.rendered.Add(1)
	if f.shared != nil {
		f.shared.PutFragment(key, tag, html)
	}
}

// hold keeps a fragment in f, reporting whether it was new.
func (f *Fragments) hold(key, html, tag string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.items[key]; ok {
		return false // same key, same props: the same HTML
	}
	it := &fragment{key: key, html: html, tag: tag}
	f.items[key] = f.order.PushFront(it)
	f.used += it.size()
	if f.byTag[tag] == nil {
		f.byTag[tag] = map[string]struct{}{}
	}
	f.byTag[tag][key] = struct{}{}
	for f.used > f.max && f.order.Len() > 0 {
		f.remove(f.order.Back())
	}
	return true
}

func (it *fragment) size() int64 { return int64(len(it.key) + len(it.html) + len(it.tag)) }

func (f *Fragments) remove(el *list.Element) {
	it := el.Value.(*fragment)
	f.order.Remove(el)
	delete(f.items, it.key)
	f.used -= it.size()
	if keys := f.byTag[it.tag]; keys != nil {
		delete(keys, it.key)
		if len(keys) == 0 {
			delete(f.byTag, it.tag)
		}
	}
}

// Purge drops the fragments of the entities tagged ("doctor:12"). Keys
// hash the props, so this frees memory rather than fixes content.
func (f *Fragments) Purge(tags ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, tag := range tags {
		for key := range f.byTag[tag] {
			f.remove(f.items[key])
		}
	}
}

// Len is the number of fragments held.
func (f *Fragments) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.order.Len()
}

// Bytes is what the held fragments take (the sizes the bound counts).
func (f *Fragments) Bytes() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.used
}

// markerStart opens the element fragment.tsx renders in place of a card:
// <template data-fragment="N"></template>, N indexing the render's cards.
const (
	markerStart = `<template data-fragment="`
	markerEnd   = `"></template>`
)

// splice replaces every marker in html by its card's HTML. React escapes
// text and attribute values, so a marker can only come from fragment.tsx.
func splice(html string, cards []string) string {
	if len(cards) == 0 {
		return html
	}
	return string(appendSpliced(nil, []byte(html), cards))
}

// appendSpliced appends html to dst with every marker replaced by its
// card's HTML (splice).
func appendSpliced(dst, html []byte, cards []string) []byte {
	if len(cards) == 0 {
		return append(dst, html...)
	}
	for {
		i := bytes.Index(html, markerStartBytes)
		if i < 0 {
			return append(dst, html...)
		}
		rest := html[i+len(markerStart):]
		j := bytes.Index(rest, markerEndBytes)
		k, err := strconv.Atoi(string(rest[:max(j, 0)]))
		if j < 0 || err != nil || k < 0 || k >= len(cards) {
			// Not ours: keep it as it is.
			dst = append(dst, html[:i+len(markerStart)]...)
			html = rest
			continue
		}
		dst = append(dst, html[:i]...)
		dst = append(dst, cards[k]...)
		html = rest[j+len(markerEnd):]
	}
}

var markerStartBytes, markerEndBytes = []byte(markerStart), []byte(markerEnd)
