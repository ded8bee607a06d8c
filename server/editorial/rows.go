package editorial

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
)

// Rows is the field type of a list of rows in a child table (a clinic's
// opening hours, its prices): each row a few typed cells, replaced as a
// whole on publication.
const Rows = "rows"

// Cell kinds of a rows field's columns.
const (
	// Weekday is 1 (Monday) to 7 (Sunday), stored as is.
	Weekday = "weekday"
	// Clock is a time of day, "HH:MM" in the form (24:00 the end of the
	// day), minutes since midnight in the table.
	Clock = "clock"
	// Ref is the id of a row of RefTable (a service), chosen from a list.
	Ref = "ref"
	// Money is a whole number of so'm.
	Money = "money"
)

// maxMoney bounds a price (a billion so'm).
const maxMoney = 1_000_000_000

// RowColumn is one column of a rows field: Name in the form and in
// problems ("hours.2.opens"), Column in the child table, Kind how its
// cell is written. A Ref column chooses among RefTable's rows (id,
// name_ru, name_uz) that match RefWhere; an Optional cell may be empty
// (NULL).
type RowColumn struct {
	Name, Column, Kind string
	RefTable, RefWhere string
	Optional           bool
}

// rowsSelect reads f's rows of owner id, cells in the form's notation,
// ordered by the first column.
func rowsSelect(ctx context.Context, q sqlx.QueryerContext, f Field, id int64) ([][]string, error) {
	cols := make([]string, len(f.Cols))
	for i, c := range f.Cols {
		cols[i] = c.Column + "::bigint"
	}
	query := "SELECT " + strings.Join(cols, ", ") + "\nFROM " + f.Join + "\nWHERE " + f.Owner + " = $1\nORDER BY " + f.Cols[0].Column
	rows, err := q.QueryxContext(ctx, query, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := [][]string{}
	for rows.Next() {
		raw := make([]sql.NullInt64, len(f.Cols))
		dest := make([]any, len(raw))
		for i := range raw {
			dest[i] = &raw[i]
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		row := make([]string, len(raw))
		for i, c := range f.Cols {
			if raw[i].Valid {
				row[i] = formatCell(c.Kind, int(raw[i].Int64))
			}
		}
		out = append(out, row)
	}
	return out, rows.Err()
}

// rowsReplace writes v's rows of f over owner id's.
func rowsReplace(ctx context.Context, tx sqlx.ExecerContext, f Field, id int64, rows [][]string) error {
	del := "DELETE FROM " + f.Join + "\nWHERE " + f.Owner + " = $1"
	if _, err := tx.ExecContext(ctx, del, id); err != nil {
		return err
	}
	cols := []string{f.Owner}
	marks := []string{"$1"}
	for i, c := range f.Cols {
		cols = append(cols, c.Column)
		marks = append(marks, "$"+strconv.Itoa(i+2))
	}
	ins := "INSERT INTO " + f.Join + " (" + strings.Join(cols, ", ") + ")\nVALUES (" + strings.Join(marks, ", ") + ")"
	for _, row := range rows {
		args := []any{id}
		for i, c := range f.Cols {
			if c.Optional && row[i] == "" {
				args = append(args, nil)
				continue
			}
			n, ok := parseCell(c.Kind, row[i])
			if !ok {
				// Check refuses such a draft; a stored one cannot get here.
				return fmt.Errorf("%s: %q is not a %s", f.Name, row[i], c.Kind)
			}
			args = append(args, n)
		}
		if _, err := tx.ExecContext(ctx, ins, args...); err != nil {
			return err
		}
	}
	return nil
}

func formatCell(kind string, n int) string {
	if kind == Clock {
		return fmt.Sprintf("%02d:%02d", n/60, n%60)
	}
	return strconv.Itoa(n)
}

// parseCell reads a cell of kind: a weekday 1-7, a clock time
// 00:00-24:00, an id, a price.
func parseCell(kind, s string) (int, bool) {
	switch kind {
	case Ref:
		n, err := strconv.Atoi(s)
		return n, err == nil && n > 0
	case Money:
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 0 && n <= maxMoney
	case Weekday:
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 1 && n <= 7
	case Clock:
		h, m, ok := strings.Cut(s, ":")
		if !ok || len(h) != 2 || len(m) != 2 {
			return 0, false
		}
		hh, err1 := strconv.Atoi(h)
		mm, err2 := strconv.Atoi(m)
		n := hh*60 + mm
		return n, err1 == nil && err2 == nil && hh >= 0 && mm >= 0 && mm < 60 && n <= 24*60
	}
	return 0, false
}

// normalizeRows trims the cells and orders the rows by their first
// column's value, so equal lists compare equal.
func normalizeRows(f Field, rows [][]string) [][]string {
	out := make([][]string, 0, len(rows))
	for _, r := range rows {
		row := make([]string, len(f.Cols))
		for i := range row {
			if i < len(r) {
				row[i] = strings.TrimSpace(r[i])
			}
		}
		out = append(out, row)
	}
	slices.SortStableFunc(out, func(a, b []string) int {
		x, _ := parseCell(f.Cols[0].Kind, a[0])
		y, _ := parseCell(f.Cols[0].Kind, b[0])
		return x - y
	})
	return out
}

// checkRows returns the problems of f's rows: a cell that is not of its
// kind, a first column repeated (one row per weekday, per service), clock
// times that do not increase along a row (opens before closes), a price
// range that decreases, too many rows. That a Ref names an existing row is
// checked against the database (Store.RowRefsExist).
func checkRows(f Field, rows [][]string) []Problem {
	var out []Problem
	if f.Max > 0 && len(rows) > f.Max {
		out = append(out, Problem{f.Name, "editor.error.rows", []string{"max", strconv.Itoa(f.Max)}})
	}
	seen := map[string]bool{}
	for i, row := range rows {
		key := fmt.Sprintf("%s.%d", f.Name, i)
		ok := true
		last := map[string]int{}
		for j, c := range f.Cols {
			if c.Optional && row[j] == "" {
				continue
			}
			n, valid := parseCell(c.Kind, row[j])
			if !valid {
				out = append(out, Problem{key + "." + c.Name, "editor.error." + c.Kind, nil})
				ok = false
				continue
			}
			if prev, has := last[c.Kind]; has && (c.Kind == Clock && n <= prev || c.Kind == Money && n < prev) {
				out = append(out, Problem{key + "." + c.Name, "editor.error." + c.Kind + "Order", nil})
			}
			last[c.Kind] = n
		}
		if ok && seen[row[0]] {
			out = append(out, Problem{key + "." + f.Cols[0].Name, "editor.error.repeated." + f.Cols[0].Kind, nil})
		}
		seen[row[0]] = true
	}
	return out
}

// rowRefs are the ids the Ref column c holds in rows.
func rowRefs(rows [][]string, col int) []int64 {
	var ids []int64
	for _, r := range rows {
		if n, ok := parseCell(Ref, r[col]); ok {
			ids = append(ids, int64(n))
		}
	}
	return ids
}

// rowsText writes rows for a revision's diff: "1 09:00 18:00; 2 ...".
func rowsText(rows [][]string) string {
	s := make([]string, len(rows))
	for i, r := range rows {
		s[i] = strings.Join(r, " ")
	}
	return strings.Join(s, "; ")
}
