package logsink

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer for concurrent use, counting writes.
type lockedBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes++
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestWriter: lines written concurrently arrive whole and all of them, in
// far fewer writes than lines; Close writes what is still pending.
func TestWriter(t *testing.T) {
	out := &lockedBuffer{}
	w := New(out, time.Hour) // only size and Close flush here
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 1000 {
				fmt.Fprintf(w, "goroutine %d line %d %s\n", g, i, strings.Repeat("x", 40))
			}
		})
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 8000 {
		t.Fatalf("%d lines, want 8000", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "goroutine ") || !strings.HasSuffix(l, strings.Repeat("x", 40)) {
			t.Fatalf("a broken line: %q", l)
		}
	}
	if out.writes > 8000/100 {
		t.Errorf("%d writes for 8000 lines", out.writes)
	}
}

// TestWriterFlushesOnItsOwn: a line written once reaches the output
// without another write or Close.
func TestWriterFlushesOnItsOwn(t *testing.T) {
	out := &lockedBuffer{}
	w := New(out, 10*time.Millisecond)
	defer w.Close()
	fmt.Fprintln(w, "one line")
	for !strings.Contains(out.String(), "one line") {
		time.Sleep(5 * time.Millisecond) // the ticker's turn; the test's deadline bounds it
	}
}
