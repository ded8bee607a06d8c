package consultant

import "time"

// The types of the consultant's JSON answers and pages' data, on their
// own so tygo generates client/gen/consultant.ts from this file alone.

// Message is one turn of a chat.
type Message struct {
	// Role is "user" or "assistant".
	Role    string `json:"role" db:"role" tstype:"'user' | 'assistant'"`
	Content string `json:"content" db:"content"`
}

// Chat is a chat with its messages, oldest first.
type Chat struct {
	ID        int64     `json:"id" db:"id"`
	Title     string    `json:"title" db:"title"`
	UpdatedAt time.Time `json:"updatedAt" db:"updated_at"`
	Messages  []Message `json:"messages"`
}

// ListData is the consultant's start page: the user's chats.
type ListData struct {
	Chats     []Chat `json:"chats"`
	Available bool   `json:"available"`
}

// ChatData is a chat page; a new chat has id 0 and no messages.
type ChatData struct {
	Chat      Chat `json:"chat"`
	Available bool `json:"available"`
	// MaxQuestion is the longest question taken, in characters.
	MaxQuestion int `json:"maxQuestion"`
}

// Answered is the answer to a question: the chat's id and the two new
// messages, the question and the model's answer.
type Answered struct {
	ID       int64     `json:"id"`
	Messages []Message `json:"messages"`
}
