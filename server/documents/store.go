// Package documents keeps the files a patient attaches to an upcoming
// visit: a referral or a test result, PDF, JPEG or PNG, at most
// documentMaxBytes each and documentsPerVisit a visit (shared/limits.json).
//
// What a file is comes from its bytes, never its name: a PDF starts with
// "%PDF-"; a JPEG or PNG goes through the image uploads' own checks
// (images.Pipeline.Verify: the header's size limits that stop a
// decompression bomb, then a full decode). Files are kept as uploaded in
// a private directory (under MEDIA_DIR, served by no static handler),
// named at random per user ("{user}/{hex}"), with the row's SHA-256 of the
// bytes. A file is written before its row, in the row's transaction, and
// removed again when the row is not committed: a refusal or a failure
// leaves neither a row nor a file.
//
// Only the patient and the staff of the visit's clinic open a document,
// through a link signed for them (HMAC over document, viewer and end) that
// lasts documentLinkMinutes; the answer is an attachment, nosniff,
// private and never stored. A cancelled visit keeps its documents (the
// patient may still delete them); deleting the account deletes them, rows
// in the deletion's transaction and files right after (Forget, Forgotten),
// and Sweep removes any file left behind by a crash.
package documents

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/derrors"
	"sogliq/server/images"
	"sogliq/shared"
)

// Limits of attachments, from shared/limits.json.
var (
	MaxBytes   = shared.MustReadLimits().DocumentMaxBytes
	PerVisit   = shared.MustReadLimits().DocumentsPerVisit
	DefaultTTL = time.Duration(shared.MustReadLimits().DocumentLinkMinutes) * time.Minute
)

// The kinds of document.
const (
	Referral = "referral"
	Result   = "result"
)

// Tashkent is the time zone documents' times are shown in.
var Tashkent = time.FixedZone("UTC+5", 5*60*60)

// Store keeps the documents' rows in PostgreSQL and their files in a
// private directory.
type Store struct {
	db     *sqlx.DB
	dir    string
	secret []byte
	images *images.Pipeline
	// LinkTTL is how long a signed link opens its document.
	LinkTTL time.Duration
	// StaffClinics are the clinics whose staff a user is (role.Store's).
	StaffClinics func(ctx context.Context, userID int64) ([]int64, error)
	Logger       *slog.Logger
}

// NewStore returns a Store on db keeping files under dir (created when
// missing, readable by the server alone), signing links with secret and
// checking pictures with p.
func NewStore(db *sqlx.DB, dir string, secret []byte, p *images.Pipeline) *Store {
	return &Store{db: db, dir: dir, secret: secret, images: p, LinkTTL: DefaultTTL}
}

// Sniff names what data is from its first bytes: application/pdf,
// image/jpeg or image/png; "" for anything else (a WebP, a GIF, an
// executable renamed .pdf).
func Sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return "application/pdf"
	case images.Sniff(data) == images.JPEG:
		return "image/jpeg"
	case images.Sniff(data) == images.PNG:
		return "image/png"
	}
	return ""
}

// check refuses what is not a document: over MaxBytes (413), not a PDF,
// JPEG or PNG by its bytes (415), a picture the image checks refuse (413,
// 422). It returns the content type.
func (s *Store) check(ctx context.Context, data []byte) (string, error) {
	if len(data) > MaxBytes {
		return "", derrors.Refuse(derrors.TooLarge, "documents.error.tooLarge", "mb", strconv.Itoa(MaxBytes>>20))
	}
	if len(data) == 0 {
		return "", derrors.Refuse(derrors.Invalid, "documents.error.empty")
	}
	ct := Sniff(data)
	switch ct {
	case "":
		return "", derrors.Refuse(derrors.Unsupported, "documents.error.format")
	case "image/jpeg", "image/png":
		if _, err := s.images.Verify(ctx, data); err != nil {
			return "", err
		}
	}
	return ct, nil
}

// extensions are each type's file extension.
var extensions = map[string]string{"application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png"}

// CleanName makes an uploaded file name safe to store and to send in a
// Content-Disposition: its last path element, without control, quote or
// separator characters, at most 80 characters of stem, with the extension
// of what the file is (a "scan.exe" that is a PDF becomes "scan.pdf").
func CleanName(name, contentType string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "")
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || strings.ContainsRune(`"'<>:|?*;%`+"`", r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, name)
	stem := strings.TrimSpace(strings.TrimSuffix(name, filepath.Ext(name)))
	stem = strings.Trim(stem, ". ")
	if r := []rune(stem); len(r) > 80 {
		stem = strings.TrimSpace(string(r[:80]))
	}
	if stem == "" {
		stem = "document"
	}
	return stem + extensions[contentType]
}

// Attach stores data as a document of kind on appointment visit of user,
// as of now. It refuses (derrors.Refusal) a kind other than referral or
// result, a file check refuses, a visit that is not the user's (404), not
// booked or already begun (409), or one with PerVisit documents (409).
func (s *Store) Attach(ctx context.Context, user, visit int64, kind, filename string, data []byte, now time.Time) (Document, error) {
	if kind != Referral && kind != Result {
		return Document{}, derrors.Refuse(derrors.Invalid, "documents.error.kind")
	}
	ct, err := s.check(ctx, data)
	if err != nil {
		return Document{}, err
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return Document{}, fmt.Errorf("documents.Attach(%d): %w", visit, err)
	}
	defer tx.Rollback()
	if err := attachable(ctx, tx, user, visit, now); err != nil {
		return Document{}, err
	}
	key, err := s.write(user, data)
	if err != nil {
		return Document{}, err
	}
	committed := false
	defer func() {
		if !committed {
			s.remove(ctx, key)
		}
	}()
	sum := sha256.Sum256(data)
	d := Document{Kind: kind, Name: CleanName(filename, ct), ContentType: ct, Size: len(data)}
	const q = `
		INSERT INTO visit_documents (appointment_id, user_id, kind, filename, content_type, size_bytes, sha256, storage_key, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		RETURNING id`
	if err := tx.GetContext(ctx, &d.ID, q, visit, user, kind, d.Name, ct, len(data), hex.EncodeToString(sum[:]), key, now); err != nil {
		return Document{}, fmt.Errorf("documents.Attach(%d): %w", visit, err)
	}
	if err := tx.Commit(); err != nil {
		return Document{}, fmt.Errorf("documents.Attach(%d): %w", visit, err)
	}
	committed = true
	d.Created = now.In(Tashkent).Format(time.RFC3339)
	d.URL = s.link(d.ID, user, now)
	return d, nil
}

// attachable locks visit and refuses it unless it is user's, booked, not
// begun at now, and has room for one more document. The lock makes two
// uploads at once count each other.
func attachable(ctx context.Context, tx *sqlx.Tx, user, visit int64, now time.Time) error {
	var a struct {
		UserID sql.NullInt64 `db:"user_id"`
		Status string        `db:"status"`
		Start  time.Time     `db:"start"`
	}
	const q = `
		SELECT user_id, status, lower(during) AS start
		FROM appointments
		WHERE id = $1
		FOR UPDATE`
	err := tx.GetContext(ctx, &a, q, visit)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && a.UserID.Int64 != user) {
		return derrors.Refuse(derrors.NotFound, "documents.error.visit")
	}
	if err != nil {
		return fmt.Errorf("documents.attachable(%d): %w", visit, err)
	}
	if a.Status != "booked" || !a.Start.After(now) {
		return derrors.Refuse(derrors.Conflict, "documents.error.notUpcoming")
	}
	var n int
	const count = `
		SELECT count(*)
		FROM visit_documents
		WHERE appointment_id = $1`
	if err := tx.GetContext(ctx, &n, count, visit); err != nil {
		return fmt.Errorf("documents.attachable(%d): %w", visit, err)
	}
	if n >= PerVisit {
		return derrors.Refuse(derrors.Conflict, "documents.error.tooMany", "max", strconv.Itoa(PerVisit))
	}
	return nil
}

// row is a document as stored.
type row struct {
	ID          int64     `db:"id"`
	Appointment int64     `db:"appointment_id"`
	UserID      int64     `db:"user_id"`
	Kind        string    `db:"kind"`
	Name        string    `db:"filename"`
	ContentType string    `db:"content_type"`
	Size        int       `db:"size_bytes"`
	SHA256      string    `db:"sha256"`
	Key         string    `db:"storage_key"`
	Created     time.Time `db:"created_at"`
	ClinicID    int64     `db:"clinic_id"`
}

func (s *Store) view(r row, viewer int64, now time.Time) Document {
	return Document{ID: r.ID, Kind: r.Kind, Name: r.Name, ContentType: r.ContentType, Size: r.Size,
		Created: r.Created.In(Tashkent).Format(time.RFC3339), URL: s.link(r.ID, viewer, now)}
}

const columns = `d.id, d.appointment_id, d.user_id, d.kind, d.filename, d.content_type, d.size_bytes, d.sha256, d.storage_key, d.created_at, a.clinic_id`

// OfVisit is user's documents of visit, with links for user, and whether
// another can be attached; a visit that is not theirs is NotFound.
func (s *Store) OfVisit(ctx context.Context, user, visit int64, now time.Time) (VisitDocuments, error) {
	var a struct {
		Status string    `db:"status"`
		Start  time.Time `db:"start"`
	}
	const q = `
		SELECT status, lower(during) AS start
		FROM appointments
		WHERE id = $1
		  AND user_id = $2`
	err := s.db.GetContext(ctx, &a, q, visit, user)
	if errors.Is(err, sql.ErrNoRows) {
		return VisitDocuments{}, derrors.Refuse(derrors.NotFound, "documents.error.visit")
	}
	if err != nil {
		return VisitDocuments{}, fmt.Errorf("documents.OfVisit(%d): %w", visit, err)
	}
	var rows []row
	const list = `
		SELECT ` + columns + `
		FROM visit_documents d
		JOIN appointments a ON a.id = d.appointment_id
		WHERE d.appointment_id = $1
		  AND d.user_id = $2
		ORDER BY d.id`
	if err := s.db.SelectContext(ctx, &rows, list, visit, user); err != nil {
		return VisitDocuments{}, fmt.Errorf("documents.OfVisit(%d): %w", visit, err)
	}
	out := VisitDocuments{BookingID: visit, Max: PerVisit, MaxBytes: MaxBytes, Documents: []Document{}}
	for _, r := range rows {
		out.Documents = append(out.Documents, s.view(r, user, now))
	}
	out.CanAttach = a.Status == "booked" && a.Start.After(now) && len(rows) < PerVisit
	return out, nil
}

// ForClinic is the documents of clinic's visits among visits, by visit,
// with links for viewer. The caller has checked viewer is the clinic's
// staff; the clinic is matched here too.
func (s *Store) ForClinic(ctx context.Context, viewer, clinic int64, visits []int64, now time.Time) (map[int64][]Document, error) {
	out := map[int64][]Document{}
	if len(visits) == 0 {
		return out, nil
	}
	var rows []row
	const q = `
		SELECT ` + columns + `
		FROM visit_documents d
		JOIN appointments a ON a.id = d.appointment_id
		WHERE d.appointment_id = ANY($1)
		  AND a.clinic_id = $2
		ORDER BY d.appointment_id, d.id`
	if err := s.db.SelectContext(ctx, &rows, q, pq.Array(visits), clinic); err != nil {
		return nil, fmt.Errorf("documents.ForClinic(%d): %w", clinic, err)
	}
	for _, r := range rows {
		out[r.Appointment] = append(out[r.Appointment], s.view(r, viewer, now))
	}
	return out, nil
}

// Delete deletes user's document id, its row then its file; another's
// document is NotFound.
func (s *Store) Delete(ctx context.Context, user, id int64) error {
	var key string
	const q = `
		DELETE FROM visit_documents
		WHERE id = $1
		  AND user_id = $2
		RETURNING storage_key`
	err := s.db.GetContext(ctx, &key, q, id, user)
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.Refuse(derrors.NotFound, "documents.error.notFound")
	}
	if err != nil {
		return fmt.Errorf("documents.Delete(%d): %w", id, err)
	}
	s.remove(ctx, key)
	return nil
}

// File is an opened document: its name, type and bytes.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Open gives document id to viewer through a link (exp, sig) made for
// them: a link that is not valid at now (tampered, expired, someone
// else's) is Forbidden; a document that is gone, or that viewer no longer
// may open (neither its patient nor staff of its visit's clinic), is
// NotFound.
func (s *Store) Open(ctx context.Context, viewer, id int64, exp, sig string, now time.Time) (File, error) {
	if !s.validLink(id, viewer, exp, sig, now) {
		return File{}, derrors.Refuse(derrors.Forbidden, "documents.error.link")
	}
	var r row
	const q = `
		SELECT ` + columns + `
		FROM visit_documents d
		JOIN appointments a ON a.id = d.appointment_id
		WHERE d.id = $1`
	err := s.db.GetContext(ctx, &r, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return File{}, derrors.Refuse(derrors.NotFound, "documents.error.notFound")
	}
	if err != nil {
		return File{}, fmt.Errorf("documents.Open(%d): %w", id, err)
	}
	if r.UserID != viewer {
		clinics, err := s.StaffClinics(ctx, viewer)
		if err != nil {
			return File{}, err
		}
		if !containsID(clinics, r.ClinicID) {
			return File{}, derrors.Refuse(derrors.NotFound, "documents.error.notFound")
		}
	}
	data, err := s.read(r.Key)
	if errors.Is(err, fs.ErrNotExist) {
		return File{}, derrors.Refuse(derrors.NotFound, "documents.error.notFound")
	}
	if err != nil {
		return File{}, err
	}
	return File{Name: r.Name, ContentType: r.ContentType, Data: data}, nil
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// Forget deletes, in tx (account.Store.DeleteUser's), the rows of every
// document of user; Forgotten removes their files once it commits.
func (s *Store) Forget(ctx context.Context, tx *sqlx.Tx, user int64) error {
	const q = `
		DELETE FROM visit_documents
		WHERE user_id = $1`
	if _, err := tx.ExecContext(ctx, q, user); err != nil {
		return fmt.Errorf("documents.Forget(%d): %w", user, err)
	}
	return nil
}

// Forgotten removes the files of a deleted user (their folder).
func (s *Store) Forgotten(ctx context.Context, user int64) {
	if err := os.RemoveAll(filepath.Join(s.dir, strconv.FormatInt(user, 10))); err != nil && s.Logger != nil {
		s.Logger.ErrorContext(ctx, "documents: removing a deleted user's files failed", slog.Int64("user", user), slog.Any("err", err))
	}
}

// write stores data under a new random key in user's folder: written to a
// temporary file, then renamed, so no reader sees half a file.
func (s *Store) write(user int64, data []byte) (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	key := strconv.FormatInt(user, 10) + "/" + hex.EncodeToString(b[:])
	dir := filepath.Join(s.dir, strconv.FormatInt(user, 10))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("documents.write: %w", err)
	}
	f, err := os.CreateTemp(dir, ".put-*")
	if err != nil {
		return "", fmt.Errorf("documents.write: %w", err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return "", fmt.Errorf("documents.write: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("documents.write: %w", err)
	}
	if err := os.Rename(f.Name(), filepath.Join(s.dir, filepath.FromSlash(key))); err != nil {
		return "", fmt.Errorf("documents.write: %w", err)
	}
	return key, nil
}

// path is the file of key; keys are made by write, so one with anything
// but "{digits}/{hex}" is refused.
func (s *Store) path(key string) (string, error) {
	user, name, ok := strings.Cut(key, "/")
	if _, err := strconv.ParseInt(user, 10, 64); !ok || err != nil || len(name) != 32 || strings.Trim(name, "0123456789abcdef") != "" {
		return "", fmt.Errorf("documents: bad key %q: %w", key, fs.ErrNotExist)
	}
	return filepath.Join(s.dir, user, name), nil
}

func (s *Store) read(key string) ([]byte, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// remove deletes key's file; a failure is logged (Sweep finds the file).
func (s *Store) remove(ctx context.Context, key string) {
	p, err := s.path(key)
	if err == nil {
		err = os.Remove(p)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) && s.Logger != nil {
		s.Logger.ErrorContext(ctx, "documents: removing a file failed", slog.String("key", key), slog.Any("err", err))
	}
}
