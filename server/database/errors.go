package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/lib/pq"
)

// isMissingDatabase reports whether err says the database does not exist
// (SQLSTATE 3D000, invalid_catalog_name).
func isMissingDatabase(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "3D000"
}

// isUnreachable reports whether err means no server answered at all, as
// opposed to a server that answered with an error.
func isUnreachable(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOENT) {
		return true
	}
	var opErr *net.OpError
	return errors.As(err, &opErr) && opErr.Op == "dial"
}

// Unavailable reports whether err means the database could not answer in
// time or at all (a deadline, a cancelled or timed-out statement, a
// broken or refused connection, a server shutting down), as opposed to an
// answer: the visitor gets a 503 to retry, not a 500.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		switch pqErr.Code {
		case "57014", "57P01", "57P02", "57P03", "53300": // query_canceled, admin/crash shutdown, cannot_connect_now, too_many_connections
			return true
		}
		return false
	}
	var netErr net.Error
	return errors.As(err, &netErr) || isUnreachable(err)
}
