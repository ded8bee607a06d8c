import type { ReactNode } from "react";
import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { LanguageSwitcher } from "../components/islands";
import type { RenderProps } from "../types";
import "./ChatLayout.css";

/**
 * ChatLayout frames a chat (spec §2: the AI consultant's pages): a slim bar
 * back to the list of chats, and the conversation taking the screen.
 */
export function ChatLayout(props: RenderProps & { children: ReactNode }) {
  const { lang, region, url } = props;
  const place = { lang, region: region.slug };
  return (
    <>
      <header className="chat-bar">
        <a className="chat-bar__back" href={href("consultant", {}, place)}>← {t(lang, "consultant.allChats")}</a>
        <span className="chat-bar__title">{t(lang, "consultant.title")}</span>
        <LanguageSwitcher hydrate="interaction" lang={lang} paths={url.paths} />
      </header>
      <main className="main chat-main">{props.children}</main>
    </>
  );
}
