package search

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lib/pq"
)

// Place words: a district's or a region's name in a query ("хаят
// юнусабад", "клиника самарканд") is not part of a name to look for but
// where the visitor wants it. It is taken out of the query, and the
// clinics of the named district (or region) go first among the clinics.

// placeRow is a district (DistrictID > 0) or a region (DistrictID 0).
type placeRow struct {
	DistrictID int64  `db:"district_id"`
	RegionID   int64  `db:"region_id"`
	NameRu     string `db:"name_ru"`
	NameUz     string `db:"name_uz"`
}

// place is a place with the keys its name is typed as.
type place struct {
	district, region int64
	keys             []string
}

// placeGeneric are the words of a place name that are not the name.
var placeGeneric = map[string]bool{
	"rayon": true, "tuman": true, "tumani": true, "gorod": true, "shaxar": true, "shaxri": true, "shaxr": true,
	"oblast": true, "viloyat": true, "viloyati": true, "respublik": true, "respublika": true, "qoraqalpogiston": false,
}

// placeKey folds a word for place matching: Russian "Юнусабад" and Uzbek
// "Yunusobod" differ only in a/o.
func placeKey(w string) string {
	return strings.ReplaceAll(Stem(w), "o", "a")
}

// buildPlaces turns the rows into places, each keyed by its names' first
// proper word.
func buildPlaces(rows []placeRow) []place {
	var out []place
	for _, r := range rows {
		p := place{district: r.DistrictID, region: r.RegionID}
		for _, n := range []string{r.NameRu, r.NameUz} {
			for _, w := range Words(n) {
				if placeGeneric[w] || placeGeneric[Stem(w)] || len(w) < 4 {
					continue
				}
				if k := placeKey(w); !slices.Contains(p.keys, k) {
					p.keys = append(p.keys, k)
				}
				break
			}
		}
		if len(p.keys) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// placeOf returns the place a query word names, if any: the same key, or,
// when the shorter has 6 letters or more, one key starting with the other
// ("юнусабадский", "yunusobod"), or, from 8 letters, one typo away
// ("юнусабат"; a brand like "дармон" is not "Karmana").
func (l *lexicon) placeOf(w string) (place, bool) {
	k := placeKey(w)
	if len(k) < 4 {
		return place{}, false
	}
	for _, p := range l.places {
		for _, pk := range p.keys {
			short, long := k, pk
			if len(short) > len(long) {
				short, long = long, short
			}
			if k == pk || len(short) >= 6 && strings.HasPrefix(long, short) || len(short) >= 8 && editDistance(k, pk, 1) <= 1 {
				return p, true
			}
		}
	}
	return place{}, false
}

// withoutPlaces splits the place words off q: the rest of the query and
// the places named ("клиника самарканд" is a clinic in Samarkand). A
// query of place words only is left whole (a clinic may be named after
// its district).
func (l *lexicon) withoutPlaces(q string) (string, []place) {
	fields := strings.Fields(Bound(q))
	var rest []string
	var places []place
	for _, f := range fields {
		words := Words(f)
		if len(words) == 1 {
			if p, ok := l.placeOf(words[0]); ok {
				places = append(places, p)
				continue
			}
		}
		rest = append(rest, f)
	}
	if len(places) == 0 || Key(strings.Join(rest, " ")) == "" {
		return q, nil
	}
	return strings.Join(rest, " "), places
}

// placeFirst reorders the clinics among hits, in the slots clinics hold:
// those in a named district first, then those in a named region or the
// visitor's, each kept in its order otherwise.
func (s *Store) placeFirst(ctx context.Context, hits []Hit, places []place, regionID int64) ([]Hit, error) {
	var slots []int
	var ids []int64
	for i, h := range hits {
		if h.Type == TypeClinic {
			slots = append(slots, i)
			ids = append(ids, h.ID)
		}
	}
	if len(slots) < 2 {
		return hits, nil
	}
	districtOf := map[int64]int64{}
	if slices.ContainsFunc(places, func(p place) bool { return p.district != 0 }) {
		var rows []struct {
			ID       int64 `db:"id"`
			District int64 `db:"district_id"`
		}
		if err := s.db.SelectContext(ctx, &rows, `
			SELECT id, coalesce(district_id, 0) AS district_id
			FROM clinics
			WHERE id = ANY($1)`, pq.Array(ids)); err != nil {
			return nil, fmt.Errorf("search.placeFirst: %w", err)
		}
		for _, r := range rows {
			districtOf[r.ID] = r.District
		}
	}
	regions := []int64{}
	for _, p := range places {
		regions = append(regions, p.region)
	}
	if len(regions) == 0 && regionID != 0 {
		regions = append(regions, regionID)
	}
	score := func(h Hit) int {
		n := 0
		for _, p := range places {
			if p.district != 0 && districtOf[h.ID] == p.district {
				n = 2
			}
		}
		if n == 0 && h.RegionID.Valid && slices.Contains(regions, h.RegionID.Int64) {
			n = 1
		}
		return n
	}
	clinics := make([]Hit, len(slots))
	for i, at := range slots {
		clinics[i] = hits[at]
	}
	slices.SortStableFunc(clinics, func(a, b Hit) int { return score(b) - score(a) })
	out := slices.Clone(hits)
	for i, at := range slots {
		out[at] = clinics[i]
	}
	return out, nil
}

// RegionIDs maps each region's slug to its id (tests name regions by slug).
func (s *Store) RegionIDs(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	if err := s.db.SelectContext(ctx, &rows, `SELECT id, slug FROM regions`); err != nil {
		return nil, fmt.Errorf("search.RegionIDs: %w", err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Slug] = r.ID
	}
	return out, nil
}
