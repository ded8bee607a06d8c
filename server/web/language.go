package web

import (
	"context"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/route"
)

// langCookie is the cookie the language switcher writes (365 days).
const langCookie = "lang"

// regionCookie is the cookie the region picker and prompt write
// (client/lib/regionChoice.ts): the visitor's chosen region slug.
const regionCookie = "region"

// preferredLanguage sends a visitor who arrives at the bare root "/" to
// /uz when the language cookie says so, or, without a cookie, when the
// browser prefers Uzbek to Russian; and a visitor who arrives at "/" or
// "/uz" with a stored region other than the default one (the region cookie
// the picker writes) to that region's home, in one hop. Only the two roots
// are steered, privately: every other URL is one page in one language and
// one region, cacheable by anyone.
func preferredLanguage(ctx context.Context, s *Server, pr *pageRequest) error {
	if pr.path != "/" && pr.path != "/uz" {
		return nil
	}
	lang := "uz"
	if pr.path == "/" {
		lang = pr.cookieLang
		if lang != "ru" && lang != "uz" {
			lang = bestLanguage(pr.acceptLanguage)
		}
	}
	place := route.Place{Lang: lang}
	if r, ok := s.regionBySlug[pr.cookieRegion]; ok && r.Slug != s.defaultRegion.Slug {
		place.Region = r.Slug
	}
	to := route.Join(route.Prefix(place, true), "/")
	if to == pr.path {
		return nil
	}
	return &redirect{status: fiber.StatusFound, to: to + withQuery(pr.query), private: true}
}

// bestLanguage picks ru or uz from an Accept-Language header by quality;
// on a tie the earlier one wins, and Russian when neither is named.
func bestLanguage(header string) string {
	best, bestQ := "ru", -1.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if primary != "ru" && primary != "uz" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			parsed, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		if q > bestQ {
			best, bestQ = primary, q
		}
	}
	if bestQ <= 0 {
		return "ru"
	}
	return best
}
