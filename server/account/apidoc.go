package account

import "sogliq/server/apidoc"

// The request bodies of the sign-in API, named for the document.
type (
	codeRequest struct {
		Phone string `json:"phone"`
	}
	verifyRequest struct {
		Phone string `json:"phone"`
		Code  string `json:"code"`
	}
	deleteRequest struct {
		Confirm bool `json:"confirm"`
	}
)

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	const tag = "account"
	return []apidoc.Op{
		{Method: "POST", Path: "/api/auth/code", Tag: tag, Ru: "Отправить код входа по SMS", Uz: "SMS orqali kirish kodini yuborish",
			Body: codeRequest{}, Answers: []apidoc.Answer{{Status: 200, Desc: "the code is sent", Data: CodeSent{}}}, Errors: []int{502}},
		{Method: "POST", Path: "/api/auth/verify", Tag: tag, Ru: "Войти по коду: cookie сессии", Uz: "Kod bilan kirish: sessiya cookie fayli",
			Body: verifyRequest{}, Answers: []apidoc.Answer{{Status: 200, Desc: "signed in; Set-Cookie token (and is_new_user on the first sign-in)", Data: SignedIn{}}}},
		{Method: "POST", Path: "/api/auth/logout", Tag: tag, Ru: "Выйти", Uz: "Chiqish",
			Answers: []apidoc.Answer{{Status: 204, Desc: "signed out"}, {Status: 303, Desc: "a form post: to the home page"}}},
		{Method: "GET", Path: "/api/auth/session", Tag: tag, Ru: "Вошёл ли посетитель (всегда 200)", Uz: "Tashrif buyuruvchi kirganmi (doim 200)",
			Answers: []apidoc.Answer{{Status: 200, Data: SessionState{}}}},
		{Method: "GET", Path: "/api/account/profile", Tag: tag, Session: true, Ru: "Профиль вошедшего пользователя", Uz: "Kirgan foydalanuvchi profili",
			Answers: []apidoc.Answer{{Status: 200, Data: User{}}}},
		{Method: "PUT", Path: "/api/account/profile", Tag: tag, Session: true, Ru: "Сохранить профиль (завершает регистрацию)", Uz: "Profilni saqlash (roʻyxatdan oʻtishni yakunlaydi)",
			Body: Profile{}, Answers: []apidoc.Answer{{Status: 200, Data: User{}}}, Errors: []int{422}},
		{Method: "POST", Path: "/api/account/delete", Tag: tag, Session: true, Ru: "Удалить аккаунт и все его данные (JSON или форма confirm=yes)", Uz: "Akkaunt va uning barcha maʼlumotlarini oʻchirish (JSON yoki confirm=yes shakli)",
			Body: deleteRequest{}, Answers: []apidoc.Answer{{Status: 204, Desc: "deleted and signed out"}, {Status: 303, Desc: "a form post: to the home page"}}},
		{Method: "GET", Path: "/api/account/relatives", Tag: tag, Session: true, Ru: "Родственники, сохранённые в профиле", Uz: "Profilda saqlangan qarindoshlar",
			Answers: []apidoc.Answer{{Status: 200, Data: []Relative{}}}},
		{Method: "POST", Path: "/api/account/relatives", Tag: tag, Session: true, Ru: "Добавить родственника", Uz: "Qarindosh qoʻshish",
			Body: RelativeInput{}, Answers: []apidoc.Answer{{Status: 201, Data: Relative{}}}, Errors: []int{422}},
		{Method: "PUT", Path: "/api/account/relatives/{id}", Tag: tag, Session: true, Ru: "Изменить родственника", Uz: "Qarindoshni oʻzgartirish",
			Body: RelativeInput{}, Answers: []apidoc.Answer{{Status: 200, Data: Relative{}}}, Errors: []int{404, 422}},
		{Method: "DELETE", Path: "/api/account/relatives/{id}", Tag: tag, Session: true, Ru: "Удалить родственника (его прошлые записи остаются)", Uz: "Qarindoshni oʻchirish (oldingi yozuvlari qoladi)",
			Answers: []apidoc.Answer{{Status: 204, Desc: "deleted"}}, Errors: []int{404}},
	}
}
