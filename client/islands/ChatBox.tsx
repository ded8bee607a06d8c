import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { callApi } from "../lib/api";
import type { Answered, Message as ChatMessage } from "../gen/consultant";
import "./ChatBox.css";

export interface ChatBoxProps {
  lang: Lang;
  /** The chat's id; 0 for a new chat, created by the first question. */
  chatId: number;
  messages: ChatMessage[];
  /** The path of a chat without its id (…/ai_chat), to show a new chat's address. */
  chatPath: string;
  available: boolean;
  maxLength: number;
}

/**
 * ChatBox is a conversation with the AI consultant: the messages so far and
 * the question box. A question shows at once; if the server cannot answer
 * it, the question goes back into the box, so nothing typed is lost.
 */
export default function ChatBox({ lang, chatId, messages, chatPath, available, maxLength }: ChatBoxProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [id, setId] = useState(chatId);
  const [shown, setShown] = useState(messages);
  const [pending, setPending] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState("");

  useEffect(() => markReady(rootRef.current), []);
  useEffect(() => {
    // A block body: scrollIntoView returns a promise in current Chromium,
    // which React would take for a cleanup function and call.
    endRef.current?.scrollIntoView({ block: "end" });
  }, [shown, pending]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const question = text.trim();
    if (!question || pending !== null) return;
    setPending(question);
    setText("");
    setError("");
    const path = id ? `/api/consultant/chats/${id}/messages?lang=${lang}` : `/api/consultant/chats?lang=${lang}`;
    const answer = await callApi<Answered>("POST", path, { message: question }, t(lang, "form.networkError"));
    setPending(null);
    if (answer.error || !answer.data) {
      setText(question);
      setError(answer.error ?? "");
      return;
    }
    const data = answer.data;
    setShown((s) => [...s, ...data.messages]);
    if (!id) {
      setId(data.id);
      // The new chat has an address now: reloading or sharing it keeps it.
      window.history.replaceState(null, "", `${chatPath}/${data.id}`);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <div ref={rootRef} className="chat">
      <ol className="chat__messages" aria-live="polite">
        {shown.map((m, i) => (
          <li key={i} className={`chat__message chat__message--${m.role}`}>
            <span className="visually-hidden">{t(lang, m.role === "user" ? "consultant.you" : "consultant.assistant")}: </span>
            {m.content}
          </li>
        ))}
        {pending !== null ? (
          <>
            <li className="chat__message chat__message--user">
              <span className="visually-hidden">{t(lang, "consultant.you")}: </span>
              {pending}
            </li>
            <li className="chat__message chat__message--assistant chat__message--pending" role="status">{t(lang, "consultant.thinking")}</li>
          </>
        ) : null}
      </ol>
      <div ref={endRef} />
      {available ? (
        <form className="chat__form" onSubmit={send}>
          {error ? <p className="chat__error" role="alert">{error}</p> : null}
          <label className="visually-hidden" htmlFor={`chat-question-${id}`}>{t(lang, "consultant.question")}</label>
          <textarea
            id={`chat-question-${id}`}
            name="message"
            rows={2}
            maxLength={maxLength}
            placeholder={t(lang, "consultant.placeholder")}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="chat-hint"
          />
          <button className="button" type="submit" disabled={pending !== null || text.trim() === ""}>{t(lang, "consultant.send")}</button>
          <p id="chat-hint" className="chat__hint">{t(lang, "consultant.hint")}</p>
        </form>
      ) : (
        <p className="chat__error" role="alert">{t(lang, "consultant.unavailable")}</p>
      )}
    </div>
  );
}
