package search

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// Results page sizes: the hits of each type shown on the all-types page,
// and the page size of one type's list (?type=).
const (
	GroupSize = 5
	PerPage   = 20
)

// Pages returns the loader of the "search" route: /search?q=&type=&page=.
func Pages(s *Store, publicURL string) page.Loaders {
	return page.Loaders{"search": func(ctx context.Context, req page.Request) (page.Result, error) {
		return s.loadResults(ctx, req, publicURL)
	}}
}

func (s *Store) loadResults(ctx context.Context, req page.Request, publicURL string) (page.Result, error) {
	q, typ := req.Query.Get("q"), req.Query.Get("type")
	if typ != "" && !slices.Contains(Types, typ) {
		return page.Result{}, fmt.Errorf("search type %q: %w", typ, derrors.Invalid)
	}
	n, err := page.Number(req.Query.Get("page"))
	if err != nil {
		return page.Result{}, err
	}
	ok, err := Check(q)
	if err != nil {
		return page.Result{}, err
	}
	res := Results{Query: q, Type: typ, Page: n, Groups: []Group{}, Counts: []Group{}, TooShort: q != "" && !ok}
	result := page.Result{Data: res, Tags: []string{CacheTag}, NoIndex: true}
	if !ok {
		return result, nil
	}
	offset, limit := 0, GroupSize
	if typ != "" {
		offset, limit = (n-1)*PerPage, PerPage
	}
	hits, counts, err := s.Find(ctx, QueryKeys(q), req.Region.ID, typ, offset, limit)
	if err != nil {
		return page.Result{}, err
	}
	regionSlug := req.Region.Slug
	if typ == "" && n == 1 {
		if res.Need, err = s.need(ctx, q, req.Lang, req.Region.ID, regionSlug, publicURL); err != nil {
			return page.Result{}, err
		}
	}
	for _, t := range Types {
		if counts[t] == 0 {
			continue
		}
		res.Total += counts[t]
		res.Counts = append(res.Counts, Group{Type: t, Count: counts[t], Items: []Suggestion{}})
		if typ != "" && t != typ {
			continue
		}
		var mine []Hit
		for _, h := range hits {
			if h.Type == t {
				mine = append(mine, h)
			}
		}
		res.Groups = append(res.Groups, Group{Type: t, Count: counts[t], Items: Suggestions(mine, req.Lang, regionSlug, publicURL)})
	}
	if typ != "" {
		res.Pages = max(1, (counts[typ]+PerPage-1)/PerPage)
		if n > res.Pages {
			return page.Result{}, fmt.Errorf("search %q type %s page %d: %w", q, typ, n, derrors.NotFound)
		}
	}
	if s.Searched != nil && typ == "" && n == 1 {
		s.Searched(q, req.Lang, req.Region.ID, res.Total)
	}
	result.Data = res
	return result, nil
}

// need builds the "you may need" block of q, nil when the lexicon and the
// knowledge base make nothing of it.
func (s *Store) need(ctx context.Context, q, lang string, regionID int64, regionSlug, publicURL string) (*Need, error) {
	lex, err := s.lexicon(ctx)
	if err != nil {
		return nil, err
	}
	u := lex.understand(q)
	if !u.emergency && len(u.specialties) == 0 && len(u.pages) == 0 {
		return nil, nil
	}
	nd := &Need{Emergency: u.emergency, Number: EmergencyNumber, Specialties: []Suggestion{}, Doctors: []Suggestion{}, Pages: []Suggestion{}}
	var specs []Hit
	for _, slug := range u.specialties {
		specs = append(specs, lex.specialties[slug])
	}
	nd.Specialties = Suggestions(specs, lang, regionSlug, publicURL)
	nd.Pages = Suggestions(u.pages, lang, regionSlug, publicURL)
	if len(specs) > 0 && regionID != 0 {
		// A children's specialty lists the doctors who see children, as its
		// listing does.
		children := strings.HasSuffix(specs[0].Slug, ChildrenPath)
		var docs []Hit
		err := s.db.SelectContext(ctx, &docs, `
			SELECT 'doctor' AS entity_type, d.id AS entity_id, d.slug, d.full_name_ru AS name_ru, d.full_name_uz AS name_uz,
				'' AS description_ru, '' AS description_uz, coalesce(d.photo, '') AS image, d.region_id,
				d.popularity, 0 AS rank, 0 AS total, 0 AS n
			FROM doctors d
			JOIN doctor_specialties ds ON ds.doctor_id = d.id
			WHERE ds.specialty_id = $1 AND d.region_id = $2
			  AND (NOT $4::boolean OR d.accepts_children)
			ORDER BY d.popularity DESC, d.id
			LIMIT $3`, specs[0].ID, regionID, NeedDoctors, children)
		if err != nil {
			return nil, fmt.Errorf("search.need(%q): %w", q, err)
		}
		for i := range docs {
			docs[i].DescriptionRu, docs[i].DescriptionUz = specs[0].NameRu, specs[0].NameUz
		}
		nd.Doctors = Suggestions(docs, lang, regionSlug, publicURL)
	}
	return nd, nil
}
