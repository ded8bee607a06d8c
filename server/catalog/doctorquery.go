package catalog

import (
	"fmt"
	"net/url"
	"strconv"

	"sogliq/server/derrors"
)

// MaxPrice bounds the ?price_from and ?price_to of doctor listings (so'm).
const MaxPrice = 100_000_000

// fourStars is the least rating ?rating=4 keeps.
const fourStars = 4.0

// MinIndexable is the fewest doctors a filtered listing needs to be
// indexed: fewer make a thin page.
const MinIndexable = 5

// DoctorFilters are the filters of a doctor listing in force, as its
// query writes them ("" or 0 when unset): the page's filter links are
// built from them.
type DoctorFilters struct {
	Free      string `json:"free"`
	Rating    string `json:"rating"`
	Gender    string `json:"gender"`
	Speaks    string `json:"speaks"`
	PriceFrom int    `json:"priceFrom"`
	PriceTo   int    `json:"priceTo"`
	// Online is "1" for doctors who see patients online too.
	Online string `json:"online"`
}

// readDoctorFilters reads ?free, ?rating, ?gender, ?speaks, ?price_from,
// ?price_to and ?online into f. A value it does not know is derrors.Invalid (a
// 400): a filter link never leads to a page that silently shows
// something else. Parameters a route does not declare never reach here
// (route.CanonicalQuery drops them, and the cache key with them).
func readDoctorFilters(q url.Values, f *DoctorFilter) (DoctorFilters, error) {
	out := DoctorFilters{Free: q.Get("free"), Rating: q.Get("rating"), Gender: q.Get("gender"), Speaks: q.Get("speaks"), Online: q.Get("online")}
	bad := func(name string) error { return fmt.Errorf("%s %q: %w", name, q.Get(name), derrors.Invalid) }
	switch out.Free {
	case "", FreeToday, FreeTomorrow, FreeWeek:
		f.Free = out.Free
	default:
		return out, bad("free")
	}
	switch out.Rating {
	case "":
	case "4":
		f.MinRating = fourStars
	default:
		return out, bad("rating")
	}
	switch out.Gender {
	case "", "m", "f":
		f.Gender = out.Gender
	default:
		return out, bad("gender")
	}
	switch out.Speaks {
	case "", "ru", "uz", "en":
		f.Speaks = out.Speaks
	default:
		return out, bad("speaks")
	}
	switch out.Online {
	case "":
	case "1":
		f.Online = true
	default:
		return out, bad("online")
	}
	var err error
	if out.PriceFrom, err = price(q.Get("price_from")); err != nil {
		return out, bad("price_from")
	}
	if out.PriceTo, err = price(q.Get("price_to")); err != nil {
		return out, bad("price_to")
	}
	if out.PriceTo != 0 && out.PriceFrom > out.PriceTo {
		return out, bad("price_to")
	}
	f.PriceFrom, f.PriceTo = out.PriceFrom, out.PriceTo
	return out, nil
}

// price reads a price bound: "" is 0 (open), else whole so'm from 1 to MaxPrice.
func price(raw string) (int, error) {
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > MaxPrice {
		return 0, derrors.Invalid
	}
	return n, nil
}

// count is how many filters are in force; a price range counts once.
func (d DoctorFilters) count() int {
	n := 0
	for _, set := range []bool{d.Free != "", d.Rating != "", d.Gender != "", d.Speaks != "", d.PriceFrom != 0 || d.PriceTo != 0, d.Online != ""} {
		if set {
			n++
		}
	}
	return n
}

// doctorListNoIndex says whether a doctor listing is kept out of search
// engines: another order of the same doctors (a sort), a window of free
// times (its doctors change by the minute), more than one filter, or a
// filtered page of fewer than MinIndexable doctors. One stable filter over
// enough doctors ("female gynaecologists in Tashkent") is a page people
// search for: it is indexed, its canonical itself.
func doctorListNoIndex(sort string, d DoctorFilters, total int) bool {
	n := d.count()
	return sort != SortPopular || d.Free != "" || n > 1 || (n == 1 && total < MinIndexable)
}
