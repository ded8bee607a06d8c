package seed

import (
	"fmt"
	"math/rand/v2"
)

// dataset is every row the seeder writes, ids assigned.
type dataset struct {
	districts         []districtRow
	clinics           []clinicRow
	doctors           []doctorRow
	doctorSpecialties [][2]int64
	doctorClinics     [][3]int64 // doctor, clinic, price
	services          []serviceRow
	clinicHours       [][4]int64 // clinic, weekday, opens, closes
	profileLinks      [][2]int64 // clinic, profile
	clinicServices    []priceRow
}

type districtRow struct {
	id, regionID int64
	slug         string
	name         pair
}

// generator draws the data set from a fixed seed.
type generator struct {
	r     *rand.Rand
	taken map[string]bool // "table:slug" already used
	d     *dataset
	// per region (index into regionsData): its id, district rows and clinic rows
	regionIDs []int64
	districts [][]districtRow
	clinics   [][]int       // indexes into d.clinics
	base      map[int64]int // service id → typical price
}

// generate builds the data set for scale; regionIDs maps region codes to
// ids, typeIDs clinic type slugs to ids.
func generate(scale int, regionIDs, typeIDs map[string]int64) *dataset {
	g := &generator{
		r:     rand.New(rand.NewPCG(20240601, uint64(scale))),
		taken: map[string]bool{},
		d:     &dataset{},
	}
	for _, rd := range regionsData {
		g.regionIDs = append(g.regionIDs, regionIDs[rd.code])
	}
	g.addDistricts()
	g.clinics = make([][]int, len(regionsData))
	for ri, n := range shares(clinicsPerScale*scale, 3) {
		for range n {
			g.addClinic(ri)
		}
	}
	for ri, n := range shares(doctorsPerScale*scale, 20) {
		for range n {
			g.addDoctor(ri)
		}
	}
	// The provider side draws from its own stream, after the doctors, so
	// that it left the doctors' data as it was.
	r := rand.New(rand.NewPCG(20240602, uint64(scale)))
	g.addServices()
	g.addTypedClinics(r)
	g.addDetails(r, typeIDs)
	return g.d
}

// shares splits total over the regions by weight, at least min each.
func shares(total, min int) []int {
	out := make([]int, len(regionsData))
	for i, rd := range regionsData {
		out[i] = max(total*rd.weight/100, min)
	}
	return out
}

// addDistricts adds every region's districts, ids from 1.
func (g *generator) addDistricts() {
	g.districts = make([][]districtRow, len(regionsData))
	for ri, rd := range regionsData {
		for _, p := range rd.districts {
			row := districtRow{
				id:       int64(len(g.d.districts) + 1),
				regionID: g.regionIDs[ri],
				slug:     p.slug,
				name:     pair{p.ru, p.uz},
			}
			g.d.districts = append(g.d.districts, row)
			g.districts[ri] = append(g.districts[ri], row)
		}
	}
}

// unique returns slug, or slug-2, slug-3 ... when it is taken in table.
func (g *generator) unique(table, slug string) string {
	for n := 1; ; n++ {
		s := slug
		if n > 1 {
			s = fmt.Sprintf("%s-%d", slug, n)
		}
		if !g.taken[table+":"+s] {
			g.taken[table+":"+s] = true
			return s
		}
	}
}

// pick returns a random element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// price returns a visit price: 80,000 to 400,000 so'm in steps of 10,000.
func price(r *rand.Rand) int64 { return int64(8+r.IntN(33)) * 10_000 }

// randomRating returns a rating between lo and 5.00 as numeric text.
func randomRating(r *rand.Rand, lo float64) string {
	steps := int((5-lo)*100) + 1
	return fmt.Sprintf("%.2f", lo+float64(r.IntN(steps))/100)
}
