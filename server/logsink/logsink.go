// Package logsink is the process's log output: lines gather in memory and
// are written together at most every flush interval (or once 64 KB have
// gathered), so a busy server makes one write a batch instead of a system
// call per request (the access log of a cache hit cost more than the hit).
// What a crash leaves unwritten is at most one interval of lines.
package logsink

import (
	"io"
	"sync"
	"time"
)

// maxPending is how many bytes gather before they are written at once.
const maxPending = 64 << 10

// Writer buffers whole writes (slog writes one line at a time) and passes
// them on in order. It is safe for concurrent use.
type Writer struct {
	mu      sync.Mutex
	out     io.Writer
	pending []byte
	stop    chan struct{}
	done    chan struct{}
}

// New returns a Writer to out that writes what gathered every interval
// until Close.
func New(out io.Writer, interval time.Duration) *Writer {
	w := &Writer{out: out, pending: make([]byte, 0, maxPending), stop: make(chan struct{}), done: make(chan struct{})}
	go w.flushEvery(interval)
	return w
}

// Write keeps p for the next flush; past maxPending it writes at once.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = append(w.pending, p...)
	if len(w.pending) >= maxPending {
		if err := w.flushLocked(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes what gathered.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flushLocked()
}

// Close stops the timer and writes what gathered; later writes go out at
// once.
func (w *Writer) Close() error {
	close(w.stop)
	<-w.done
	return w.Flush()
}

func (w *Writer) flushLocked() error {
	if len(w.pending) == 0 {
		return nil
	}
	_, err := w.out.Write(w.pending)
	w.pending = w.pending[:0]
	return err
}

func (w *Writer) flushEvery(interval time.Duration) {
	defer close(w.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-t.C:
			_ = w.Flush()
		}
	}
}
