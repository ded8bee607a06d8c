package editorial

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/database/dbtest"
)

func TestTransliterate(t *testing.T) {
	for _, test := range []struct{ in, want string }{
		{"Иванова Мария Петровна", "ivanova-mariya-petrovna"},
		{"Щукин  Юрий — ЛОР", "shchukin-yuriy-lor"},
		{"Подъезд, объём", "podezd-obem"},
		{"Clinic №1 «Shifo»", "clinic-1-shifo"},
		{"G'ayratov O'tkir", "gayratov-otkir"},
		{"  —  ", ""},
		{strings.Repeat("длинное ", 20), strings.TrimRight(strings.Repeat("dlinnoe-", 10), "-")},
	} {
		if got := Transliterate(test.in); got != test.want {
			t.Errorf("Transliterate(%q) = %q, want %q", test.in, got, test.want)
		}
	}
}

func doctorKind(t *testing.T) Kind {
	t.Helper()
	k, ok := KindNamed("doctor")
	if !ok {
		t.Fatal("no doctor kind")
	}
	return k
}

func TestCheckMissingDiff(t *testing.T) {
	k := doctorKind(t)
	full := Values{
		"name":        {Ru: "Иванов Иван", Uz: "Ivanov Ivan"},
		"slug":        {Text: "ivanov-ivan"},
		"specialties": {IDs: []int64{3, 1}},
		"biography":   {Ru: "Текст", Uz: "Matn"},
	}
	for _, test := range []struct {
		name    string
		edit    func(Values)
		check   []string // problem keys
		missing []string
	}{
		{"complete", func(Values) {}, nil, nil},
		{"whitespace is empty (SPEC §5)", func(v Values) { v["biography"] = Value{Ru: "Текст", Uz: " \n\t"} }, nil, []string{"biography.uz"}},
		{"no specialty", func(v Values) { v["specialties"] = Value{} }, nil, []string{"specialties"}},
		{"slug form", func(v Values) { v["slug"] = Value{Text: "Ivanov_Ivan"} }, []string{"slug"}, nil},
		{"slug too short", func(v Values) { v["slug"] = Value{Text: "iv"} }, []string{"slug"}, nil},
		{"name too long in uz", func(v Values) { v["name"] = Value{Ru: "Иванов", Uz: strings.Repeat("a", 121)} }, []string{"name.uz"}, nil},
		{"photo not a hash", func(v Values) { v["photo"] = Value{Text: "photo.jpg"} }, []string{"photo"}, nil},
		{"empty name: missing, not a format problem", func(v Values) { v["name"] = Value{Uz: "Ivanov"} }, nil, []string{"name.ru"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			v := Values{}
			for name, val := range full {
				v[name] = val
			}
			test.edit(v)
			v = Normalize(k, v)
			var keys []string
			for _, p := range Check(k, v, nil) {
				keys = append(keys, p.Key)
			}
			if diff := cmp.Diff(test.check, keys); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(test.missing, Missing(k, v)); diff != "" {
				t.Errorf("Missing (-want +got):\n%s", diff)
			}
		})
	}
	after := Normalize(k, full)
	before := Normalize(k, Values{"name": {Ru: "Иванов Иван", Uz: "Ivanov I."}, "slug": {Text: "ivanov"}, "specialties": {IDs: []int64{1}}, "biography": {Ru: "Текст", Uz: "Matn"}})
	want := []Change{
		{Field: "name", Lang: "uz", From: "Ivanov I.", To: "Ivanov Ivan"},
		{Field: "slug", From: "ivanov", To: "ivanov-ivan"},
		{Field: "specialties", From: "1", To: "1, 3"},
	}
	if diff := cmp.Diff(want, Diff(k, before, after)); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
}

func TestSignVerify(t *testing.T) {
	secret := []byte("s3cret")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	exp := now.Add(PreviewLife)
	sig := Sign(secret, "doctor", 7, exp)
	expRaw := "1795521600" // exp.Unix()
	if exp.Unix() != 1795521600 {
		t.Fatalf("exp %d", exp.Unix())
	}
	for _, test := range []struct {
		name     string
		secret   []byte
		kind     string
		id       int64
		exp, sig string
		at       time.Time
		want     bool
	}{
		{"valid", secret, "doctor", 7, expRaw, sig, now, true},
		{"at the last second", secret, "doctor", 7, expRaw, sig, exp, true},
		{"expired", secret, "doctor", 7, expRaw, sig, exp.Add(time.Second), false},
		{"another entity", secret, "doctor", 8, expRaw, sig, now, false},
		{"another kind", secret, "clinic", 7, expRaw, sig, now, false},
		{"extended expiry", secret, "doctor", 7, "1895521600", sig, now, false},
		{"another secret", []byte("other"), "doctor", 7, expRaw, sig, now, false},
		{"no signature", secret, "doctor", 7, expRaw, "", now, false},
		{"bad expiry", secret, "doctor", 7, "soon", sig, now, false},
		{"signed for a year", secret, "doctor", 7, strconv.FormatInt(now.AddDate(1, 0, 0).Unix(), 10), Sign(secret, "doctor", 7, now.AddDate(1, 0, 0)), now, false},
		{"signed by a clock a little ahead", secret, "doctor", 7, strconv.FormatInt(exp.Add(30*time.Second).Unix(), 10), Sign(secret, "doctor", 7, exp.Add(30*time.Second)), now, true},
	} {
		if got := Verify(test.secret, test.kind, test.id, test.exp, test.sig, test.at); got != test.want {
			t.Errorf("%s: Verify = %v, want %v", test.name, got, test.want)
		}
	}
}

// TestWithDraft: the loaders see the draft through the pinned connection,
// nobody else does, the rollback leaves the row as it was, and a nested
// transaction (whose COMMIT would publish the draft) is refused.
func TestWithDraft(t *testing.T) {
	db := dbtest.NewSeeded(t)
	ctx := context.Background()
	k := doctorKind(t)
	var id int64
	if err := db.Get(&id, `SELECT id FROM doctors ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	live, err := Live(ctx, db, k, id)
	if err != nil {
		t.Fatal(err)
	}
	draft := Values{}
	for n, v := range live {
		draft[n] = v
	}
	draft["biography"] = Value{Ru: "Черновик", Uz: "Qoralama"}
	draft["slug"] = Value{Text: "draft-only-slug"}
	err = WithDraft(ctx, db, k, id, draft, func(pdb *sqlx.DB) error {
		var inside, outside string
		if err := pdb.Get(&inside, `SELECT description_uz FROM doctors WHERE slug = 'draft-only-slug'`); err != nil {
			return err
		}
		if err := db.Get(&outside, `SELECT description_uz FROM doctors WHERE id = $1`, id); err != nil {
			return err
		}
		if inside != "Qoralama" || outside == "Qoralama" {
			t.Errorf("inside %q, outside %q", inside, outside)
		}
		if _, err := pdb.Beginx(); !errors.Is(err, errNested) {
			t.Errorf("a nested transaction: %v, want errNested", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	after, err := Live(ctx, db, k, id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(live, after); diff != "" {
		t.Errorf("the row changed after the preview (-before +after):\n%s", diff)
	}
	var history int
	if err := db.Get(&history, `SELECT count(*) FROM slug_history WHERE old_slug = 'draft-only-slug' OR entity_id = $1`, id); err != nil || history != 0 {
		t.Errorf("slug history rows after a preview: %d, %v", history, err)
	}
	// An error inside rolls back too, and the connection goes back usable.
	boom := errors.New("boom")
	if err := WithDraft(ctx, db, k, id, draft, func(*sqlx.DB) error { return boom }); !errors.Is(err, boom) {
		t.Errorf("WithDraft error = %v", err)
	}
	for range 5 {
		var n int
		if err := db.Get(&n, `SELECT count(*) FROM doctors WHERE slug = 'draft-only-slug'`); err != nil || n != 0 {
			t.Fatalf("after a failed preview: %d rows, %v", n, err)
		}
	}
}

// TestImageFieldsUpload: every image field names an upload use the
// upload endpoint knows, or its form could not upload.
func TestImageFieldsUpload(t *testing.T) {
	for _, k := range Kinds {
		for _, f := range k.Fields {
			if f.Type != Image {
				continue
			}
			if _, ok := imageUses[f.Use]; !ok {
				t.Errorf("%s.%s: use %q is not in imageUses", k.Name, f.Name, f.Use)
			}
		}
	}
}

// TestDeletedAuthor: a revision whose author deleted their account is in
// the history (author "") and, scheduled, is still published on time.
func TestDeletedAuthor(t *testing.T) {
	db := dbtest.NewSeeded(t)
	ctx := context.Background()
	s := NewStore(db)
	k := doctorKind(t)
	var id, editor int64
	if err := db.Get(&id, `SELECT id FROM doctors ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if err := db.Get(&editor, `INSERT INTO users (phone) VALUES ('998901110009') RETURNING id`); err != nil {
		t.Fatal(err)
	}
	live, err := Live(ctx, db, k, id)
	if err != nil {
		t.Fatal(err)
	}
	live["biography"] = Value{Ru: "Новая биография", Uz: "Yangi tarjimai hol"}
	if _, err := s.SaveDraft(ctx, k, id, live, editor); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE editorial_revisions SET state = 'scheduled', publish_at = now() - interval '1 minute'`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM users WHERE id = $1`, editor); err != nil {
		t.Fatalf("deleting the author: %v", err)
	}
	now := time.Now()
	if _, err := s.Publish(ctx, k, id, 0, &now, func(Values) error { return nil }); err != nil {
		t.Fatalf("publishing the deleted author's scheduled draft: %v", err)
	}
	history, err := s.History(ctx, k, id)
	if err != nil || len(history) != 1 || history[0].Author != "" || history[0].State != "published" {
		t.Fatalf("history: %+v, %v", history, err)
	}
}

// TestCheckKeepsALiveSlug: a slug the site uses now passes as it is, even
// shorter than the minimum (the seeded diagnostic "kt"), so the entity
// stays editable without moving its URL; a new short slug is still refused.
func TestCheckKeepsALiveSlug(t *testing.T) {
	k, ok := KindNamed("diagnostic")
	if !ok {
		t.Fatal("no diagnostic kind")
	}
	values := func(slug string) Values {
		return Normalize(k, Values{"name": {Ru: "КТ", Uz: "KT"}, "slug": {Text: slug}})
	}
	for _, test := range []struct {
		name       string
		slug, live string
		want       []string
	}{
		{"kept short slug", "kt", "kt", nil},
		{"new short slug", "kx", "kt", []string{"slug"}},
		{"short slug of a new entity", "kt", "", []string{"slug"}},
		{"kept slug in a wrong form is no slug", "k_t", "k_t", []string{"slug"}},
	} {
		t.Run(test.name, func(t *testing.T) {
			var live Values
			if test.live != "" {
				live = values(test.live)
			}
			var keys []string
			for _, p := range Check(k, values(test.slug), live) {
				keys = append(keys, p.Key)
			}
			if diff := cmp.Diff(test.want, keys); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}
