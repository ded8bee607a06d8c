import type { ReactNode } from "react";
import { t } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import type { RenderProps } from "../types";
import { LanguageSwitcher } from "../components/islands";
import "./ErrorLayout.css";

/** ErrorLayout: the top navigation of spec §2 and the error content, nothing else. */
export function ErrorLayout(props: RenderProps & { children: ReactNode }) {
  const { lang } = props;
  const place = { lang, region: props.region.slug };
  const nav = [
    { href: href("doctors", {}, place), label: t(lang, "nav.appointment") },
    { href: pathHref("/uslugi/analizy", place, true), label: t(lang, "nav.analyses") },
    { href: pathHref("/diagnostika", place, true), label: t(lang, "nav.diagnostics") },
    { href: pathHref("/uslugi", place, true), label: t(lang, "nav.services") },
    { href: pathHref("/kliniki", place, true), label: t(lang, "nav.clinics") },
    { href: pathHref("/products", place), label: t(lang, "nav.medication") },
  ];
  return (
    <>
      <header className="error-header">
        <div className="container error-header__inner">
          <a className="header__logo" href={href("home", {}, place)}>
            <span className="header__logo-mark" aria-hidden="true">+</span>
            {t(lang, "site.name")}
          </a>
          <nav className="error-header__nav" aria-label={t(lang, "nav.menu")}>
            {nav.map((item) => (
              <a key={item.href} href={item.href}>{item.label}</a>
            ))}
          </nav>
          {/* The page in the other language (a lost visitor may read only one). */}
          <LanguageSwitcher hydrate="interaction" lang={lang} paths={props.url?.paths ?? { ru: "/", uz: "/uz" }} />
        </div>
      </header>
      <main className="main container">{props.children}</main>
    </>
  );
}
