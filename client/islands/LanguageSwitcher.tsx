import { useEffect, useRef } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import type { LangPaths } from "../gen/web";
import "./LanguageSwitcher.css";

export interface LanguageSwitcherProps {
  lang: Lang;
  /** The same page in each language. */
  paths: LangPaths;
}

const languages: Lang[] = ["ru", "uz"];

/**
 * choose is the switcher's link to path in lang: ?lang= tells the server to
 * remember the choice (the language cookie, 365 days) before it sends the
 * visitor on to path (server/web rememberLanguage), so the tap itself
 * stores it, with or without this island's script.
 */
export function choose(path: string, lang: Lang): string {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;
}

/**
 * LanguageSwitcher links to this page in the other language. The links are
 * nofollow and never prefetched: following one stores a choice, and
 * crawlers find the other language through the head's hreflang links.
 */
export default function LanguageSwitcher({ lang, paths }: LanguageSwitcherProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => markReady(ref.current), []);
  return (
    <nav ref={ref} className="lang-switcher" aria-label={t(lang, "lang.label")}>
      {languages.map((l) =>
        l === lang ? (
          <span key={l} className="lang-switcher__item is-active" aria-current="true" lang={l}>
            {t(l, l === "ru" ? "lang.ruShort" : "lang.uzShort")}
          </span>
        ) : (
          <a key={l} className="lang-switcher__item" href={choose(paths[l], l)} hrefLang={l} lang={l} rel="nofollow" data-no-prefetch="">
            {t(l, l === "ru" ? "lang.ruShort" : "lang.uzShort")}
          </a>
        ),
      )}
    </nav>
  );
}
