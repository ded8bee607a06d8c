package review

import "sogliq/server/apidoc"

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	id := apidoc.Object(map[string]any{"id": apidoc.Integer})
	return []apidoc.Op{
		{Method: "POST", Path: "/api/reviews", Tag: "reviews", Session: true, Ru: "Оставить отзыв о посещённом приёме", Uz: "Boʻlib oʻtgan qabul haqida sharh qoldirish",
			Body: CreateRequest{}, Answers: []apidoc.Answer{{Status: 201, Data: id}}, Errors: []int{404, 409, 422}},
		{Method: "POST", Path: "/api/reviews/{id}/hide", Tag: "reviews", Session: true, Ru: "Скрыть отзыв (редактор)", Uz: "Sharhni yashirish (muharrir)",
			Body: HideRequest{}, Answers: []apidoc.Answer{{Status: 200, Data: id}}, Errors: []int{404, 422}},
	}
}
