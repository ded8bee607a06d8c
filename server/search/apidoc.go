package search

import "sogliq/server/apidoc"

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	return []apidoc.Op{
		{Method: "GET", Path: "/api/suggest", Tag: "search", Ru: "Подсказки поиска", Uz: "Qidiruv maslahatlari",
			Query: []apidoc.Param{{Name: "q", Desc: "the typed query"}, {Name: "region", Desc: "a region's slug"}},
			Answers: []apidoc.Answer{
				{Status: 200, Whole: SuggestList{}},
				{Status: 404, Desc: "nothing matches, or the query is too short: an empty list", Whole: SuggestList{}},
			}},
	}
}
