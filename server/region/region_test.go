package region_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/database/dbtest"
	"sogliq/server/derrors"
	"sogliq/server/region"
)

func TestRegions(t *testing.T) {
	ctx := context.Background()
	s := region.NewStore(dbtest.New(t))
	rs, err := s.Regions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, r := range rs {
		codes = append(codes, r.Code)
	}
	want := []string{"TK", "TO", "SA", "XO", "NG", "NW", "QA", "BU", "JI", "SI", "SU", "AN", "FA", "QR"}
	if diff := cmp.Diff(want, codes); diff != "" {
		t.Errorf("region codes (-want +got):\n%s", diff)
	}
}

func TestRegionBySlug(t *testing.T) {
	ctx := context.Background()
	s := region.NewStore(dbtest.New(t))
	for _, test := range []struct {
		slug     string
		want     region.Region
		notFound bool
	}{
		{slug: "samarkand", want: region.Region{Slug: "samarkand", Code: "SA", NameRu: "Самаркандская область", NameUz: "Samarqand viloyati"}},
		{slug: "karakalpakstan", want: region.Region{Slug: "karakalpakstan", Code: "QR", NameRu: "Республика Каракалпакстан", NameUz: "Qoraqalpog'iston Respublikasi"}},
		{slug: "atlantis", notFound: true},
		{slug: "", notFound: true},
	} {
		t.Run(test.slug, func(t *testing.T) {
			got, err := s.RegionBySlug(ctx, test.slug)
			if test.notFound {
				if !errors.Is(err, derrors.NotFound) {
					t.Fatalf("err = %v, want derrors.NotFound", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.ID == 0 {
				t.Error("ID is 0")
			}
			got.ID = 0
			if diff := cmp.Diff(test.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestDistricts(t *testing.T) {
	ctx := context.Background()
	db := dbtest.NewSeeded(t)
	s := region.NewStore(db)
	tashkent, err := s.RegionBySlug(ctx, "tashkent")
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct{ lang, first string }{{"ru", "Алмазарский район"}, {"uz", "Olmazor tumani"}} {
		ds, err := s.Districts(ctx, tashkent.ID, test.lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 12 {
			t.Fatalf("Tashkent has %d districts, want 12", len(ds))
		}
		if ds[0].Name != test.first {
			t.Errorf("first district in %s = %+v, want %s", test.lang, ds[0], test.first)
		}
	}
	d, err := s.DistrictBySlug(ctx, tashkent.ID, "chilonzor", "ru")
	if err != nil || d.Name != "Чиланзарский район" {
		t.Errorf("DistrictBySlug(chilonzor) = %+v, %v", d, err)
	}
	// A district not yet translated reads in Russian on an Uzbek page.
	if _, err := db.Exec(`UPDATE districts SET name_uz = '' WHERE id = $1`, d.ID); err != nil {
		t.Fatal(err)
	}
	if d, err := s.DistrictBySlug(ctx, tashkent.ID, "chilonzor", "uz"); err != nil || d.Name != "Чиланзарский район" {
		t.Errorf("DistrictBySlug(chilonzor, uz) untranslated = %+v, %v; want the Russian name", d, err)
	}
	if _, err := s.DistrictBySlug(ctx, tashkent.ID, "samarqand", "ru"); !errors.Is(err, derrors.NotFound) {
		t.Errorf("DistrictBySlug(samarqand in Tashkent) err = %v, want NotFound", err)
	}
	none, err := s.Districts(ctx, -1, "ru")
	if err != nil || len(none) != 0 {
		t.Errorf("Districts(-1) = %v, %v; want none", none, err)
	}
}

func TestName(t *testing.T) {
	r := region.Region{NameRu: "Ташкент", NameUz: "Toshkent"}
	for _, test := range []struct{ lang, want string }{
		{"uz", "Toshkent"}, {"ru", "Ташкент"}, {"", "Ташкент"}, {"en", "Ташкент"},
	} {
		if got := r.Name(test.lang); got != test.want {
			t.Errorf("Name(%q) = %q, want %q", test.lang, got, test.want)
		}
	}
}
