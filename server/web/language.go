package web

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/route"
)

// langCookie keeps the visitor's language choice (SPEC §3: 365 days); the
// server writes it when the switcher's link is followed (rememberLanguage).
const langCookie = "lang"

// langParam is the query parameter of the language switcher's links: the
// page in the other language, with ?lang= naming that language.
const langParam = "lang"

// rememberLanguage stores the language a visitor picks with the switcher.
// Its links lead to the page in the chosen language with ?lang= naming it:
// the server sets the language cookie for 365 days and answers with a
// private redirect to the page without the parameter. The choice is stored
// by the tap itself, whatever the timing and without JavaScript (the
// switcher's script wrote it only once loaded), and the page the redirect
// leads to is the one every visitor shares in the cache. A ?lang= that
// does not name the page's language stores nothing.
func rememberLanguage(ctx context.Context, s *Server, pr *pageRequest) error {
	if !strings.Contains(pr.query, langParam+"=") {
		return nil
	}
	var chosen string
	kept := make([]string, 0, 4)
	found := false
	for _, part := range strings.Split(pr.query, "&") {
		key, value, _ := strings.Cut(part, "=")
		if k, err := url.QueryUnescape(key); err == nil && k == langParam {
			found = true
			chosen, _ = url.QueryUnescape(value)
			continue
		}
		if part != "" {
			kept = append(kept, part)
		}
	}
	if !found {
		return nil
	}
	rd := &redirect{status: fiber.StatusFound, to: pr.path + withQuery(strings.Join(kept, "&")), private: true}
	if chosen == pr.loc.Lang {
		rd.cookie = &fiber.Cookie{
			Name: langCookie, Value: chosen, Path: "/",
			MaxAge:   limits.LanguageCookieDays * 24 * 60 * 60,
			Expires:  time.Now().AddDate(0, 0, limits.LanguageCookieDays),
			Secure:   strings.HasPrefix(s.PublicURL, "https://"),
			SameSite: fiber.CookieSameSiteLaxMode,
		}
	}
	return rd
}

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
