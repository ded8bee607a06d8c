package catalog

import (
	"github.com/lib/pq"

	"sogliq/server/i18n"
)

// The page data carries the texts of the visitor's language only, picked
// once here by i18n.Pick; the store's types keep both languages for the
// sitemap, search and the tests. Each XText is X in one language, with the
// same JSON names less the Ru/Uz suffix (nameRu, nameUz become name).

// SpecialtyText is a Specialty in one language.
type SpecialtyText struct {
	ID           int64  `json:"id"`
	Slug         string `json:"slug"`
	Name         string `json:"name"`
	ChildrenName string `json:"childrenName"`
	Description  string `json:"description"`
	DoctorCount  int    `json:"doctorCount"`
}

// In returns s in lang.
func (s Specialty) In(lang string) SpecialtyText {
	return SpecialtyText{
		ID: s.ID, Slug: s.Slug, Name: s.Name(lang), ChildrenName: s.ChildrenName(lang),
		Description: s.Description(lang), DoctorCount: s.DoctorCount,
	}
}

// SpecialtyRefText is a SpecialtyRef in one language.
type SpecialtyRefText struct {
	ID           int64  `json:"id"`
	Slug         string `json:"slug"`
	Name         string `json:"name"`
	ChildrenName string `json:"childrenName"`
}

// In returns s in lang.
func (s SpecialtyRef) In(lang string) SpecialtyRefText {
	return SpecialtyRefText{ID: s.ID, Slug: s.Slug, Name: s.Name(lang), ChildrenName: i18n.Pick(lang, s.ChildrenNameRu, s.ChildrenNameUz)}
}

// ClinicRefText is a ClinicRef in one language.
type ClinicRefText struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	Address  string `json:"address"`
	District string `json:"district"`
	Phone    string `json:"phone"`
	Price    int    `json:"price"`
}

// In returns c in lang.
func (c ClinicRef) In(lang string) ClinicRefText {
	return ClinicRefText{
		ID: c.ID, Slug: c.Slug, Name: c.Name(lang), Address: c.Address(lang), District: c.District(lang),
		Phone: c.Phone, Price: c.Price,
	}
}

// DoctorCardText is a DoctorCard in one language.
type DoctorCardText struct {
	ID              int64              `json:"id"`
	Slug            string             `json:"slug"`
	Name            string             `json:"name"`
	Photo           string             `json:"photo"`
	ExperienceYears int                `json:"experienceYears"`
	Category        string             `json:"category"`
	Rating          float64            `json:"rating"`
	ReviewCount     int                `json:"reviewCount"`
	Specialties     []SpecialtyRefText `json:"specialties"`
	Clinics         []ClinicRefText    `json:"clinics"`
	MinPrice        int                `json:"minPrice"`
	// Online: the doctor offers an online (video) visit (the card's badge).
	Online bool `json:"online"`
	// Fragment is the card's kind for the renderer, which seals it into
	// the card's fragment key (ssr/props.go).
	Fragment string `json:"fragment"`
}

// In returns d in lang.
func (d DoctorCard) In(lang string) DoctorCardText {
	return DoctorCardText{
		ID: d.ID, Slug: d.Slug, Name: d.Name(lang), Photo: d.Photo, ExperienceYears: d.ExperienceYears,
		Category: d.Category(lang), Rating: d.Rating, ReviewCount: d.ReviewCount,
		Specialties: i18n.In(lang, d.Specialties, SpecialtyRef.In), Clinics: i18n.In(lang, d.Clinics, ClinicRef.In),
		MinPrice: d.MinPrice, Online: d.Online, Fragment: "doctor",
	}
}

// DoctorText is a Doctor in one language.
type DoctorText struct {
	DoctorCardText  `tstype:",extends"`
	Gender          string `json:"gender"`
	ExperienceSince int    `json:"experienceSince"`
	Degree          string `json:"degree"`
	Description     string `json:"description"`
	AcceptsChildren bool   `json:"acceptsChildren"`
	AcceptsAdults   bool   `json:"acceptsAdults"`
	RegionID        int64  `json:"regionId"`
}

// In returns d in lang.
func (d Doctor) In(lang string) DoctorText {
	return DoctorText{
		DoctorCardText: d.DoctorCard.In(lang), Gender: d.Gender, ExperienceSince: d.ExperienceSince,
		Degree: d.Degree(lang), Description: d.Description(lang),
		AcceptsChildren: d.AcceptsChildren, AcceptsAdults: d.AcceptsAdults, RegionID: d.RegionID,
	}
}

// ClinicCardText is a ClinicCard in one language.
type ClinicCardText struct {
	ID          int64   `json:"id"`
	Slug        string  `json:"slug"`
	Name        string  `json:"name"`
	Address     string  `json:"address"`
	Landmark    string  `json:"landmark"`
	District    string  `json:"district"`
	Phone       string  `json:"phone"`
	Rating      float64 `json:"rating"`
	ReviewCount int     `json:"reviewCount"`
	IsState     bool    `json:"isState"`
	TypeSlug    string  `json:"typeSlug"`
	Type        string  `json:"type"`
	PriceFrom   int     `json:"priceFrom"`
	PriceTo     int     `json:"priceTo"`
	// Logo names the clinic's logo (server/images), "" for none.
	Logo string `json:"logo"`
	// Fragment is the card's kind for the renderer, which seals it into
	// the card's fragment key (ssr/props.go).
	Fragment string `json:"fragment"`
}

// In returns c in lang.
func (c ClinicCard) In(lang string) ClinicCardText {
	return ClinicCardText{
		ID: c.ID, Slug: c.Slug,
		Name:     i18n.Pick(lang, c.NameRu, c.NameUz),
		Address:  i18n.Pick(lang, c.AddressRu, c.AddressUz),
		Landmark: i18n.Pick(lang, c.LandmarkRu, c.LandmarkUz),
		District: i18n.Pick(lang, c.DistrictRu, c.DistrictUz),
		Phone:    c.Phone, Rating: c.Rating, ReviewCount: c.ReviewCount, IsState: c.IsState,
		TypeSlug: c.TypeSlug, Type: i18n.Pick(lang, c.TypeRu, c.TypeUz),
		PriceFrom: c.PriceFrom, PriceTo: c.PriceTo, Logo: c.Logo, Fragment: "clinic",
	}
}

// ClinicText is a Clinic in one language.
type ClinicText struct {
	ClinicCardText `tstype:",extends"`
	RegionID       int64               `json:"regionId"`
	Region         string              `json:"region"`
	Description    string              `json:"description"`
	Latitude       float64             `json:"latitude"`
	Longitude      float64             `json:"longitude"`
	Phones         pq.StringArray      `json:"phones"`
	Photos         pq.StringArray      `json:"photos"`
	Website        string              `json:"website"`
	Hours          []Hours             `json:"hours"`
	OpenNow        bool                `json:"openNow"`
	RoundTheClock  bool                `json:"roundTheClock"`
	Profiles       []NamedText         `json:"profiles"`
	Branches       []ClinicCardText    `json:"branches"`
	Doctors        []DoctorCardText    `json:"doctors"`
	Prices         []PriceCategoryText `json:"prices"`
}

// In returns c in lang.
func (c Clinic) In(lang string) ClinicText {
	return ClinicText{
		ClinicCardText: c.ClinicCard.In(lang), RegionID: c.RegionID,
		Region:      i18n.Pick(lang, c.RegionRu, c.RegionUz),
		Description: i18n.Pick(lang, c.DescriptionRu, c.DescriptionUz),
		Latitude:    c.Latitude, Longitude: c.Longitude, Phones: c.Phones, Photos: c.Photos, Website: c.Website,
		Hours: c.Hours, OpenNow: c.OpenNow, RoundTheClock: c.RoundTheClock,
		Profiles: i18n.In(lang, c.Profiles, Named.In), Branches: i18n.In(lang, c.Branches, ClinicCard.In),
		Doctors: i18n.In(lang, c.Doctors, DoctorCard.In), Prices: i18n.In(lang, c.Prices, PriceCategory.In),
	}
}

// PriceText is a Price in one language.
type PriceText struct {
	Kind      string `json:"kind"`
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	PriceFrom int    `json:"priceFrom"`
	PriceTo   int    `json:"priceTo"`
}

// In returns p in lang.
func (p Price) In(lang string) PriceText {
	return PriceText{Kind: p.Kind, Slug: p.Slug, Name: i18n.Pick(lang, p.NameRu, p.NameUz), PriceFrom: p.PriceFrom, PriceTo: p.PriceTo}
}

// PriceCategoryText is a PriceCategory in one language.
type PriceCategoryText struct {
	Kind  string      `json:"kind"`
	Slug  string      `json:"slug"`
	Name  string      `json:"name"`
	Items []PriceText `json:"items"`
}

// In returns c in lang.
func (c PriceCategory) In(lang string) PriceCategoryText {
	return PriceCategoryText{Kind: c.Kind, Slug: c.Slug, Name: i18n.Pick(lang, c.NameRu, c.NameUz), Items: i18n.In(lang, c.Items, Price.In)}
}

// NamedText is a Named in one language.
type NamedText struct {
	ID    int64  `json:"id"`
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// In returns n in lang.
func (n Named) In(lang string) NamedText {
	return NamedText{ID: n.ID, Slug: n.Slug, Name: n.Name(lang), Count: n.Count}
}

// namedIn is Named.In for an optional Named.
func namedIn(lang string, n *Named) *NamedText {
	if n == nil {
		return nil
	}
	t := n.In(lang)
	return &t
}

// ServiceItemText is a ServiceItem in one language.
type ServiceItemText struct {
	ID          int64  `json:"id"`
	ParentID    int64  `json:"parentId"`
	Slug        string `json:"slug"`
	Name        string `json:"name"`
	ClinicCount int    `json:"clinicCount"`
	MinPrice    int    `json:"minPrice"`
}

// In returns it in lang.
func (it ServiceItem) In(lang string) ServiceItemText {
	return ServiceItemText{
		ID: it.ID, ParentID: it.ParentID, Slug: it.Slug, Name: i18n.Pick(lang, it.NameRu, it.NameUz),
		ClinicCount: it.ClinicCount, MinPrice: it.MinPrice,
	}
}

// ServiceCategoryText is a ServiceCategory in one language.
type ServiceCategoryText struct {
	ServiceItemText `tstype:",extends"`
	Items           []ServiceItemText `json:"items"`
}

// In returns c in lang.
func (c ServiceCategory) In(lang string) ServiceCategoryText {
	return ServiceCategoryText{ServiceItemText: c.ServiceItem.In(lang), Items: i18n.In(lang, c.Items, ServiceItem.In)}
}

// ServiceText is a Service in one language.
type ServiceText struct {
	ID              int64             `json:"id"`
	Kind            string            `json:"kind" tstype:"ServiceKind"`
	ParentID        int64             `json:"parentId"`
	Slug            string            `json:"slug"`
	Name            string            `json:"name"`
	Description     string            `json:"description"`
	Preparation     string            `json:"preparation"`
	TurnaroundHours int               `json:"turnaroundHours"`
	Parent          *ServiceItemText  `json:"parent" tstype:"ServiceItemText | null,required"`
	Children        []ServiceItemText `json:"children"`
}

// In returns s in lang.
func (s Service) In(lang string) ServiceText {
	t := ServiceText{
		ID: s.ID, Kind: s.Kind, ParentID: s.ParentID, Slug: s.Slug,
		Name:            i18n.Pick(lang, s.NameRu, s.NameUz),
		Description:     i18n.Pick(lang, s.DescriptionRu, s.DescriptionUz),
		Preparation:     i18n.Pick(lang, s.PreparationRu, s.PreparationUz),
		TurnaroundHours: s.TurnaroundHours,
		Children:        i18n.In(lang, s.Children, ServiceItem.In),
	}
	if s.Parent != nil {
		p := s.Parent.In(lang)
		t.Parent = &p
	}
	return t
}
