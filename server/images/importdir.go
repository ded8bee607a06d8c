package images

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// A target is a folder of an import directory: the use its files are
// encoded for and the statement that names the image on its entity ($1 the
// slug, $2 the hash).
type target struct {
	folder string
	use    Use
	attach string
}

// targets are the folders Import reads. A clinic's gallery is a folder per
// clinic: clinic-photos/{slug}/*.jpg, in file name order.
var targets = []target{
	{"doctors", DoctorPhoto, `
		UPDATE doctors
		SET photo = $2
		WHERE slug = $1`},
	{"clinics", ClinicLogo, `
		UPDATE clinics
		SET logo = $2
		WHERE slug = $1`},
	{"promotions", PromoBanner, `
		UPDATE promotions
		SET image = $2
		WHERE slug = $1`},
	{"articles", PostCover, `
		UPDATE posts
		SET cover = $2
		WHERE kind = 'article' AND slug = $1`},
	{"news", PostCover, `
		UPDATE posts
		SET cover = $2
		WHERE kind = 'news' AND slug = $1`},
	{"medicines", MedicinePack, `
		UPDATE products
		SET image = $2
		WHERE slug = $1`},
}

// galleryAttach replaces a clinic's gallery.
const galleryAttach = `
	UPDATE clinics
	SET photos = $2
	WHERE slug = $1`

// Report is what Import did: files stored, and files refused or naming
// no entity, with why (a *derrors.Refusal for a refused picture).
type Report struct {
	Stored  int
	Refused []Refusal
}

// Refusal is a file Import skipped.
type Refusal struct {
	File string
	Err  error
}

// Import loads a folder of pictures into the store and onto their
// entities, named by slug: doctors/{slug}.jpg, clinics/{slug}.png (the
// logo), clinic-photos/{slug}/*.jpg (the gallery), promotions/, articles/,
// news/, medicines/. A refused file is reported and skipped; it never
// stops the others. Pages show the change once their cache entries expire.
func Import(ctx context.Context, db *sqlx.DB, p *Pipeline, dir string) (Report, error) {
	var r Report
	for _, t := range targets {
		files, err := filepath.Glob(filepath.Join(dir, t.folder, "*"))
		if err != nil {
			return r, err
		}
		sort.Strings(files)
		for _, f := range files {
			slug := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
			if info, err := os.Stat(f); err != nil || info.IsDir() {
				continue
			}
			img, err := putFile(ctx, p, f, t.use)
			if err != nil {
				r.Refused = append(r.Refused, Refusal{f, err})
				continue
			}
			if err := attach(ctx, db, t.attach, slug, img.Hash); err != nil {
				r.Refused = append(r.Refused, Refusal{f, err})
				continue
			}
			r.Stored++
		}
	}
	err := importGalleries(ctx, db, p, filepath.Join(dir, "clinic-photos"), &r)
	return r, err
}

func importGalleries(ctx context.Context, db *sqlx.DB, p *Pipeline, dir string, r *Report) error {
	clinics, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, c := range clinics {
		if !c.IsDir() {
			continue
		}
		files, err := filepath.Glob(filepath.Join(dir, c.Name(), "*"))
		if err != nil {
			return err
		}
		sort.Strings(files)
		var hashes []string
		for _, f := range files {
			img, err := putFile(ctx, p, f, ClinicPhoto)
			if err != nil {
				r.Refused = append(r.Refused, Refusal{f, err})
				continue
			}
			hashes = append(hashes, img.Hash)
		}
		if len(hashes) == 0 {
			continue
		}
		if err := attach(ctx, db, galleryAttach, c.Name(), pq.StringArray(hashes)); err != nil {
			r.Refused = append(r.Refused, Refusal{c.Name(), err})
			continue
		}
		r.Stored += len(hashes)
	}
	return nil
}

// putFile reads at most MaxBytes+1 bytes, so an oversized file is refused
// without reading it whole.
func putFile(ctx context.Context, p *Pipeline, path string, use Use) (Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return Image{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(MaxBytes)+1))
	if err != nil {
		return Image{}, err
	}
	return p.Put(ctx, data, use)
}

func attach(ctx context.Context, db *sqlx.DB, query, slug string, value any) error {
	res, err := db.ExecContext(ctx, query, slug, value)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("no entity with slug %q", slug)
	}
	return nil
}
