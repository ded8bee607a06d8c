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
	exact := req.Query.Get("exact") == "1"
	res := Results{Query: q, Type: typ, Page: n, Groups: []Group{}, Counts: []Group{}, TooShort: q != "" && !ok, Exact: exact}
	result := page.Result{Data: res, Tags: []string{CacheTag}, NoIndex: true}
	if !ok {
		return result, nil
	}
	offset, limit := 0, GroupSize
	if typ != "" {
		offset, limit = (n-1)*PerPage, PerPage
	}
	lex, err := s.lexicon(ctx)
	if err != nil {
		return page.Result{}, err
	}
	u, f, err := s.lookUp(ctx, lex, q, exact, req, typ, offset, limit, &res)
	if err != nil {
		return page.Result{}, err
	}
	regionSlug := req.Region.Slug
	if typ == "" && n == 1 {
		res.Need = lex.need(u, req.Lang, regionSlug, publicURL)
		if res.Need != nil {
			if res.Need.Doctors, err = s.needDoctors(ctx, u, lex, req.Lang, req.Region.ID, regionSlug, publicURL); err != nil {
				return page.Result{}, err
			}
		}
	}
	counts, hits := f.counts, f.hits
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

// lookUp finds what the results page shows for q: place words taken
// out to order the clinics, the lexicon's reading, the matches (as typed
// only when exact), the query's longest word that finds something when the
// whole finds nothing, the doctors the query points to; res.Corrected is
// set when the results are for another query than the one typed.
func (s *Store) lookUp(ctx context.Context, lex *lexicon, q string, exact bool, req page.Request, typ string, offset, limit int, res *Results) (understanding, found, error) {
	rest, places := lex.withoutPlaces(q)
	u := lex.understand(rest)
	keys := QueryKeys(rest)
	if exact {
		// The query as typed: no other layout, no mended typo.
		keys = TypedKeys(rest)
		if u.layout || !u.exact {
			u = understanding{}
		}
	}
	f, err := s.find(ctx, keys, req.Region.ID, typ, offset, limit, !exact)
	if err != nil {
		return u, f, err
	}
	if len(places) > 0 {
		if f.hits, err = s.placeFirst(ctx, wholeWordsFirst(f.hits, Key(rest)), places, req.Region.ID); err != nil {
			return u, f, err
		}
	}
	if !exact {
		res.Corrected = corrected(rest, req.Lang, u, f)
		if len(f.counts) == 0 && !u.any() {
			// Nothing for the whole query: its longest word that finds
			// something, said so.
			for _, w := range partWords(rest) {
				g, err := s.find(ctx, []string{w}, req.Region.ID, typ, offset, limit, false)
				if err != nil {
					return u, f, err
				}
				if len(g.counts) > 0 {
					f, res.Corrected = g, typedWord(rest, w)
					break
				}
			}
		}
	}
	err = s.pointedDoctors(ctx, &f, u, lex, req.Region.ID, typ, offset, limit)
	return u, f, err
}

// corrected is the query the results are for when it is not q as typed:
// its other-layout reading when that is what was found, the lexicon's
// form when it read a typo, the best similar name when only similar
// names were found; "" otherwise.
func corrected(q, lang string, u understanding, f found) string {
	sw, _ := SwitchLayout(Bound(q))
	if u.layout {
		return sw
	}
	typed := len(TypedKeys(q))
	asTyped, layout := false, false
	for _, h := range f.best {
		if h.Type == TypeDoctor && h.Rank > 1 {
			continue
		}
		if h.Variant <= typed && h.Rank < 3 {
			asTyped = true
		}
		if h.Variant > typed {
			layout = true
		}
	}
	switch {
	case asTyped || u.any() && u.exact:
		return ""
	case u.any() && u.form != "":
		return u.form
	case layout:
		return sw
	}
	for _, t := range Types {
		if h, ok := f.best[t]; ok && h.Rank == 3 {
			return h.Name(lang)
		}
	}
	return ""
}

// typedWord is the word of q whose key is key, as typed.
func typedWord(q, key string) string {
	for _, f := range strings.Fields(Bound(q)) {
		if Key(f) == key {
			return strings.Trim(f, ",.;:!?")
		}
	}
	return key
}

// pointedDoctors makes the doctors of a results page the doctors the query
// points to: when the lexicon leads it to a specialty and it names no
// doctor (no doctor's name starts with it), the specialty's doctors in the
// region (or anywhere, when the region has none), not the doctors whose
// names merely resemble the words.
func (s *Store) pointedDoctors(ctx context.Context, f *found, u understanding, lex *lexicon, regionID int64, typ string, offset, limit int) error {
	if len(u.specialties) == 0 {
		return nil
	}
	if best, ok := f.best[TypeDoctor]; ok && best.Rank <= 1 {
		return nil
	}
	spec, ok := lex.specialties[u.specialties[0]]
	if !ok {
		return nil
	}
	if typ != "" && typ != TypeDoctor {
		offset, limit = 0, 0
	}
	if typ == "" {
		offset, limit = 0, GroupSize
	}
	total, docs, err := s.doctorsOf(ctx, spec, regionID, offset, limit)
	if err != nil {
		return err
	}
	if total == 0 && regionID != 0 {
		if total, docs, err = s.doctorsOf(ctx, spec, 0, offset, limit); err != nil {
			return err
		}
	}
	hits := f.hits[:0:0]
	for _, h := range f.hits {
		if h.Type != TypeDoctor {
			hits = append(hits, h)
		}
	}
	f.hits = append(hits, docs...)
	f.counts[TypeDoctor] = total
	delete(f.best, TypeDoctor)
	if len(docs) > 0 {
		f.best[TypeDoctor] = docs[0]
	}
	return nil
}

// doctorsOf counts the doctors of a specialty (of its children's listing:
// those who see children) in a region (0: anywhere) and returns limit of
// them from offset, most popular first, described by the specialty.
func (s *Store) doctorsOf(ctx context.Context, spec Hit, regionID int64, offset, limit int) (int, []Hit, error) {
	children := strings.HasSuffix(spec.Slug, ChildrenPath)
	const where = `
		FROM doctors d
		JOIN doctor_specialties ds ON ds.doctor_id = d.id
		WHERE ds.specialty_id = $1
		  AND ($2 = 0 OR d.region_id = $2)
		  AND (NOT $3::boolean OR d.accepts_children)`
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT count(*)`+where, spec.ID, regionID, children); err != nil {
		return 0, nil, fmt.Errorf("search.doctorsOf(%s): %w", spec.Slug, err)
	}
	docs := []Hit{}
	if limit > 0 && offset < total {
		err := s.db.SelectContext(ctx, &docs, `
			SELECT 'doctor' AS entity_type, d.id AS entity_id, d.slug, d.full_name_ru AS name_ru, d.full_name_uz AS name_uz,
				'' AS description_ru, '' AS description_uz, coalesce(d.photo, '') AS image, d.region_id,
				d.popularity, 0 AS rank, 0 AS total, 0 AS n`+where+`
			ORDER BY d.popularity DESC, d.id
			OFFSET $4
			LIMIT $5`, spec.ID, regionID, children, offset, limit)
		if err != nil {
			return 0, nil, fmt.Errorf("search.doctorsOf(%s): %w", spec.Slug, err)
		}
	}
	for i := range docs {
		docs[i].DescriptionRu, docs[i].DescriptionUz = spec.NameRu, spec.NameUz
		docs[i].Variant = 1
	}
	return total, docs, nil
}

// need builds the "you may need" block of a reading, nil when the lexicon
// and the knowledge base make nothing of the query.
func (l *lexicon) need(u understanding, lang, regionSlug, publicURL string) *Need {
	if !u.any() {
		return nil
	}
	nd := &Need{Emergency: u.emergency, Number: EmergencyNumber, Services: []Suggestion{}, Specialties: []Suggestion{}, Doctors: []Suggestion{}, Pages: []Suggestion{}}
	var services, specs []Hit
	for _, key := range u.services {
		services = append(services, l.services[key])
	}
	for _, slug := range u.specialties {
		specs = append(specs, l.specialties[slug])
	}
	nd.Services = Suggestions(services, lang, regionSlug, publicURL)
	nd.Specialties = Suggestions(specs, lang, regionSlug, publicURL)
	nd.Pages = Suggestions(u.pages, lang, regionSlug, publicURL)
	return nd
}

// needDoctors are the first specialty's NeedDoctors most popular doctors
// in the region (a children's specialty: those who see children).
func (s *Store) needDoctors(ctx context.Context, u understanding, lex *lexicon, lang string, regionID int64, regionSlug, publicURL string) ([]Suggestion, error) {
	if len(u.specialties) == 0 || regionID == 0 {
		return []Suggestion{}, nil
	}
	_, docs, err := s.doctorsOf(ctx, lex.specialties[u.specialties[0]], regionID, 0, NeedDoctors)
	if err != nil {
		return nil, err
	}
	return Suggestions(docs, lang, regionSlug, publicURL), nil
}
