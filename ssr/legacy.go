package ssr

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// legacyServerFile is the React DOM server build that runs in goja without
// polyfills: synchronous, string output, no streams or TextEncoder.
const legacyServerFile = "react-dom-server-legacy.browser.production.js"

// accumulation lists the rewrites that turn renderToString's output
// accumulation from `result += chunk` into an array join. goja copies the
// whole string on every concatenation of non-ASCII text, so a Cyrillic page
// costs ~5x more with the concatenation. Each pattern must occur exactly once:
// a React upgrade that moves them fails the build instead of silently
// bringing the slow path back.
var accumulation = []struct{ from, to string }{
	{`result = "",`, `result = [],`},
	{`null !== chunk && (result += chunk);`, `null !== chunk && result.push(chunk);`},
	{"throw Error(formatProdErrorMessage(426));\n  return result;", "throw Error(formatProdErrorMessage(426));\n  return result.join(\"\");"},
}

// rewriteAccumulation applies accumulation to the source of legacyServerFile.
func rewriteAccumulation(src string) (string, error) {
	for _, r := range accumulation {
		if n := strings.Count(src, r.from); n != 1 {
			return "", fmt.Errorf("ssr: React's renderToString changed: %q found %d times, want 1; update ssr/legacy.go", r.from, n)
		}
		src = strings.Replace(src, r.from, r.to, 1)
	}
	return src, nil
}

// legacyServerPlugin points react-dom/server at the legacy browser build and
// rewrites its output accumulation.
func legacyServerPlugin(root string) api.Plugin {
	target := filepath.Join(root, "node_modules", "react-dom", "cjs", legacyServerFile)
	return api.Plugin{
		Name: "sogliq-react-legacy-server",
		Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `^react-dom/server$`}, func(api.OnResolveArgs) (api.OnResolveResult, error) {
				if !fileExists(target) {
					return api.OnResolveResult{}, fmt.Errorf("ssr: %s is missing: run npm ci", target)
				}
				return api.OnResolveResult{Path: target}, nil
			})
			pb.OnLoad(api.OnLoadOptions{Filter: `react-dom-server-legacy\.browser\.production\.js$`}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				raw, err := os.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				src, err := rewriteAccumulation(string(raw))
				if err != nil {
					return api.OnLoadResult{}, err
				}
				return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS, ResolveDir: filepath.Dir(args.Path)}, nil
			})
		},
	}
}
