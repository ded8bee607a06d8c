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
	"unicode"

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
	// Combine, for an emergency, are lists of words one of each of which
	// makes the emergency (a chest word and a severity word: "давит за
	// грудиной", "ko'kragim qattiq og'riyapti"), in any script.
	Combine [][]string `json:"combine,omitempty"`
	// Services are the services, analyses and diagnostics the term names
	// ("кардиограмма", "анализ на сахар", "флюорография"), as type:slug:
	// they come before the specialties, the visit reason first.
	Services []string `json:"services,omitempty"`
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
	services    []string // type:slug of services, analyses, diagnostics
	page        *Hit     // a symptom or disease page, nil for lay terms
	emergency   bool
	// form is the form as written, shown as the corrected query.
	form string
	// name: a specialty's own name, read only beside a child word (alone
	// the search index finds it, and better).
	name  bool
	order int
}

// lexicon is the matcher built from the lexicon file and the knowledge base.
type lexicon struct {
	concepts []concept
	byWord   map[string][]int // canonical word → concepts holding it
	vocab    []string         // every canonical word, for typos and prefixes
	// byFirst and bySecond are vocab by its words' first and second
	// letters: a typed word is compared with the words sharing one.
	byFirst, bySecond map[byte][]string

	specialties map[string]Hit // slug → the specialty as a hit ({slug}/deti: its children's listing)
	services    map[string]Hit // type:slug → a service, analysis or diagnostic as a hit
	// uzWord: canonical words of Uzbek forms. A root left by stripping
	// Uzbek suffixes matches only these: "ko'r-yapman" (I see) is not
	// Russian "корь" (measles).
	uzWord     map[string]bool
	places     []place
	child      map[string]bool // the child words, canonical
	instead    map[string]string
	childrenOf map[string]string // slug → {slug}/deti, for the specialties with children's doctors
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
var uzVerb = []string{"moqchiman", "moqchimiz", "moqchi", "yapman", "yapsiz", "yapti", "yotgan", "yotibdi", "yotib", "moqda", "ayapti", "ydi", "adi", "gan", "di", "ib", "ishi", "ish", "sa"}

// diminutive are Russian diminutive endings, as keys ("магнит-ик").
var diminutive = []string{"ik", "ok", "ek", "chik", "ochk", "echk"}

// uzNoun are the endings that make an Uzbek verb's root a noun.
var uzNoun = []string{"ish", "ishi", "sh", "shi", "ash", "lik", "ligi", "ik"}

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
		// "ma" negates a verb: "ko'r-ma-yapman" (I do not see).
		for _, set := range [][]string{uzCase, uzPossessive, {"lar"}, uzVerb, {"i"}, {"may", "ma"}} {
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

// serviceQuery reads the services, analyses and diagnostics as hits, for
// the lexicon's services.
const serviceQuery = `
	SELECT DISTINCT ON (entity_type, entity_id) entity_type, entity_id, slug, name_ru, name_uz, description_ru, description_uz,
		image, region_id, popularity, 0 AS rank, 0 AS total, 0 AS n
	FROM search_terms WHERE entity_type IN ('service', 'analysis', 'diagnostics')
	ORDER BY entity_type, entity_id`

// placeQuery reads the districts and the regions with their names, the
// place words of a query.
const placeQuery = `
	SELECT d.id AS district_id, d.region_id, d.name_ru, d.name_uz
	FROM districts d
	UNION ALL
	SELECT 0, r.id, r.name_ru, r.name_uz
	FROM regions r`

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
	var services []Hit
	if err := s.db.SelectContext(ctx, &services, serviceQuery); err != nil {
		return nil, fmt.Errorf("search.lexicon: %w", err)
	}
	var places []placeRow
	if err := s.db.SelectContext(ctx, &places, placeQuery); err != nil {
		return nil, fmt.Errorf("search.lexicon: %w", err)
	}
	for i := range rows {
		if rows[i].Slugs != "" {
			rows[i].Specialties = strings.Split(rows[i].Slugs, ",")
		}
	}
	l := buildLexicon(file, rows, specs, kids)
	for _, h := range services {
		l.services[h.Type+":"+h.Slug] = h
	}
	l.places = buildPlaces(places)
	return l, nil
}

func buildLexicon(file *LexiconFile, rows []knowledgeRow, specs []Hit, kids []childrenName) *lexicon {
	l := &lexicon{byWord: map[string][]int{}, specialties: map[string]Hit{}, child: map[string]bool{},
		instead: file.Children.Instead, childrenOf: map[string]string{}, services: map[string]Hit{}, uzWord: map[string]bool{}}
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
		c.form = form

		c.order = len(l.concepts)
		l.concepts = append(l.concepts, c)
		for _, w := range c.words {
			if len(l.byWord[w]) == 0 {
				l.vocab = append(l.vocab, w)
			}
			l.byWord[w] = append(l.byWord[w], c.order)
		}
	}
	for _, e := range slices.Concat(file.Entries, file.Emergency) {
		for _, f := range slices.Concat(e.Uz, e.UzCyrl) {
			for _, w := range formWords(f) {
				l.uzWord[w] = true
			}
		}
	}
	for _, r := range rows {
		for _, w := range formWords(r.NameUz) {
			l.uzWord[w] = true
		}
	}
	for _, h := range specs {
		for _, f := range nameForms(true, h.NameUz) {
			for _, w := range formWords(f) {
				l.uzWord[w] = true
			}
		}
	}
	for _, e := range file.Emergency {
		for _, f := range slices.Concat(e.Forms(), combinations(e.Combine)) {
			add(f, concept{emergency: true, specialties: e.Specialties})
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
			add(f, concept{specialties: e.Specialties, services: e.Services})
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
	l.byFirst, l.bySecond = map[byte][]string{}, map[byte][]string{}
	for _, v := range l.vocab {
		l.byFirst[v[0]] = append(l.byFirst[v[0]], v)
		if len(v) > 1 {
			l.bySecond[v[1]] = append(l.bySecond[v[1]], v)
		}
	}
	return l
}

// combinations are the phrases of one word from each list.
func combinations(lists [][]string) []string {
	if len(lists) == 0 {
		return nil
	}
	out := []string{""}
	for _, list := range lists {
		var next []string
		for _, prefix := range out {
			for _, w := range list {
				next = append(next, strings.TrimSpace(prefix+" "+w))
			}
		}
		out = next
	}
	return out
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
	// services: type:slug of the services named, before the specialties.
	services []string
	// form: the best concept's form as written (the corrected query of a
	// typo).
	form string
	// layout: the query was read in the other keyboard layout.
	layout bool
	// childOnly: a child word was all the lexicon read of a query with
	// other words ("парацетамол детский", "детская поликлиника"): the
	// thing named comes first, for a child.
	childOnly bool
	// rest: the query's words other than the child words.
	rest []string
}

// any reports whether the lexicon made anything of the query.
func (u understanding) any() bool {
	return u.emergency || len(u.specialties) > 0 || len(u.pages) > 0 || len(u.services) > 0
}

// understand matches the query's words against the concepts; a query
// for a child is read for the children's listings (forChild).
func (l *lexicon) understand(q string) understanding {
	u := l.understandAs(q)
	if u.any() {
		return u
	}
	// Typed in the other keyboard layout ("ghjcnelf" is "простуда").
	if sw, ok := SwitchLayout(Bound(q)); ok && latinReading(sw) {
		if v := l.understandAs(sw); v.any() {
			v.layout = true
			return v
		}
	}
	return u
}

// understandAs is understand without the other layout.
func (l *lexicon) understandAs(q string) understanding {
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
	u.form = l.formIn(u.form, q)
	var rest []string
	for _, w := range words {
		if !l.isChild(w) {
			rest = append(rest, w)
		}
	}
	if len(rest) == len(words) {
		return u
	}
	if len(rest) == 0 {
		// A child word beside generic words only ("детская поликлиника",
		// "детский врач"): a name holding them all comes first.
		u.childOnly = len(raw) > len(words)
		return u
	}
	// A concept that holds the child word too ("температура у ребёнка",
	// "детский кардиолог") reads the query; else what the other words
	// name, specialties' names included.
	reading, restRead := u, false
	if !u.whole {
		if r := l.read(rest, true); len(r.specialties) > 0 || len(r.services) > 0 {
			reading, restRead = r, true
		}
	}
	out := l.forChild(reading, u)
	if restRead {
		// The child word and a specialty: read well enough to come
		// before names merely similar to the query ("детский логопед
		// для 3 лет").
		out.most = true
	}
	if !restRead && !u.whole {
		// The rest is no lay term: a medicine, a clinic, a service for a
		// child ("парацетамол детский").
		out.childOnly, out.rest = true, rest
	}
	return out
}

// formIn is form as written in q's script: the same words' form in
// Cyrillic for a Cyrillic query, in Latin for a Latin one ("болит голва"
// is corrected to "болит голова", not to its Latin twin).
func (l *lexicon) formIn(form, q string) string {
	cyrillic := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) }) >= 0
	}
	if form == "" || cyrillic(form) == cyrillic(q) {
		return form
	}
	words := formWords(form)
	for _, c := range l.concepts {
		if slices.Equal(c.words, words) && cyrillic(c.form) == cyrillic(q) {
			return c.form
		}
	}
	return form
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
	out.services = reading.services
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
	if len(words) == 0 {
		return understanding{}
	}
	perWord := make([]map[string]int, len(words)) // canonical word → quality
	for i, w := range words {
		perWord[i] = l.wordMatches(w, i == len(words)-1 && len(w) >= 4)
	}
	best := l.scoreConcepts(len(words), perWord, names)
	if len(best) == 0 {
		return understanding{}
	}
	return l.summarise(best, len(words))
}

// conceptScore is how well a query reads as one concept: the sum of its
// words' match qualities, how many query words it covers, and whether a
// word matched only as a start (still typed) or a typo.
type conceptScore struct {
	c       int
	total   int
	covered int
	prefix  bool
	typo    bool
}

// wordMatches are the vocabulary words query word w may stand for, with
// the quality of each match; last says w is the last word, still being
// typed, whose start may match.
func (l *lexicon) wordMatches(w string, last bool) map[string]int {
	m := map[string]int{}
	// The word as typed and its key match any script; the roots left
	// by stripping Uzbek suffixes only Uzbek words.
	plain := []string{fold(Stem(w)), fold(w)}
	forms := canonForms(w)
	for _, f := range forms {
		if len(l.byWord[f]) > 0 && (slices.Contains(plain, f) || l.uzWord[f]) {
			m[f] = matchExact
		}
	}
	// Typos are looked for in the word as typed and its key only, and
	// only among words sharing its first or second letter.
	typo := forms[:min(2, len(forms))]
	typing := fold(w)
	// Every form of w is a start of it, so a word it may stand for
	// shares its first letter (or, for a typo, its second).
	first := l.byFirst[w[0]]
	var second []string
	if len(w) > 1 {
		second = l.bySecond[w[1]]
	}
	for k := range len(first) + len(second) {
		v := ""
		if k < len(first) {
			v = first[k]
		} else if v = second[k-len(first)]; v[0] == w[0] {
			continue // among the first letter's already
		}
		if m[v] > 0 {
			continue
		}
		for _, f := range forms {
			if !slices.Contains(plain, f) && !l.uzWord[v] {
				continue
			}
			if len(f) >= 4 && len(v) == len(f)+1 && strings.HasPrefix(v, f) {
				m[v] = matchRoot
			}
			// A diminutive or an ending the stemmer left: "магнитик"
			// is "магнит".
			if len(v) >= 5 && strings.HasPrefix(f, v) && slices.Contains(diminutive, f[len(v):]) {
				m[v] = matchRoot
			}
			// An Uzbek verb's root and its noun: "achish-adi" (it
			// burns) is "achish-ish" (burning), "shish-di" "shish-ish".
			if len(f) >= 3 && len(v) > len(f) && len(v) <= len(f)+4 && strings.HasPrefix(v, f) && slices.Contains(uzNoun, v[len(f):]) && l.uzWord[v] {
				m[v] = matchRoot
			}
		}
		if m[v] == 0 && isTypo(typo, v) {
			m[v] = matchTypo
		}
		// A start of three letters names too many words ("гель" is not
		// "гельминтоз"): the last word still being typed needs four.
		if m[v] == 0 && last && strings.HasPrefix(v, typing) {
			m[v] = matchPrefix
		}
	}
	return m
}

// scoreConcepts scores every concept all of whose words the query's n
// words match (perWord[i] are word i's matches), each query word used
// once, best first: most words covered, then the best total, then the
// concept's order.
func (l *lexicon) scoreConcepts(n int, perWord []map[string]int, names bool) []conceptScore {
	var best []conceptScore
	seen := map[int]bool{}
	for i := range n {
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
				if sc, ok := scoreConcept(c, con.words, perWord); ok {
					best = append(best, sc)
				}
			}
		}
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
	return best
}

// scoreConcept matches each of concept c's words to the query word that
// matches it best and is not used yet; false when one has none.
func scoreConcept(c int, conceptWords []string, perWord []map[string]int) (conceptScore, bool) {
	sc := conceptScore{c: c}
	used := map[int]bool{}
	for _, cw := range conceptWords {
		bestQ, bestI := 0, -1
		for j := range perWord {
			if !used[j] && perWord[j][cw] > bestQ {
				bestQ, bestI = perWord[j][cw], j
			}
		}
		if bestI < 0 {
			return conceptScore{}, false
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
	sc.covered = len(used)
	return sc, true
}

// summarise is what the scored readings of an n-word query (best first)
// understand: the leading reading's specialists, services and pages, with
// the weaker readings that cover as many words, and an emergency.
func (l *lexicon) summarise(best []conceptScore, n int) understanding {
	var u understanding
	// The best reading that is not an emergency phrase leads to the
	// specialists; an emergency phrase counts when all of it was typed and
	// it covers as much of the query as that reading ("перенёс инфаркт" is
	// a cardiologist's patient, "инфаркт" an emergency).
	lead := -1
	for i, sc := range best {
		if !l.concepts[sc.c].emergency {
			lead = i
			break
		}
	}
	top := best[0]
	if lead >= 0 {
		top = best[lead]
	}
	u.whole = top.covered == n && !top.prefix
	u.typed = top.prefix
	u.most = 2*top.covered >= n
	u.exact = !top.typo
	u.form = l.concepts[top.c].form
	for _, sc := range best {
		con := l.concepts[sc.c]
		if con.emergency {
			if !sc.prefix && (lead < 0 || sc.covered >= top.covered) {
				u.emergency = true
				if sc.covered == n {
					u.whole = true
				}
				// Who treats it after the ambulance, when no lay term
				// reads as much of the query.
				if lead < 0 || sc.covered > top.covered {
					u.specialties = addKnown(u.specialties, con.specialties, l.specialties)
				}
			}
			continue
		}
		// Weaker concepts only add to the best one's specialties when they
		// cover as many words.
		if sc.covered < top.covered {
			continue
		}
		u.services = addKnown(u.services, con.services, l.services)
		u.specialties = addKnown(u.specialties, con.specialties, l.specialties)
		if con.page != nil && !slices.ContainsFunc(u.pages, func(h Hit) bool { return h.Slug == con.page.Slug && h.Type == con.page.Type }) {
			u.pages = append(u.pages, *con.page)
		}
	}
	return u
}

// addKnown appends to list each of slugs that known holds and list lacks.
func addKnown(list, slugs []string, known map[string]Hit) []string {
	for _, s := range slugs {
		if _, ok := known[s]; ok && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// isTypo reports whether one of forms (a typed word as typed and as its
// key) is a typo of the vocabulary word v: one edit in a word of 5+
// letters, two in words of 8+, or a and o confused (the Russian
// unstressed o: "галавы" is "головы"), with one edit more in words of 7+.
func isTypo(forms []string, v string) bool {
	if len(v) < 5 {
		return false
	}
	for _, f := range forms {
		if len(f) < 5 || f[0] != v[0] && f[1] != v[1] {
			continue
		}
		if editDistance(f, v, 1) <= 1 || len(f) >= 8 && len(v) >= 8 && editDistance(f, v, 2) <= 2 {
			return true
		}
		if strings.ContainsAny(f, "ao") && len(f) >= 5 && len(v) >= 5 {
			// Only a and o confused in a short word; one typo more in a
			// long one.
			if d := editDistance(akanye(f), akanye(v), 1); d == 0 || d == 1 && len(f) >= 7 && len(v) >= 7 {
				return true
			}
		}
	}
	return false
}

// akanye reads o as a, as Russian says an unstressed o.
func akanye(w string) string { return strings.ReplaceAll(w, "o", "a") }

// editDistance is the Levenshtein distance of a and b, or limit+1 once it
// is known to exceed limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	pp := make([]int, len(b)+1)
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
			// Two letters swapped ("инфракт") are one typo.
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], pp[j-2]+1)
			}
			lo = min(lo, cur[j])
		}
		if lo > limit {
			return limit + 1
		}
		pp, prev, cur = prev, cur, pp
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
// place words (a district, a region) taken out and used to order the
// clinics; an exact name first (a specialty, service, clinic... named as
// typed); for a child word beside a name the lexicon does not read, the
// names holding the rest; a service, analysis or diagnostic named word for
// word; then the lexicon's reading when it explains the whole query (the
// services it names, the specialties, the matched symptom or disease
// pages); then names that start with the query, then the lexicon's partial
// readings, then similar names.
func (s *Store) Understand(ctx context.Context, q string, regionID int64, limit int) (Answer, error) {
	var ans Answer
	lex, err := s.lexicon(ctx)
	if err != nil {
		return ans, err
	}
	q, places := lex.withoutPlaces(q)
	u := lex.understand(q)
	r := &ranking{lex: lex, u: u, keys: QueryKeys(q), want: limit, seen: map[string]bool{}}
	if u.childOnly && len(u.rest) > 0 {
		if r.restKey = Key(strings.Join(u.rest, " ")); r.restKey != "" && !slices.Contains(r.keys, r.restKey) {
			r.keys = append(r.keys, r.restKey)
		}
	}
	near := regionID
	if len(places) > 0 {
		// The named district's branch may rank past the first few.
		r.want = 4 * limit
		if places[0].district == 0 {
			near = places[0].region
		}
	}
	// A query the lexicon read whole, word for word, needs no similar
	// names: they would rank after its reading, and on a large index
	// looking for them is the costliest part of a search.
	if r.hits, err = s.suggestHits(ctx, r.keys, near, r.want, !(u.whole && u.exact)); err != nil {
		return ans, err
	}
	r.order()
	if len(r.out) == 0 && !u.any() {
		// Nothing for the whole query: its words one by one, longest
		// first ("холтер мониторирование" finds the Holter ECG).
		for _, w := range partWords(q) {
			more, err := s.suggestHits(ctx, []string{w}, near, r.want, false)
			if err != nil {
				return ans, err
			}
			for _, h := range more {
				r.add(h)
			}
			if len(r.out) > 0 {
				break
			}
		}
	}
	ans.Emergency, ans.Hits = u.emergency, r.out
	if len(places) > 0 {
		ans.Hits = wholeWordsFirst(ans.Hits, Key(q))
	}
	if ans.Hits, err = s.placeFirst(ctx, ans.Hits, places, regionID); err != nil {
		return ans, err
	}
	ans.Hits = ans.Hits[:min(limit, len(ans.Hits))]
	return ans, nil
}

// ranking puts one query's database hits and lexicon reading in the order
// a suggestion list shows them (Understand).
type ranking struct {
	lex     *lexicon
	u       understanding
	keys    []string // the keys looked up (QueryKeys, then restKey)
	restKey string   // the key of the words beside a child word, "" for none
	hits    []Hit
	want    int
	out     []Hit
	seen    map[string]bool
}

// add appends h unless it is there or the list is full.
func (r *ranking) add(h Hit) {
	id := h.Type + ":" + h.Slug
	if !r.seen[id] && len(r.out) < r.want {
		r.seen[id] = true
		r.out = append(r.out, h)
	}
}

// db adds the hits of the ranks given, in their order.
func (r *ranking) db(ranks ...int) {
	for _, h := range r.hits {
		if slices.Contains(ranks, h.Rank) {
			r.add(h)
		}
	}
}

// key is the query key h matched.
func (r *ranking) key(h Hit) string {
	if h.Variant < 1 || h.Variant > len(r.keys) {
		return ""
	}
	return r.keys[h.Variant-1]
}

// order: a name equal to the query; for a child, the thing asked for; a
// service named word for word (after a specialty named so); the lexicon's
// reading when whole; names starting with the query; the partial
// readings; similar names.
func (r *ranking) order() {
	r.db(0)
	if r.u.childOnly {
		// The thing asked for, for a child: names holding the whole query
		// or its words besides the child word.
		for _, h := range r.hits {
			if h.Rank <= 2 && (h.Variant == 1 || r.restKey != "" && r.key(h) == r.restKey) {
				r.add(h)
			}
		}
	}
	if asksForClinic(r.keys[0]) {
		// "шифо клиника": the clinics whose names hold the other words
		// whole, not a "Shifokor maslahatlari" starting like them.
		for _, h := range r.hits {
			if h.Type == TypeClinic && h.Rank <= 2 && holdsWords(r.keys[0], h) {
				r.add(h)
			}
		}
	}
	r.named()
	if r.u.whole {
		r.understood()
	}
	r.db(1, 2)
	if !r.u.most {
		r.db(3)
	}
	r.understood()
	r.db(3)
}

// named adds the services named word for word, after the specialties
// named so: a service comes before the specialists who provide it, but
// "лор" is the specialty, not "Приём ЛОР-врача", nor is "кардиолг"
// "Приём кардиолога".
func (r *ranking) named() {
	var named []Hit
	for _, h := range r.hits {
		if !isService(h.Type) || h.Variant == 0 {
			continue
		}
		// A lay term the lexicon reads whole ("tish", "сердце") is not a
		// service merely holding its word; but a service named with the
		// generic words the lexicon skips ("лечение кариеса") is named.
		if !r.u.whole && namesWords(r.key(h), h) || namesWithWeak(r.keys[0], h) {
			named = append(named, h)
		}
	}
	if len(named) == 0 {
		return
	}
	for _, h := range r.hits {
		if h.Type == TypeSpecialty && (h.Rank <= 1 || h.Variant > 0 && namesWords(r.key(h), h)) {
			r.add(h)
		}
	}
	for _, h := range named {
		r.add(h)
	}
}

// understood adds the lexicon's reading: the services it names first when
// it read the query (all of it, or most of it typed out; a word still
// being typed, "детский кард", is first a specialty), the specialties,
// the symptom and disease pages.
func (r *ranking) understood() {
	u, lex := r.u, r.lex
	servicesFirst := u.whole || u.most && !u.typed
	if servicesFirst {
		for _, key := range u.services {
			r.add(lex.services[key])
		}
	}
	for _, slug := range u.specialties {
		r.add(lex.specialties[slug])
	}
	for _, key := range u.services {
		r.add(lex.services[key])
	}
	for _, p := range u.pages {
		r.add(p)
	}
}

// namesWithWeak reports whether h's name holds every word of key, price
// words aside, and a generic word among them ("лечение кариеса", "приём
// кардиолога"): the query is the service's name.
func namesWithWeak(key string, h Hit) bool {
	names := strings.Fields(Key(h.NameRu) + " " + Key(h.NameUz))
	weak := false
	for _, w := range strings.Fields(key) {
		if priceWords[w] {
			continue
		}
		if !slices.ContainsFunc(names, func(n string) bool { return sameWord(w, n) }) {
			return false
		}
		weak = weak || weakWords[w] || testWords[w]
	}
	return weak
}

// sameWord reports whether two keys' words are one word: equal, or long
// and differing only in an ending the stemmer left ("shitovidk" of
// "щитовидки", "shitovidn" of "щитовидной").
func sameWord(a, b string) bool {
	if a == b {
		return true
	}
	n := min(len(a), len(b))
	if n < 5 {
		return false
	}
	common := 0
	for common < n && a[common] == b[common] {
		common++
	}
	return common >= 5 && common >= max(len(a), len(b))-2
}

// wholeWordsFirst puts first the hits whose name holds every word of key
// as a whole word: with a place word the name is typed out ("шифо
// яшнабад" is the Shifo clinic, not a "shifoxona"; "нур ургут" not
// Nurofen).
func wholeWordsFirst(hits []Hit, key string) []Hit {
	whole := func(h Hit) bool { return holdsWords(key, h) }
	out := slices.Clone(hits)
	slices.SortStableFunc(out, func(a, b Hit) int {
		wa, wb := whole(a), whole(b)
		switch {
		case wa && !wb:
			return -1
		case wb && !wa:
			return 1
		}
		return 0
	})
	return out
}

// partWords are the keys of q's strong words of 4+ letters, longest
// first, when q has two words or more: what is looked up alone when the
// whole query finds nothing.
func partWords(q string) []string {
	words := strings.Fields(Strong(Key(Bound(q))))
	if len(words) < 2 {
		return nil
	}
	var out []string
	for _, w := range words {
		if len(w) >= 4 && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

// holdsWords reports whether h's name holds every strong word of key as a
// whole word.
func holdsWords(key string, h Hit) bool {
	words := strings.Fields(Strong(key))
	names := strings.Fields(Key(h.NameRu) + " " + Key(h.NameUz))
	for _, w := range words {
		if !slices.Contains(names, w) {
			return false
		}
	}
	return len(words) > 0
}

// clinicWords are the keys of the words that ask for a clinic.
var clinicWords = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range []string{"клиника", "klinika", "klinikasi", "поликлиника", "центр", "медцентр", "markaz", "markazi", "больница", "госпиталь", "shifoxona"} {
		out[Key(w)] = true
	}
	return out
}()

// asksForClinic reports whether key holds a word that asks for a clinic.
func asksForClinic(key string) bool {
	return slices.ContainsFunc(strings.Fields(key), func(w string) bool { return clinicWords[w] })
}

// isService reports whether typ is a service, an analysis or a diagnostic.
func isService(typ string) bool {
	return typ == TypeService || typ == TypeAnalysis || typ == TypeDiagnostics
}

// namesWords reports whether h's name holds every strong word of key as a
// whole word (the last one, being typed, may be the start of a word of 5+
// letters): "чистка зубов" names "Профессиональная чистка зубов", "зуб"
// does not.
func namesWords(key string, h Hit) bool {
	words := strings.Fields(Strong(key))
	names := strings.Fields(Key(h.NameRu) + " " + Key(h.NameUz))
	for i, w := range words {
		if slices.ContainsFunc(names, func(n string) bool { return sameWord(w, n) }) {
			continue
		}
		if i == len(words)-1 && len(w) >= 5 && slices.ContainsFunc(names, func(n string) bool { return strings.HasPrefix(n, w) }) {
			continue
		}
		return false
	}
	return len(words) > 0
}
