package ssr

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// PublicPath is the URL prefix under which Bundle.Assets are served.
const PublicPath = "/assets/"

// BuildOptions says where the client sources are.
type BuildOptions struct {
	// Root is the repository root: it holds client/, shared/ and node_modules/.
	Root string
	// Minify shrinks the browser chunks; the server script stays readable so
	// stack traces from goja point somewhere useful.
	Minify bool
	// KeepJSX leaves the server bundle's JSX as React elements, with no
	// templates (templates.go): what the templates are compared with.
	KeepJSX bool
}

// Bundle is the output of one build: the script goja runs and the files the
// browser fetches.
type Bundle struct {
	// ID changes whenever any output changes; page cache keys include it.
	ID string `json:"id"`
	// Server is the script that defines globalThis.__sogliqRender.
	Server string `json:"server"`
	// Assets maps a path below PublicPath to its content.
	Assets map[string][]byte `json:"assets"`
	// Manifest lists the URLs of the entry, the islands and the CSS.
	Manifest Manifest `json:"manifest"`
}

// Build bundles client/entry-server.tsx into one script for goja and
// client/entry-client.tsx plus one entry per client/islands/*.tsx into
// content-hashed ESM chunks for the browser.
func Build(opts BuildOptions) (*Bundle, error) {
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("ssr.Build: %w", err)
	}
	opts.Root = root
	b := &Bundle{Assets: map[string][]byte{}, Manifest: Manifest{Islands: map[string]string{}}}
	browser, err := buildBrowser(opts, b)
	if err != nil {
		return nil, err
	}
	server, err := buildServer(opts, browser)
	if err != nil {
		return nil, err
	}
	for _, f := range server.OutputFiles {
		rel := relOut(f.Path)
		switch {
		case strings.HasSuffix(rel, ".js"):
			b.Server = string(f.Contents)
		case strings.HasSuffix(rel, ".css"):
			// The server entry imports every component, so its CSS is the
			// whole site's stylesheet; it is served, never run.
			b.Assets[rel] = f.Contents
			b.Manifest.CSS = append(b.Manifest.CSS, PublicPath+rel)
		default:
			b.Assets[rel] = f.Contents
		}
	}
	b.ID = bundleID(b)
	return b, nil
}

// buildServer bundles the server script; browser holds the modules the
// browser build loads, which stay JSX (templates.go).
func buildServer(opts BuildOptions, browser map[string]bool) (api.BuildResult, error) {
	plugins := []api.Plugin{legacyServerPlugin(opts.Root), iconPlugin(opts.Root), jsxPlugin(opts.Root)}
	if !opts.KeepJSX {
		plugins = append(plugins, TemplatePlugin(opts.Root, browser))
	}
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{filepath.Join(opts.Root, "client", "entry-server.tsx")},
		Bundle:            true,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Outdir:            "/out",
		EntryNames:        "server",
		AssetNames:        "media/[name]-[hash]",
		PublicPath:        PublicPath,
		Write:             false,
		Define:            map[string]string{"process.env.NODE_ENV": `"production"`},
		Loader:            assetLoaders(),
		Plugins:           plugins,
		LogLevel:          api.LogLevelSilent,
		AbsWorkingDir:     opts.Root,
		Charset:           api.CharsetUTF8,
		JSX:               api.JSXAutomatic,
		LegalComments:     api.LegalCommentsNone,
		MinifySyntax:      true,
		MinifyWhitespace:  false,
		MinifyIdentifiers: false,
	})
	if len(res.Errors) > 0 {
		return res, fmt.Errorf("ssr.Build: server bundle: %s", formatMessages(res.Errors))
	}
	// The CSS takes a content hash like every browser file.
	for i, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".css") {
			res.OutputFiles[i].Path = "/out/site-" + shortHash(f.Contents) + ".css"
		}
	}
	return res, nil
}

// buildBrowser bundles the browser's entry and islands into b, and returns
// the modules they load (paths relative to the root, with forward slashes).
func buildBrowser(opts BuildOptions, b *Bundle) (map[string]bool, error) {
	islands, err := filepath.Glob(filepath.Join(opts.Root, "client", "islands", "*.tsx"))
	if err != nil {
		return nil, err
	}
	entries := []api.EntryPoint{{InputPath: filepath.Join(opts.Root, "client", "entry-client.tsx"), OutputPath: "entry-client"}}
	for _, p := range islands {
		name := strings.TrimSuffix(filepath.Base(p), ".tsx")
		if strings.Contains(name, ".") { // Foo.test.tsx and the like
			continue
		}
		entries = append(entries, api.EntryPoint{InputPath: p, OutputPath: "islands/" + name})
	}
	res := api.Build(api.BuildOptions{
		EntryPointsAdvanced: entries,
		Bundle:              true,
		Splitting:           true,
		Format:              api.FormatESModule,
		Platform:            api.PlatformBrowser,
		Target:              api.ES2020,
		Outdir:              "/out",
		EntryNames:          "[dir]/[name]-[hash]",
		ChunkNames:          "chunks/[name]-[hash]",
		AssetNames:          "media/[name]-[hash]",
		PublicPath:          PublicPath,
		Write:               false,
		Metafile:            true,
		Define:              map[string]string{"process.env.NODE_ENV": `"production"`},
		Loader:              assetLoaders(),
		Plugins:             []api.Plugin{iconPlugin(opts.Root)},
		LogLevel:            api.LogLevelSilent,
		AbsWorkingDir:       opts.Root,
		Charset:             api.CharsetUTF8,
		JSX:                 api.JSXAutomatic,
		LegalComments:       api.LegalCommentsNone,
		MinifySyntax:        opts.Minify,
		MinifyWhitespace:    opts.Minify,
		MinifyIdentifiers:   opts.Minify,
	})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("ssr.Build: browser bundle: %s", formatMessages(res.Errors))
	}
	var meta struct {
		Inputs  map[string]json.RawMessage `json:"inputs"`
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, fmt.Errorf("ssr.Build: metafile: %w", err)
	}
	for out, m := range meta.Outputs {
		if m.EntryPoint == "" || !strings.HasSuffix(out, ".js") {
			continue
		}
		url := PublicPath + relOut(out)
		name := strings.TrimSuffix(path.Base(m.EntryPoint), ".tsx")
		// A module the entry or an island imports dynamically is an entry
		// point of esbuild's metafile too: only entry-client is the entry.
		switch {
		case strings.Contains(m.EntryPoint, "client/islands/"):
			b.Manifest.Islands[name] = url
		case name == "entry-client":
			b.Manifest.Entry = url
		}
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".css") {
			continue // the server build's CSS already holds every rule
		}
		b.Assets[relOut(f.Path)] = f.Contents
	}
	inputs := make(map[string]bool, len(meta.Inputs))
	for in := range meta.Inputs {
		inputs[in] = true
	}
	return inputs, nil
}

func assetLoaders() map[string]api.Loader {
	return map[string]api.Loader{
		".svg":  api.LoaderFile,
		".png":  api.LoaderFile,
		".webp": api.LoaderFile,
		".json": api.LoaderJSON,
	}
}

// relOut turns esbuild's virtual output path into a path below PublicPath.
func relOut(p string) string {
	p = filepath.ToSlash(p)
	if i := strings.Index(p, "/out/"); i >= 0 {
		return p[i+len("/out/"):]
	}
	return strings.TrimPrefix(p, "out/")
}

func bundleID(b *Bundle) string {
	h := sha256.New()
	h.Write([]byte(b.Server))
	names := make([]string, 0, len(b.Assets))
	for n := range b.Assets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		h.Write([]byte(n))
		h.Write(b.Assets[n])
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

func shortHash(data []byte) string {
	sum := sha256.Sum256(data)
	return strings.ToUpper(hex.EncodeToString(sum[:]))[:8]
}

func formatMessages(msgs []api.Message) string {
	var parts []string
	for _, m := range msgs {
		loc := ""
		if m.Location != nil {
			loc = fmt.Sprintf("%s:%d: ", m.Location.File, m.Location.Line)
		}
		parts = append(parts, loc+m.Text)
	}
	return strings.Join(parts, "; ")
}

// fileExists reports whether p names a regular file.
func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
