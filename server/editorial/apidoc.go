package editorial

import (
	"sogliq/server/apidoc"
	"sogliq/server/seo"
)

// published is the answer to a publication: the revision and its changes,
// or, when scheduled, the revision and when it will be published.
type published struct {
	Revision int64    `json:"revision"`
	Changes  []Change `json:"changes,omitempty"`
	At       string   `json:"at,omitempty"`
}

// APIDoc is this package's part of the API document (package apidoc).
// Every path needs the editor or the admin role (403 otherwise).
func APIDoc() []apidoc.Op {
	const tag = "editor"
	op := func(method, path, ru, uz string, body any, answers []apidoc.Answer, errs ...int) apidoc.Op {
		return apidoc.Op{Method: method, Path: path, Tag: tag, Session: true, Ru: ru, Uz: uz, Body: body, Answers: answers,
			Errors: append([]int{403, 404}, errs...)}
	}
	ok := func(data any) []apidoc.Answer { return []apidoc.Answer{{Status: 200, Data: data}} }
	none := []apidoc.Answer{{Status: 204}}
	list := op("GET", "/api/editor/{kind}", "Список записей вида (врачи, клиники, ...)", "Tur yozuvlari roʻyxati (shifokorlar, klinikalar, ...)", nil, ok([]ListItem{}))
	list.Query = []apidoc.Param{{Name: "q", Desc: "a search in titles"}, {Name: "drafts", Desc: "1: only those with a draft"}}
	slug := op("GET", "/api/editor/slug", "Проверить или предложить адрес (slug)", "Manzilni (slug) tekshirish yoki taklif qilish", nil,
		ok(apidoc.Object(map[string]any{"slug": apidoc.String, "taken": apidoc.Boolean, "valid": apidoc.Boolean})))
	slug.Query = []apidoc.Param{{Name: "kind", Required: true}, {Name: "id", Type: "integer"}, {Name: "slug"}, {Name: "name", Desc: "transliterated when slug is empty"}}
	upload := op("POST", "/api/editor/images", "Загрузить изображение", "Rasm yuklash", nil, []apidoc.Answer{{Status: 201, Data: Uploaded{}}}, 413, 422)
	upload.Upload = true
	upload.Query = []apidoc.Param{{Name: "use", Required: true, Desc: "the image field's use (photo, logo, ...)"}}
	role := apidoc.Object(map[string]any{"phone": apidoc.String, "role": apidoc.String})
	unredirect := op("DELETE", "/api/editor/redirects/{table}", "Удалить перенаправление", "Yoʻnaltirishni oʻchirish", nil, none)
	unredirect.Query = []apidoc.Param{{Name: "source", Required: true}}
	return []apidoc.Op{
		list,
		op("POST", "/api/editor/{kind}", "Создать запись (черновик)", "Yozuv yaratish (qoralama)", nil, []apidoc.Answer{{Status: 201, Data: Created{}}}),
		op("GET", "/api/editor/{kind}/{id}", "Форма записи: поля, значения, история", "Yozuv shakli: maydonlar, qiymatlar, tarix", nil, ok(Form{})),
		op("DELETE", "/api/editor/{kind}/{id}", "Удалить запись", "Yozuvni oʻchirish", nil, none, 409),
		op("PUT", "/api/editor/{kind}/{id}/draft", "Сохранить черновик", "Qoralamani saqlash", Values{}, ok(Form{}), 409, 422),
		op("DELETE", "/api/editor/{kind}/{id}/draft", "Отбросить черновик", "Qoralamani bekor qilish", nil, none),
		op("POST", "/api/editor/{kind}/{id}/publish", "Опубликовать черновик сейчас или в указанное время", "Qoralamani hozir yoki belgilangan vaqtda eʼlon qilish", PublishRequest{}, ok(published{}), 409, 422),
		op("POST", "/api/editor/{kind}/{id}/restore/{rev}", "Вернуть ревизию в черновик", "Tahrirni qoralamaga qaytarish", nil, ok(Form{})),
		slug,
		upload,
		op("POST", "/api/editor/roles", "Выдать роль (администратор)", "Rol berish (administrator)", RoleRequest{}, ok(role), 422),
		op("DELETE", "/api/editor/roles", "Отозвать роль (администратор)", "Rolni qaytarib olish (administrator)", RoleRequest{}, ok(role), 422),
		op("GET", "/api/editor/redirects/{table}", "Перенаправления таблицы (redirects или rules)", "Jadval yoʻnaltirishlari (redirects yoki rules)", nil, ok([]seo.Redirect{})),
		op("PUT", "/api/editor/redirects/{table}", "Добавить или изменить перенаправление", "Yoʻnaltirishni qoʻshish yoki oʻzgartirish", seo.Redirect{}, none, 422),
		unredirect,
	}
}
