// Package i18n reads the dictionaries shared with the client
// (shared/i18n/{ru,uz}.json) for the few texts Go writes itself: error
// messages and the fallback error page.
package i18n

import (
	"encoding/json"
	"fmt"
	"strings"

	"sogliq/shared"
)

// Languages lists the languages with a dictionary; the first is the default.
var Languages = []string{"ru", "uz"}

// Dict holds every language's dictionary.
type Dict struct {
	texts map[string]map[string]string
}

// Load reads the dictionaries from shared/i18n.
func Load() (*Dict, error) {
	d := &Dict{texts: map[string]map[string]string{}}
	for _, lang := range Languages {
		raw, err := shared.Files.ReadFile("i18n/" + lang + ".json")
		if err != nil {
			return nil, fmt.Errorf("i18n.Load: %w", err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("i18n.Load(%s): %w", lang, err)
		}
		d.texts[lang] = m
	}
	return d, nil
}

// T returns the text of key in lang (Russian when lang is unknown) with
// {name} placeholders replaced by vars given as name, value pairs.
func (d *Dict) T(lang, key string, vars ...string) string {
	m, ok := d.texts[lang]
	if !ok {
		m = d.texts[Languages[0]]
	}
	text, ok := m[key]
	if !ok {
		text = key
	}
	for i := 0; i+1 < len(vars); i += 2 {
		text = strings.ReplaceAll(text, "{"+vars[i]+"}", vars[i+1])
	}
	return text
}

// Keys returns the keys of lang's dictionary.
func (d *Dict) Keys(lang string) []string {
	keys := make([]string, 0, len(d.texts[lang]))
	for k := range d.texts[lang] {
		keys = append(keys, k)
	}
	return keys
}

// Pick returns the text of lang from a Russian and Uzbek pair: the Uzbek
// text for "uz", unless it is empty (not yet translated), then the Russian
// one, as for every other language. A query picks with pick_lang
// (migration 00280), the same rule in SQL, and that is how every store a
// page reads gives its texts; Pick is for the few values the server holds
// in memory in both languages for every request (the regions, the search
// lexicon), never for what a query could pick.
func Pick(lang, ru, uz string) string {
	if lang == "uz" && uz != "" {
		return uz
	}
	return ru
}
