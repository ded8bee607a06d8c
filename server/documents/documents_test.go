package documents

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/images"
	"sogliq/server/role"
)

// now is the tests' clock: Monday 2026-11-23, 12:00 in Tashkent.
var now = time.Date(2026, 11, 23, 12, 0, 0, 0, Tashkent)

// The fixture: clinics 1 and 2, doctor 1 at clinic 1, doctor 2 at clinic
// 2. Users: 1 and 5 patients, 2 staff of clinic 1, 3 staff of clinic 2.
type fixture struct {
	db    *sqlx.DB
	dir   string
	store *Store
	app   *fiber.App
	clock time.Time
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: dbtest.New(t), dir: t.TempDir(), clock: now}
	f.exec(t, `INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		SELECT n, 'clinic-' || n, 'Клиника ' || n, n || '-klinika', (SELECT min(id) FROM regions), 'ул. ' || n, n || '-ko''cha', ''
		FROM generate_series(1, 2) n`)
	f.exec(t, `INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		SELECT n, 'doctor-' || n, 'Врач ' || n, 'Shifokor ' || n, 'f', 2000, (SELECT min(id) FROM regions)
		FROM generate_series(1, 2) n`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (1, 1, 100000), (2, 2, 100000)`)
	f.exec(t, `INSERT INTO users (id, phone, first_name) SELECT n, '99890000000' || n, 'User' || n FROM generate_series(1, 5) n`)
	roles := role.NewStore(f.db)
	for _, g := range []struct{ phone, clinic string }{{"998900000002", "clinic-1"}, {"998900000003", "clinic-2"}} {
		if err := roles.Grant(t.Context(), g.phone, role.Staff, g.clinic); err != nil {
			t.Fatal(err)
		}
	}
	secret := []byte("0123456789abcdef0123456789abcdef")
	f.store = NewStore(f.db, f.dir, secret, images.New(nil, nil))
	f.store.StaffClinics = roles.StaffClinics
	h := &Handler{Store: f.store, Accounts: account.NewStore(f.db), Now: func() time.Time { return f.clock }}
	f.app = accounttest.App(t, dict, fiber.Config{BodyLimit: MaxBytes + 64<<10})
	h.Register(f.app)
	return f
}

func (f *fixture) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	dbtest.Exec(t, f.db, q, args...)
}

// visit inserts a visit of user at clinic (with its doctor) starting
// hours from now, with status.
func (f *fixture) visit(t *testing.T, user, clinic int64, hours float64, status string) int64 {
	t.Helper()
	start := now.Add(time.Duration(hours * float64(time.Hour)))
	var id int64
	err := f.db.Get(&id, `INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at, cancelled_by)
		VALUES ($1, $1, tstzrange($2, $3), $5, $2, $6, 100000, true, 'User', 'self', $4, $4, $4, CASE WHEN $5 = 'cancelled' THEN 'patient' END) RETURNING id`,
		clinic, start, start.Add(30*time.Minute), now.Add(-24*time.Hour), status, user)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (f *fixture) session(t *testing.T, id int64) string {
	t.Helper()
	return accounttest.SignIn(t, f.db, id, now)
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
}

// do sends body of contentType ("" for none) to target as the user of
// token, asking for JSON.
func (f *fixture) do(t *testing.T, method, target string, body io.Reader, contentType, token string) answer {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = io.ReadAll(body)
	}
	headers := []string{"Accept", "application/json"}
	if contentType != "" {
		headers = append(headers, "Content-Type", contentType)
	}
	a := accounttest.Call(t, f.app, method, target, string(raw), token, headers...)
	return answer{status: a.Status, header: a.Header, body: a.Body, raw: a.Raw}
}

func (f *fixture) upload(t *testing.T, token string, visit int64, kind, name string, data []byte) answer {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("booking", fmt.Sprint(visit))
	_ = w.WriteField("kind", kind)
	fw, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	w.Close()
	return f.do(t, "POST", "/api/documents", &buf, w.FormDataContentType(), token)
}

// files counts the files stored (temporary ones too).
func (f *fixture) files(t *testing.T) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(f.dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func (f *fixture) rows(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.db.Get(&n, `SELECT count(*) FROM visit_documents`); err != nil {
		t.Fatal(err)
	}
	return n
}

var pdf = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	m.Set(1, 1, color.RGBA{200, 10, 10, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jpegBytes(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 32, 24)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// bomb is a PNG whose header claims 50,000 × 50,000 pixels.
func bomb(t *testing.T) []byte {
	t.Helper()
	b := pngBytes(t, 1, 1)
	// IHDR's width and height are bytes 16-23.
	copy(b[16:24], []byte{0, 0, 0xC3, 0x50, 0, 0, 0xC3, 0x50})
	return b
}

// TestTypes: what a file is comes from its bytes; refusals leave no row
// and no file.
func TestTypes(t *testing.T) {
	f := newFixture(t)
	patient := f.session(t, 1)
	corrupt := pngBytes(t, 64, 64)
	corrupt = append(corrupt[:len(corrupt)-30], make([]byte, 30)...)
	hours := 24.0
	for _, test := range []struct {
		name, file string
		data       []byte
		status     int
		stored     string // the stored name and type when accepted
		ct         string
	}{
		{"pdf", "направление.pdf", pdf, 201, "направление.pdf", "application/pdf"},
		{"png", "scan.png", pngBytes(t, 40, 30), 201, "scan.png", "image/png"},
		{"jpeg", "photo.JPG", jpegBytes(t), 201, "photo.jpg", "image/jpeg"},
		{"a pdf named .png", "../../etc/passwd.png", pdf, 201, "passwd.pdf", "application/pdf"},
		{"text named .pdf", "notes.pdf", []byte("just some text, not a PDF"), 415, "", ""},
		{"webp", "x.webp", []byte("RIFF\x00\x00\x00\x00WEBPVP8 \x00\x00\x00\x00"), 415, "", ""},
		{"gif", "x.gif", []byte("GIF89a\x01\x00\x01\x00"), 415, "", ""},
		{"html named .pdf", "x.pdf", []byte("<html><script>alert(1)</script>"), 415, "", ""},
		{"png bomb", "bomb.png", bomb(t), 422, "", ""},
		{"corrupt png", "broken.png", corrupt, 422, "", ""},
		{"empty", "empty.pdf", nil, 400, "", ""},
	} {
		hours += 1
		t.Run(test.name, func(t *testing.T) {
			visit := f.visit(t, 1, 1, hours, "booked")
			rows, files := f.rows(t), f.files(t)
			a := f.upload(t, patient, visit, Referral, test.file, test.data)
			if a.status != test.status {
				t.Fatalf("status %d, want %d: %s", a.status, test.status, a.raw)
			}
			if test.status != 201 {
				if msg, _ := a.body["error"].(string); msg == "" {
					t.Errorf("no message: %s", a.raw)
				}
				if f.rows(t) != rows || f.files(t) != files {
					t.Errorf("a refusal left rows %d→%d, files %d→%d", rows, f.rows(t), files, f.files(t))
				}
				return
			}
			d, _ := a.body["data"].(map[string]any)
			if d["name"] != test.stored || d["contentType"] != test.ct {
				t.Errorf("stored %v as %v, want %q as %q", d["name"], d["contentType"], test.stored, test.ct)
			}
			if f.rows(t) != rows+1 || f.files(t) != files+1 {
				t.Errorf("rows %d→%d, files %d→%d", rows, f.rows(t), files, f.files(t))
			}
		})
	}
}

// TestLimits: the size and the count per visit; the kind.
func TestLimits(t *testing.T) {
	f := newFixture(t)
	patient := f.session(t, 1)
	visit := f.visit(t, 1, 1, 48, "booked")
	big := append(append([]byte{}, pdf...), make([]byte, MaxBytes)...)
	if a := f.upload(t, patient, visit, Referral, "big.pdf", big); a.status != 413 {
		t.Errorf("%d bytes: %d %s, want 413", len(big), a.status, a.raw)
	}
	exact := append(append([]byte{}, pdf...), make([]byte, MaxBytes-len(pdf))...)
	if a := f.upload(t, patient, visit, Result, "exact.pdf", exact); a.status != 201 {
		t.Errorf("exactly %d bytes: %d %s, want 201", MaxBytes, a.status, a.raw)
	}
	if a := f.upload(t, patient, visit, "prescription", "x.pdf", pdf); a.status != 400 {
		t.Errorf("kind prescription: %d %s, want 400", a.status, a.raw)
	}
	for i := 2; i <= PerVisit; i++ {
		if a := f.upload(t, patient, visit, Referral, "x.pdf", pdf); a.status != 201 {
			t.Fatalf("document %d: %d %s", i, a.status, a.raw)
		}
	}
	a := f.upload(t, patient, visit, Referral, "x.pdf", pdf)
	if a.status != 409 || !strings.Contains(fmt.Sprint(a.body["error"]), fmt.Sprint(PerVisit)) {
		t.Errorf("document %d: %d %s, want 409 naming the limit", PerVisit+1, a.status, a.raw)
	}
	if f.rows(t) != PerVisit || f.files(t) != PerVisit {
		t.Errorf("rows %d, files %d, want %d each", f.rows(t), f.files(t), PerVisit)
	}
}

// TestVisits: only the patient's own booked visit still to come.
func TestVisits(t *testing.T) {
	f := newFixture(t)
	patient, other := f.session(t, 1), f.session(t, 5)
	for _, test := range []struct {
		name   string
		token  string
		visit  int64
		status int
	}{
		{"own upcoming", patient, f.visit(t, 1, 1, 2, "booked"), 201},
		{"another patient's", other, f.visit(t, 1, 1, 3, "booked"), 404},
		{"missing", patient, 999999, 404},
		{"begun", patient, f.visit(t, 1, 1, -0.1, "booked"), 409},
		{"past", patient, f.visit(t, 1, 1, -48, "attended"), 409},
		{"cancelled", patient, f.visit(t, 1, 1, 24, "cancelled"), 409},
		{"signed out", "", f.visit(t, 1, 1, 4, "booked"), 401},
	} {
		t.Run(test.name, func(t *testing.T) {
			if a := f.upload(t, test.token, test.visit, Referral, "r.pdf", pdf); a.status != test.status {
				t.Errorf("%d %s, want %d", a.status, a.raw, test.status)
			}
		})
	}
	if f.files(t) != 1 {
		t.Errorf("%d files, want 1", f.files(t))
	}
}

// TestListDelete: the patient lists and deletes their own; another
// patient sees and deletes nothing.
func TestListDelete(t *testing.T) {
	f := newFixture(t)
	patient, other := f.session(t, 1), f.session(t, 5)
	visit := f.visit(t, 1, 1, 24, "booked")
	id := int64(f.upload(t, patient, visit, Referral, "r.pdf", pdf).body["data"].(map[string]any)["id"].(float64))
	a := f.do(t, "GET", fmt.Sprintf("/api/documents?booking=%d", visit), nil, "", patient)
	list, _ := a.body["data"].(map[string]any)
	if a.status != 200 || len(list["documents"].([]any)) != 1 || list["canAttach"] != true {
		t.Fatalf("list: %d %s", a.status, a.raw)
	}
	if a := f.do(t, "GET", fmt.Sprintf("/api/documents?booking=%d", visit), nil, "", other); a.status != 404 {
		t.Errorf("another's list: %d", a.status)
	}
	if a := f.do(t, "DELETE", fmt.Sprintf("/api/documents/%d", id), nil, "", other); a.status != 404 {
		t.Errorf("another's delete: %d", a.status)
	}
	if a := f.do(t, "DELETE", fmt.Sprintf("/api/documents/%d", id), nil, "", patient); a.status != 204 {
		t.Errorf("delete: %d %s", a.status, a.raw)
	}
	if f.rows(t) != 0 || f.files(t) != 0 {
		t.Errorf("after delete: %d rows, %d files", f.rows(t), f.files(t))
	}
}

// TestOpen: the patient and the visit's clinic's staff open a document
// through their own link; another clinic's staff, a tampered or expired
// link, someone else's link, do not.
func TestOpen(t *testing.T) {
	f := newFixture(t)
	patient, staff, otherStaff, other := f.session(t, 1), f.session(t, 2), f.session(t, 3), f.session(t, 5)
	visit := f.visit(t, 1, 1, 24, "booked")
	f.upload(t, patient, visit, Referral, "Направление.pdf", pdf)
	byVisit, err := f.store.ForClinic(t.Context(), 2, 1, []int64{visit}, now)
	if err != nil || len(byVisit[visit]) != 1 {
		t.Fatalf("ForClinic: %v %v", byVisit, err)
	}
	doc := byVisit[visit][0]
	if none, _ := f.store.ForClinic(t.Context(), 3, 2, []int64{visit}, now); len(none) != 0 {
		t.Errorf("another clinic's desk lists %v", none)
	}
	patientLink := f.store.link(doc.ID, 1, now)
	otherClinicLink := f.store.link(doc.ID, 3, now) // a link it could never be given
	u, _ := url.Parse(doc.URL)
	q := u.Query()
	q.Set("sig", strings.ToUpper(q.Get("sig")[:1])+q.Get("sig")[1:]+"A")
	tampered := u.Path + "?" + q.Encode()
	q = u.Query()
	q.Set("exp", fmt.Sprint(now.Add(time.Hour).Unix()))
	extended := u.Path + "?" + q.Encode()
	for _, test := range []struct {
		name   string
		token  string
		link   string
		at     time.Duration
		status int
	}{
		{"staff of the clinic", staff, doc.URL, 0, 200},
		{"staff, nine minutes on", staff, doc.URL, 9 * time.Minute, 200},
		{"staff, expired", staff, doc.URL, 11 * time.Minute, 403},
		{"the patient", patient, patientLink, 0, 200},
		{"another clinic's staff with the staff's link", otherStaff, doc.URL, 0, 403},
		{"another clinic's staff with its own link", otherStaff, otherClinicLink, 0, 404},
		{"another patient with the patient's link", other, patientLink, 0, 403},
		{"tampered signature", staff, tampered, 0, 403},
		{"extended expiry", staff, extended, 0, 403},
		{"no signature", staff, u.Path, 0, 403},
		{"signed out", "", doc.URL, 0, 401},
	} {
		t.Run(test.name, func(t *testing.T) {
			f.clock = now.Add(test.at)
			defer func() { f.clock = now }()
			a := f.do(t, "GET", test.link, nil, "", test.token)
			if a.status != test.status {
				t.Fatalf("%d %s, want %d", a.status, a.raw, test.status)
			}
			if test.status != 200 {
				return
			}
			if !bytes.Equal(a.raw, pdf) {
				t.Errorf("body %q", a.raw)
			}
			for k, v := range map[string]string{
				"Content-Type":           "application/pdf",
				"Cache-Control":          "private, no-store",
				"X-Content-Type-Options": "nosniff",
				"Content-Disposition":    `attachment; filename="___________.pdf"; filename*=UTF-8''%D0%9D%D0%B0%D0%BF%D1%80%D0%B0%D0%B2%D0%BB%D0%B5%D0%BD%D0%B8%D0%B5.pdf`,
			} {
				if a.header.Get(k) != v {
					t.Errorf("%s: %q, want %q", k, a.header.Get(k), v)
				}
			}
		})
	}
}

// TestForget: deleting the account deletes the rows and the files.
func TestForget(t *testing.T) {
	f := newFixture(t)
	patient := f.session(t, 1)
	f.upload(t, f.session(t, 5), f.visit(t, 5, 1, 72, "booked"), Result, "keep.pdf", pdf)
	for _, hours := range []float64{24, 48} {
		visit := f.visit(t, 1, 1, hours, "booked")
		f.upload(t, patient, visit, Referral, "r.pdf", pdf)
		f.upload(t, patient, visit, Result, "r.png", pngBytes(t, 8, 8))
	}
	if f.rows(t) != 5 || f.files(t) != 5 {
		t.Fatalf("before: %d rows, %d files", f.rows(t), f.files(t))
	}
	accounts := account.NewStore(f.db)
	accounts.Forget = func(ctx context.Context, tx *sqlx.Tx, id int64, _ time.Time) error {
		return f.store.Forget(ctx, tx, id)
	}
	accounts.Forgotten = f.store.Forgotten
	if err := accounts.DeleteUser(t.Context(), 1, now); err != nil {
		t.Fatal(err)
	}
	if f.rows(t) != 1 || f.files(t) != 1 {
		t.Errorf("after: %d rows, %d files, want the other patient's 1 and 1", f.rows(t), f.files(t))
	}
	if _, err := os.Stat(filepath.Join(f.dir, "1")); !os.IsNotExist(err) {
		t.Errorf("the user's folder: %v", err)
	}
}

func TestCleanName(t *testing.T) {
	for _, test := range []struct{ in, ct, want string }{
		{"scan.pdf", "application/pdf", "scan.pdf"},
		{`C:\Users\me\Анализ крови.PNG`, "image/png", "Анализ крови.png"},
		{"../../x.exe", "application/pdf", "x.pdf"},
		{"\x00\n\"<evil>\".pdf", "application/pdf", "evil.pdf"},
		{"..", "image/jpeg", "document.jpg"},
		{strings.Repeat("я", 200) + ".pdf", "application/pdf", strings.Repeat("я", 80) + ".pdf"},
		{"a\u202egnp.pdf", "application/pdf", "agnp.pdf"},
	} {
		if got := CleanName(test.in, test.ct); got != test.want {
			t.Errorf("CleanName(%q) = %q, want %q", test.in, got, test.want)
		}
	}
}

// TestSweep: a file no row names, once old, and a deleted user's folder
// go; a document's file and a fresh upload's stay.
func TestSweep(t *testing.T) {
	f := newFixture(t)
	visit := f.visit(t, 1, 1, 24, "booked")
	f.upload(t, f.session(t, 1), visit, Referral, "r.pdf", pdf)
	old := now.Add(-2 * time.Hour)
	for _, name := range []string{"1/" + strings.Repeat("c", 32), "1/.put-123", "4/" + strings.Repeat("d", 32), "777/" + strings.Repeat("e", 32)} {
		p := filepath.Join(f.dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, pdf, 0o600); err != nil {
			t.Fatal(err)
		}
		if name != "4/"+strings.Repeat("d", 32) {
			os.Chtimes(p, old, old)
		}
	}
	if err := f.store.Sweep(t.Context(), now); err != nil {
		t.Fatal(err)
	}
	// Left: user 1's document, user 4's fresh file (an upload in flight).
	if n := f.files(t); n != 2 {
		t.Errorf("%d files left, want 2", n)
	}
	if _, err := os.Stat(filepath.Join(f.dir, "777")); !os.IsNotExist(err) {
		t.Errorf("a deleted user's folder: %v", err)
	}
	if a := f.do(t, "GET", fmt.Sprintf("/api/documents?booking=%d", visit), nil, "", f.session(t, 1)); len(a.body["data"].(map[string]any)["documents"].([]any)) != 1 {
		t.Errorf("the document: %s", a.raw)
	}
}

// TestPlainForm: a form sent without JavaScript (not asking for JSON) is
// answered 303 back to the visit's page in its language.
func TestPlainForm(t *testing.T) {
	f := newFixture(t)
	patient := f.session(t, 1)
	for _, lang := range []string{"ru", "uz"} {
		visit := f.visit(t, 1, 1, map[string]float64{"ru": 24, "uz": 48}[lang], "booked")
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		_ = w.WriteField("booking", fmt.Sprint(visit))
		_ = w.WriteField("kind", Result)
		_ = w.WriteField("lang", lang)
		fw, _ := w.CreateFormFile("file", "analiz.pdf")
		fw.Write(pdf)
		w.Close()
		a := accounttest.Call(t, f.app, "POST", "/api/documents", buf.String(), patient,
			"Content-Type", w.FormDataContentType(), "Accept", "text/html,application/xhtml+xml")
		want := fmt.Sprintf("/history/%d#documents", visit)
		if lang == "uz" {
			want = "/uz" + want
		}
		if a.Status != 303 || a.Header.Get("Location") != want {
			t.Errorf("%s: %d to %q, want 303 to %q", lang, a.Status, a.Header.Get("Location"), want)
		}
	}
	if f.rows(t) != 2 {
		t.Errorf("%d rows, want 2", f.rows(t))
	}
}

// TestUzbek: refusals speak the caller's language.
func TestUzbek(t *testing.T) {
	f := newFixture(t)
	visit := f.visit(t, 1, 1, 24, "booked")
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("booking", fmt.Sprint(visit))
	_ = w.WriteField("kind", Referral)
	fw, _ := w.CreateFormFile("file", "x.pdf")
	fw.Write([]byte("plain text"))
	w.Close()
	a := f.do(t, "POST", "/api/documents?lang=uz", &buf, w.FormDataContentType(), f.session(t, 1))
	if a.status != 415 || a.body["error"] != "PDF, JPEG yoki PNG faylni biriktiring." {
		t.Errorf("%d %s", a.status, a.raw)
	}
}
