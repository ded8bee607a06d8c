package catalog

import (
	"context"
	"fmt"
	"sync"

	"github.com/jmoiron/sqlx"
)

// statements are the few statements every cold listing runs, prepared on
// the serving pool (database/sql prepares a Stmt once on each connection
// it meets). PostgreSQL then parses each once a connection and, as its
// plan does not depend on the values, plans it once too (a generic plan
// after five runs), where an unnamed statement is parsed and planned on
// every call: at --scale 50 planning was half of PostgreSQL's time a
// listing. Only fixed texts are prepared; a listing with optional
// filters stays unnamed, planned with its values so open filters fold
// away.
type statements struct {
	db     *sqlx.DB
	mu     sync.Mutex
	byText map[string]*sqlx.Stmt
}

// maxStatements bounds what a connection keeps: the texts are a handful
// (orders × the listing, the cards' specialties and clinics); more means
// a caller passed a text that varies, which then runs unnamed.
const maxStatements = 32

// stmt returns query prepared, or nil when the bound is reached.
func (st *statements) stmt(ctx context.Context, query string) (*sqlx.Stmt, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if s, ok := st.byText[query]; ok {
		return s, nil
	}
	if len(st.byText) >= maxStatements {
		return nil, nil
	}
	s, err := st.db.PreparexContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("catalog: prepare: %w", err)
	}
	st.byText[query] = s
	return s, nil
}

// selectFixed is the Store's SelectContext for a query whose text is one
// of a few fixed ones: prepared when the Store serves (NewServingStore),
// unnamed otherwise.
func (s *Store) selectFixed(ctx context.Context, dest any, query string, args ...any) error {
	if s.prepared != nil {
		stmt, err := s.prepared.stmt(ctx, query)
		if err != nil {
			return err
		}
		if stmt != nil {
			return stmt.SelectContext(ctx, dest, args...)
		}
	}
	return s.db.SelectContext(ctx, dest, query, args...)
}
