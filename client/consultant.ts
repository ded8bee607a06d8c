// Types of the consultant's data (server/consultant JSON tags).

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

export interface ChatSummary {
  id: number;
  title: string;
  /** RFC 3339 in Tashkent time. */
  updatedAt: string;
}

export interface Chat extends ChatSummary {
  messages: ChatMessage[];
}

/** ConsultantListData is /profile/consultant. */
export interface ConsultantListData {
  chats: ChatSummary[];
  available: boolean;
}

/** ConsultantChatData is a chat page; a new chat has id 0. */
export interface ConsultantChatData {
  chat: Chat;
  available: boolean;
  /** The longest question taken, in characters. */
  maxQuestion: number;
}
