package analytics

import "sogliq/server/apidoc"

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	const tag = "analytics"
	answers := []apidoc.Answer{{Status: 202, Desc: "taken (accepted false: a bot or a duplicate, not counted)", Data: Accepted{}}}
	return []apidoc.Op{
		{Method: "POST", Path: "/api/analytic-events", Tag: tag, Ru: "Просмотр страницы", Uz: "Sahifa koʻrildi",
			Body: PageViewRequest{}, Answers: answers},
		{Method: "POST", Path: "/api/clinics/{id}/track-event", Tag: tag, Ru: "Событие на странице клиники", Uz: "Klinika sahifasidagi hodisa",
			Body: TrackRequest{}, Answers: answers, Errors: []int{404}},
		{Method: "POST", Path: "/api/doctors/{id}/track-event", Tag: tag, Ru: "Событие на странице врача", Uz: "Shifokor sahifasidagi hodisa",
			Body: TrackRequest{}, Answers: answers, Errors: []int{404}},
	}
}
