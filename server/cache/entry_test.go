package cache

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestNewEntry(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	for _, test := range []struct {
		name string
		body string
	}{
		{"empty", ""},
		{"ascii", "<!doctype html><html lang=ru><title>Kardiolog</title></html>"},
		{"cyrillic page", strings.Repeat("<li>Кардиолог в Самарканде — Sog'liq</li>\n", 2000)},
	} {
		t.Run(test.name, func(t *testing.T) {
			header := map[string]string{"Content-Type": "text/html; charset=utf-8"}
			e := NewEntry(200, header, []byte(test.body), []string{"page"}, now)
			if got, err := gunzip(e.Gzip()); err != nil || string(got) != test.body {
				t.Errorf("gunzip(Gzip) = %d bytes, %v; want the %d-byte body", len(got), err, len(test.body))
			}
			got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(e.Brotli())))
			if err != nil || string(got) != test.body {
				t.Errorf("brotli decode = %d bytes, %v; want the %d-byte body", len(got), err, len(test.body))
			}
			if !strings.HasPrefix(e.ETag, `"`) || !strings.HasSuffix(e.ETag, `"`) || len(e.ETag) < 10 {
				t.Errorf("ETag = %s, want a quoted strong tag", e.ETag)
			}
			again := NewEntry(200, nil, []byte(test.body), nil, now.Add(time.Hour))
			if again.ETag != e.ETag {
				t.Errorf("ETag of the same body = %s, then %s; want stable", e.ETag, again.ETag)
			}
			other := NewEntry(200, nil, []byte(test.body+"!"), nil, now)
			if other.ETag == e.ETag {
				t.Errorf("ETag unchanged (%s) after the body changed", e.ETag)
			}
			if !e.Created.Equal(now) || e.Status != 200 {
				t.Errorf("Created, Status = %v, %d; want %v, 200", e.Created, e.Status, now)
			}
		})
	}
}

// TestNewEntryCopiesInputs: the header and tags are copied; the body is
// handed over (NewEntry's callers never change it), not copied.
func TestNewEntryCopiesInputs(t *testing.T) {
	header := map[string]string{"Content-Type": "text/html"}
	body := []byte("hello")
	tags := []string{"doctor:1"}
	e := NewEntry(200, header, body, tags, time.Now())
	header["Content-Type"] = "changed"
	tags[0] = "changed"
	if &e.Body[0] != &body[0] {
		t.Error("NewEntry copied the body it was handed")
	}
	want := &Entry{Header: map[string]string{"Content-Type": "text/html"}, Body: []byte("hello"), Tags: []string{"doctor:1"}}
	got := &Entry{Header: e.Header, Body: e.Body, Tags: e.Tags}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Entry{})); diff != "" {
		t.Errorf("entry changed with the caller's memory (-want +got):\n%s", diff)
	}
}

func TestEncodeDecodeEntry(t *testing.T) {
	created := time.Unix(1_800_000_000, 123456789)
	for _, test := range []struct {
		name  string
		entry *Entry
	}{
		{"full", NewEntry(200, map[string]string{"Content-Type": "text/html", "Cache-Control": "public, max-age=60"},
			[]byte(strings.Repeat("Shifokor ", 500)), []string{"specialty:kardiolog", "doctor:123", "page"}, created)},
		{"empty body, no header, no tags", NewEntry(200, nil, nil, nil, created)},
		{"identity body only", &Entry{Status: 200, Body: []byte("plain"), ETag: `"x"`, Created: created}},
		{"own policy", &Entry{Status: 200, Body: []byte("p"), ETag: `"p"`, Created: created, FreshFor: time.Minute, StaleFor: 10 * time.Minute}},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := decodeEntry(encodeEntry(test.entry))
			if err != nil {
				t.Fatalf("decodeEntry: %v", err)
			}
			if diff := cmp.Diff(test.entry, got, cmpopts.IgnoreUnexported(Entry{}), cmp.Comparer(func(a, b []byte) bool { return bytes.Equal(a, b) })); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
			// The compressed bodies travel too, and are not made again.
			if !bytes.Equal(got.Gzip(), test.entry.Gzip()) || !bytes.Equal(got.Brotli(), test.entry.Brotli()) {
				t.Error("round trip changed the compressed bodies")
			}
		})
	}
}

func TestDecodeEntryRejectsCorruptInput(t *testing.T) {
	good := encodeEntry(NewEntry(200, map[string]string{"A": "b"}, []byte("body"), []string{"t"}, time.Now()))
	for n := range len(good) {
		if _, err := decodeEntry(good[:n]); err == nil {
			t.Errorf("decodeEntry(first %d of %d bytes) = nil error, want one", n, len(good))
		}
	}
	if _, err := decodeEntry(append(bytes.Clone(good), 0)); err == nil {
		t.Error("decodeEntry(trailing byte) = nil error, want one")
	}
	bad := bytes.Clone(good)
	bad[0] = entryVersion + 1
	if _, err := decodeEntry(bad); err == nil {
		t.Error("decodeEntry(unknown version) = nil error, want one")
	}
}

func TestTwoQ(t *testing.T) {
	entry := func(tag string) *Entry { return &Entry{ETag: tag} }
	one := entry("a").size() + 1 // a one-letter key and ETag
	// recent holds two such entries, frequent the other fourteen.
	q := newTwoQ(16 * one)
	has := func(key string) bool {
		t.Helper()
		_, ok := q.get(key)
		return ok
	}
	q.put("a", entry("a"))
	q.put("b", entry("b"))
	q.put("c", entry("c")) // recent is full: a leaves, as a ghost
	if _, ok := q.items["a"]; ok {
		t.Fatal("recent kept three entries in room for two")
	}
	// b asked for again: it moves to frequent and outlives a scan.
	if !has("b") {
		t.Fatal("b missing right after its put")
	}
	// a comes back soon after it left: straight into frequent.
	q.put("a", entry("a"))
	for i := range 100 {
		q.put(fmt.Sprintf("s%d", i), entry("s"))
	}
	for _, k := range []string{"a", "b"} {
		if !has(k) {
			t.Errorf("%s, asked for twice, was evicted by a scan of keys asked for once", k)
		}
	}
	if has("c") || has("s0") {
		t.Error("a key asked for once outlived newer ones in recent")
	}
	if !has("s99") {
		t.Error("the scan's last key is not in recent")
	}
	if got := q.bytes(); got > 5*one {
		t.Errorf("bytes after the scan = %d, want at most %d: three frequent entries and what recent holds", got, 5*one)
	}

	// frequent is an LRU within the layer's bytes.
	q = newTwoQ(16 * one)
	for i := range 16 {
		k := string(rune('A' + i))
		q.put(k, entry(k))
		q.get(k)
	}
	q.get("A") // A is now the most recent, so the next put evicts B
	q.put("z", entry("z"))
	if !has("A") || has("B") {
		t.Error("frequent did not evict its least recently used entry")
	}
	if got := q.bytes(); got > 16*one {
		t.Errorf("bytes = %d over the bound %d", got, 16*one)
	}

	q = newTwoQ(16 * one)
	a := entry("a")
	q.put("a", a)
	q.remove("a", entry("b")) // a holds another entry: nothing happens
	if !has("a") {
		t.Error("remove with a different entry removed the key")
	}
	// Replacing an entry accounts for the size difference.
	bigger := &Entry{ETag: "a", Body: make([]byte, 10)}
	q.put("a", bigger)
	if got, want := q.bytes(), bigger.size()+1; got != want {
		t.Errorf("bytes after replacing a = %d, want %d", got, want)
	}
	// An entry bigger than recent is not kept and evicts nothing; put
	// again, it enters frequent.
	big := &Entry{Body: make([]byte, 3*one)}
	q.put("big", big)
	if has("big") || !has("a") {
		t.Error("an entry bigger than recent was kept, or evicted another")
	}
	q.put("big", big)
	if !has("big") {
		t.Error("an entry bigger than recent, put again, was not kept in frequent")
	}
	// Bigger than the whole layer: never kept.
	q.put("huge", &Entry{Body: make([]byte, 20*one)})
	q.put("huge", &Entry{Body: make([]byte, 20*one)})
	if has("huge") {
		t.Error("an entry bigger than the layer was kept")
	}
	q.remove("a", bigger)
	q.clear()
	if n, used := q.len(), q.bytes(); n != 0 || used != 0 {
		t.Errorf("after clear: %d entries, %d bytes; want none", n, used)
	}
	var disabled = newTwoQ(-1)
	disabled.put("a", a)
	if _, ok := disabled.get("a"); ok {
		t.Error("disabled layer returned an entry")
	}
}
