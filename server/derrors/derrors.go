// Package derrors holds the error kinds that cross package boundaries. Stores
// wrap them (fmt.Errorf("...: %w", derrors.NotFound)) and the web layer maps
// them to HTTP statuses with errors.Is.
package derrors

//lint:file-ignore ST1012 the kinds read as derrors.NotFound, pkgsite's names (docs/style.md)

import "errors"

var (
	// NotFound means the requested thing does not exist: a 404.
	NotFound = errors.New("not found")
	// Invalid means the request itself is malformed: a 400.
	Invalid = errors.New("invalid argument")
	// Gone means the thing existed and was removed for good: a 410.
	Gone = errors.New("gone")
)
