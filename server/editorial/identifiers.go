package editorial

import (
	"fmt"
	"regexp"
)

// The store builds its SQL from the kinds' tables and columns by
// concatenation (a table name cannot be a query parameter). That is safe
// because every such name is a constant of Kinds, written in Go, and
// checked here when the package loads to be a plain lower-case identifier:
// nothing typed by an editor ever becomes part of a statement's text. The
// kinds' SQL fragments (Scope, Detail, RefWhere and the queries) are code
// too, reviewed like any query.

// identifier is the form every table and column name of a kind must have.
var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

func init() {
	if err := checkIdentifiers(Kinds); err != nil {
		panic(err)
	}
}

// checkIdentifiers reports the first table or column name of kinds that is
// not a plain identifier.
func checkIdentifiers(kinds []Kind) error {
	for _, k := range kinds {
		names := []string{k.Table, k.Title, k.RouteColumn}
		for _, f := range k.Fields {
			names = append(names, f.Column, f.Join, f.Owner, f.Ref, f.RefTable)
			for _, c := range f.Cols {
				names = append(names, c.Column, c.RefTable)
			}
		}
		for _, n := range names {
			if n != "" && !identifier.MatchString(n) {
				return fmt.Errorf("editorial: kind %s names %q, which is not a plain SQL identifier", k.Name, n)
			}
		}
	}
	return nil
}
