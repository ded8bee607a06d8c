package seed

import (
	"fmt"
	"math/rand/v2"

	"github.com/lib/pq"
)

// doctorColumns are the columns doctorRow.values fills.
var doctorColumns = []string{"id", "slug", "full_name_ru", "full_name_uz", "gender", "photo",
	"experience_since", "category_ru", "category_uz", "degree_ru", "degree_uz", "rating",
	"review_count", "description_ru", "description_uz", "accepts_children", "accepts_adults",
	"region_id", "popularity", "languages"}

type doctorRow struct {
	id, regionID         int64
	slug, gender, rating string
	name, category, desc pair
	degree               *pair
	since, reviews, pop  int
	children, adults     bool
}

// values returns the row in doctorColumns order; there are no photos.
func (d doctorRow) values() []any {
	var degreeRu, degreeUz any
	if d.degree != nil {
		degreeRu, degreeUz = d.degree.ru, d.degree.uz
	}
	return []any{d.id, d.slug, d.name.ru, d.name.uz, d.gender, nil,
		d.since, d.category.ru, d.category.uz, degreeRu, degreeUz, d.rating,
		d.reviews, d.desc.ru, d.desc.uz, d.children, d.adults,
		d.regionID, d.pop, pq.StringArray(languages(d.id))}
}

// languages are the languages doctor id sees patients in: most both
// Russian and Uzbek, some one of them, about one in nine English too. They
// are drawn from the id, not the generator, so adding them left the rest
// of the demo data as it was.
func languages(id int64) []string {
	switch x := rand.New(rand.NewPCG(uint64(id), 30)).IntN(100); {
	case x < 11:
		return []string{"ru", "uz", "en"}
	case x < 14:
		return []string{"ru", "en"}
	case x < 26:
		return []string{"uz"}
	case x < 34:
		return []string{"ru"}
	}
	return []string{"ru", "uz"}
}

// addDoctor adds a doctor whose main region is ri, with 1-3 specialties
// and 1-3 clinics of that region.
func (g *generator) addDoctor(ri int) {
	r := g.r
	d := doctorRow{
		id:       int64(len(g.d.doctors) + 1),
		regionID: g.regionIDs[ri],
		gender:   "m",
		since:    1985 + r.IntN(38),
		category: categories[r.IntN(len(categories))],
		reviews:  r.IntN(260),
		pop:      r.IntN(1000),
	}
	if r.IntN(100) < 55 {
		d.gender = "f"
	}
	d.name = fullName(r, d.gender == "f")
	d.slug = g.unique("doctors", slugify(d.name.uz))
	if d.reviews > 0 {
		randomRating(r, 3.8)
	}
	// A doctor's rating comes from reviews of seeded visits (writeReviews);
	// the draws above stay so the rest of the demo data is unchanged.
	d.rating, d.reviews = "0.00", 0
	if r.IntN(100) < 15 {
		deg := pick(r, degrees)
		d.degree = &deg
	}
	specs := g.pickSpecialties()
	d.children, d.adults = audience(r, specs)
	d.desc = description(r, specialties[specs[0]], d.since, d.gender == "f")
	g.d.doctors = append(g.d.doctors, d)
	for _, s := range specs {
		g.d.doctorSpecialties = append(g.d.doctorSpecialties, [2]int64{d.id, int64(s + 1)})
	}
	for _, ci := range distinct(r, 1+r.IntN(3), len(g.clinics[ri]), nil) {
		g.d.doctorClinics = append(g.d.doctorClinics, [3]int64{d.id, g.d.clinics[g.clinics[ri][ci]].id, price(r)})
	}
}

// pickSpecialties returns 1-3 distinct indexes into specialties, by weight:
// most doctors have one.
func (g *generator) pickSpecialties() []int {
	n := 1
	switch x := g.r.IntN(10); {
	case x >= 9:
		n = 3
	case x >= 6:
		n = 2
	}
	return distinct(g.r, n, len(specialties), func(i int) int { return specialties[i].weight })
}

// distinct returns n distinct indexes below size (fewer if size is
// smaller), drawn by weight (nil: uniformly).
func distinct(r *rand.Rand, n, size int, weight func(int) int) []int {
	n = min(n, size)
	total := 0
	for i := range size {
		total += w(weight, i)
	}
	var out []int
	for len(out) < n {
		x := r.IntN(total)
		i := 0
		for ; x >= w(weight, i); i++ {
			x -= w(weight, i)
		}
		if !contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}

// w is weight(i), 1 when weight is nil.
func w(weight func(int) int, i int) int {
	if weight == nil {
		return 1
	}
	return weight(i)
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// audience says whom a doctor with specs sees: children's specialists see
// only children; about a third of the others see children too.
func audience(r *rand.Rand, specs []int) (children, adults bool) {
	onlyChildren := true
	for _, s := range specs {
		if specialties[s].childrenOnly {
			children = true
		} else {
			onlyChildren = false
		}
	}
	if r.IntN(100) < 35 {
		children = true
	}
	return children, !onlyChildren
}

// description writes a few sentences about a doctor of specialty s.
func description(r *rand.Rand, s specialty, since int, female bool) pair {
	school, closing := pick(r, schools), pick(r, closings)
	graduated := "Окончил"
	if female {
		graduated = "Окончила"
	}
	return pair{
		ru: fmt.Sprintf("%s, практикует с %d года. %s %s. %s", s.ru, since, graduated, school.ru, closing.ru),
		uz: fmt.Sprintf("%s, %d-yildan beri amaliyot bilan shug'ullanadi. %s tamomlagan. %s", s.uz, since, school.uz, closing.uz),
	}
}
