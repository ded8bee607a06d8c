package search

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"sogliq/shared"
)

// The lexicon is what a patient types instead of a specialty's name: a body
// part, an organ, a complaint, a colloquial name ("tish", "кожник", "bo'g'im
// og'riydi"), a symptom or a disease. shared/lexicon.json holds the lay
// terms, each in Uzbek Latin, Uzbek Cyrillic and Russian, with the
// specialties they lead to; the knowledge base adds every symptom and
// disease with its linked specialties (server/knowledge). A query matches
// an entry when each word of one of its forms is one of the query's words:
// after normalisation (Key), with Uzbek suffixes stripped every way they
// may be (canonForms), as a one-letter typo of a long word, or, for the
// last word typed, as its start. Generic words (weakWords) never count.
//
// A query for a child ("детский кардиолог", "bolalar lori", "ребёнку нужен
// окулист") leads to the children's listing of the specialty
// (/doctors/{slug}/deti) first: the children's names of the specialties are
// concepts of their own, and a child word (the lexicon file's children)
// beside anything else reads the rest as the specialty it names (lay terms
// and, there only, the specialties' own names), then turns each specialty
// into its children's form (forChild).

// LexiconFile is shared/lexicon.json.
type LexiconFile struct {
	Entries   []LexiconEntry `json:"entries"`
	Emergency []LexiconEntry `json:"emergency"`
	Children  ChildWords     `json:"children"`
}

// ChildWords are the words that say a visit is for a child ("детский",
// "bolalar", "ребёнку"), each one word, in the three scripts. Instead maps
// a specialty to the one that treats children in its place (a child's
// general doctor is the pediatrician, not a children's therapist).
type ChildWords struct {
	Uz      []string          `json:"uz"`
	UzCyrl  []string          `json:"uzCyrl"`
	Ru      []string          `json:"ru"`
	Instead map[string]string `json:"instead"`
}

// ChildrenPath ends the children's listing of a specialty
// (/doctors/{slug}/deti, routes.json's specialty-children): a children's
// specialty is suggested with the slug {slug}/deti, so its link is the
// listing's.
const ChildrenPath = "/deti"

// LexiconEntry is one lay term: its forms in each script and the slugs of
// the specialties it leads to, most likely first.
type LexiconEntry struct {
	Uz          []string `json:"uz"`
	UzCyrl      []string `json:"uzCyrl"`
	Ru          []string `json:"ru"`
	Specialties []string `json:"specialties,omitempty"`
}

// LoadLexicon parses shared/lexicon.json.
func LoadLexicon() (*LexiconFile, error) {
	raw, err := shared.Files.ReadFile("lexicon.json")
	if err != nil {
		return nil, fmt.Errorf("search.LoadLexicon: %w", err)
	}
	var f LexiconFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("search.LoadLexicon: %w", err)
	}
	return &f, nil
}

// Forms are the entry's spellings in all three scripts.
func (e LexiconEntry) Forms() []string {
	return slices.Concat(e.Uz, e.UzCyrl, e.Ru)
}

// concept is one matchable form: its canonical words and where it leads.
type concept struct {
	words       []string
	specialties []string
	page        *Hit // a symptom or disease page, nil for lay terms
	emergency   bool
	// name: a specialty's own name, read only beside a child word (alone
	// the search index finds it, and better).
	name  bool
	order int
}

// lexicon is the matcher built from the lexicon file and the knowledge base.
type lexicon struct {
	concepts    []concept
	byWord      map[string][]int // canonical word → concepts holding it
	vocab       []string         // every canonical word, for typos and prefixes
	specialties map[string]Hit   // slug → the specialty as a hit ({slug}/deti: its children's listing)
	child       map[string]bool  // the child words, canonical
	instead     map[string]string
	childrenOf  map[string]string // slug → {slug}/deti, for the specialties with children's doctors
}

// Knowledge page types in suggestions.
const (
	TypeSymptom   = "symptom"
	TypeDisease   = "disease"
	TypeEmergency = "emergency"
)

// fold voices a word's last consonant as Uzbek does before a vowel suffix
// (yurak → yuragi, og'riq → og'rig'i): g, k and q end a key as k.
func fold(w string) string {
	if n := len(w); n >= 4 && (w[n-1] == 'g' || w[n-1] == 'q') {
		return w[:n-1] + "k"
	}
	return w
}

// uzVerb are Uzbek verb endings ("og'riyapti", "og'riydi", "to'kilyapti").
var uzVerb = []string{"yapman", "yapsiz", "yapti", "yotgan", "yotibdi", "yotib", "moqda", "ayapti", "ydi", "adi", "gan", "di", "ib", "ishi", "ish", "sa"}

// canonForms are the canonical words a typed word may stand for: its key
// word, and the roots left by stripping Uzbek case, possessive, plural and
// verb endings down to three letters, each folded.
func canonForms(w string) []string {
	out := []string{}
	add := func(x string) {
		if x = fold(x); x != "" && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	add(Stem(w))
	add(w)
	var walk func(x string, depth int)
	walk = func(x string, depth int) {
		add(x)
		if depth == 4 {
			return
		}
		for _, set := range [][]string{uzCase, uzPossessive, {"lar"}, uzVerb, {"i"}} {
			if y := stripOne(x, set, 3); y != x {
				walk(y, depth+1)
			}
		}
	}
	walk(w, 0)
	return out
}

// canon is the one canonical word of a lexicon form's word.
func canon(w string) string { return fold(Stem(w)) }

// formWords are the canonical words of a form, generic words left out.
func formWords(form string) []string {
	var out []string
	words := Words(form)
	for _, w := range words {
		c := canon(w)
		if weakWords[Stem(w)] || weakWords[c] {
			continue
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		for _, w := range words {
			out = append(out, canon(w))
		}
	}
	return out
}

// knowledgeRow is a symptom or disease with its specialties' slugs.
type knowledgeRow struct {
	ID          int64    `db:"id"`
	Type        string   `db:"type"`
	Slug        string   `db:"slug"`
	NameRu      string   `db:"name_ru"`
	NameUz      string   `db:"name_uz"`
	Specialties []string `db:"-"`
	Slugs       string   `db:"slugs"`
}

// knowledgeQuery reads the symptoms and diseases with their specialties:
// a disease's in the order its links were written, a symptom's by how many
// of its diseases each treats.
const knowledgeQuery = `
	SELECT d.id, 'disease' AS type, d.slug, d.name_ru, d.name_uz,
		coalesce((SELECT string_agg(s.slug, ',' ORDER BY ds.ctid) FROM disease_specialties ds JOIN specialties s ON s.id = ds.specialty_id WHERE ds.disease_id = d.id), '') AS slugs
	FROM diseases d
	UNION ALL
	SELECT y.id, 'symptom', y.slug, y.name_ru, y.name_uz,
		coalesce((SELECT string_agg(slug, ',' ORDER BY n DESC, first) FROM (
			SELECT s.slug, count(*) AS n, min(ds.ctid::text) AS first
			FROM disease_symptoms dy
			JOIN disease_specialties ds ON ds.disease_id = dy.disease_id
			JOIN specialties s ON s.id = ds.specialty_id
			WHERE dy.symptom_id = y.id
			GROUP BY s.slug) x), '')
	FROM symptoms y`

// childrenQuery reads the children's names of the specialties that have
// a children's listing of their own: its name differs from the
// specialty's (a pediatrician is one already) and some doctor of it sees
// children.
const childrenQuery = `
	SELECT s.slug, s.name_children_ru AS name_ru, s.name_children_uz AS name_uz
	FROM specialties s
	WHERE s.name_children_ru NOT IN ('', s.name_ru)
	  AND EXISTS (
		SELECT 1
		FROM doctor_specialties ds
		JOIN doctors d ON d.id = ds.doctor_id
		WHERE ds.specialty_id = s.id
		  AND d.accepts_children)`

// childrenName is a specialty's children's name (childrenQuery).
type childrenName struct {
	Slug   string `db:"slug"`
	NameRu string `db:"name_ru"`
	NameUz string `db:"name_uz"`
}

// specialtyQuery reads the specialties as hits.
const specialtyQuery = `
	SELECT DISTINCT ON (entity_id) entity_type, entity_id, slug, name_ru, name_uz, description_ru, description_uz,
		image, region_id, popularity, 0 AS rank, 0 AS total, 0 AS n
	FROM search_terms WHERE entity_type = 'doctor_specialty'
	ORDER BY entity_id`

// lexiconTTL is how long the knowledge read into the lexicon is kept.
const lexiconTTL = 5 * time.Minute

type lexiconCache struct {
	mu         sync.Mutex
	lex        *lexicon
	built      time.Time
	rebuilding bool
}

// lexicon returns the matcher, rebuilt from the database every lexiconTTL.
func (s *Store) lexicon(ctx context.Context) (*lexicon, error) {
	s.lex.mu.Lock()
	defer s.lex.mu.Unlock()
	if s.lex.lex != nil {
		// A stale matcher is still served while one rebuild runs aside.
		if time.Since(s.lex.built) >= lexiconTTL && !s.lex.rebuilding {
			s.lex.rebuilding = true
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), Timeout)
				defer cancel()
				lex, err := s.buildLexicon(ctx)
				s.lex.mu.Lock()
				defer s.lex.mu.Unlock()
				s.lex.rebuilding = false
				if err == nil {
					s.lex.lex, s.lex.built = lex, time.Now()
				}
			}()
		}
		return s.lex.lex, nil
	}
	lex, err := s.buildLexicon(ctx)
	if err != nil {
		return nil, err
	}
	s.lex.lex, s.lex.built = lex, time.Now()
	return lex, nil
}

// buildLexicon reads the lexicon file and the knowledge base.
func (s *Store) buildLexicon(ctx context.Context) (*lexicon, error) {
	file, err := LoadLexicon()
	if err != nil {
		return nil, err
	}
	var rows []knowledgeRow
	if err := s.db.SelectContext(ctx, &rows, knowledgeQuery); err != nil {
		return nil, fmt.Errorf("search.lexicon: %w", err)
	}
	var specs []Hit
	if err := s.db.SelectContext(ctx, &specs, specialtyQuery); err != nil {
		return nil, fmt.Errorf("search.lexicon: %w", err)
	}
	var kids []childrenName
	if err := s.db.SelectContext(ctx, &kids, childrenQuery); err != nil {
		return nil, fmt.Errorf("search.lexicon: %w", err)
	}
	for i := range rows {
		if rows[i].Slugs != "" {
			rows[i].Specialties = strings.Split(rows[i].Slugs, ",")
		}
	}
	return buildLexicon(file, rows, specs, kids), nil
}

func buildLexicon(file *LexiconFile, rows []knowledgeRow, specs []Hit, kids []childrenName) *lexicon {
	l := &lexicon{byWord: map[string][]int{}, specialties: map[string]Hit{}, child: map[string]bool{},
		instead: file.Children.Instead, childrenOf: map[string]string{}}
	for _, h := range specs {
		l.specialties[h.Slug] = h
	}
	for _, w := range slices.Concat(file.Children.Uz, file.Children.UzCyrl, file.Children.Ru) {
		for _, c := range formWords(w) {
			l.child[c] = true
		}
	}
	add := func(form string, c concept) {
		c.words = formWords(form)
		if len(c.words) == 0 {
			return
		}
		c.order = len(l.concepts)
		l.concepts = append(l.concepts, c)
		for _, w := range c.words {
			if len(l.byWord[w]) == 0 {
				l.vocab = append(l.vocab, w)
			}
			l.byWord[w] = append(l.byWord[w], c.order)
		}
	}
	for _, e := range file.Emergency {
		for _, f := range e.Forms() {
			add(f, concept{emergency: true})
		}
	}
	// The children's names come before the lay terms: "детский психолог"
	// is first the children's psychologist, then the psychologist.
	for _, k := range kids {
		adult, ok := l.specialties[k.Slug]
		if !ok {
			continue
		}
		h := adult
		h.Slug, h.NameRu, h.NameUz = k.Slug+ChildrenPath, k.NameRu, k.NameUz
		l.specialties[h.Slug] = h
		l.childrenOf[k.Slug] = h.Slug
		for _, f := range nameForms(false, k.NameRu, k.NameUz) {
			add(f, concept{specialties: []string{h.Slug}})
		}
	}
	for _, e := range file.Entries {
		for _, f := range e.Forms() {
			add(f, concept{specialties: e.Specialties})
		}
	}
	for _, r := range rows {
		page := &Hit{ID: r.ID, Type: r.Type, Slug: r.Slug, NameRu: r.NameRu, NameUz: r.NameUz}
		for _, f := range []string{r.NameRu, r.NameUz} {
			add(f, concept{specialties: r.Specialties, page: page})
		}
	}
	for _, h := range specs {
		for _, f := range nameForms(true, h.NameRu, h.NameUz) {
			add(f, concept{specialties: []string{h.Slug}, name: true})
		}
	}
	sort.Strings(l.vocab)
	return l
}

// nameForms are the ways a specialty's names are typed: each whole and
// each without its parentheses; with parts, also what the parentheses
// hold ("ЛОР (оториноларинголог)") and each part of a hyphenated name
// ("Травматолог-ортопед"). A children's name takes no parts: each would
// drop its child word ("Детский травматолог-ортопед" is not "ортопед").
func nameForms(parts bool, names ...string) []string {
	var out []string
	add := func(f string) {
		if f = strings.TrimSpace(f); f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, n := range names {
		add(n)
		outside, inside, _ := strings.Cut(n, "(")
		add(outside)
		if !parts {
			continue
		}
		add(strings.TrimSuffix(strings.TrimSpace(inside), ")"))
		for _, part := range strings.Split(outside, "-") {
			if len([]rune(strings.TrimSpace(part))) >= 4 {
				add(part)
			}
		}
	}
	return out
}

// Match quality of one word.
const (
	matchExact  = 4
	matchRoot   = 3 // a root one letter longer (og'ri → og'riq)
	matchTypo   = 2
	matchPrefix = 1 // the last word, still being typed
)

// understanding is what the lexicon made of a query.
type understanding struct {
	specialties []string // most likely first
	pages       []Hit    // symptom and disease pages
	emergency   bool
	// whole: the best concept covers every strong word of the query.
	whole bool
	// typed: only the last word's start matched.
	typed bool
	// most: the best concept covers at least half the strong words.
	most bool
	// exact: the best concept matched without a typo.
	exact bool
}

// understand matches the query's words against the concepts; a query
// for a child is read for the children's listings (forChild).
func (l *lexicon) understand(q string) understanding {
	raw := Words(Bound(q))
	var words []string
	for _, w := range raw {
		if !weakWords[Stem(w)] {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		words = raw
	}
	u := l.read(words, false)
	var rest []string
	for _, w := range words {
		if !l.isChild(w) {
			rest = append(rest, w)
		}
	}
	if len(rest) == len(words) || len(rest) == 0 {
		return u
	}
	// A concept that holds the child word too ("температура у ребёнка",
	// "детский кардиолог") reads the query; else what the other words
	// name, specialties' names included.
	reading := u
	if !u.whole {
		if r := l.read(rest, true); len(r.specialties) > 0 {
			reading = r
		}
	}
	return l.forChild(reading, u)
}

// isChild reports whether w is a child word.
func (l *lexicon) isChild(w string) bool {
	return slices.ContainsFunc(canonForms(w), func(c string) bool { return l.child[c] })
}

// forChild turns a reading of a query for a child into the children's
// specialties: each specialty's children's listing first (or the
// specialty treating children in its place), then the specialties
// themselves, then what the child word alone leads to (the pediatrician).
func (l *lexicon) forChild(reading, u understanding) understanding {
	out := reading
	out.specialties = nil
	add := func(s string) {
		if !slices.Contains(out.specialties, s) {
			out.specialties = append(out.specialties, s)
		}
	}
	for _, s := range reading.specialties {
		switch {
		case l.instead[s] != "":
			add(l.instead[s])
		case l.childrenOf[s] != "":
			add(l.childrenOf[s])
		default:
			add(s)
		}
	}
	for _, s := range reading.specialties {
		if l.instead[s] == "" {
			add(strings.TrimSuffix(s, ChildrenPath))
		}
	}
	for _, s := range u.specialties {
		if l.instead[s] != "" {
			s = l.instead[s]
		}
		add(s)
	}
	out.emergency = reading.emergency || u.emergency
	for _, p := range u.pages {
		if !slices.ContainsFunc(out.pages, func(h Hit) bool { return h.Slug == p.Slug && h.Type == p.Type }) {
			out.pages = append(out.pages, p)
		}
	}
	return out
}

// read matches words against the concepts (the specialties' own names
// too when names is set).
func (l *lexicon) read(words []string, names bool) understanding {
	var u understanding
	if len(words) == 0 {
		return u
	}
	// quality[c][i]: how well query word i matches a word of concept c.
	type score struct {
		c       int
		total   int
		covered int
		prefix  bool
		typo    bool
	}
	perWord := make([]map[string]int, len(words)) // canonical word → quality
	for i, w := range words {
		m := map[string]int{}
		forms := canonForms(w)
		for _, f := range forms {
			if len(l.byWord[f]) > 0 {
				m[f] = matchExact
			}
		}
		// Typos are looked for in the word as typed and its key only, and
		// only among words sharing its first or second letter.
		typo := forms[:min(2, len(forms))]
		for _, v := range l.vocab {
			if m[v] > 0 {
				continue
			}
			for _, f := range forms {
				if len(f) >= 4 && len(v) == len(f)+1 && strings.HasPrefix(v, f) {
					m[v] = matchRoot
				}
			}
			if m[v] == 0 && len(v) >= 5 {
				for _, f := range typo {
					if len(f) < 5 || f[0] != v[0] && f[1] != v[1] {
						continue
					}
					if editDistance(f, v, 1) <= 1 || len(f) >= 8 && len(v) >= 8 && editDistance(f, v, 2) <= 2 {
						m[v] = matchTypo
						break
					}
				}
			}
			if m[v] == 0 && i == len(words)-1 && len(w) >= 3 && strings.HasPrefix(v, fold(w)) {
				m[v] = matchPrefix
			}
		}
		perWord[i] = m
	}
	var best []score
	seen := map[int]bool{}
	for i := range words {
		for v := range perWord[i] {
			for _, c := range l.byWord[v] {
				if seen[c] {
					continue
				}
				seen[c] = true
				con := l.concepts[c]
				if con.name && !names {
					continue
				}
				sc := score{c: c}
				used := map[int]bool{}
				ok := true
				for _, cw := range con.words {
					bestQ, bestI := 0, -1
					for j := range words {
						if !used[j] && perWord[j][cw] > bestQ {
							bestQ, bestI = perWord[j][cw], j
						}
					}
					if bestI < 0 {
						ok = false
						break
					}
					used[bestI] = true
					sc.total += bestQ
					if bestQ == matchPrefix {
						sc.prefix = true
					}
					if bestQ == matchTypo {
						sc.typo = true
					}
				}
				if !ok {
					continue
				}
				sc.covered = len(used)
				best = append(best, sc)
			}
		}
	}
	if len(best) == 0 {
		return u
	}
	sort.Slice(best, func(i, j int) bool {
		a, b := best[i], best[j]
		if a.covered != b.covered {
			return a.covered > b.covered
		}
		if a.total != b.total {
			return a.total > b.total
		}
		return a.c < b.c
	})
	u.whole = best[0].covered == len(words) && !best[0].prefix
	u.typed = best[0].prefix
	u.most = 2*best[0].covered >= len(words)
	u.exact = !best[0].typo
	for _, sc := range best {
		con := l.concepts[sc.c]
		if con.emergency {
			// An emergency phrase counts only when all of it was typed.
			if !sc.prefix {
				u.emergency = true
			}
			continue
		}
		// Weaker concepts only add to the best one's specialties when they
		// cover as many words.
		if sc.covered < best[0].covered {
			continue
		}
		for _, s := range con.specialties {
			if _, ok := l.specialties[s]; ok && !slices.Contains(u.specialties, s) {
				u.specialties = append(u.specialties, s)
			}
		}
		if con.page != nil && !slices.ContainsFunc(u.pages, func(h Hit) bool { return h.Slug == con.page.Slug && h.Type == con.page.Type }) {
			u.pages = append(u.pages, *con.page)
		}
	}
	return u
}

// editDistance is the Levenshtein distance of a and b, or limit+1 once it
// is known to exceed limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		lo := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			lo = min(lo, cur[j])
		}
		if lo > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Answer is what a query finds: its hits, best first, and whether it reads
// as an emergency (the emergency number goes above everything).
type Answer struct {
	Emergency bool
	Hits      []Hit
}

// Understand returns at most limit hits for the raw query q in the region:
// an exact name first (a specialty, service, clinic... named as typed),
// then the specialties the lexicon and the knowledge base lead to with the
// matched symptom or disease pages when they explain the whole query, then
// names that start with the query, then the lexicon's partial readings,
// then similar names.
func (s *Store) Understand(ctx context.Context, q string, regionID int64, limit int) (Answer, error) {
	var ans Answer
	lex, err := s.lexicon(ctx)
	if err != nil {
		return ans, err
	}
	u := lex.understand(q)
	// A query the lexicon read whole, word for word, needs no similar
	// names: they would rank after its reading, and on a large index
	// looking for them is the costliest part of a search.
	hits, err := s.suggestHits(ctx, QueryKeys(q), regionID, limit, !(u.whole && u.exact))
	if err != nil {
		return ans, err
	}
	ans.Emergency = u.emergency
	seen := map[string]bool{}
	add := func(h Hit) {
		id := h.Type + ":" + h.Slug
		if !seen[id] && len(ans.Hits) < limit {
			seen[id] = true
			ans.Hits = append(ans.Hits, h)
		}
	}
	db := func(ranks ...int) {
		for _, h := range hits {
			if slices.Contains(ranks, h.Rank) {
				add(h)
			}
		}
	}
	understood := func() {
		for _, slug := range u.specialties {
			add(lex.specialties[slug])
		}
		for _, p := range u.pages {
			add(p)
		}
	}
	db(0)
	if u.whole {
		understood()
	}
	db(1, 2)
	if !u.most {
		db(3)
	}
	understood()
	db(3)
	return ans, nil
}
