package images_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/lib/pq"

	"sogliq/server/database/dbtest"
	"sogliq/server/derrors"
	"sogliq/server/images"
)

func square(t *testing.T, dir, name string, c color.NRGBA) []byte {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	write(t, dir, name, b.Bytes())
	return b.Bytes()
}

func write(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestImport(t *testing.T) {
	db := dbtest.NewSeeded(t)
	ctx := context.Background()
	var doctor, clinic string
	if err := db.GetContext(ctx, &doctor, "SELECT slug FROM doctors ORDER BY id LIMIT 1"); err != nil {
		t.Fatal(err)
	}
	if err := db.GetContext(ctx, &clinic, "SELECT slug FROM clinics ORDER BY id LIMIT 1"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	photo := square(t, dir, "doctors/"+doctor+".png", color.NRGBA{200, 0, 0, 255})
	logo := square(t, dir, "clinics/"+clinic+".png", color.NRGBA{0, 200, 0, 255})
	g1 := square(t, dir, "clinic-photos/"+clinic+"/1.png", color.NRGBA{0, 0, 200, 255})
	g2 := square(t, dir, "clinic-photos/"+clinic+"/2.png", color.NRGBA{0, 200, 200, 255})
	square(t, dir, "medicines/no-such-medicine.png", color.NRGBA{9, 9, 9, 255})
	write(t, dir, "doctors/"+doctor+"-x.gif", []byte("GIF89a not really"))

	store := images.Disk{Dir: t.TempDir()}
	report, err := images.Import(ctx, db, images.New(store, nil), dir)
	if err != nil {
		t.Fatal(err)
	}
	if report.Stored != 4 {
		t.Errorf("stored %d, want 4", report.Stored)
	}
	if len(report.Refused) != 2 {
		t.Fatalf("refused %v, want the GIF and the unknown medicine", report.Refused)
	}
	var ae *derrors.Refusal
	if !errors.As(report.Refused[0].Err, &ae) || ae.Key != "images.error.format" {
		t.Errorf("GIF refused with %v", report.Refused[0].Err)
	}
	var got struct {
		Photo  string         `db:"photo"`
		Logo   string         `db:"logo"`
		Photos pq.StringArray `db:"photos"`
	}
	const q = `
		SELECT d.photo, c.logo, c.photos
		FROM doctors d, clinics c
		WHERE d.slug = $1 AND c.slug = $2`
	if err := db.GetContext(ctx, &got, q, doctor, clinic); err != nil {
		t.Fatal(err)
	}
	if got.Photo != images.Hash(photo) || got.Logo != images.Hash(logo) ||
		len(got.Photos) != 2 || got.Photos[0] != images.Hash(g1) || got.Photos[1] != images.Hash(g2) {
		t.Errorf("entities name %+v", got)
	}
	for _, key := range []string{
		images.Key(images.Hash(photo), images.Portrait, 2),
		images.Key(images.Hash(logo), images.Logo, 1),
		images.Key(images.Hash(g2), images.Gallery, 2),
	} {
		if has, err := store.Has(ctx, key); err != nil || !has {
			t.Errorf("%s not stored (%v)", key, err)
		}
	}
}
