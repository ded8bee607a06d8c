package web

import (
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/ssr"
)

// documentProps are the props of client/Document.tsx; the TypeScript side is
// RenderProps in client/types.ts. Keep the two in step.
type documentProps struct {
	Page    string            `json:"page"`
	Layout  string            `json:"layout"`
	Lang    string            `json:"lang"`
	Region  region.Region     `json:"region"`
	Route   string            `json:"route"`
	Params  map[string]string `json:"params"`
	URL     pageURLs          `json:"url"`
	NoIndex bool              `json:"noindex,omitempty"`
	Assets  ssr.Manifest      `json:"assets"`
	Year    int               `json:"year"`
	Data    any               `json:"data"`
	// Regions are the region picker's choices, each with this page's path
	// in that region (absent on error pages, whose layout has no picker).
	Regions []regionChoice `json:"regions,omitempty"`
}

// regionChoice is one region of the picker: RegionChoice in client/types.ts.
type regionChoice struct {
	Slug   string `json:"slug"`
	NameRu string `json:"nameRu"`
	NameUz string `json:"nameUz"`
	// Path is where picking the region goes from the current page.
	Path string `json:"path"`
}

// regionChoices are the regions with the current page's path in each,
// built from the route table (route.Table.InRegion) so the picker needs no
// routing of its own.
func (s *Server) regionChoices(pr *pageRequest) ([]regionChoice, error) {
	out := make([]regionChoice, len(s.Regions))
	for i, r := range s.Regions {
		place := route.Place{Lang: pr.loc.Lang, Region: r.Slug}
		path, err := s.Routes.InRegion(pr.match.Route, pr.match.Params, pr.canonical, place)
		if err != nil {
			return nil, err
		}
		out[i] = regionChoice{Slug: r.Slug, NameRu: r.NameRu, NameUz: r.NameUz, Path: path}
	}
	return out, nil
}

type pageURLs struct {
	Origin     string     `json:"origin"`
	Canonical  string     `json:"canonical"`
	Alternates alternates `json:"alternates"`
	Paths      langPaths  `json:"paths"`
}

type alternates struct {
	RU       string `json:"ru"`
	UZ       string `json:"uz"`
	XDefault string `json:"xDefault"`
}

type langPaths struct {
	RU string `json:"ru"`
	UZ string `json:"uz"`
}

// pageURLs builds the canonical URL and the language alternates of a page
// from the route and its parameters, never from the raw request path, so
// every spelling of a page names the same canonical URL.
func (s *Server) pageURLs(pr *pageRequest) (pageURLs, error) {
	r := pr.match.Route
	path, err := r.Path(pr.match.Params)
	if err != nil {
		return pageURLs{}, err
	}
	query := route.EncodeQuery(pr.canonical)
	return s.urlsIn(pr.loc.Lang, func(lang string) string {
		return route.Join(route.Prefix(route.Place{Lang: lang, Region: pr.region.Slug}, r.Region), path) + query
	}), nil
}

// errorURLs are the URLs of an error page: the path as asked, in each language.
func (s *Server) errorURLs(pr *pageRequest) pageURLs {
	return s.urlsIn(pr.loc.Lang, func(lang string) string {
		return route.Join(route.Prefix(route.Place{Lang: lang, Region: pr.loc.Region}, true), pr.loc.Rest)
	})
}

// urlsIn fills pageURLs from the page's path in each language; own is the
// visitor's language, Russian is the x-default.
func (s *Server) urlsIn(own string, pathIn func(lang string) string) pageURLs {
	ru, uz := pathIn("ru"), pathIn("uz")
	canonical := ru
	if own == "uz" {
		canonical = uz
	}
	return pageURLs{
		Origin:     s.PublicURL,
		Canonical:  s.PublicURL + canonical,
		Alternates: alternates{RU: s.PublicURL + ru, UZ: s.PublicURL + uz, XDefault: s.PublicURL + ru},
		Paths:      langPaths{RU: ru, UZ: uz},
	}
}
