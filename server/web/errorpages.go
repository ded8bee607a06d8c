package web

import (
	"context"
	"errors"
	"html"
	"log/slog"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/derrors"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/ssr"
)

// Marks stand in an error document for what changes with every request:
// the path it echoes and the page's classification. They are private-use
// characters, which React's escaping leaves alone and no dictionary holds.
const (
	pathMark   = "\uE000"
	typeMark   = "\uE001"
	idMark     = "\uE002"
	idAttrMark = ` data-page-id="` + idMark + `"`
)

// errorPages are rendered error documents, kept so that an error page never
// waits for a renderer: the moment a page fails is often the moment every
// runtime is busy (ARCHITECTURE: "error pages are rendered at start and
// never wait for a renderer").
type errorPages struct {
	mu        sync.Mutex
	docs      map[errorPageKey]string
	rendering map[errorPageKey]bool
}

// errorPageKey names one document: the build, the language, the region
// (its links), the status and the message with its path marked.
type errorPageKey struct {
	bundle, lang, region string
	status               int
	message              string
}

// errorSamples are errors of every status the error page shows, so that
// each is rendered at start.
var errorSamples = []error{
	derrors.NotFound, derrors.Gone, derrors.Invalid,
	fiber.ErrMethodNotAllowed, fiber.ErrRequestEntityTooLarge, context.DeadlineExceeded, errors.New("an internal error"),
}

// WarmErrorPages renders the error page of every status in both languages
// for the default region; other regions' are rendered in the background
// the first time one is needed. Call it before serving, and again after
// the bundle changes (DEV).
func (s *Server) WarmErrorPages(ctx context.Context) error {
	for _, lang := range []string{"ru", "uz"} {
		for _, err := range errorSamples {
			status, message := s.statusOf(err, lang, pathMark)
			key := s.errorPageKey(lang, s.defaultRegion, status, message)
			if _, err := s.renderErrorTemplate(ctx, key, s.defaultRegion); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Server) errorPageKey(lang string, r region.Region, status int, message string) errorPageKey {
	return errorPageKey{bundle: s.Engine.Bundle().ID, lang: lang, region: r.Slug, status: status, message: message}
}

// errorDocument is the error page of pr with status and message (its path
// marked by pathMark), from memory: the region's own, else the default
// region's while the region's renders in the background. Only a status
// never rendered before (or a new build's first error) renders while the
// visitor waits.
func (s *Server) errorDocument(ctx context.Context, pr *pageRequest, status int, message string) (string, error) {
	key := s.errorPageKey(pr.loc.Lang, pr.region, status, message)
	doc, ok := s.errorPages.get(key)
	if !ok && key.region != s.defaultRegion.Slug {
		fallback := key
		fallback.region = s.defaultRegion.Slug
		if doc, ok = s.errorPages.get(fallback); ok && s.errorPages.start(key) {
			go s.renderErrorInBackground(key, pr.region)
		}
	}
	if !ok {
		var err error
		if doc, err = s.renderErrorTemplate(ctx, key, pr.region); err != nil {
			return "", err
		}
	}
	return fillErrorDocument(doc, shownPath(pr.path), s.classify(pr)), nil
}

// classify is pr's page type and id for the page-view sender.
func (s *Server) classify(pr *pageRequest) [2]string {
	pageType, pageID := route.Classify(s.Routes, pr.raw)
	return [2]string{pageType, pageID}
}

func (s *Server) renderErrorInBackground(key errorPageKey, r region.Region) {
	ctx := ssr.Background(context.Background())
	if _, err := s.renderErrorTemplate(ctx, key, r); err != nil {
		s.Logger.WarnContext(ctx, "error page render failed", slog.String("region", r.Slug), slog.Int("status", key.status), slog.Any("err", err))
	}
	s.errorPages.done(key)
}

// renderErrorTemplate renders key's document with its marks in place and
// keeps it.
func (s *Server) renderErrorTemplate(ctx context.Context, key errorPageKey, r region.Region) (string, error) {
	// The failed render may have been cancelled with the request; the
	// error page still deserves its own deadline.
	ctx = context.WithoutCancel(ctx)
	doc, err := s.renderDocument(ctx, DocumentProps{
		Page: "Error", Layout: "error", Lang: key.lang, Region: pageRegion(r, key.lang),
		URL: s.errorURLs(), NoIndex: true,
		Data: ErrorPage{Status: key.status, Message: key.message}, Counters: s.Counters,
		PageType: typeMark, PageID: idMark,
	})
	if err != nil {
		return "", err
	}
	s.errorPages.put(key, doc)
	return doc, nil
}

// fillErrorDocument writes a request's path and classification over a
// document's marks, escaped as the renderer would have.
func fillErrorDocument(doc, path string, class [2]string) string {
	id := ""
	if class[1] != "" {
		id = ` data-page-id="` + html.EscapeString(class[1]) + `"`
	}
	return strings.NewReplacer(
		pathMark, html.EscapeString(path),
		typeMark, html.EscapeString(class[0]),
		idAttrMark, id,
	).Replace(doc)
}

func (p *errorPages) get(key errorPageKey) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	doc, ok := p.docs[key]
	return doc, ok
}

func (p *errorPages) put(key errorPageKey, doc string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.docs == nil {
		p.docs = map[errorPageKey]string{}
	}
	p.docs[key] = doc
}

// start reports whether the caller should render key: no one is yet.
func (p *errorPages) start(key errorPageKey) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rendering[key] {
		return false
	}
	if p.rendering == nil {
		p.rendering = map[errorPageKey]bool{}
	}
	p.rendering[key] = true
	return true
}

func (p *errorPages) done(key errorPageKey) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.rendering, key)
}
