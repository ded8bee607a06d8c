package shared

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeMaxLines keeps the README a map: whatever needs more room goes to
// a document of its subject under docs/.
const readmeMaxLines = 250

// TestReadmeIsAMap keeps the README what a newcomer reads first: short,
// with a layout table naming every package and every top-level folder
// (and nothing that is gone), and links into docs/ that lead somewhere.
func TestReadmeIsAMap(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)

	t.Run("length", func(t *testing.T) {
		if n := strings.Count(strings.TrimRight(readme, "\n"), "\n") + 1; n > readmeMaxLines {
			t.Errorf("README.md has %d lines, more than %d: move the detail into docs/<subject>.md and link it", n, readmeMaxLines)
		}
	})

	t.Run("layout", func(t *testing.T) {
		rows := layoutRows(t, readme)
		want := packageDirs(t)
		for _, dir := range want {
			if !slices.Contains(rows, dir) {
				t.Errorf("README.md's layout table has no row for %s/: add one saying what it owns", dir)
			}
		}
		seen := map[string]bool{}
		for _, row := range rows {
			if seen[row] {
				t.Errorf("README.md's layout table has two rows for %s/", row)
			}
			seen[row] = true
			if info, err := os.Stat(filepath.Join("..", filepath.FromSlash(row))); err != nil || !info.IsDir() {
				t.Errorf("README.md's layout table names %s/, which is not a directory of the repository", row)
				continue
			}
			if !slices.Contains(want, row) {
				t.Errorf("README.md's layout table names %s/, which is neither a top-level folder nor a Go package under server/", row)
			}
		}
	})

	t.Run("links", func(t *testing.T) {
		docs, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
		if err != nil {
			t.Fatal(err)
		}
		files := append([]string{filepath.Join("..", "README.md")}, docs...)
		if len(docs) == 0 {
			t.Fatal("no docs/*.md found: is the test running in shared/?")
		}
		for _, file := range files {
			checkLinks(t, file)
		}
	})
}

// layoutRows are the folders the README's "## Layout" table names in its
// first column (`server/web`, `client/`), without a trailing slash.
func layoutRows(t *testing.T, readme string) []string {
	t.Helper()
	_, section, ok := strings.Cut(readme, "\n## Layout\n")
	if !ok {
		t.Fatal(`README.md has no "## Layout" section`)
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	cell := regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|")
	var rows []string
	for line := range strings.Lines(section) {
		if m := cell.FindStringSubmatch(line); m != nil {
			rows = append(rows, strings.TrimSuffix(m[1], "/"))
		}
	}
	if len(rows) < 10 {
		t.Fatalf("README.md's layout table has %d rows; expected one per package", len(rows))
	}
	return rows
}

// packageDirs are the directories the layout table must name: every
// top-level folder the repository tracks (not hidden, not ignored by
// .gitignore) and every directory under server/ holding Go files.
func packageDirs(t *testing.T) []string {
	t.Helper()
	ignored := gitignoredTopLevel(t)
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() && e.Type()&os.ModeSymlink == 0 || strings.HasPrefix(name, ".") || ignored[name] {
			continue
		}
		if info, err := os.Stat(filepath.Join("..", name)); err != nil || !info.IsDir() {
			continue
		}
		dirs = append(dirs, name)
	}
	err = filepath.WalkDir(filepath.Join("..", "server"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".go") {
			return nil
		}
		rel, err := filepath.Rel("..", filepath.Dir(p))
		if err != nil {
			return err
		}
		if dir := filepath.ToSlash(rel); !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(dirs, "server/web") {
		t.Fatalf("server/web not found among %v: is the test running in shared/?", dirs)
	}
	return dirs
}

// gitignoredTopLevel reads the names .gitignore ignores at the top level
// ("node_modules/", "/bin/"); patterns with wildcards or deeper paths are
// not top-level folders and are left out.
func gitignoredTopLevel(t *testing.T) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join("..", ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		name := strings.Trim(strings.TrimSpace(lines.Text()), "/")
		if name == "" || strings.ContainsAny(name, "*!#/?[") {
			continue
		}
		out[name] = true
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// mdLink is a link to a Markdown file of the repository: [text](path.md)
// or [text](path.md#anchor), or an anchor of the same file, [text](#anchor).
var mdLink = regexp.MustCompile(`\]\(((?:[A-Za-z0-9_./-]+\.md)?)(?:#([A-Za-z0-9_-]+))?\)`)

// checkLinks fails on a link of file to a Markdown file that does not
// exist, or to a heading that file does not have.
func checkLinks(t *testing.T, file string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mdLink.FindAllStringSubmatch(string(raw), -1) {
		target, anchor := m[1], m[2]
		if target == "" && anchor == "" {
			continue
		}
		dest := file
		if target != "" {
			dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path.Clean(target)))
		}
		body, err := os.ReadFile(dest)
		if err != nil {
			t.Errorf("%s links to %s, which does not exist", rel(file), target)
			continue
		}
		if anchor != "" && !slices.Contains(headingAnchors(string(body)), anchor) {
			t.Errorf("%s links to %s#%s, but %s has no such heading", rel(file), target, anchor, rel(dest))
		}
	}
}

// headingAnchors are the anchors GitHub gives a document's headings:
// lower case, punctuation dropped, spaces as hyphens.
func headingAnchors(doc string) []string {
	var out []string
	fenced := false
	for line := range strings.Lines(doc) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range text {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

func rel(file string) string {
	r, err := filepath.Rel("..", file)
	if err != nil {
		return file
	}
	return filepath.ToSlash(r)
}
