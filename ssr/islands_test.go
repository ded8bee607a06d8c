package ssr

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite client/components/islands.ts")

// TestIslandRegistry fails when the checked-in island registry does not
// list exactly the files of client/islands; -update rewrites it.
func TestIslandRegistry(t *testing.T) {
	root := repoRoot(t)
	if *update {
		b, err := IslandRegistry(root)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, IslandRegistryPath), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := checkIslandRegistry(root); err != nil {
		t.Error(err)
	}
}

// TestIslandRegistryNoticesANewIsland: a file added to client/islands
// makes the checked-in registry stale.
func TestIslandRegistryNoticesANewIsland(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"client/islands", "client/components"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("client/islands/A.tsx", "export default function A() { return null; }")
	b, err := IslandRegistry(root)
	if err != nil {
		t.Fatal(err)
	}
	write(IslandRegistryPath, string(b))
	if err := checkIslandRegistry(root); err != nil {
		t.Fatalf("fresh registry: %v", err)
	}
	write("client/islands/B.tsx", "export default function B() { return null; }")
	if err := checkIslandRegistry(root); err == nil {
		t.Error("a new island left the registry fresh")
	}
}
