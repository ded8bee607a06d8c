package desk

import "sogliq/server/apidoc"

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	const tag = "desk"
	id := apidoc.Object(map[string]any{"id": apidoc.Integer})
	op := func(method, path, ru, uz string, body any, answers []apidoc.Answer, errs ...int) apidoc.Op {
		return apidoc.Op{Method: method, Path: path, Tag: tag, Session: true, Ru: ru, Uz: uz, Body: body, Answers: answers,
			Errors: append([]int{403, 404}, errs...)}
	}
	// The editor's routes are the editor's, beside the desk's same checks.
	editor := func(method, path, ru, uz string, body any, answers []apidoc.Answer, errs ...int) apidoc.Op {
		o := op(method, path, ru, uz, body, answers, errs...)
		o.Tag = "editor"
		return o
	}
	ok := func(data any) []apidoc.Answer { return []apidoc.Answer{{Status: 200, Data: data}} }
	visits := op("GET", "/api/desk/visits", "Приёмы клиники по дням (персонал клиники)", "Klinika qabullari kunlar boʻyicha (klinika xodimlari)", nil, ok(DeskDay{}))
	visits.Query = []apidoc.Param{
		{Name: "clinic", Type: "integer", Required: true}, {Name: "from", Desc: "YYYY-MM-DD, today by default"},
		{Name: "days", Type: "integer", Desc: "1 by default"},
	}
	return []apidoc.Op{
		visits,
		op("POST", "/api/desk/visits/{id}/confirm", "Подтвердить приём", "Qabulni tasdiqlash", nil, ok(id), 409),
		op("POST", "/api/desk/visits/{id}/cancel", "Отменить приём от имени клиники", "Qabulni klinika nomidan bekor qilish", CancelRequest{}, ok(id), 409, 422),
		op("POST", "/api/desk/visits/{id}/outcome", "Отметить, пришёл ли пациент", "Bemor kelganini belgilash", OutcomeRequest{}, ok(id), 409),
		op("PUT", "/api/desk/visits/{id}/meeting", "Ссылка на видеовстречу онлайн-приёма (https; пустая — убрать)",
			"Onlayn qabulning videouchrashuv havolasi (https; boʻsh — olib tashlash)", MeetingRequest{},
			ok(apidoc.Object(map[string]any{"id": apidoc.Integer, "url": apidoc.String})), 400, 409, 422),
		op("POST", "/api/desk/blocks", "Закрыть время в расписании врача", "Shifokor jadvalida vaqtni yopish", BlockRequest{}, []apidoc.Answer{{Status: 201, Data: id}}, 409, 422),
		op("DELETE", "/api/desk/blocks/{id}", "Открыть закрытое время", "Yopilgan vaqtni ochish", nil, []apidoc.Answer{{Status: 204}}),
		op("PUT", "/api/desk/schedule", "Недельное расписание врача", "Shifokorning haftalik jadvali", ScheduleRequest{},
			ok(apidoc.Object(map[string]any{"doctorId": apidoc.Integer})), 409),
		op("POST", "/api/desk/exceptions", "Особый день врача (выходной или другие часы)", "Shifokorning alohida kuni (dam olish yoki boshqa soatlar)", ExceptionRequest{},
			ok(apidoc.Object(map[string]any{"doctorId": apidoc.Integer, "date": apidoc.String})), 409),
		op("POST", "/api/desk/visit-types", "Новый вид приёма врача (длина в слотах, цена, для кого, дни и часы)",
			"Shifokorning yangi qabul turi (slotlarda davomiylik, narx, kim uchun, kunlar va soatlar)", VisitTypeRequest{},
			[]apidoc.Answer{{Status: 201, Data: DeskVisitType{}}}, 422),
		op("PUT", "/api/desk/visit-types/{id}", "Изменить или отключить вид приёма", "Qabul turini oʻzgartirish yoki oʻchirish", VisitTypeRequest{},
			ok(DeskVisitType{}), 422),
		// Another clinic's rules are a 403 (staff of it only), never a 404.
		{Method: "PUT", Path: "/api/desk/booking-rules", Tag: tag, Session: true,
			Ru:   "Правила записи клиники: на сколько дней вперёд записываться и за сколько часов пациент может отменить приём",
			Uz:   "Klinikaning yozilish qoidalari: necha kun oldinga yozilish va bemor qabulni necha soat oldin bekor qila olishi",
			Body: BookingRulesRequest{}, Answers: ok(BookingRules{}), Errors: []int{403, 422}},
		editor("GET", "/api/editor/doctor/{id}/visit-types", "Виды приёма врача во всех его клиниках (редактор)",
			"Shifokorning barcha klinikalaridagi qabul turlari (muharrir)", nil, ok(EditorDoctorTypes{})),
		editor("POST", "/api/editor/doctor/{id}/visit-types", "Новый вид приёма врача в одной из его клиник (редактор)",
			"Shifokorning klinikalaridan biridagi yangi qabul turi (muharrir)", VisitTypeRequest{},
			[]apidoc.Answer{{Status: 201, Data: DeskVisitType{}}}, 422),
		editor("PUT", "/api/editor/doctor/{id}/visit-types/{type}", "Изменить или отключить вид приёма врача (редактор)",
			"Shifokorning qabul turini oʻzgartirish yoki oʻchirish (muharrir)", VisitTypeRequest{}, ok(DeskVisitType{}), 422),
	}
}
