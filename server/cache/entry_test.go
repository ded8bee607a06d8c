package cache

import (
	"bytes"
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

func TestNewEntryCopiesInputs(t *testing.T) {
	header := map[string]string{"Content-Type": "text/html"}
	body := []byte("hello")
	tags := []string{"doctor:1"}
	e := NewEntry(200, header, body, tags, time.Now())
	header["Content-Type"] = "changed"
	body[0] = 'X'
	tags[0] = "changed"
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

func TestLRU(t *testing.T) {
	a, b, c := &Entry{ETag: "a"}, &Entry{ETag: "b"}, &Entry{ETag: "c"}
	// Room for two of these entries (same size: one-letter key and ETag).
	one := a.size() + 1
	l := newLRU(2*one + one/2)
	l.put("a", a)
	l.put("b", b)
	l.get("a") // a is now the most recent, so c evicts b
	l.put("c", c)
	var got []string
	for _, k := range []string{"a", "b", "c"} {
		if _, ok := l.get(k); ok {
			got = append(got, k)
		}
	}
	if diff := cmp.Diff([]string{"a", "c"}, got); diff != "" {
		t.Errorf("keys kept (-want +got):\n%s", diff)
	}
	l.remove("a", b) // a holds a, not b: nothing happens
	if _, ok := l.get("a"); !ok {
		t.Error("remove with a different entry removed the key")
	}
	if got, want := l.bytes(), 2*one; got != want {
		t.Errorf("bytes = %d, want %d (two entries)", got, want)
	}
	// An entry bigger than the layer evicts everything and is not kept.
	l.put("big", &Entry{Body: make([]byte, 3*one)})
	if n, used := l.len(), l.bytes(); n != 0 || used != 0 {
		t.Errorf("after an oversize put: %d entries, %d bytes; want none", n, used)
	}
	// Replacing an entry accounts for the size difference.
	l.put("a", a)
	bigger := &Entry{ETag: "a", Body: make([]byte, 10)}
	l.put("a", bigger)
	if got, want := l.bytes(), one+bigger.size()-a.size(); got != want || want <= one {
		t.Errorf("bytes after replacing a = %d, want %d", got, want)
	}
	l.clear()
	if n, used := l.len(), l.bytes(); n != 0 || used != 0 {
		t.Errorf("after clear: %d entries, %d bytes; want none", n, used)
	}
	var disabled *lru = newLRU(-1)
	disabled.put("a", a)
	if _, ok := disabled.get("a"); ok {
		t.Error("disabled layer returned an entry")
	}
}
