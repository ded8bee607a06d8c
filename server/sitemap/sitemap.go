// Package sitemap writes robots.txt, the sitemap index and one sitemap per
// entity type, split so that no file holds more than 50,000 URLs (the
// protocol's limit). Every page is listed in both languages, each URL with
// its ru/uz hreflang pair and lastmod. Files are streamed from the database
// rows to the response, so memory stays flat however many URLs there are.
package sitemap

import (
	"bufio"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"
)

// URLsPerFile is the most URLs one sitemap file holds.
const URLsPerFile = 50000

// entriesPerFile: every entry is two URLs, its Russian and Uzbek pages.
const entriesPerFile = URLsPerFile / 2

// Entry is one page: its Russian path (no language prefix; the Uzbek one is
// derived) and when it last changed.
type Entry struct {
	Path    string
	LastMod time.Time
}

// Source lists the pages of one entity type.
type Source interface {
	// Name names the type in file names: lower-case letters and hyphens.
	Name() string
	// Count is how many entries there are.
	Count(ctx context.Context) (int, error)
	// Each calls fn for at most limit entries from offset, in an order
	// that is stable between calls.
	Each(ctx context.Context, offset, limit int, fn func(Entry) error) error
}

// uzPath is the Uzbek form of a Russian path.
func uzPath(path string) string {
	if path == "/" {
		return "/uz"
	}
	return "/uz" + path
}

// files is how many sitemap files a source of count entries takes.
func files(count int) int {
	return (count + entriesPerFile - 1) / entriesPerFile
}

// fileName is the path of file n (from 0) of a source.
func fileName(src Source, n int) string {
	return "/sitemaps/" + src.Name() + "-" + strconv.Itoa(n+1) + ".xml"
}

// writeIndex writes the sitemap index: every file of every source.
func writeIndex(ctx context.Context, w io.Writer, origin string, sources []Source) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(xml.Header)
	bw.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, src := range sources {
		count, err := src.Count(ctx)
		if err != nil {
			return fmt.Errorf("sitemap index: %s: %w", src.Name(), err)
		}
		for n := range files(count) {
			bw.WriteString("<sitemap><loc>")
			xml.EscapeText(bw, []byte(origin+fileName(src, n)))
			bw.WriteString("</loc></sitemap>\n")
		}
	}
	bw.WriteString("</sitemapindex>\n")
	return bw.Flush()
}

// writeURLSet streams file n (from 0) of src.
func writeURLSet(ctx context.Context, w io.Writer, origin string, src Source, n int) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(xml.Header)
	bw.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	err := src.Each(ctx, n*entriesPerFile, entriesPerFile, func(e Entry) error {
		ru, uz := origin+e.Path, origin+uzPath(e.Path)
		for _, loc := range []string{ru, uz} {
			writeURL(bw, loc, e.LastMod, ru, uz)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sitemap %s: %w", fileName(src, n), err)
	}
	bw.WriteString("</urlset>\n")
	return bw.Flush()
}

func writeURL(bw *bufio.Writer, loc string, lastMod time.Time, ru, uz string) {
	bw.WriteString("<url><loc>")
	xml.EscapeText(bw, []byte(loc))
	bw.WriteString("</loc>")
	if !lastMod.IsZero() {
		bw.WriteString("<lastmod>" + lastMod.UTC().Format(time.RFC3339) + "</lastmod>")
	}
	for _, alt := range [][2]string{{"ru", ru}, {"uz", uz}, {"x-default", ru}} {
		bw.WriteString(`<xhtml:link rel="alternate" hreflang="` + alt[0] + `" href="`)
		xml.EscapeText(bw, []byte(alt[1]))
		bw.WriteString(`"/>`)
	}
	bw.WriteString("</url>\n")
}

// Robots is robots.txt: everything but the API, search results, the
// account pages and the editors' pages (previews included), and where the sitemap is.
func Robots(origin string) string {
	return "User-agent: *\n" +
		"Allow: /\n" +
		"Disallow: /api/\n" +
		"Disallow: /search\n" +
		"Disallow: /uz/search\n" +
		"Disallow: /profile\n" +
		"Disallow: /uz/profile\n" +
		"Disallow: /register\n" +
		"Disallow: /uz/register\n" +
		"Disallow: /editor\n" +
		"Disallow: /uz/editor\n" +
		"\n" +
		"Sitemap: " + origin + "/sitemap.xml\n"
}
