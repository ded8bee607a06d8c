package editorial

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/account"
	"sogliq/server/derrors"
	"sogliq/server/search"
)

// Store keeps drafts, revisions and the audit log, and applies drafts to
// the entities' tables.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store on db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Live reads the values the site shows now for k's entity id, through q (a
// DB or a transaction).
func Live(ctx context.Context, q sqlx.QueryerContext, k Kind, id int64) (Values, error) {
	cols, fields, langs := k.columns()
	sel := make([]string, len(cols))
	for i, c := range cols {
		sel[i] = "coalesce(" + c + "::text, '')"
	}
	query := "SELECT " + strings.Join(sel, ", ") + "\nFROM " + k.Table + "\nWHERE id = $1" + k.scoped()
	raw := make([]string, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	err := q.QueryRowxContext(ctx, query, id).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("editorial.Live(%s %d): %w", k.Name, id, derrors.NotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("editorial.Live(%s %d): %w", k.Name, id, err)
	}
	v := Values{}
	for i, f := range fields {
		cur := v[f.Name]
		switch langs[i] {
		case "ru":
			cur.Ru = raw[i]
		case "uz":
			cur.Uz = raw[i]
		default:
			cur.Text = raw[i]
		}
		v[f.Name] = cur
	}
	for _, f := range k.Fields {
		if f.Type == Rows {
			rows, err := rowsSelect(ctx, q, f, id)
			if err != nil {
				return nil, fmt.Errorf("editorial.Live(%s %d) %s: %w", k.Name, id, f.Name, err)
			}
			v[f.Name] = Value{Rows: rows}
			continue
		}
		if f.Type != Refs {
			continue
		}
		ids := []int64{}
		q2 := "SELECT " + f.Ref + "\nFROM " + f.Join + "\nWHERE " + f.Owner + " = $1\nORDER BY " + f.Ref
		if err := sqlx.SelectContext(ctx, q, &ids, q2, id); err != nil {
			return nil, fmt.Errorf("editorial.Live(%s %d) %s: %w", k.Name, id, f.Name, err)
		}
		v[f.Name] = Value{IDs: ids}
	}
	return v, nil
}

// Apply writes v over k's entity id in tx (a transaction, or a preview's
// pinned connection) (and bumps updated_at where the
// table has one: the sitemaps' lastmod). Slug changes are recorded in
// slug_history by the tables' triggers.
func Apply(ctx context.Context, tx sqlx.ExecerContext, k Kind, id int64, v Values) error {
	cols, fields, langs := k.columns()
	set := make([]string, len(cols))
	args := []any{id}
	for i, c := range cols {
		val := v[fields[i].Name]
		s := val.Text
		switch langs[i] {
		case "ru":
			s = val.Ru
		case "uz":
			s = val.Uz
		}
		var arg any = s
		if fields[i].Nullable && s == "" {
			arg = nil
		}
		args = append(args, arg)
		set[i] = fmt.Sprintf("%s = $%d", c, len(args))
	}
	if touched(k) {
		set = append(set, "updated_at = now()")
	}
	q := "UPDATE " + k.Table + "\nSET " + strings.Join(set, ", ") + "\nWHERE id = $1" + k.scoped()
	if _, err := tx.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("editorial.Apply(%s %d): %w", k.Name, id, err)
	}
	for _, f := range k.Fields {
		if f.Type == Rows {
			if err := rowsReplace(ctx, tx, f, id, v[f.Name].Rows); err != nil {
				return fmt.Errorf("editorial.Apply(%s %d) %s: %w", k.Name, id, f.Name, err)
			}
			continue
		}
		if f.Type != Refs {
			continue
		}
		del := "DELETE FROM " + f.Join + "\nWHERE " + f.Owner + " = $1"
		if _, err := tx.ExecContext(ctx, del, id); err != nil {
			return fmt.Errorf("editorial.Apply(%s %d) %s: %w", k.Name, id, f.Name, err)
		}
		ins := "INSERT INTO " + f.Join + " (" + f.Owner + ", " + f.Ref + ")\nSELECT $1, unnest($2::bigint[])\nON CONFLICT DO NOTHING"
		if _, err := tx.ExecContext(ctx, ins, id, pq.Array(v[f.Name].IDs)); err != nil {
			return fmt.Errorf("editorial.Apply(%s %d) %s: %w", k.Name, id, f.Name, err)
		}
	}
	return nil
}

// touched reports whether k's table has updated_at.
func touched(k Kind) bool {
	return k.Table == "doctors" || k.Table == "specialties"
}

// Draft returns the open draft (or scheduled revision) of k's entity id:
// its id, values and state; ok false when there is none.
func (s *Store) Draft(ctx context.Context, q sqlx.QueryerContext, k Kind, id int64) (rev int64, v Values, state string, ok bool, err error) {
	var row struct {
		ID     int64  `db:"id"`
		Fields []byte `db:"fields"`
		State  string `db:"state"`
	}
	const query = `
		SELECT id, fields, state
		FROM editorial_revisions
		WHERE kind = $1
		  AND entity_id = $2
		  AND state <> 'published'`
	err = sqlx.GetContext(ctx, q, &row, query, k.Name, id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, "", false, nil
	}
	if err != nil {
		return 0, nil, "", false, fmt.Errorf("editorial.Draft(%s %d): %w", k.Name, id, err)
	}
	if err := json.Unmarshal(row.Fields, &v); err != nil {
		return 0, nil, "", false, fmt.Errorf("editorial.Draft(%s %d): %w", k.Name, id, err)
	}
	return row.ID, v, row.State, true, nil
}

// SaveDraft stores v as the draft of k's entity id (replacing an open
// draft, and turning a scheduled one back into a draft), by author.
func (s *Store) SaveDraft(ctx context.Context, k Kind, id int64, v Values, author int64) (int64, error) {
	if _, err := Live(ctx, s.db, k, id); err != nil {
		return 0, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return 0, err
	}
	var rev int64
	const q = `
		INSERT INTO editorial_revisions (kind, entity_id, state, fields, author_id)
		VALUES ($1, $2, 'draft', $3, $4)
		ON CONFLICT (kind, entity_id) WHERE state <> 'published'
		DO UPDATE SET fields = excluded.fields, author_id = excluded.author_id,
			state = 'draft', publish_at = NULL, created_at = now()
		RETURNING id`
	if err := s.db.GetContext(ctx, &rev, q, k.Name, id, b, author); err != nil {
		return 0, fmt.Errorf("editorial.SaveDraft(%s %d): %w", k.Name, id, err)
	}
	return rev, nil
}

// DiscardDraft deletes the open draft; it reports whether there was one.
func (s *Store) DiscardDraft(ctx context.Context, k Kind, id int64) (bool, error) {
	const q = `
		DELETE FROM editorial_revisions
		WHERE kind = $1
		  AND entity_id = $2
		  AND state <> 'published'`
	res, err := s.db.ExecContext(ctx, q, k.Name, id)
	if err != nil {
		return false, fmt.Errorf("editorial.DiscardDraft(%s %d): %w", k.Name, id, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Schedule marks the draft to be published at at and, in the same
// transaction, queues the job that will (enqueue).
func (s *Store) Schedule(ctx context.Context, k Kind, id int64, at time.Time, enqueue func(context.Context, *sql.Tx) error) (int64, error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var rev int64
	const q = `
		UPDATE editorial_revisions
		SET state = 'scheduled', publish_at = $3
		WHERE kind = $1
		  AND entity_id = $2
		  AND state <> 'published'
		RETURNING id`
	err = tx.GetContext(ctx, &rev, q, k.Name, id, at)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("editorial.Schedule(%s %d): %w", k.Name, id, derrors.NotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("editorial.Schedule(%s %d): %w", k.Name, id, err)
	}
	if err := enqueue(ctx, tx.Tx); err != nil {
		return 0, err
	}
	return rev, tx.Commit()
}

// Published is what a publication changed: the cache tags of every page
// that showed the entity before or shows it now.
type Published struct {
	Revision int64
	Tags     []string
	Changes  []Change
}

// errNoDraft: publishing with nothing to publish.
var errNoDraft = fmt.Errorf("editorial: no draft: %w", derrors.NotFound)

// ErrNotDue: the scheduler found the draft edited since it was scheduled
// (it is a draft again) or rescheduled for later; nothing to do.
var ErrNotDue = errors.New("editorial: the scheduled revision is not due")

// Publish applies the open draft of k's entity id in one transaction: the
// draft's values over the tables, the revision marked published with its
// diff against what the site showed, the audit row, and the search index
// entries of the entity and of those listing it (before and after). A draft that is scheduled is
// published only by the scheduler, which passes its time as due. check is called
// with the draft's values and refuses with an error when a required
// field is empty.
func (s *Store) Publish(ctx context.Context, k Kind, id, by int64, due *time.Time, check func(Values) error) (Published, error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return Published{}, err
	}
	defer tx.Rollback()
	// The entity's row lock orders two publications of one entity.
	if _, err := tx.ExecContext(ctx, "SELECT 1 FROM "+k.Table+" WHERE id = $1"+k.scoped()+" FOR UPDATE", id); err != nil {
		return Published{}, err
	}
	rev, draft, state, ok, err := s.Draft(ctx, tx, k, id)
	if err != nil {
		return Published{}, err
	}
	if !ok {
		return Published{}, errNoDraft
	}
	if due != nil {
		var at sql.NullTime
		if err := tx.GetContext(ctx, &at, "SELECT publish_at FROM editorial_revisions WHERE id = $1", rev); err != nil {
			return Published{}, err
		}
		if state != "scheduled" || !at.Valid || at.Time.After(*due) {
			return Published{}, ErrNotDue
		}
		// The author may have deleted their account since (0: nobody).
		var author sql.NullInt64
		if err := tx.GetContext(ctx, &author, "SELECT author_id FROM editorial_revisions WHERE id = $1", rev); err != nil {
			return Published{}, err
		}
		by = author.Int64
	}
	if err := check(draft); err != nil {
		return Published{}, err
	}
	before, err := Live(ctx, tx, k, id)
	if err != nil {
		return Published{}, err
	}
	tagsBefore, err := k.tags(ctx, tx, id)
	if err != nil {
		return Published{}, err
	}
	searchBefore, err := k.searchEntities(ctx, tx, id)
	if err != nil {
		return Published{}, err
	}
	if err := Apply(ctx, tx, k, id, draft); err != nil {
		return Published{}, err
	}
	if k.Reveal != "" {
		if _, err := tx.ExecContext(ctx, k.Reveal, id); err != nil {
			return Published{}, fmt.Errorf("editorial.Publish(%s %d): reveal: %w", k.Name, id, err)
		}
	}
	if k.Derived != "" {
		if _, err := tx.ExecContext(ctx, k.Derived); err != nil {
			return Published{}, fmt.Errorf("editorial.Publish(%s %d): derived data: %w", k.Name, id, err)
		}
	}
	tagsAfter, err := k.tags(ctx, tx, id)
	if err != nil {
		return Published{}, err
	}
	searchAfter, err := k.searchEntities(ctx, tx, id)
	if err != nil {
		return Published{}, err
	}
	changes := Diff(k, before, draft)
	diff, _ := json.Marshal(changes)
	const mark = `
		UPDATE editorial_revisions
		SET state = 'published', published_at = now(), published_by = NULLIF($2, 0), diff = $3
		WHERE id = $1`
	if _, err := tx.ExecContext(ctx, mark, rev, by, diff); err != nil {
		return Published{}, fmt.Errorf("editorial.Publish(%s %d): %w", k.Name, id, err)
	}
	if err := audit(ctx, tx, by, "publish", map[string]any{"kind": k.Name, "id": id, "revision": rev}); err != nil {
		return Published{}, err
	}
	if err := search.ReindexEntities(ctx, tx, append(searchBefore, searchAfter...)); err != nil {
		return Published{}, err
	}
	if err := tx.Commit(); err != nil {
		return Published{}, fmt.Errorf("editorial.Publish(%s %d): %w", k.Name, id, err)
	}
	tags := append(tagsBefore, tagsAfter...)
	slices.Sort(tags)
	return Published{Revision: rev, Tags: slices.Compact(tags), Changes: changes}, nil
}

// Restore opens a draft holding the values of published revision rev of
// k's entity id (a new revision: publishing it restores them).
func (s *Store) Restore(ctx context.Context, k Kind, id, rev, author int64) (int64, error) {
	var fields []byte
	const q = `
		SELECT fields
		FROM editorial_revisions
		WHERE id = $1
		  AND kind = $2
		  AND entity_id = $3
		  AND state = 'published'`
	err := s.db.GetContext(ctx, &fields, q, rev, k.Name, id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("editorial.Restore(%d): %w", rev, derrors.NotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("editorial.Restore(%d): %w", rev, err)
	}
	var v Values
	if err := json.Unmarshal(fields, &v); err != nil {
		return 0, err
	}
	return s.SaveDraft(ctx, k, id, v, author)
}

// History lists k's entity id's revisions, newest first (at most 50).
func (s *Store) History(ctx context.Context, k Kind, id int64) ([]Revision, error) {
	var rows []struct {
		ID          int64        `db:"id"`
		State       string       `db:"state"`
		Author      string       `db:"author"`
		AuthorName  string       `db:"author_name"`
		Created     time.Time    `db:"created_at"`
		PublishAt   sql.NullTime `db:"publish_at"`
		PublishedAt sql.NullTime `db:"published_at"`
		Diff        []byte       `db:"diff"`
	}
	const q = `
		SELECT r.id, r.state, coalesce(u.phone, '') AS author,
		       trim(concat_ws(' ', u.first_name, u.last_name)) AS author_name,
		       r.created_at, r.publish_at, r.published_at, r.diff
		FROM editorial_revisions r
		LEFT JOIN users u ON u.id = coalesce(r.published_by, r.author_id)
		WHERE r.kind = $1
		  AND r.entity_id = $2
		ORDER BY r.id DESC
		LIMIT 50`
	if err := s.db.SelectContext(ctx, &rows, q, k.Name, id); err != nil {
		return nil, fmt.Errorf("editorial.History(%s %d): %w", k.Name, id, err)
	}
	out := make([]Revision, len(rows))
	for i, r := range rows {
		out[i] = Revision{ID: r.ID, State: r.State, Author: author(r.AuthorName, r.Author), Created: stamp(r.Created), Changes: []Change{}}
		if r.PublishAt.Valid {
			out[i].PublishAt = stamp(r.PublishAt.Time)
		}
		if r.PublishedAt.Valid {
			out[i].PublishedAt = stamp(r.PublishedAt.Time)
		}
		_ = json.Unmarshal(r.Diff, &out[i].Changes)
	}
	return out, nil
}

// author names a revision's author as people read it: "Дилноза
// Каримова, +998 90 111-00-03", the phone alone without a name, "" for a
// deleted account (the page says so).
func author(name, phone string) string {
	if phone == "" {
		return ""
	}
	if name == "" {
		return account.DisplayPhone(phone)
	}
	return name + ", " + account.DisplayPhone(phone)
}

// tashkent is where editors read times (UTC+5, no daylight saving).
var tashkent = time.FixedZone("Asia/Tashkent", 5*60*60)

// stamp writes t in Tashkent time, "2006-01-02 15:04".
func stamp(t time.Time) string { return t.In(tashkent).Format("2006-01-02 15:04") }

// List returns up to 50 entities of k whose title or slug contains query,
// those with a draft only when drafts is set.
func (s *Store) List(ctx context.Context, k Kind, query string, drafts bool) ([]ListItem, error) {
	items := []ListItem{}
	slug := "''"
	if c := k.slugColumn(); c != "" {
		slug = "e." + c
	}
	detail := cmp.Or(k.Detail, "''")
	q := `
		SELECT e.id, e.` + k.Title + ` AS title, ` + slug + ` AS slug, ` + detail + ` AS detail,
			EXISTS (SELECT 1 FROM editorial_revisions r WHERE r.kind = $1 AND r.entity_id = e.id AND r.state <> 'published') AS draft
		FROM ` + k.Table + ` e
		WHERE ($2 = '' OR e.` + k.Title + ` ILIKE '%' || $2 || '%' OR ` + slug + ` ILIKE '%' || $2 || '%')` + k.scoped() + `
		ORDER BY draft DESC, e.` + k.Title + `, e.id
		LIMIT 50`
	if drafts {
		q = strings.Replace(q, "WHERE (", "WHERE EXISTS (SELECT 1 FROM editorial_revisions r WHERE r.kind = $1 AND r.entity_id = e.id AND r.state <> 'published')\n\t\t  AND (", 1)
	}
	if err := s.db.SelectContext(ctx, &items, q, k.Name, likeSafe(query)); err != nil {
		return nil, fmt.Errorf("editorial.List(%s): %w", k.Name, err)
	}
	return items, nil
}

// likeSafe escapes LIKE's wildcards in a search text.
func likeSafe(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.TrimSpace(s))
}

// SlugTaken reports whether another entity of k uses slug now.
func (s *Store) SlugTaken(ctx context.Context, k Kind, id int64, slug string) (bool, error) {
	var taken bool
	q := `
		SELECT EXISTS (
			SELECT 1
			FROM ` + k.Table + `
			WHERE slug = $1
			  AND id <> $2` + k.scoped() + `)`
	if err := s.db.GetContext(ctx, &taken, q, slug, id); err != nil {
		return false, fmt.Errorf("editorial.SlugTaken(%s): %w", k.Name, err)
	}
	return taken, nil
}

// Options are the choices of a refs field, named in lang.
func (s *Store) Options(ctx context.Context, f Field, lang string) ([]Option, error) {
	return s.options(ctx, f.RefTable, "true", lang)
}

// ColumnOptions are the choices of a rows field's Ref column, named in lang.
func (s *Store) ColumnOptions(ctx context.Context, c RowColumn, lang string) ([]Option, error) {
	return s.options(ctx, c.RefTable, cmp.Or(c.RefWhere, "true"), lang)
}

func (s *Store) options(ctx context.Context, table, where, lang string) ([]Option, error) {
	opts := []Option{}
	q := "SELECT id, pick_lang($1, name_ru, name_uz) AS name\nFROM " + table + "\nWHERE " + where + "\nORDER BY name"
	if err := s.db.SelectContext(ctx, &opts, q, lang); err != nil {
		return nil, fmt.Errorf("editorial.Options(%s): %w", table, err)
	}
	return opts, nil
}

// RowRefsExist reports whether every id names a choice of the Ref column c.
func (s *Store) RowRefsExist(ctx context.Context, c RowColumn, ids []int64) (bool, error) {
	var n int
	q := "SELECT count(*)\nFROM " + c.RefTable + "\nWHERE id = ANY($1)\n  AND " + cmp.Or(c.RefWhere, "true")
	if err := s.db.GetContext(ctx, &n, q, pq.Array(ids)); err != nil {
		return false, err
	}
	return n == len(slices.Compact(slices.Sorted(slices.Values(ids)))), nil
}

// RefsExist reports whether every id names a row of f's referenced table.
func (s *Store) RefsExist(ctx context.Context, f Field, ids []int64) (bool, error) {
	var n int
	q := "SELECT count(*)\nFROM " + f.RefTable + "\nWHERE id = ANY($1)"
	if err := s.db.GetContext(ctx, &n, q, pq.Array(ids)); err != nil {
		return false, err
	}
	return n == len(slices.Compact(slices.Sorted(slices.Values(ids)))), nil
}

// audit records an action in the audit log; actor 0 is the command line.
func audit(ctx context.Context, q sqlx.ExecerContext, actor int64, action string, detail map[string]any) error {
	b, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	const stmt = `
		INSERT INTO editorial_audit (actor_id, action, detail)
		VALUES (nullif($1, 0), $2, $3)`
	if _, err := q.ExecContext(ctx, stmt, actor, action, b); err != nil {
		return fmt.Errorf("editorial: audit %s: %w", action, err)
	}
	return nil
}

// Audit records an action done outside a publication (a role change).
func (s *Store) Audit(ctx context.Context, actor int64, action string, detail map[string]any) error {
	return audit(ctx, s.db, actor, action, detail)
}

// Grants lists the site's editors and admins.
func (s *Store) Grants(ctx context.Context) ([]Grant, error) {
	grants := []Grant{}
	const q = `
		SELECT u.phone, r.role
		FROM user_roles r
		JOIN users u ON u.id = r.user_id
		WHERE r.role IN ('editor', 'admin')
		ORDER BY r.role, u.phone`
	if err := s.db.SelectContext(ctx, &grants, q); err != nil {
		return nil, fmt.Errorf("editorial.Grants: %w", err)
	}
	return grants, nil
}

// Create inserts a blank hidden entity of k (k.Create), by by; it shows on
// the site once its first draft is published.
func (s *Store) Create(ctx context.Context, k Kind, by int64) (int64, error) {
	if k.Create == "" {
		return 0, fmt.Errorf("editorial.Create(%s): %w", k.Name, derrors.NotFound)
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.GetContext(ctx, &id, k.Create); err != nil {
		return 0, fmt.Errorf("editorial.Create(%s): %w", k.Name, err)
	}
	if err := audit(ctx, tx, by, "create", map[string]any{"kind": k.Name, "id": id}); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// Delete removes k's entity id with its drafts and revisions, by by, and
// returns the cache tags of the pages that showed it. The search index
// entries it fed are reindexed in the same transaction.
func (s *Store) Delete(ctx context.Context, k Kind, id, by int64) ([]string, error) {
	if k.Delete == "" {
		return nil, fmt.Errorf("editorial.Delete(%s %d): %w", k.Name, id, derrors.NotFound)
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if _, err := Live(ctx, tx, k, id); err != nil {
		return nil, err
	}
	tags, err := k.tags(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	entries, err := k.searchEntities(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	const drop = `
		DELETE FROM editorial_revisions
		WHERE kind = $1
		  AND entity_id = $2`
	if _, err := tx.ExecContext(ctx, drop, k.Name, id); err != nil {
		return nil, fmt.Errorf("editorial.Delete(%s %d): %w", k.Name, id, err)
	}
	if _, err := tx.ExecContext(ctx, k.Delete, id); err != nil {
		return nil, fmt.Errorf("editorial.Delete(%s %d): %w", k.Name, id, err)
	}
	if err := search.ReindexEntities(ctx, tx, entries); err != nil {
		return nil, err
	}
	if err := audit(ctx, tx, by, "delete", map[string]any{"kind": k.Name, "id": id}); err != nil {
		return nil, err
	}
	return tags, tx.Commit()
}
