package analytics

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
)

// Search is one search of the results page: its query, language, region
// (0 for none) and how many results it found.
type Search struct {
	At       time.Time
	Query    string
	Lang     string
	RegionID int64
	Results  int
}

// WriterOptions tune a Writer; zero values take the defaults.
type WriterOptions struct {
	// Batch is how many rows one COPY writes at most (default 2000).
	Batch int
	// Every is the longest a row waits in the buffer (default 1 s).
	Every time.Duration
	// Buffer bounds the rows held (default 100,000): past it Add refuses,
	// so a database that stops answering cannot exhaust memory.
	Buffer int
	Logger *slog.Logger
}

// ErrFull is Add's answer when the buffer is full: the event is refused
// (the API answers 503), never silently dropped.
var ErrFull = errors.New("analytics: buffer full")

// Writer buffers events and searches and writes them in batches with
// COPY, so a page view costs the request an append to a slice. Close
// writes what is left: main calls it on SIGTERM after the HTTP server has
// stopped taking requests, so no accepted event is lost.
type Writer struct {
	db   *sqlx.DB
	o    WriterOptions
	mu   sync.Mutex
	ev   []Event
	se   []Search
	kick chan struct{}
	done chan struct{}
	stop chan struct{}
	once sync.Once
	// flushMu makes flushes take turns (the loop and Close).
	flushMu sync.Mutex
}

// NewWriter starts a Writer on db.
func NewWriter(db *sqlx.DB, o WriterOptions) *Writer {
	if o.Batch <= 0 {
		o.Batch = 2000
	}
	if o.Every <= 0 {
		o.Every = time.Second
	}
	if o.Buffer <= 0 {
		o.Buffer = 100_000
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	w := &Writer{db: db, o: o, kick: make(chan struct{}, 1), done: make(chan struct{}), stop: make(chan struct{})}
	go w.loop()
	return w
}

// Add buffers an event; ErrFull when the buffer is full.
func (w *Writer) Add(e Event) error {
	w.mu.Lock()
	if len(w.ev)+len(w.se) >= w.o.Buffer {
		w.mu.Unlock()
		return ErrFull
	}
	w.ev = append(w.ev, e)
	n := len(w.ev)
	w.mu.Unlock()
	if n >= w.o.Batch {
		w.wake()
	}
	return nil
}

// AddSearch buffers a search; a full buffer drops it (a search log is
// not worth refusing a visitor's results page for).
func (w *Writer) AddSearch(s Search) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.ev)+len(w.se) < w.o.Buffer {
		w.se = append(w.se, s)
	}
}

func (w *Writer) wake() {
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

func (w *Writer) loop() {
	defer close(w.done)
	tick := time.NewTicker(w.o.Every)
	defer tick.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-tick.C:
		case <-w.kick:
		}
		if err := w.Flush(context.Background()); err != nil {
			w.o.Logger.Warn("analytics: writing events failed; they stay buffered", slog.Any("err", err))
		}
	}
}

// Flush writes every buffered row now. Rows whose write fails go back to
// the buffer for the next flush.
func (w *Writer) Flush(ctx context.Context) error {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	for {
		w.mu.Lock()
		ev := w.ev[:min(len(w.ev), w.o.Batch)]
		se := w.se[:min(len(w.se), w.o.Batch)]
		w.ev, w.se = w.ev[len(ev):], w.se[len(se):]
		w.mu.Unlock()
		if len(ev) == 0 && len(se) == 0 {
			return nil
		}
		err := w.write(ctx, ev, se)
		if errors.Is(err, driver.ErrBadConn) {
			// A connection that broke under the transaction (it was rolled
			// back, nothing was written): once more, on another.
			err = w.write(ctx, ev, se)
		}
		if err != nil {
			w.mu.Lock()
			w.ev = append(ev[:len(ev):len(ev)], w.ev...)
			w.se = append(se[:len(se):len(se)], w.se...)
			w.mu.Unlock()
			return err
		}
	}
}

// Pending is how many rows wait in the buffer.
func (w *Writer) Pending() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.ev) + len(w.se)
}

// Close stops the loop and writes what is left (within ctx).
func (w *Writer) Close(ctx context.Context) error {
	w.once.Do(func() { close(w.stop) })
	<-w.done
	return w.Flush(ctx)
}

// write copies one batch of each kind in one transaction.
func (w *Writer) write(ctx context.Context, ev []Event, se []Search) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("analytics.write: %w", err)
	}
	defer tx.Rollback()
	if len(ev) > 0 {
		if err := copyRows(ctx, tx, `COPY analytic_events (at, event, device_id, route, page_type, page_id, platform, device, lang, entity, entity_id, source) FROM STDIN`, len(ev), func(i int) []any {
			e := ev[i]
			return []any{e.At, e.Event, e.DeviceID, e.Route, e.PageType, e.PageID, e.Platform, e.Device, e.Lang, e.Entity, e.EntityID, e.Source}
		}); err != nil {
			return err
		}
	}
	if len(se) > 0 {
		if err := copyRows(ctx, tx, `COPY searches (at, query, lang, region_id, results) FROM STDIN`, len(se), func(i int) []any {
			s := se[i]
			region := sql.NullInt64{Int64: s.RegionID, Valid: s.RegionID > 0}
			return []any{s.At, s.Query, s.Lang, region, s.Results}
		}); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("analytics.write: %w", err)
	}
	return nil
}

// copyRows runs one COPY statement over n rows.
func copyRows(ctx context.Context, tx *sql.Tx, statement string, n int, row func(int) []any) error {
	stmt, err := tx.PrepareContext(ctx, statement)
	if err != nil {
		return fmt.Errorf("analytics.copy: %w", err)
	}
	defer stmt.Close()
	for i := range n {
		if _, err := stmt.ExecContext(ctx, row(i)...); err != nil {
			return fmt.Errorf("analytics.copy: %w", err)
		}
	}
	if _, err := stmt.ExecContext(ctx); err != nil {
		return fmt.Errorf("analytics.copy: %w", err)
	}
	return stmt.Close()
}
