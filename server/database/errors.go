package database

import (
	"errors"
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
