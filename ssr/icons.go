package ssr

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

var (
	svgComment    = regexp.MustCompile(`(?s)<!--.*?-->`)
	svgWhitespace = regexp.MustCompile(`\s+`)
)

// inlineSVG is an icon file made ready for the middle of a page: without
// its comment and line breaks, hidden from assistive technology (the link
// or button around it has the words).
func inlineSVG(file string) string {
	s := svgWhitespace.ReplaceAllString(svgComment.ReplaceAllString(file, ""), " ")
	s = strings.ReplaceAll(strings.TrimSpace(s), "> <", "><")
	return strings.Replace(s, "<svg ", `<svg aria-hidden="true" focusable="false" `, 1)
}

// iconName is what an icon import may name: a file of lucide-static/icons.
var iconName = regexp.MustCompile(`^icon:([a-z0-9-]+)$`)

// iconPlugin resolves `import svg from "icon:heart-pulse"` to the SVG text
// of node_modules/lucide-static/icons/heart-pulse.svg, so pages inline the
// icons they use into the server-rendered HTML: no icon font, no icon code
// in the browser.
func iconPlugin(root string) api.Plugin {
	dir := filepath.Join(root, "node_modules", "lucide-static", "icons")
	return api.Plugin{
		Name: "sogliq-icons",
		Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `^icon:`}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
				m := iconName.FindStringSubmatch(args.Path)
				if m == nil {
					return api.OnResolveResult{}, fmt.Errorf("ssr: %q is not an icon name (icon:lowercase-name)", args.Path)
				}
				file := filepath.Join(dir, m[1]+".svg")
				if !fileExists(file) {
					return api.OnResolveResult{}, fmt.Errorf("ssr: icon %s: %s is missing (npm ci installs lucide-static)", m[1], file)
				}
				return api.OnResolveResult{Path: file, Namespace: "icon"}, nil
			})
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "icon"}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				raw, err := os.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				src := inlineSVG(string(raw))
				return api.OnLoadResult{Contents: &src, Loader: api.LoaderText}, nil
			})
		},
	}
}
