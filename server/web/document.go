package web

import (
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/ssr"
)

// DocumentProps are the props of client/Document.tsx. Their TypeScript type
// is generated into client/gen/web.ts (make generate); client/types.ts
// narrows Data per page.
type DocumentProps struct {
	Page   string            `json:"page"`
	Layout string            `json:"layout"`
	Lang   string            `json:"lang" tstype:"Lang"`
	Region PageRegion        `json:"region"`
	Route  string            `json:"route"`
	Params map[string]string `json:"params"`
	URL    PageURLs          `json:"url"`
	// NoIndex asks robots not to index the page (filtered listings).
	NoIndex bool `json:"noindex,omitempty"`
	// Preview marks an editor's preview of a draft: the layout shows a
	// banner saying so.
	Preview bool         `json:"preview,omitempty"`
	Assets  ssr.Manifest `json:"assets"`
	Year    int          `json:"year"`
	Data    any          `json:"data" tstype:"unknown"`
	// Regions are the region picker's choices, each with this page's path
	// in that region (absent on error pages, whose layout has no picker).
	Regions []RegionChoice `json:"regions,omitempty"`
	// PageType and PageID classify the page for the page-view sender
	// (analytics.Classify, client/lib/pageType.ts).
	PageType string `json:"pageType"`
	PageID   string `json:"pageId"`
	// Counters are the third-party analytics the page loads.
	Counters Counters `json:"counters"`
	// AddClinicURL is the header's "add a clinic" link; empty means
	// shared/limits.json's addClinicUrl.
	AddClinicURL string `json:"addClinicUrl,omitempty"`
	// Telegram is the site's Telegram bot, absent when it has none: then
	// no page shows anything of Telegram.
	Telegram *TelegramBot `json:"telegram,omitempty"`
}

// TelegramBot is what pages show of the bot: its username (t.me links)
// and its numeric id (the login's oauth.telegram.org link). Neither is
// secret; the token is never here.
type TelegramBot struct {
	Username string `json:"username"`
	ID       string `json:"id"`
}

// Counters are the ids of the third-party analytics (Google Analytics 4,
// Yandex Metrica); an empty id loads nothing.
type Counters struct {
	GA4    string `json:"ga4,omitempty"`
	Yandex string `json:"yandex,omitempty"`
}

// PageRegion is the visitor's region as a page shows it: its name in the
// page's language.
type PageRegion struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// pageRegion is r as a page in lang shows it.
func pageRegion(r region.Region, lang string) PageRegion {
	return PageRegion{ID: r.ID, Slug: r.Slug, Code: r.Code, Name: r.Name(lang)}
}

// RegionChoice is one region of the picker, named in the page's language.
type RegionChoice struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	// Path is where picking the region goes from the current page.
	Path string `json:"path"`
}

// regionChoices are the regions with the current page's path in each,
// built from the route table (route.Table.InRegion) so the picker needs no
// routing of its own.
func (s *Server) regionChoices(pr *pageRequest) ([]RegionChoice, error) {
	out := make([]RegionChoice, len(s.Regions))
	for i, r := range s.Regions {
		place := route.Place{Lang: pr.loc.Lang, Region: r.Slug}
		path, err := s.Routes.InRegion(pr.match.Route, pr.match.Params, pr.canonical, place)
		if err != nil {
			return nil, err
		}
		out[i] = RegionChoice{Slug: r.Slug, Name: r.Name(pr.loc.Lang), Path: path}
	}
	return out, nil
}

// PageURLs are a page's canonical URL and its URLs in each language.
type PageURLs struct {
	// Origin is the site's origin, e.g. https://sogliq.uz.
	Origin string `json:"origin"`
	// Canonical is the absolute canonical URL of this page; empty (and
	// Alternates with it) on an error page, whose head then names none.
	Canonical  string     `json:"canonical"`
	Alternates Alternates `json:"alternates"`
	// Paths are the page's path in each language, for the language switcher.
	Paths LangPaths `json:"paths"`
}

// Alternates are the absolute URLs of a page in each language; XDefault
// is the Russian one.
type Alternates struct {
	RU       string `json:"ru"`
	UZ       string `json:"uz"`
	XDefault string `json:"xDefault"`
}

// LangPaths are the paths of a page in each language.
type LangPaths struct {
	RU string `json:"ru"`
	UZ string `json:"uz"`
}

// pageURLs builds the canonical URL and the language alternates of a page
// from the route and its parameters, never from the raw request path, so
// every spelling of a page names the same canonical URL.
func (s *Server) pageURLs(pr *pageRequest) (PageURLs, error) {
	r := pr.match.Route
	path, err := r.Path(pr.match.Params)
	if err != nil {
		return PageURLs{}, err
	}
	query := route.EncodeQuery(pr.canonical)
	return s.urlsIn(pr.loc.Lang, func(lang string) string {
		return route.Join(route.Prefix(route.Place{Lang: lang, Region: pr.region.Slug}, r.Region), path) + query
	}), nil
}

// errorURLs are the URLs of an error page: no canonical and no alternates
// (the URL asked names no page, and a 10 KB path would be repeated in each),
// the home page of each language for the switcher.
func (s *Server) errorURLs() PageURLs {
	return PageURLs{Origin: s.PublicURL, Paths: LangPaths{RU: "/", UZ: "/uz"}}
}

// urlsIn fills PageURLs from the page's path in each language; own is the
// visitor's language, Russian is the x-default.
func (s *Server) urlsIn(own string, pathIn func(lang string) string) PageURLs {
	ru, uz := pathIn("ru"), pathIn("uz")
	canonical := ru
	if own == "uz" {
		canonical = uz
	}
	return PageURLs{
		Origin:     s.PublicURL,
		Canonical:  s.PublicURL + canonical,
		Alternates: Alternates{RU: s.PublicURL + ru, UZ: s.PublicURL + uz, XDefault: s.PublicURL + ru},
		Paths:      LangPaths{RU: ru, UZ: uz},
	}
}
