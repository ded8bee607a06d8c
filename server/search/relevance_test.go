package search_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/search"
)

// TestRelevance runs testdata/relevance.tsv against the demo data: every
// query must find its expected entity first. It logs the share found first.
func TestRelevance(t *testing.T) {
	db := dbtest.NewSeeded(t)
	store := search.NewStore(db)
	cases := readCases(t, "testdata/relevance.tsv")
	if len(cases) < 60 {
		t.Fatalf("%d relevance cases, want at least 60", len(cases))
	}
	found := 0
	for _, c := range cases {
		ans, err := store.Understand(context.Background(), c.query, 0, 8)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		if ans.Emergency {
			got = append(got, "emergency:103")
		}
		for _, h := range ans.Hits {
			got = append(got, h.Type+":"+h.Slug)
		}
		if len(got) > 0 && got[0] == c.want {
			found++
			continue
		}
		t.Errorf("%q (%s, keys %q): got %q, want %s first", c.query, c.what, search.QueryKeys(c.query), got, c.want)
	}
	t.Logf("relevance: %d of %d queries (%.1f%%) find the expected result first", found, len(cases), 100*float64(found)/float64(len(cases)))
}

type relevanceCase struct{ query, want, what string }

func readCases(t testing.TB, name string) []relevanceCase {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []relevanceCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) < 2 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		c := relevanceCase{query: fields[0], want: fields[1]}
		if len(fields) > 2 {
			c.what = fields[2]
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}
