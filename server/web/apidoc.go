package web

import "sogliq/server/apidoc"

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	return []apidoc.Op{
		{Method: "GET", Path: "/api/seo-redirects/check", Tag: "seo", Ru: "Куда переехала страница", Uz: "Sahifa qayerga koʻchgan",
			Query: []apidoc.Param{{Name: "url", Required: true, Desc: "a page's path, e.g. /doctors"}},
			Answers: []apidoc.Answer{
				{Status: 200, Data: Moved{}},
				{Status: 404, Desc: "the page did not move: data is null", Whole: apidoc.Object(map[string]any{"data": map[string]any{"type": "null"}})},
			}},
	}
}
