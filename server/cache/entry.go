package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// Compression settings for the precompressed bodies, measured on a 100 KB
// Cyrillic directory page (BenchmarkNewEntry): brotli quality 5 gives 11.1
// KB in ~3 ms, quality 9 only 5% less at ~6× the time and 35 MB of
// allocations, and a purge of a popular tag re-renders many pages at once.
// A 256 KB window covers a page; the default 4 MB one only costs memory.
// Gzip serves the few clients without brotli, so its default level will do.
const (
	gzipLevel    = gzip.DefaultCompression
	brotliLevel  = 5
	brotliWindow = 18
)

// Entry is one rendered response. Entries handed out by a Cache are shared
// between requests and goroutines: callers must not modify them.
type Entry struct {
	Status  int
	Header  map[string]string // e.g. Content-Type, Cache-Control the page wants
	Body    []byte            // identity body; Gzip and Brotli give it compressed
	ETag    string            // strong, quoted, from a hash of Body
	Created time.Time         // when the render that produced it began (see Cache.Fetch)
	Tags    []string          // entities shown, e.g. "specialty:kardiolog", "doctor:123", "page"
	// FreshFor and StaleFor are the entry's own policy (a page's route's);
	// zero means the cache's Options.
	FreshFor, StaleFor time.Duration

	// comp holds the compressed bodies, each made on first use: a cold
	// page is often asked for once, in one encoding (or none), and
	// brotli and gzip of a 100 KB page cost ~4 ms of a ~20 ms miss.
	comp *compressed
}

// compressed are an entry's compressed bodies, shared by its copies.
type compressed struct {
	gzipOnce, brotliOnce sync.Once
	gzip, brotli         []byte
}

// Gzip returns Body gzip-compressed, compressing it on the first call.
func (e *Entry) Gzip() []byte {
	if e.comp == nil {
		return gzipBytes(e.Body)
	}
	e.comp.gzipOnce.Do(func() { e.comp.gzip = gzipBytes(e.Body) })
	return e.comp.gzip
}

// Brotli returns Body brotli-compressed, compressing it on the first call.
func (e *Entry) Brotli() []byte {
	if e.comp == nil {
		return brotliBytes(e.Body)
	}
	e.comp.brotliOnce.Do(func() { e.comp.brotli = brotliBytes(e.Body) })
	return e.comp.brotli
}

// withCompressed returns comp with both bodies given (decoded from Redis).
func withCompressed(gz, br []byte) *compressed {
	c := &compressed{}
	c.gzipOnce.Do(func() { c.gzip = gz })
	c.brotliOnce.Do(func() { c.brotli = br })
	return c
}

// NewEntry builds an Entry: it copies header and tags, keeps body (the
// caller hands it over and never changes it: a rendered page, a marshalled
// list, a bundle's asset; a copy of each cold page was a tenth of a cold
// listing's garbage) and computes a strong ETag from a SHA-256 of body, so
// equal bodies get equal ETags. The gzip and brotli bodies are made when
// first asked for (Gzip, Brotli; storing in Redis asks for gzip).
func NewEntry(status int, header map[string]string, body []byte, tags []string, now time.Time) *Entry {
	return &Entry{
		Status:  status,
		Header:  maps.Clone(header),
		Body:    body,
		comp:    &compressed{},
		ETag:    etag(body),
		Created: now,
		Tags:    slices.Clone(tags),
	}
}

// entryOverhead is a rough count of the bytes an Entry holds besides its
// bodies, header and tags (struct, map and slice headers).
const entryOverhead = 256

// size is what the entry holds in memory, for the local layer's bound. The
// compressed bodies may not exist yet: a quarter of the body is kept for
// them (pages compress about five to one with gzip, more with brotli).
func (e *Entry) size() int64 {
	n := entryOverhead + len(e.Body) + len(e.Body)/4 + len(e.ETag)
	for k, v := range e.Header {
		n += len(k) + len(v) + 32
	}
	for _, t := range e.Tags {
		n += len(t) + 16
	}
	return int64(n)
}

func gzipBytes(body []byte) []byte {
	var buf bytes.Buffer
	// The level is a valid constant and a bytes.Buffer never fails a write,
	// so neither error can happen.
	w, _ := gzip.NewWriterLevel(&buf, gzipLevel)
	_, _ = w.Write(body)
	_ = w.Close()
	return buf.Bytes()
}

func brotliBytes(body []byte) []byte {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: brotliLevel, LGWin: brotliWindow})
	_, _ = w.Write(body)
	_ = w.Close()
	return buf.Bytes()
}

func etag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// entryVersion is the first byte of an encoded entry; a change of format
// changes it, and older values then decode as a miss.
const entryVersion = 2

// encodeEntry serialises e for Redis. The identity body is left out when a
// gzip body is present and rebuilt from it on decode: pages compress about
// five to one, so this keeps Redis at roughly a third of the memory.
func encodeEntry(e *Entry) []byte {
	gz, br := e.Gzip(), e.Brotli()
	b := make([]byte, 0, 64+len(gz)+len(br))
	b = append(b, entryVersion)
	b = binary.AppendUvarint(b, uint64(e.Status))
	b = binary.AppendVarint(b, e.Created.UnixNano())
	b = binary.AppendVarint(b, int64(e.FreshFor))
	b = binary.AppendVarint(b, int64(e.StaleFor))
	b = binary.AppendUvarint(b, uint64(len(e.Header)))
	for _, k := range slices.Sorted(maps.Keys(e.Header)) {
		b = appendString(b, k)
		b = appendString(b, e.Header[k])
	}
	body := e.Body
	if len(gz) > 0 {
		body = nil
	}
	b = appendBytes(b, body)
	b = appendBytes(b, gz)
	b = appendBytes(b, br)
	b = appendString(b, e.ETag)
	b = binary.AppendUvarint(b, uint64(len(e.Tags)))
	for _, t := range e.Tags {
		b = appendString(b, t)
	}
	return b
}

func appendBytes(b, p []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(p)))
	return append(b, p...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

var errCorrupt = errors.New("corrupt cache entry")

// decodeEntry is the inverse of encodeEntry. The returned entry's slices
// alias b.
func decodeEntry(b []byte) (*Entry, error) {
	d := decoder{b: b}
	if d.byte() != entryVersion {
		return nil, fmt.Errorf("decodeEntry: unknown version: %w", errCorrupt)
	}
	e := &Entry{Status: int(d.uvarint())}
	e.Created = time.Unix(0, d.varint())
	e.FreshFor, e.StaleFor = time.Duration(d.varint()), time.Duration(d.varint())
	if n := d.count(); n > 0 {
		e.Header = make(map[string]string, n)
		for range n {
			k := d.string()
			e.Header[k] = d.string()
		}
	}
	var gz, br []byte
	e.Body, gz, br = d.bytes(), d.bytes(), d.bytes()
	e.comp = withCompressed(gz, br)
	e.ETag = d.string()
	if n := d.count(); n > 0 {
		e.Tags = make([]string, n)
		for i := range e.Tags {
			e.Tags[i] = d.string()
		}
	}
	if d.err != nil || len(d.b) != 0 {
		return nil, fmt.Errorf("decodeEntry: %w", errCorrupt)
	}
	if len(gz) > 0 {
		body, err := gunzip(gz)
		if err != nil {
			return nil, fmt.Errorf("decodeEntry: gunzip: %w", err)
		}
		e.Body = body
	}
	return e, nil
}

func gunzip(p []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(p))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// decoder reads the fields encodeEntry wrote. After the first error every
// read returns a zero value, so decodeEntry checks err once at the end.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail() {
	d.err = errCorrupt
	d.b = nil
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.fail()
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a length and checks it against the bytes left, so a corrupt
// value cannot make decodeEntry allocate a huge map or slice.
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return 0
	}
	return int(n)
}

func (d *decoder) bytes() []byte {
	n := d.count()
	p := d.b[:n:n]
	d.b = d.b[n:]
	if n == 0 {
		return nil
	}
	return p
}

func (d *decoder) string() string {
	return string(d.bytes())
}
