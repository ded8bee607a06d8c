package seed

import (
	"fmt"

	"github.com/lib/pq"
)

// clinicColumns are the columns clinicRow.values fills.
var clinicColumns = []string{"id", "slug", "name_ru", "name_uz", "region_id", "district_id",
	"address_ru", "address_uz", "phone", "rating", "is_state",
	"type_id", "landmark_ru", "landmark_uz", "latitude", "longitude", "phones",
	"description_ru", "description_uz", "review_count", "parent_id", "website"}

type clinicRow struct {
	id, regionID, districtID int64
	slug                     string
	name, address            pair
	phone, rating            string
	isState                  bool
	// typeSlug is the clinic_types slug; network groups the branches of a
	// brand in a region ("" for none); the rest is filled by addDetails.
	typeSlug, network string
	details           clinicDetails
}

// values returns the row in clinicColumns order.
func (c clinicRow) values() []any {
	return []any{c.id, c.slug, c.name.ru, c.name.uz, c.regionID, c.districtID,
		c.address.ru, c.address.uz, c.phone, c.rating, c.isState,
		c.details.typeID, c.details.landmark.ru, c.details.landmark.uz,
		c.details.lat, c.details.lng, pq.Array(c.details.phones),
		c.details.desc.ru, c.details.desc.uz, c.details.reviews, c.details.parentID, c.website()}
}

// website is the site of the clinic's brand, shared by its branches (the
// reserved .example domain: demo data never links to someone's real
// site), or nil for a state clinic. It draws nothing from the generator,
// so the rest of the seed stays as it was.
func (c clinicRow) website() any {
	if c.network == "" {
		return nil
	}
	return "https://" + c.network + ".example"
}

// addClinic adds a clinic in region ri: a quarter are numbered state
// clinics, the rest private clinics named after a brand.
func (g *generator) addClinic(ri int) {
	r := g.r
	district := pick(r, g.districts[ri])
	c := clinicRow{
		id:         int64(len(g.d.clinics) + 1),
		regionID:   g.regionIDs[ri],
		districtID: district.id,
		isState:    r.IntN(4) == 0,
		rating:     randomRating(r, 3.5),
	}
	if c.isState {
		kind, n := pick(r, stateKinds), 1+r.IntN(60)
		c.typeSlug = kind.typeSlug
		c.name = pair{fmt.Sprintf(kind.ru, n), fmt.Sprintf(kind.uz, n)}
		c.slug = fmt.Sprintf("%s-%d-%s", kind.slug, n, district.slug)
	} else {
		brand, kind := pick(r, brands), pick(r, brandKinds)
		c.typeSlug, c.network = kind.typeSlug, slugify(brand.uz)
		c.name = pair{fmt.Sprintf(kind.ru, brand.ru), fmt.Sprintf(kind.uz, brand.uz)}
		c.slug = slugify(brand.uz) + "-" + district.slug
	}
	c.slug = g.unique("clinics", c.slug)
	street, house := pick(r, streets), 1+r.IntN(120)
	c.address = pair{fmt.Sprintf("%s, %d", street.ru, house), fmt.Sprintf("%s, %d-uy", street.uz, house)}
	c.phone = fmt.Sprintf("+998 %s %03d-%02d-%02d", regionsData[ri].phone, 200+r.IntN(800), r.IntN(100), r.IntN(100))
	g.d.clinics = append(g.d.clinics, c)
	g.clinics[ri] = append(g.clinics[ri], len(g.d.clinics)-1)
}
