package consultant

import "sogliq/server/apidoc"

type question struct {
	Message string `json:"message"`
}

// APIDoc is this package's part of the API document (package apidoc).
func APIDoc() []apidoc.Op {
	const tag = "consultant"
	errs := []int{404, 502}
	return []apidoc.Op{
		{Method: "POST", Path: "/api/consultant/chats", Tag: tag, Session: true, Ru: "Задать вопрос ИИ-консультанту в новом чате", Uz: "Yangi suhbatda AI maslahatchiga savol berish",
			Body: question{}, Answers: []apidoc.Answer{{Status: 201, Desc: "the new chat with the question and the answer", Data: Answered{}}}, Errors: errs},
		{Method: "POST", Path: "/api/consultant/chats/{id}/messages", Tag: tag, Session: true, Ru: "Задать вопрос в существующем чате", Uz: "Mavjud suhbatda savol berish",
			Body: question{}, Answers: []apidoc.Answer{{Status: 200, Data: Answered{}}}, Errors: errs},
	}
}
