import { useEffect, useRef, useState } from "react";
import { t, type Lang } from "../lib/i18n";
import { callApi } from "../lib/api";
import { markReady } from "../lib/ready";

export interface TelegramLinkProps {
  lang: Lang;
}

interface LinkCode {
  code: string;
  link?: string;
  expiresIn: number;
}

/**
 * TelegramLink gives a clinic's staff member a one-time code for the bot
 * (/start link-CODE, server/telegram): once sent, the bot writes to them
 * of the clinic's new, moved and cancelled visits.
 */
export default function TelegramLink({ lang }: TelegramLinkProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState<LinkCode | null>(null);
  const [error, setError] = useState("");
  useEffect(() => markReady(rootRef.current), []);
  const ask = async () => {
    const answer = await callApi<LinkCode>("POST", "/api/telegram/link-code?lang=" + lang, undefined, t(lang, "form.networkError"));
    if (answer.data) setCode(answer.data);
    setError(answer.error ?? "");
  };
  return (
    <div ref={rootRef} className="telegram-link">
      <button type="button" className="button button--outline" onClick={() => void ask()}>
        {t(lang, "telegram.deskLink")}
      </button>
      {code && (
        <p className="telegram-link__code" role="status">
          {code.link ? (
            <a href={code.link} target="_blank" rel="noopener">
              {t(lang, "telegram.deskCode", { code: code.code, minutes: Math.round(code.expiresIn / 60) })}
            </a>
          ) : (
            t(lang, "telegram.deskCode", { code: code.code, minutes: Math.round(code.expiresIn / 60) })
          )}
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
