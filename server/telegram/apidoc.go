package telegram

import "sogliq/server/apidoc"

// APIDoc is the webhook's entry in the API document (the Mini App's and
// the login widget's paths are in booking's hand-written part).
func APIDoc() []apidoc.Op {
	return []apidoc.Op{{Method: "POST", Path: "/api/telegram/webhook", Tag: "telegram",
		Ru: "Обновление от Telegram (только с секретным заголовком)", Uz: "Telegramdan yangilanish (faqat maxfiy sarlavha bilan)",
		Query: []apidoc.Param{{Name: "X-Telegram-Bot-Api-Secret-Token", In: "header", Required: true}},
		Body:  Update{}, Answers: []apidoc.Answer{{Status: 200, Desc: "taken (each update is handled once)", ContentType: "text/plain"}},
		Errors: []int{401, 404}}}
}
