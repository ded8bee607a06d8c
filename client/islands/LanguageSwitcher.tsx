import { useEffect, useRef } from "react";
import { t, type Lang } from "../lib/i18n";
import limits from "../../shared/limits.json";
import { markReady } from "../lib/ready";
import type { LangPaths } from "../gen/web";
import "./LanguageSwitcher.css";

export interface LanguageSwitcherProps {
  lang: Lang;
  /** The same page in each language. */
  paths: LangPaths;
}

const languages: Lang[] = ["ru", "uz"];

/** LanguageSwitcher links to this page in the other language and remembers the choice. */
export default function LanguageSwitcher({ lang, paths }: LanguageSwitcherProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => markReady(ref.current), []);
  function remember(choice: Lang) {
    const maxAge = limits.languageCookieDays * 24 * 60 * 60;
    document.cookie = `lang=${choice}; path=/; max-age=${maxAge}; samesite=lax`;
  }
  return (
    <nav ref={ref} className="lang-switcher" aria-label={t(lang, "lang.label")}>
      {languages.map((l) =>
        l === lang ? (
          <span key={l} className="lang-switcher__item is-active" aria-current="true" lang={l}>
            {t(l, l === "ru" ? "lang.ruShort" : "lang.uzShort")}
          </span>
        ) : (
          <a key={l} className="lang-switcher__item" href={paths[l]} hrefLang={l} lang={l} onClick={() => remember(l)}>
            {t(l, l === "ru" ? "lang.ruShort" : "lang.uzShort")}
          </a>
        ),
      )}
    </nav>
  );
}
