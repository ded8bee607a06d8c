package booking

import (
	_ "embed"

	"sogliq/server/apidoc"
)

// OpenAPI is the booking paths' part of the API document, written by hand
// before package apidoc (free times, holds, bookings, history, the
// calendar feed), a complete OpenAPI document by itself; TestOpenAPI
// checks real answers against it. The site serves the whole document
// (site.APIDocument), of which this is a part.
//
//go:embed openapi.json
var OpenAPI []byte

// APIFragment is the hand-written part of this package's API document.
func APIFragment() apidoc.Fragment { return OpenAPI }

// APIDoc is the part of this package's API document built from its Go
// types: a hold's extension at sign-in, the waitlist, and what is known of
// a patient having been to a doctor.
func APIDoc() []apidoc.Op {
	const tag = "waitlist"
	return []apidoc.Op{
		{Method: "POST", Path: "/api/bookings/holds/{id}/extend", Tag: "holds", Session: true,
			Ru: "Продлить удержание времени после входа (один раз)", Uz: "Kirgandan keyin vaqtni band qilishni uzaytirish (bir marta)",
			Query:   []apidoc.Param{{Name: "key", Required: true, Desc: "the hold's secret key"}},
			Answers: []apidoc.Answer{{Status: 200, Data: HoldExpiry{}}}, Errors: []int{404, 409}},
		{Method: "GET", Path: "/api/bookings/returning", Tag: "history", Session: true,
			Ru: "Были ли пациенты пользователя у врача (спрашивается один раз)", Uz: "Foydalanuvchi bemorlari shifokorda boʻlganmi (bir marta soʻraladi)",
			Query:   []apidoc.Param{{Name: "doctor", Type: "integer", Required: true, Desc: "the doctor's id"}},
			Answers: []apidoc.Answer{{Status: 200, Data: ReturningAnswers{}}}, Errors: []int{400}},
		{Method: "GET", Path: "/api/waitlist", Tag: tag, Session: true, Ru: "На какие из врачей пользователь в листе ожидания", Uz: "Foydalanuvchi qaysi shifokorlarning kutish roʻyxatida",
			Query: []apidoc.Param{{Name: "doctors", Desc: "doctor ids, comma-separated"}}, Answers: []apidoc.Answer{{Status: 200, Data: Waitlists{}}}},
		{Method: "POST", Path: "/api/waitlist", Tag: tag, Session: true, Ru: "Встать в лист ожидания врача", Uz: "Shifokorning kutish roʻyxatiga yozilish",
			Body: WaitlistRequest{}, Answers: []apidoc.Answer{{Status: 201, Data: Waitlists{}}}, Errors: []int{404, 409, 422}},
		{Method: "DELETE", Path: "/api/waitlist/{doctor}", Tag: tag, Session: true, Ru: "Выйти из листа ожидания", Uz: "Kutish roʻyxatidan chiqish",
			Answers: []apidoc.Answer{{Status: 204}}, Errors: []int{404}},
		{Method: "POST", Path: "/api/waitlist/offer", Tag: tag, Session: true, Ru: "Принять предложенное время из SMS", Uz: "SMSdagi taklif qilingan vaqtni qabul qilish",
			Body: OfferRequest{}, Answers: []apidoc.Answer{{Status: 200, Data: WaitlistOffer{}}}, Errors: []int{404, 409, 410}},
	}
}
