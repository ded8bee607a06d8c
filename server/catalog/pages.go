package catalog

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// homeSpecialties is how many specialties the home page shows.
// Pages returns the loaders of the doctors slice, by route name
// (shared/routes.json). perPage is the listing page size.
// now is the clock of the free-time filters.
func Pages(s *Store, perPage int, now func() time.Time) page.Loaders {
	return page.Loaders{
		"doctors":                     s.loadSpecialties,
		"specialty":                   s.doctorList(perPage, false, now),
		"specialty-children":          s.doctorList(perPage, true, now),
		"specialty-district":          s.doctorList(perPage, false, now),
		"specialty-children-district": s.doctorList(perPage, true, now),
		"doctor":                      s.loadDoctor,
	}
}

// SpecialtiesPage is the data of /doctors: every specialty of the region.
type SpecialtiesPage struct {
	Specialties []Specialty `json:"specialties"`
}

// DoctorListPage is the data of /doctors/{specialty} and its children's
// form: one page of the specialty's doctors in the region, or in one of
// its districts (/doctors/{specialty}/{district}).
type DoctorListPage struct {
	Specialty Specialty `json:"specialty"`
	Children  bool      `json:"children"`
	// District is the district of a district page, null on the region's.
	District *Named `json:"district" tstype:"Named | null,required"`
	// Districts are the region's districts, each a page of its own.
	Districts []Named      `json:"districts"`
	Doctors   []DoctorCard `json:"doctors"`
	Total     int          `json:"total"`
	Page      int          `json:"page"`
	PerPage   int          `json:"perPage"`
	// Sort is the order in force: SortPopular (the default), SortRating
	// or SortEarliest.
	Sort string `json:"sort"`
	// Filters are the filters in force.
	Filters DoctorFilters `json:"filters"`
}

// DoctorProfilePage is the data of /doctor/{slug}.
type DoctorProfilePage struct {
	Doctor Doctor `json:"doctor"`
	// Reviews are the newest published reviews, of verified visits.
	Reviews []DoctorReview `json:"reviews"`
}

func (s *Store) loadSpecialties(ctx context.Context, req page.Request) (page.Result, error) {
	specialties, err := s.Specialties(ctx, req.Region.ID, req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: SpecialtiesPage{Specialties: specialties}, Tags: []string{"specialties"}}, nil
}

// doctorList loads /doctors/{specialty} and, with children, its /deti form;
// with a {district} segment, the doctors of that district's clinics.
func (s *Store) doctorList(perPage int, children bool, now func() time.Time) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		pageNo, err := pageNumber(req.Query.Get("page"))
		if err != nil {
			return page.Result{}, err
		}
		specialty, err := s.heldSpecialty(ctx, req.Params["specialty"], req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		district, err := s.listDistrict(ctx, req, children)
		if err != nil {
			return page.Result{}, err
		}
		districts, err := s.heldDistricts(ctx, req.Region.ID, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		sort := cmp.Or(req.Query.Get("sort"), SortPopular)
		filter := DoctorFilter{SpecialtyID: specialty.ID, RegionID: req.Region.ID, Children: children, Page: pageNo, PerPage: perPage, Sort: sort, Now: now(), Lang: req.Lang}
		filters, err := readDoctorFilters(req.Query, &filter)
		if err != nil {
			return page.Result{}, err
		}
		if district != nil {
			filter.DistrictID = district.ID
		}
		doctors, err := s.DoctorsBySpecialty(ctx, filter)
		if err != nil {
			return page.Result{}, err
		}
		if pageNo > 1 && len(doctors.Doctors) == 0 {
			return page.Result{}, fmt.Errorf("page %d of %s: %w", pageNo, specialty.Slug, derrors.NotFound)
		}
		tags := []string{"specialty:" + specialty.Slug}
		for _, d := range doctors.Doctors {
			tags = append(tags, "doctor:"+strconv.FormatInt(d.ID, 10))
		}
		return page.Result{
			Data: DoctorListPage{
				Specialty: specialty, Children: children, District: district, Districts: districts, Doctors: doctors.Doctors,
				Total: doctors.Total, Page: doctors.Page, PerPage: doctors.PerPage, Sort: sort, Filters: filters,
			},
			Tags:    tags,
			NoIndex: doctorListNoIndex(sort, filters, doctors.Total),
		}, nil
	}
}

// listDistrict is the district a doctors listing is narrowed to: its
// {district} segment (unknown in the region: not found), nil without one.
// A ?district= filter names the same page as the segment: it is sent
// there (301), so each listing has one address.
func (s *Store) listDistrict(ctx context.Context, req page.Request, children bool) (*Named, error) {
	slug, inPath := req.Params["district"]
	if !inPath {
		slug = req.Query.Get("district")
	}
	if slug == "" {
		return nil, nil
	}
	d, err := s.DistrictBySlug(ctx, req.Region.ID, slug, req.Lang)
	if err != nil {
		return nil, err
	}
	if !inPath {
		to := "specialty-district"
		if children {
			to = "specialty-children-district"
		}
		query := url.Values{}
		for k, v := range req.Query {
			if k != "district" && k != "page" {
				query[k] = v
			}
		}
		return nil, &page.Redirect{Route: to, Params: map[string]string{"specialty": req.Params["specialty"], "district": d.Slug}, Query: query}
	}
	return &d, nil
}

func (s *Store) loadDoctor(ctx context.Context, req page.Request) (page.Result, error) {
	d, err := s.DoctorBySlug(ctx, req.Params["slug"], req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	reviews, err := s.DoctorReviews(ctx, d.ID, req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: DoctorProfilePage{Doctor: d, Reviews: reviews}, Tags: []string{"doctor:" + strconv.FormatInt(d.ID, 10)}}, nil
}

// pageNumber reads the ?page parameter: absent is 1, anything but a
// positive integer is invalid.
func pageNumber(raw string) (int, error) {
	if raw == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > 100000 {
		return 0, fmt.Errorf("page %q: %w", raw, derrors.Invalid)
	}
	return n, nil
}
