// Package page is the contract between the web layer and the domain
// packages: a domain registers a Loader per route name, the web layer calls
// it with the request's place and parameters and renders what it returns.
package page

import (
	"context"
	"net/url"

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
