package database

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Limits bound how long a visitor can wait on the database.
type Limits struct {
	// Timeout is the server's statement_timeout and the longest the
	// server may stay silent while a query waits for it (a frozen server
	// fails the query instead of holding it, and its connection, forever).
	Timeout time.Duration
	// ConnectTimeout bounds opening a connection, start-up included.
	ConnectTimeout time.Duration
	// MaxOpen caps the pool; a request waiting for a connection gives up
	// with its context (the per-request budget).
	MaxOpen int
}

// DefaultLimits are the serving pool's limits unless configured.
var DefaultLimits = Limits{Timeout: 1500 * time.Millisecond, ConnectTimeout: time.Second, MaxOpen: 32}

// OpenServing connects the pool that serves requests, under limits:
// statement_timeout and connect_timeout in the connection's parameters,
// TCP keepalives, and a read deadline on every wait for the server.
// lib/pq cancels a query whose context ends by sending a cancel request
// on a new connection, but keeps reading the old one until the server
// answers; only the read deadline ends a wait on a server that stopped.
// Migrations and seeding use Open, without these limits.
func OpenServing(ctx context.Context, rawURL string, limits Limits) (*sqlx.DB, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("database.OpenServing: %w", err)
	}
	q := u.Query()
	if limits.Timeout > 0 && q.Get("statement_timeout") == "" {
		q.Set("statement_timeout", strconv.FormatInt(limits.Timeout.Milliseconds(), 10))
	}
	if limits.ConnectTimeout > 0 && q.Get("connect_timeout") == "" {
		// Whole seconds, at least one: PostgreSQL's own unit.
		q.Set("connect_timeout", strconv.Itoa(max(1, int(limits.ConnectTimeout.Round(time.Second)/time.Second))))
	}
	u.RawQuery = q.Encode()
	connector, err := pq.NewConnector(u.String())
	if err != nil {
		return nil, fmt.Errorf("database.OpenServing(%q): %w", Redact(rawURL), err)
	}
	connector.Dialer(silenceDialer{
		d:       net.Dialer{Timeout: limits.ConnectTimeout, KeepAlive: 15 * time.Second},
		silence: limits.Timeout,
	})
	db := sqlx.NewDb(sql.OpenDB(connector), "postgres")
	db.SetMaxOpenConns(limits.MaxOpen)
	// Every connection opened is kept (until idle for five minutes): with
	// 8 kept of 32, a burst of cold pages closed and reopened connections
	// all the time (61 new sessions in 330 listings at --scale 50), and a
	// new PostgreSQL session plans its first queries with an empty
	// catalog cache (~10 ms each), which pushed the first pages past
	// their database budget.
	db.SetMaxIdleConns(limits.MaxOpen)
	db.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("database.OpenServing(%q): %w", Redact(rawURL), err)
	}
	return db, nil
}

// silenceDialer dials connections whose every read and write must make
// progress within silence.
type silenceDialer struct {
	d       net.Dialer
	silence time.Duration
}

func (s silenceDialer) Dial(network, address string) (net.Conn, error) {
	return s.DialContext(context.Background(), network, address)
}

func (s silenceDialer) DialTimeout(network, address string, timeout time.Duration) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return s.DialContext(ctx, network, address)
}

func (s silenceDialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	c, err := s.d.DialContext(ctx, network, address)
	if err != nil || s.silence <= 0 {
		return c, err
	}
	return &silenceConn{Conn: c, silence: s.silence}, nil
}

// silenceConn sets a deadline before each read and write. lib/pq reads
// only while it waits for an answer, so this bounds how long the server
// may stay silent, not how long a connection may sit idle in the pool.
type silenceConn struct {
	net.Conn
	silence time.Duration
}

func (c *silenceConn) Read(p []byte) (int, error) {
	_ = c.Conn.SetReadDeadline(time.Now().Add(c.silence))
	return c.Conn.Read(p)
}

func (c *silenceConn) Write(p []byte) (int, error) {
	_ = c.Conn.SetWriteDeadline(time.Now().Add(c.silence))
	return c.Conn.Write(p)
}
