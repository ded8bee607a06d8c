package search_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"sogliq/server/page"
	"strings"
	"testing"

	"sogliq/server/database/dbtest"
	"sogliq/server/search"
)

func TestZZExplore(t *testing.T) {
	f := os.Getenv("EXPLORE")
	if f == "" {
		t.Skip()
	}
	db := dbtest.NewSeeded(t)
	store := search.NewStore(db)
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		q := strings.Split(sc.Text(), "\t")[0]
		if q == "" {
			continue
		}
		ans, err := store.Understand(context.Background(), q, 1, 8)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		if ans.Emergency {
			got = append(got, "EMERGENCY")
		}
		for _, h := range ans.Hits[:min(4, len(ans.Hits))] {
			got = append(got, h.Type+":"+h.Slug+"("+h.NameRu+")")
		}
		fmt.Printf("%-40s %s\n", q, strings.Join(got, " | "))
	}
}

func TestZZKeys(t *testing.T) {
	for _, q := range strings.Split(os.Getenv("KEYS"), ";") {
		fmt.Printf("%q %q\n", q, search.QueryKeys(q))
	}
}

func TestZZHoldout(t *testing.T) {
	db := dbtest.NewSeeded(t)
	relevance(t, search.NewStore(db), os.Getenv("HOLD"), 1, 0.95)
}

func TestZZPage(t *testing.T) {
	db := dbtest.NewSeeded(t)
	store := search.NewStore(db)
	load := search.Pages(store, "")["search"]
	for _, q := range strings.Split(os.Getenv("PAGEQ"), ";") {
		v := url.Values{"q": {q}}
		res, err := load(context.Background(), page.Request{Route: "search", Lang: "ru", Query: v})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res.Data)
		fmt.Printf("%s\n%s\n\n", q, b)
	}
}
