// Package page is the contract between the web layer and the domain
// packages: a domain registers a Loader per route name, the web layer calls
// it with the request's place and parameters and renders what it returns.
package page

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/region"
)

// Request is what a loader may read. Every string in it is a copy, safe to
// keep after the HTTP handler returns.
type Request struct {
	// Route is the route name from shared/routes.json.
	Route string
	// Lang is "ru" or "uz".
	Lang string
	// Region is the visitor's region; the default region when the path has
	// no region prefix.
	Region region.Region
	// Params are the route's path parameters.
	Params map[string]string
	// Query holds only the parameters the route declares (its canonical query).
	Query url.Values
	// UserID is the signed-in visitor on pages of one visitor (routes with
	// an access rule, which are never cached); 0 on every other page.
	UserID int64
}

// Result is a loader's answer.
type Result struct {
	// Data becomes the page component's data prop (JSON).
	Data any
	// Tags name the entities shown, for cache purges ("doctor:12").
	Tags []string
	// NoIndex asks crawlers not to index the page.
	NoIndex bool
}

// Loader loads a page's data. It returns an error wrapping derrors.NotFound
// or derrors.Invalid for
// requests that cannot be answered.
type Loader func(ctx context.Context, req Request) (Result, error)

// Loaders maps route names to loaders.
type Loaders map[string]Loader

// File is an answer that is not an HTML page: a PDF voucher, for example.
type File struct {
	ContentType string
	// Name is the file name offered to the browser.
	Name string
	Body []byte
}

// FileLoader answers a file route. lang is the request's language ("ru" or
// "uz"), name the last path segment as requested (for /cert/AB12.pdf,
// "AB12.pdf"). Errors wrap derrors.NotFound or derrors.Invalid as for a
// Loader; the visitor then gets the HTML error page.
type FileLoader func(ctx context.Context, lang, name string) (File, error)

// MaxPage is the highest ?page a listing accepts.
const MaxPage = 100000

// Number reads a listing's ?page parameter: absent is 1; anything but an
// integer from 1 to MaxPage is an error wrapping derrors.Invalid (a 400).
func Number(raw string) (int, error) {
	if raw == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > MaxPage {
		return 0, fmt.Errorf("page %q: %w", raw, derrors.Invalid)
	}
	return n, nil
}

// Redirect is the error a loader returns to send the visitor, with a 301,
// to another route in the same language and region: an address that
// names something under another form (/kliniki/tip/roddoma is
// /kliniki/tip-roddoma).
type Redirect struct {
	Route  string
	Params map[string]string
	Query  url.Values
}

func (r *Redirect) Error() string { return "redirect to route " + r.Route }
