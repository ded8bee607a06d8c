package ssr

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// IslandRegistryPath is the generated registry of islands, from the
// module root: pages import islands from it.
const IslandRegistryPath = "client/components/islands.ts"

// IslandRegistry generates client/components/islands.ts from the files of
// client/islands under root: every client/islands/Name.tsx's default
// export is the island Name, the same files Build makes the client's
// island entries from. The file is checked in; TestIslandRegistry fails
// when it is stale (go test ./ssr -run TestIslandRegistry -update rewrites
// it).
func IslandRegistry(root string) ([]byte, error) {
	files, err := filepath.Glob(filepath.Join(root, "client", "islands", "*.tsx"))
	if err != nil {
		return nil, fmt.Errorf("ssr.IslandRegistry: %w", err)
	}
	var names []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".tsx")
		if strings.Contains(name, ".") { // Name.test.tsx and the like
			continue
		}
		names = append(names, name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("ssr.IslandRegistry: no islands in %s", filepath.Join(root, "client", "islands"))
	}
	sort.Strings(names)
	var b bytes.Buffer
	b.WriteString("// Code generated from client/islands/*.tsx by ssr.IslandRegistry; DO NOT EDIT.\n")
	b.WriteString("// Every client/islands/Name.tsx default-exports the island Name; import\n")
	b.WriteString("// islands from here in pages and layouts, never from client/islands.\n")
	b.WriteString("// After adding one: go test ./ssr -run TestIslandRegistry -update\n")
	b.WriteString("import { island } from \"./island\";\n")
	for _, n := range names {
		fmt.Fprintf(&b, "import %sImpl from \"../islands/%s\";\n", n, n)
	}
	b.WriteString("\n")
	for _, n := range names {
		fmt.Fprintf(&b, "export const %s = island(%q, %sImpl);\n", n, n, n)
	}
	return b.Bytes(), nil
}

// checkIslandRegistry returns an error when the checked-in registry under
// root is not what IslandRegistry generates.
func checkIslandRegistry(root string) error {
	want, err := IslandRegistry(root)
	if err != nil {
		return err
	}
	got, err := os.ReadFile(filepath.Join(root, IslandRegistryPath))
	if err != nil {
		return fmt.Errorf("ssr: %w", err)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("ssr: %s is stale: run go test ./ssr -run TestIslandRegistry -update", IslandRegistryPath)
	}
	return nil
}
