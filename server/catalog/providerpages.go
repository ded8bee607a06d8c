package catalog

import (
	"context"
	"fmt"
	"time"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// Ownership slugs of /kliniki/tip/{ownership}: the second classification
// of clinics, state or private, beside the types of /kliniki/tip-{type}.
const (
	OwnershipState   = "gosudarstvennye"
	OwnershipPrivate = "chastnye"
)

// ClinicTabs are the tabs of /klinika/{slug}/{tab}: doctors, prices,
// reviews, contacts.
var ClinicTabs = []string{"vrachi", "tseny", "otzyvy", "kontakty"}

// overviewDoctors is how many doctors a clinic card shows before its doctors tab.
const overviewDoctors = 5

// ProviderPages returns the loaders of the clinics, diagnostics, services
// and analyses pages, by route name. perPage is the listing page size, now
// the clock "open now" is read from.
func ProviderPages(s *Store, perPage int, now func() time.Time) page.Loaders {
	p := providerPages{s: s, perPage: perPage, now: now}
	return page.Loaders{
		"clinics":                  p.clinicIndex,
		"clinics-all":              p.clinics("all"),
		"clinics-type":             p.clinics("type"),
		"clinics-ownership":        p.clinics("ownership"),
		"clinics-district":         p.clinics("district"),
		"clinics-profile":          p.clinics("profile"),
		"clinics-profile-district": p.clinics("profile"),
		"clinic":                   p.clinic,
		"clinic-tab":               p.clinic,
		"diagnostics":              p.serviceIndex(KindDiagnostic),
		"diagnostic":               p.serviceClinics(KindDiagnostic),
		"diagnostic-district":      p.serviceClinics(KindDiagnostic),
		"services":                 p.serviceIndex(KindService),
		"service":                  p.serviceClinics(KindService),
		"service-district":         p.serviceClinics(KindService),
		"analyses":                 p.serviceIndex(KindAnalysis),
		"analysis":                 p.serviceClinics(KindAnalysis),
	}
}

// ClinicIndexPage is the data of /kliniki: the specialisations and the
// types of clinics of the region.
type ClinicIndexPage struct {
	Profiles []Named `json:"profiles"`
	Types    []Named `json:"types"`
}

// ClinicListPage is the data of a clinic listing (/kliniki/...). By says
// what the path selects; Subject is the type, ownership, district or
// specialisation it names (nil for all clinics); District is the path's
// district under a specialisation.
type ClinicListPage struct {
	ClinicListing `tstype:",extends"`
	By            string `json:"by" tstype:"'all' | 'type' | 'ownership' | 'district' | 'profile'"`
	Subject       *Named `json:"subject" tstype:"Named | null,required"`
	District      *Named `json:"district" tstype:"Named | null,required"`
}

// ClinicProfilePage is the data of /klinika/{slug} and its tabs. Tab is ""
// on the overview, which lists the first overviewDoctors doctors of
// DoctorCount.
type ClinicProfilePage struct {
	Clinic      Clinic   `json:"clinic"`
	Tab         string   `json:"tab"`
	Tabs        []string `json:"tabs"`
	DoctorCount int      `json:"doctorCount"`
}

// ServiceIndexPage is the data of /uslugi, /diagnostika and /uslugi/analizy:
// the tree of one kind of service.
type ServiceIndexPage struct {
	Kind       string            `json:"kind" tstype:"ServiceKind"`
	Categories []ServiceCategory `json:"categories"`
}

// ServiceClinicsPage is the data of a service, diagnostic or analysis page:
// the service and the clinics of the region pricing it, optionally in the
// path's district.
type ServiceClinicsPage struct {
	ClinicListing `tstype:",extends"`
	Kind          string  `json:"kind" tstype:"ServiceKind"`
	Service       Service `json:"service"`
	District      *Named  `json:"district" tstype:"Named | null,required"`
}

type providerPages struct {
	s       *Store
	perPage int
	now     func() time.Time
}

func (p providerPages) clinicIndex(ctx context.Context, req page.Request) (page.Result, error) {
	profiles, err := p.s.ClinicProfiles(ctx, req.Region.ID, req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	types, err := p.s.ClinicTypes(ctx, req.Region.ID, req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: ClinicIndexPage{Profiles: profiles, Types: types}, Tags: []string{"clinics"}}, nil
}

// clinics loads a clinic listing; by says what the path selects: all,
// a type, an ownership, a district or a specialisation (with an optional
// district).
func (p providerPages) clinics(by string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		l, err := p.s.readListing(ctx, req, p.perPage, p.now())
		if err != nil {
			return page.Result{}, err
		}
		subject, err := p.subject(ctx, req, by, &l.filter)
		if err != nil {
			return page.Result{}, err
		}
		district, err := p.pathDistrict(ctx, req, &l.filter)
		if err != nil {
			return page.Result{}, err
		}
		list, err := p.s.run(ctx, l)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{
			Data:    ClinicListPage{ClinicListing: l.data(list), By: by, Subject: subject, District: district},
			Tags:    clinicTags([]string{"clinics"}, list.Clinics),
			NoIndex: l.filtered,
		}, nil
	}
}

// subject resolves what the path names into the filter; unknown is NotFound.
func (p providerPages) subject(ctx context.Context, req page.Request, by string, f *ClinicFilter) (*Named, error) {
	var n Named
	var err error
	switch by {
	case "all":
		return nil, nil
	case "type":
		n, err = p.s.ClinicTypeBySlug(ctx, req.Params["type"], req.Lang)
		f.TypeID = n.ID
	case "profile":
		n, err = p.s.ClinicProfileBySlug(ctx, req.Params["profile"], req.Lang)
		f.ProfileID = n.ID
	case "district":
		n, err = p.s.DistrictBySlug(ctx, req.Region.ID, req.Params["district"], req.Lang)
		f.DistrictID = n.ID
	case "ownership":
		state := req.Params["ownership"] == OwnershipState
		if !state && req.Params["ownership"] != OwnershipPrivate {
			// A type written the other way: /kliniki/tip/roddoma is /kliniki/tip-roddoma.
			if _, err := p.s.ClinicTypeBySlug(ctx, req.Params["ownership"], req.Lang); err != nil {
				return nil, err
			}
			return nil, &page.Redirect{Route: "clinics-type", Params: map[string]string{"type": req.Params["ownership"]}, Query: req.Query}
		}
		f.State = &state
		n = Named{Slug: req.Params["ownership"]}
	}
	if err != nil {
		return nil, err
	}
	return &n, nil
}

// pathDistrict resolves a {district} path segment of a specialisation or
// service listing; nil when the route has none.
func (p providerPages) pathDistrict(ctx context.Context, req page.Request, f *ClinicFilter) (*Named, error) {
	slug, ok := req.Params["district"]
	if !ok || req.Route == "clinics-district" {
		return nil, nil
	}
	d, err := p.s.DistrictBySlug(ctx, req.Region.ID, slug, req.Lang)
	if err != nil {
		return nil, err
	}
	f.DistrictID = d.ID
	return &d, nil
}

func (p providerPages) clinic(ctx context.Context, req page.Request) (page.Result, error) {
	tab := req.Params["tab"]
	if tab != "" && !contains(ClinicTabs, tab) {
		return page.Result{}, fmt.Errorf("clinic tab %q: %w", tab, derrors.NotFound)
	}
	c, err := p.s.ClinicBySlug(ctx, req.Params["slug"], req.Lang, p.now())
	if err != nil {
		return page.Result{}, err
	}
	tags := []string{fmt.Sprintf("clinic:%d", c.ID)}
	for _, d := range c.Doctors {
		tags = append(tags, fmt.Sprintf("doctor:%d", d.ID))
	}
	// The overview shows the first doctors; the doctors tab shows them all.
	doctorCount := len(c.Doctors)
	if tab == "" && doctorCount > overviewDoctors {
		c.Doctors = c.Doctors[:overviewDoctors]
	}
	return page.Result{
		Data: ClinicProfilePage{Clinic: c, Tab: tab, Tabs: ClinicTabs, DoctorCount: doctorCount},
		Tags: tags,
	}, nil
}

func (p providerPages) serviceIndex(kind string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		tree, err := p.s.ServiceTree(ctx, kind, req.Region.ID, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: ServiceIndexPage{Kind: kind, Categories: tree}, Tags: []string{"services:" + kind}}, nil
	}
}

// serviceClinics loads a service, diagnostic or analysis page: the entity
// and the clinics of the region pricing it.
func (p providerPages) serviceClinics(kind string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		l, err := p.s.readListing(ctx, req, p.perPage, p.now())
		if err != nil {
			return page.Result{}, err
		}
		sv, err := p.s.ServiceBySlug(ctx, kind, req.Params["slug"], req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		l.filter.ServiceID = sv.ID
		district, err := p.pathDistrict(ctx, req, &l.filter)
		if err != nil {
			return page.Result{}, err
		}
		list, err := p.s.run(ctx, l)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{
			Data:    ServiceClinicsPage{ClinicListing: l.data(list), Kind: kind, Service: sv, District: district},
			Tags:    clinicTags([]string{fmt.Sprintf("service:%d", sv.ID)}, list.Clinics),
			NoIndex: l.filtered,
		}, nil
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}
