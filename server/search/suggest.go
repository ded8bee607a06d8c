package search

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/images"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/shared"
)

// MaxSuggestions is the length of a suggestion list (SPEC §9,
// limits.json's suggestMax).
var MaxSuggestions = shared.MustReadLimits().SuggestMax

// CacheTag is the tag every cached suggestion list carries: purging it
// (after Reindex) drops them all.
const CacheTag = "search"

// Href is the link target of an entity (SPEC §2): clinics and doctors
// never carry a region prefix, the others do when the region is not the
// default one; Uzbek pages start with /uz. Medicines take no prefix either,
// unlike SPEC §2's letter: /product/{slug} is the same page everywhere
// (routes.json), and a region-prefixed one is a 404.
func Href(lang, regionSlug, typ, slug string) string {
	var path string
	switch typ {
	case TypeSpecialty:
		path = "/doctors/" + slug
	case TypeClinic:
		path = "/klinika/" + slug
	case TypeDoctor:
		path = "/doctor/" + slug
	case TypeService:
		path = "/uslugi/" + slug
	case TypeAnalysis:
		path = "/uslugi/analizy/" + slug
	case TypeDiagnostics:
		path = "/diagnostika/" + slug
	case TypeDrug:
		path = "/product/" + slug
	case TypeSymptom:
		path = "/simptom/" + slug
	case TypeDisease:
		path = "/bolezn/" + slug
	case TypeEmergency:
		return "tel:" + EmergencyNumber
	}
	if typ != TypeClinic && typ != TypeDoctor && typ != TypeDrug && regionSlug != "" && regionSlug != route.DefaultRegion {
		path = "/" + regionSlug + path
	}
	if lang == "uz" {
		path = "/uz" + path
	}
	return path
}

// thumbnail is the absolute URL of an image's suggestion thumbnail at 1x
// and its srcset, "" for none (image is its hash, server/images).
func thumbnail(publicURL, image string) (src, srcSet string) {
	if !images.ValidHash(image) {
		return "", ""
	}
	origin := strings.TrimRight(publicURL, "/")
	src = origin + images.URL(image, images.Thumb, 1)
	return src, src + " 1x, " + origin + images.URL(image, images.Thumb, 2) + " 2x"
}

// Suggestions turns hits into the API's items.
func Suggestions(hits []Hit, lang, regionSlug, publicURL string) []Suggestion {
	out := make([]Suggestion, 0, len(hits))
	for _, h := range hits {
		src, srcSet := thumbnail(publicURL, h.Image)
		out = append(out, Suggestion{
			ID: h.ID, Type: h.Type, Slug: h.Slug, Name: h.Name(lang),
			Image: src, ImageSrcSet: srcSet, Description: h.Description(lang),
			URL: Href(lang, regionSlug, h.Type, h.Slug),
		})
	}
	return out
}

// GroupOf is the suggestion group of an entity type.
func GroupOf(typ string) string {
	switch typ {
	case TypeEmergency:
		return GroupEmergency
	case TypeSpecialty:
		return GroupSpecialties
	case TypeService, TypeAnalysis, TypeDiagnostics:
		return GroupServices
	case TypeDoctor:
		return GroupDoctors
	case TypeClinic:
		return GroupClinics
	case TypeDrug:
		return GroupMedicines
	}
	return GroupConditions
}

// Grouped puts a ranked list under its headings: each group in the order
// of its best item, its items in their order.
func Grouped(list []Suggestion) SuggestList {
	out := SuggestList{Data: make([]Suggestion, 0, len(list)), Groups: []SuggestGroup{}}
	at := map[string]int{}
	for _, s := range list {
		g := GroupOf(s.Type)
		i, ok := at[g]
		if !ok {
			i = len(out.Groups)
			at[g] = i
			out.Groups = append(out.Groups, SuggestGroup{Group: g})
		}
		out.Groups[i].Items = append(out.Groups[i].Items, s)
	}
	for _, g := range out.Groups {
		out.Data = append(out.Data, g.Items...)
	}
	return out
}

// EmergencyNumber is Uzbekistan's ambulance number, shown first when a
// query reads as an emergency.
const EmergencyNumber = "103"

// emergency is the suggestion that leads the list of an emergency query.
func emergency(dict api.Translator, lang string) Suggestion {
	return Suggestion{Type: TypeEmergency, Slug: EmergencyNumber, Name: dict.T(lang, "search.emergency", "number", EmergencyNumber),
		Description: dict.T(lang, "search.emergencyHint"), URL: Href(lang, "", TypeEmergency, "")}
}

// Handler serves GET /api/suggest.
type Handler struct {
	Store     *Store
	Cache     *cache.Cache // suggestion lists; its own instance, not the page cache's LRU
	Regions   []region.Region
	Dict      api.Translator
	PublicURL string
}

// Register adds GET /api/suggest.
func (h *Handler) Register(r fiber.Router) {
	r.Get("/api/suggest", h.suggest)
}

// suggest is GET /api/suggest?q=&lang=&region=: a SuggestList with at most
// MaxSuggestions items; 404 with an empty list when nothing matches or the
// query is too short to search (SPEC §5, §7); 400 for a region or query it
// cannot take; 503 with Retry-After when every search slot is taken.
func (h *Handler) suggest(c *fiber.Ctx) error {
	// A literal, not the request's bytes: the list may load in a goroutine
	// that outlives the handler (Fiber reuses request memory).
	lang := api.Lang(c)
	q := c.Query("q")
	ok, err := Check(q)
	if err != nil {
		return &api.Error{Status: fiber.StatusBadRequest, Key: "api.longQuery", Vars: []string{"max", fmt.Sprint(MaxQuery)}, Cause: err}
	}
	reg, found := h.region(c.Query("region"))
	if !found {
		return api.Fail(fiber.StatusBadRequest, "api.badRegion")
	}
	keys := QueryKeys(q)
	if !ok || len(keys) == 0 {
		c.Set(fiber.HeaderCacheControl, "public, max-age=60")
		return c.Status(fiber.StatusNotFound).JSON(SuggestList{Data: []Suggestion{}, Groups: []SuggestGroup{}})
	}
	body, err := h.list(c.UserContext(), q, keys, lang, reg)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=60")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	if string(body) == emptyList {
		c.Status(fiber.StatusNotFound)
	}
	return c.Send(body)
}

const emptyList = `{"data":[],"groups":[]}`

// region finds the region of a slug; "" is none (no preference).
func (h *Handler) region(slug string) (region.Region, bool) {
	if slug == "" {
		return region.Region{}, true
	}
	for _, r := range h.Regions {
		if r.Slug == slug {
			return r, true
		}
	}
	return region.Region{}, false
}

// CacheKey is the cache key of the suggestion list of keys (QueryKeys) in
// lang and the region of regionSlug ("" for none). "suggest2": lists
// cached before they had groups are never read.
func CacheKey(keys []string, lang, regionSlug string) string {
	return "suggest2|" + lang + "|" + regionSlug + "|" + strings.Join(keys, "|")
}

// list returns the JSON body of the suggestions for keys, cached per
// normalised query, language and region. An empty list is cached too (as a
// 200 entry; the handler answers it with 404).
func (h *Handler) list(ctx context.Context, q string, keys []string, lang string, reg region.Region) ([]byte, error) {
	key := CacheKey(keys, lang, reg.Slug)
	load := func(ctx context.Context) (*cache.Entry, error) {
		ans, err := h.Store.Understand(ctx, q, reg.ID, MaxSuggestions)
		if err != nil {
			return nil, err
		}
		list := Suggestions(ans.Hits, lang, reg.Slug, h.PublicURL)
		if ans.Emergency {
			list = append([]Suggestion{emergency(h.Dict, lang)}, list...)
			list = list[:min(len(list), MaxSuggestions)]
		}
		body, err := json.Marshal(Grouped(list))
		if err != nil {
			return nil, err
		}
		return cache.NewEntry(fiber.StatusOK, nil, body, []string{CacheTag}, time.Now()), nil
	}
	if h.Cache == nil {
		e, err := load(ctx)
		if err != nil {
			return nil, err
		}
		return e.Body, nil
	}
	e, _, err := h.Cache.Fetch(ctx, utils.CopyString(key), load)
	if err != nil {
		return nil, err
	}
	return e.Body, nil
}
