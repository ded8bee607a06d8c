package seed

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// clinicDetails are the clinic card's fields beyond the minimal clinic.
type clinicDetails struct {
	typeID         int64
	parentID       any // int64, or nil for a head clinic
	landmark, desc pair
	lat, lng       string
	phones         []string
	reviews        int
}

// serviceRow is a row of services: a category (parent 0) or an item.
type serviceRow struct {
	id, parent int64
	kind, slug string
	name, desc pair
	prep       pair
	turnaround any // int hours, or nil
	position   int
}

// typedKinds name the clinics added so that every region has every type;
// %s is a brand, %d a number.
var typedKinds = []struct {
	typeSlug string
	name     pair
	state    bool
}{
	{"mnogoprofilnye", pair{"Многопрофильная клиника «%s»", "«%s» ko'p tarmoqli klinikasi"}, false},
	{"polikliniki", pair{"Семейная поликлиника №%d", "%d-son oilaviy poliklinika"}, true},
	{"bolnitsy", pair{"Областная больница №%d", "%d-son viloyat shifoxonasi"}, true},
	{"roddoma", pair{"Родильный комплекс №%d", "%d-son tug'ruq majmuasi"}, true},
	{"diagnosticheskie-centry", pair{"Диагностический центр «%s»", "«%s» diagnostika markazi"}, false},
	{"laboratorii", pair{"Лаборатория «%s»", "«%s» laboratoriyasi"}, false},
	{"stomatologii", pair{"Стоматология «%s»", "«%s» stomatologiyasi"}, false},
	{"detskie", pair{"Детская клиника «%s»", "«%s» bolalar klinikasi"}, false},
}

// addTypedClinics adds, in every region, one clinic of every type, so that
// every /kliniki/tip-{type} page of every region has clinics. They use
// their own random stream: the doctors' data stays what it was.
func (g *generator) addTypedClinics(r *rand.Rand) {
	for ri := range regionsData {
		for _, k := range typedKinds {
			district := pick(r, g.districts[ri])
			c := clinicRow{
				id: int64(len(g.d.clinics) + 1), regionID: g.regionIDs[ri], districtID: district.id,
				isState: k.state, rating: randomRating(r, 3.5), typeSlug: k.typeSlug,
			}
			if k.state {
				n := 1 + r.IntN(30)
				c.name = pair{fmt.Sprintf(k.name.ru, n), fmt.Sprintf(k.name.uz, n)}
				c.slug = fmt.Sprintf("%s-%d-%s", k.typeSlug, n, district.slug)
			} else {
				brand := pick(r, brands)
				c.name = pair{fmt.Sprintf(k.name.ru, brand.ru), fmt.Sprintf(k.name.uz, brand.uz)}
				c.slug = slugify(brand.uz) + "-" + k.typeSlug + "-" + district.slug
			}
			c.slug = g.unique("clinics", c.slug)
			street, house := pick(r, streets), 1+r.IntN(120)
			c.address = pair{fmt.Sprintf("%s, %d", street.ru, house), fmt.Sprintf("%s, %d-uy", street.uz, house)}
			c.phone = fmt.Sprintf("+998 %s %03d-%02d-%02d", regionsData[ri].phone, 200+r.IntN(800), r.IntN(100), r.IntN(100))
			g.d.clinics = append(g.d.clinics, c)
			g.clinics[ri] = append(g.clinics[ri], len(g.d.clinics)-1)
		}
	}
}

// addDetails fills every clinic's card fields, its network, hours,
// specialisations and prices.
func (g *generator) addDetails(r *rand.Rand, typeIDs map[string]int64) {
	heads := map[string]int64{} // region:network → head clinic id
	for i := range g.d.clinics {
		c := &g.d.clinics[i]
		ri := g.regionIndex(c.regionID)
		centre := regionCentres[ri]
		c.details = clinicDetails{
			typeID:   typeIDs[c.typeSlug],
			parentID: nil,
			landmark: pick(r, landmarks),
			lat:      fmt.Sprintf("%.6f", centre[0]+(r.Float64()-0.5)*0.1),
			lng:      fmt.Sprintf("%.6f", centre[1]+(r.Float64()-0.5)*0.1),
			phones:   []string{c.phone},
			reviews:  1 + r.IntN(400), // a rating comes from reviews
		}
		c.details.desc = pair{
			fmt.Sprintf("%s — %s. Приём взрослых и детей, запись по телефону %s.", c.name.ru, c.address.ru, c.phone),
			fmt.Sprintf("%s — %s. Kattalar va bolalarni qabul qilish, telefon orqali yozilish: %s.", c.name.uz, c.address.uz, c.phone),
		}
		if c.network != "" {
			key := fmt.Sprint(c.regionID, ":", c.network)
			if head, ok := heads[key]; ok {
				c.details.parentID = head
			} else {
				heads[key] = c.id
			}
		}
		// A clinic's rating comes from reviews of seeded visits
		// (writeReviews); the draws stay so the rest of the demo data is
		// unchanged.
		c.rating, c.details.reviews = "0.00", 0
		g.addHours(r, c)
		g.addProfiles(r, c)
		g.addPrices(r, c)
	}
}

// regionIndex returns the index into regionsData of a region id.
func (g *generator) regionIndex(id int64) int {
	for i, rid := range g.regionIDs {
		if rid == id {
			return i
		}
	}
	return 0
}

// addHours: hospitals, maternity hospitals and one clinic in ten work
// round the clock; the others 8:00-18:00 on weekdays, most on Saturday
// mornings too, a few on Sundays.
func (g *generator) addHours(r *rand.Rand, c *clinicRow) {
	if c.typeSlug == "bolnitsy" || c.typeSlug == "roddoma" || r.IntN(10) == 0 {
		for day := int64(1); day <= 7; day++ {
			g.d.clinicHours = append(g.d.clinicHours, [4]int64{c.id, day, 0, 1440})
		}
		return
	}
	for day := int64(1); day <= 5; day++ {
		g.d.clinicHours = append(g.d.clinicHours, [4]int64{c.id, day, 480, 1080})
	}
	if r.IntN(4) > 0 {
		g.d.clinicHours = append(g.d.clinicHours, [4]int64{c.id, 6, 540, 840})
	}
	if r.IntN(5) == 0 {
		g.d.clinicHours = append(g.d.clinicHours, [4]int64{c.id, 7, 540, 780})
	}
}

// typeProfiles are the specialisations a clinic of a type always has.
var typeProfiles = map[string]string{
	"roddoma": "ginekologiya", "stomatologii": "stomatologiya", "detskie": "pediatriya",
}

// addProfiles gives a clinic one to four specialisations.
func (g *generator) addProfiles(r *rand.Rand, c *clinicRow) {
	chosen := map[int]bool{}
	if slug, ok := typeProfiles[c.typeSlug]; ok {
		for i, p := range profiles {
			if p.slug == slug {
				chosen[i] = true
			}
		}
	}
	for n := 1 + r.IntN(4); len(chosen) < n; {
		chosen[r.IntN(len(profiles))] = true
	}
	for i := range profiles { // in a fixed order: map iteration is random
		if chosen[i] {
			g.d.profileLinks = append(g.d.profileLinks, [2]int64{c.id, int64(i + 1)})
		}
	}
}

// typeKinds are the service kinds a clinic of a type prices; other types
// price every kind.
var typeKinds = map[string][]string{
	"laboratorii":             {"analysis"},
	"diagnosticheskie-centry": {"diagnostic", "analysis"},
	"stomatologii":            {"service"},
}

// addPrices prices nine items in ten of the kinds the clinic's type
// offers (about 500k prices at scale 50), at 60% to 180% of the typical price, rounded to 1,000 so'm;
// one price in five is a range.
func (g *generator) addPrices(r *rand.Rand, c *clinicRow) {
	kinds, limited := typeKinds[c.typeSlug]
	factor := 0.6 + r.Float64()*1.2
	for _, s := range g.d.services {
		if s.parent == 0 || (limited && !slices.Contains(kinds, s.kind)) || r.IntN(10) == 0 {
			continue
		}
		from := int64(float64(g.base[s.id])*factor*(0.9+r.Float64()*0.2)/1000) * 1000
		var to any
		if r.IntN(5) == 0 {
			to = from * 3 / 2 / 1000 * 1000
		}
		g.d.clinicServices = append(g.d.clinicServices, priceRow{c.id, s.id, from, to})
	}
}

// priceRow is a row of clinic_services.
type priceRow struct {
	clinic, service, from int64
	to                    any // int64, or nil for a single price
}

// addServices numbers the service trees: categories, then their items.
func (g *generator) addServices() {
	g.base = map[int64]int{}
	for pos, grp := range serviceTrees {
		parent := serviceRow{id: int64(len(g.d.services) + 1), kind: grp.kind, slug: grp.slug,
			name: grp.name, desc: grp.desc, prep: grp.prep, position: pos}
		g.d.services = append(g.d.services, parent)
		for ipos, it := range grp.items {
			row := serviceRow{id: int64(len(g.d.services) + 1), parent: parent.id, kind: grp.kind,
				slug: it.slug, name: it.name, prep: grp.prep, position: ipos}
			row.desc = pair{
				fmt.Sprintf("%s: где сделать и сколько стоит. %s", it.name.ru, grp.desc.ru),
				fmt.Sprintf("%s: qayerda qilish va narxi. %s", it.name.uz, grp.desc.uz),
			}
			if it.turnaround > 0 {
				row.turnaround = it.turnaround
			}
			g.base[row.id] = it.base
			g.d.services = append(g.d.services, row)
		}
	}
}
