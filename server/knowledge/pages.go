package knowledge

import (
	"context"
	"strconv"

	"sogliq/server/catalog"
	"sogliq/server/page"
)

// TopDoctors is how many doctors a disease or symptom page recommends.
const TopDoctors = 6

// IndexPage is the data of /bolezn and /simptom: the entries grouped by
// initial letter in the visitor's language.
type IndexPage struct {
	Groups []Group `json:"groups"`
	Total  int     `json:"total"`
}

// EntryPage is the data of a disease or symptom page. Linked are the
// symptoms of a disease or the possible diseases of a symptom; Doctors the
// top doctors of Specialties in the visitor's region.
type EntryPage struct {
	Entry       Article                `json:"entry"`
	Linked      []Entry                `json:"linked"`
	Specialties []catalog.SpecialtyRef `json:"specialties"`
	Doctors     []catalog.DoctorCard   `json:"doctors"`
}

// Pages returns the loaders of /bolezn and /simptom by route name
// (shared/routes.json); doctors come from the catalog.
func Pages(s *Store, doctors *catalog.Store) page.Loaders {
	return page.Loaders{
		"diseases": s.index(Diseases),
		"symptoms": s.index(Symptoms),
		"disease":  s.entity(Diseases, doctors),
		"symptom":  s.entity(Symptoms, doctors),
	}
}

// index loads an alphabetical index, grouped by initial letter in the
// visitor's language.
func (s *Store) index(kind Kind) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		es, err := s.Index(ctx, kind, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{
			Data: IndexPage{Groups: GroupByInitial(es, req.Lang), Total: len(es)},
			Tags: []string{string(kind)},
		}, nil
	}
}

// entity loads a disease or a symptom page: the description, the linked
// entries of the other kind, the specialties that treat it and their top
// doctors in the visitor's region.
func (s *Store) entity(kind Kind, doctors *catalog.Store) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		a, err := s.BySlug(ctx, kind, req.Params["slug"], req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		var linked []Entry
		var diseaseIDs []int64
		if kind == Diseases {
			linked, err = s.SymptomsOf(ctx, a.ID, req.Lang)
			diseaseIDs = []int64{a.ID}
		} else {
			linked, err = s.DiseasesOf(ctx, a.ID, req.Lang)
			for _, d := range linked {
				diseaseIDs = append(diseaseIDs, d.ID)
			}
		}
		if err != nil {
			return page.Result{}, err
		}
		specialtyIDs, err := s.SpecialtyIDs(ctx, diseaseIDs)
		if err != nil {
			return page.Result{}, err
		}
		specialties, err := doctors.SpecialtiesByIDs(ctx, specialtyIDs, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		top, err := doctors.TopDoctors(ctx, specialtyIDs, req.Region.ID, TopDoctors, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		tags := []string{string(kind) + ":" + a.Slug, "specialties"}
		for _, d := range top {
			tags = append(tags, "doctor:"+strconv.FormatInt(d.ID, 10))
		}
		return page.Result{
			Data: EntryPage{
				Entry: a, Linked: linked,
				Specialties: specialties,
				Doctors:     top,
			},
			Tags: tags,
		}, nil
	}
}
