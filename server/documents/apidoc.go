package documents

import "sogliq/server/apidoc"

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	const tag = "documents"
	booking := apidoc.Param{Name: "booking", Type: "integer", Required: true, Desc: "the visit's id"}
	form := map[string]any{
		"type":     "object",
		"required": []any{"booking", "kind", "file"},
		"properties": map[string]any{
			"booking": map[string]any{"type": "integer"},
			"kind":    map[string]any{"type": "string", "enum": []any{Referral, Result}},
			"file":    map[string]any{"type": "string", "contentMediaType": "application/octet-stream", "description": "PDF, JPEG or PNG, recognised by its bytes, at most documentMaxBytes"},
			"lang":    map[string]any{"type": "string", "description": "a plain form's language: uz sends it back to /uz/history/{booking}"},
		},
	}
	return []apidoc.Op{
		{Method: "GET", Path: "/api/documents", Tag: tag, Session: true, Query: []apidoc.Param{booking},
			Ru: "Документы пациента к его записи (ссылки на 10 минут)", Uz: "Bemorning qabulga biriktirgan hujjatlari (havolalar 10 daqiqa amal qiladi)",
			Answers: []apidoc.Answer{{Status: 200, Data: VisitDocuments{}}}, Errors: []int{404}},
		{Method: "POST", Path: "/api/documents", Tag: tag, Session: true, Multipart: form,
			Ru: "Прикрепить направление или результат анализа к предстоящей записи", Uz: "Boʻlajak qabulga yoʻllanma yoki tahlil natijasini biriktirish",
			Answers: []apidoc.Answer{{Status: 201, Data: Document{}}, {Status: 303, Desc: "a plain form: back to the visit's page"}},
			Errors:  []int{404, 409, 413, 422}},
		{Method: "DELETE", Path: "/api/documents/{id}", Tag: tag, Session: true,
			Ru: "Удалить свой документ", Uz: "Oʻz hujjatini oʻchirish",
			Answers: []apidoc.Answer{{Status: 204}}, Errors: []int{404}},
		{Method: "GET", Path: "/api/documents/{id}/file", Tag: tag, Session: true,
			Query: []apidoc.Param{{Name: "exp", Type: "integer", Required: true, Desc: "the link's end, unix seconds"}, {Name: "sig", Required: true, Desc: "the link's signature"}},
			Ru:    "Открыть документ по подписанной ссылке (пациент или персонал клиники записи)", Uz: "Hujjatni imzolangan havola orqali ochish (bemor yoki qabul klinikasi xodimlari)",
			Answers: []apidoc.Answer{{Status: 200, Desc: "the file, as an attachment", ContentType: "application/octet-stream"}},
			Errors:  []int{403, 404}},
	}
}
