package region

import (
	"sogliq/server/apidoc"
)

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	const tag = "regions"
	return []apidoc.Op{
		{Method: "GET", Path: "/api/locations", Tag: tag, Ru: "Регионы, по страницам", Uz: "Hududlar, sahifalab",
			Query:   []apidoc.Param{{Name: "page", Type: "integer"}, {Name: "per_page", Type: "integer"}},
			Answers: []apidoc.Answer{{Status: 200, Whole: LocationPage{}}}},
		{Method: "GET", Path: "/api/locations/detect", Tag: tag, Ru: "Регион посетителя по IP (Ташкент, если не найден)", Uz: "IP boʻyicha tashrif buyuruvchi hududi (topilmasa Toshkent)",
			Answers: []apidoc.Answer{{Status: 200, Whole: Detected{}}}},
		{Method: "GET", Path: "/api/locations/{id}/districts", Tag: tag, Ru: "Районы региона", Uz: "Hudud tumanlari",
			Answers: []apidoc.Answer{{Status: 200, Data: []DistrictItem{}}}, Errors: []int{404}},
	}
}
