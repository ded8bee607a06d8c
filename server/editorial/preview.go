package editorial

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
)

// Preview works by transaction, not by overlay: the draft is written
// with Apply (the very code that publishes it) inside a transaction on one
// pinned connection, the page's ordinary loader reads through that
// connection, and the transaction is rolled back. The loaders need no
// knowledge of drafts, a preview shows exactly what publishing would, and
// nothing of it is ever visible to another connection (READ COMMITTED:
// uncommitted rows are seen by their own transaction only).

// errNested refuses a transaction inside the preview's: its COMMIT would
// commit the draft.
var errNested = errors.New("editorial: a preview's loaders may not begin a transaction")

// errReconnect refuses a second connection: database/sql retries a query
// on a new connection after a broken one, which would run outside the
// preview's transaction.
var errReconnect = errors.New("editorial: the preview's connection is gone")

// pinned is the one driver connection of a preview's database. Its Close
// does nothing: the connection belongs to the serving pool.
type pinned struct{ conn driver.Conn }

func (p pinned) Prepare(q string) (driver.Stmt, error) { return p.conn.Prepare(q) }
func (p pinned) Close() error                          { return nil }
func (p pinned) Begin() (driver.Tx, error)             { return nil, errNested }
func (p pinned) BeginTx(context.Context, driver.TxOptions) (driver.Tx, error) {
	return nil, errNested
}

func (p pinned) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	if pc, ok := p.conn.(driver.ConnPrepareContext); ok {
		return pc.PrepareContext(ctx, q)
	}
	return p.conn.Prepare(q)
}

func (p pinned) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	if qc, ok := p.conn.(driver.QueryerContext); ok {
		return qc.QueryContext(ctx, q, args)
	}
	return nil, driver.ErrSkip
}

func (p pinned) ExecContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Result, error) {
	if ec, ok := p.conn.(driver.ExecerContext); ok {
		return ec.ExecContext(ctx, q, args)
	}
	return nil, driver.ErrSkip
}

// pinnedConnector hands out its connection once.
type pinnedConnector struct {
	conn   driver.Conn
	driver driver.Driver
	used   atomic.Bool
}

func (c *pinnedConnector) Connect(context.Context) (driver.Conn, error) {
	if c.used.Swap(true) {
		return nil, errReconnect
	}
	return pinned{conn: c.conn}, nil
}

func (c *pinnedConnector) Driver() driver.Driver { return c.driver }

// WithDraft runs fn with a database on which k's entity id shows the values
// v, then rolls them back. fn must finish using the database before it
// returns.
func WithDraft(ctx context.Context, db *sqlx.DB, k Kind, id int64, v Values, fn func(*sqlx.DB) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("editorial.WithDraft: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return fmt.Errorf("editorial.WithDraft: %w", err)
	}
	// Whatever happens below, the transaction ends here, on a context
	// of its own (the request's may be over).
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if _, err := conn.ExecContext(rctx, "ROLLBACK"); err != nil {
			// A connection that cannot roll back must not return to the pool.
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	return conn.Raw(func(raw any) error {
		dc, ok := raw.(driver.Conn)
		if !ok {
			return fmt.Errorf("editorial.WithDraft: driver connection is %T", raw)
		}
		pdb := sqlx.NewDb(sql.OpenDB(&pinnedConnector{conn: dc, driver: db.Driver()}), db.DriverName())
		pdb.SetMaxOpenConns(1)
		pdb.SetMaxIdleConns(1)
		defer pdb.Close()
		if err := Apply(ctx, pdb, k, id, v); err != nil {
			return err
		}
		if k.Reveal != "" {
			if _, err := pdb.ExecContext(ctx, k.Reveal, id); err != nil {
				return fmt.Errorf("editorial.WithDraft(%s %d): reveal: %w", k.Name, id, err)
			}
		}
		return fn(pdb)
	})
}

// Sign is the signature of a preview link of k's entity id expiring at exp.
func Sign(secret []byte, kind string, id int64, exp time.Time) string {
	m := hmac.New(sha256.New, secret)
	fmt.Fprintf(m, "preview|%s|%d|%d", kind, id, exp.Unix())
	return hex.EncodeToString(m.Sum(nil))
}

// clockSkew is how far another instance's clock may run ahead of this
// one's when it signs a link.
const clockSkew = time.Minute

// Verify checks a preview link's signature and expiry. An expiry further
// ahead than PreviewLife was never issued by a server (a leaked secret
// or a forged link would last for years): it is refused too.
func Verify(secret []byte, kind string, id int64, expRaw, sig string, now time.Time) bool {
	exp, err := strconv.ParseInt(expRaw, 10, 64)
	if err != nil || now.Unix() > exp || exp > now.Add(PreviewLife+clockSkew).Unix() {
		return false
	}
	want := Sign(secret, kind, id, time.Unix(exp, 0))
	return hmac.Equal([]byte(want), []byte(sig))
}
