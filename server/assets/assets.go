// Package assets carries the bundles built at image build time
// (`server bundle` writes dist/bundle.json), so production is one binary.
// Without them, the server builds the bundles from the source tree at start.
package assets

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"sogliq/ssr"
)

//go:embed all:dist
var dist embed.FS

const bundleFile = "bundle.json"

// Embedded returns the bundle compiled into the binary, or ok=false when it
// was built without one.
func Embedded() (b *ssr.Bundle, ok bool, err error) {
	raw, err := dist.ReadFile("dist/" + bundleFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	b = &ssr.Bundle{}
	if err := json.Unmarshal(raw, b); err != nil {
		return nil, false, fmt.Errorf("assets: embedded bundle: %w", err)
	}
	return b, true, nil
}

// Write stores b where the next `go build` embeds it (dir is server/assets/dist).
func Write(dir string, b *ssr.Bundle) error {
	raw, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, bundleFile), raw, 0o644)
}
