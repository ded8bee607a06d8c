// The AI consultant's pages (spec §2), behind the auth guard.
import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { formatDate } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { ChatBox } from "../components/islands";
import type { ChatData as ConsultantChatData, ListData as ConsultantListData } from "../gen/consultant";
import type { RenderProps } from "../types";
import "./Account.css";

/** Consultant is /profile/consultant: what it is, a new question, the chats so far. */
export function Consultant(props: RenderProps<ConsultantListData>) {
  const { lang, data } = props;
  const place = { lang, region: props.region.slug };
  return (
    <>
      <PageHead title={`${t(lang, "consultant.title")} | ${t(lang, "site.name")}`} description={t(lang, "consultant.description")} url={props.url} noindex />
      <section className="account">
        <p><a href={href("profile", {}, place)}>← {t(lang, "profile.back")}</a></p>
        <h1 className="page-title">{t(lang, "consultant.title")}</h1>
        <p>{t(lang, "consultant.description")}</p>
        <p className="account__note">{t(lang, "consultant.disclaimer")}</p>
        {data.available ? (
          <p><a className="button" href={href("consultant-new", {}, place)}>{t(lang, "consultant.newChat")}</a></p>
        ) : (
          <p className="account__note" role="status">{t(lang, "consultant.unavailable")}</p>
        )}
        <h2>{t(lang, "consultant.chats")}</h2>
        {data.chats.length === 0 ? (
          <p>{t(lang, "consultant.noChats")}</p>
        ) : (
          <ul className="account__chats">
            {data.chats.map((c) => (
              <li key={c.id}>
                <a href={href("consultant-chat", { id: String(c.id) }, place)}>{c.title}</a>
                <time dateTime={c.updatedAt.replace(/(\.\d{3})\d+/, "$1")}>{formatDate(c.updatedAt.slice(0, 10), lang)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** ConsultantChat is a chat, new (/ai_chat) or kept (/ai_chat/{id}), on the chat layout. */
export function ConsultantChat(props: RenderProps<ConsultantChatData>) {
  const { lang, data } = props;
  const place = { lang, region: props.region.slug };
  const title = data.chat.title || t(lang, "consultant.newChatTitle");
  return (
    <>
      <PageHead title={`${title} | ${t(lang, "consultant.title")}`} description={t(lang, "consultant.chatDescription")} url={props.url} noindex />
      <h1 className="chat-title">{title}</h1>
      <p className="chat-disclaimer">{t(lang, "consultant.disclaimer")}</p>
      <ChatBox
        lang={lang}
        chatId={data.chat.id}
        messages={data.chat.messages}
        chatPath={href("consultant-new", {}, place)}
        available={data.available}
        maxLength={data.maxQuestion}
      />
    </>
  );
}
