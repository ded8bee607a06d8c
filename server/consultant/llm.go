// Package consultant is the AI consultant of the profile (spec §2:
// /profile/consultant, /profile/consultant/ai_chat[/{id}]): a signed-in
// user's chats with a language model, stored so they can return to them.
package consultant

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Model answers the next turn of a conversation in lang ("ru" or "uz").
type Model interface {
	Reply(ctx context.Context, lang string, history []Message) (string, error)
}

// OpenAIModel talks to an OpenAI-compatible chat completions API (LLM_URL,
// e.g. https://api.openai.com/v1; LLM_KEY; LLM_MODEL). Most hosted and
// self-hosted models (vLLM, Ollama, llama.cpp's server) speak it.
type OpenAIModel struct {
	URL   string
	Key   string
	Model string
	// Client defaults to one with a 60 s timeout: a model may think.
	Client *http.Client
}

// systemPrompts set the consultant's role: explain, never diagnose, send to
// the right specialist, and to emergency care (103) when it sounds urgent.
var systemPrompts = map[string]string{
	"ru": "Ты — медицинский консультант сервиса Sog'liq в Узбекистане. Отвечай по-русски, кратко и понятно, без markdown. " +
		"Ты не ставишь диагноз и не назначаешь лечение: объясни, что может означать описанное, какие вопросы задать врачу " +
		"и к какому специалисту записаться. При признаках неотложного состояния (боль в груди, затруднённое дыхание, " +
		"потеря сознания, сильное кровотечение) сразу советуй звонить 103.",
	"uz": "Siz O'zbekistondagi Sog'liq xizmatining tibbiy maslahatchisisiz. O'zbek tilida, lotin yozuvida, qisqa va tushunarli, " +
		"markdownsiz javob bering. Tashxis qo'ymaysiz va davolash buyurmaysiz: ta'riflangan holat nimani anglatishi mumkinligini, " +
		"shifokorga qanday savollar berishni va qaysi mutaxassisga yozilishni tushuntiring. Shoshilinch holat belgilari " +
		"(ko'krakdagi og'riq, nafas qisishi, hushdan ketish, kuchli qon ketishi) bo'lsa, darhol 103 ga qo'ng'iroq qilishni maslahat bering.",
}

// Reply sends the system prompt of lang and the history, and returns the
// model's answer.
func (m *OpenAIModel) Reply(ctx context.Context, lang string, history []Message) (string, error) {
	prompt, ok := systemPrompts[lang]
	if !ok {
		prompt = systemPrompts["ru"]
	}
	msgs := append([]Message{{Role: "system", Content: prompt}}, history...)
	body, err := json.Marshal(map[string]any{"model": m.Model, "messages": msgs})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(m.URL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("consultant.OpenAIModel: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if m.Key != "" {
		req.Header.Set("Authorization", "Bearer "+m.Key)
	}
	client := m.Client
	if client == nil {
		client = &http.Client{Timeout: 60 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("consultant.OpenAIModel: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("consultant.OpenAIModel: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("consultant.OpenAIModel: %s: %.200s", resp.Status, raw)
	}
	var out struct {
		Choices []struct {
			Message Message `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("consultant.OpenAIModel: the answer: %w", err)
	}
	if len(out.Choices) == 0 || strings.TrimSpace(out.Choices[0].Message.Content) == "" {
		return "", errors.New("consultant.OpenAIModel: an empty answer")
	}
	return strings.TrimSpace(out.Choices[0].Message.Content), nil
}
