import limits from "../../shared/limits.json";
import { t } from "../lib/i18n";
import { href, pathHref, type Place } from "../lib/href";
import { BurgerMenu, LanguageSwitcher, RegionPicker, SearchBox } from "./islands";
import type { RenderProps } from "../types";
import "./Header.css";

export const SIDEBAR_ID = "sidebar";

/** mainNav is the header's and the sidebar's section list (spec §2). */
export function mainNav(place: Place) {
  const { lang } = place;
  return [
    { href: href("doctors", {}, place), label: t(lang, "nav.doctors") },
    { href: pathHref("/kliniki", place, true), label: t(lang, "nav.clinics") },
    { href: pathHref("/kliniki/tip-roddoma", place, true), label: t(lang, "nav.maternity") },
    { href: pathHref("/diagnostika", place, true), label: t(lang, "nav.diagnostics") },
    { href: pathHref("/uslugi", place, true), label: t(lang, "nav.services") },
    { href: pathHref("/uslugi/analizy", place, true), label: t(lang, "nav.analyses") },
    { href: pathHref("/products", place), label: t(lang, "nav.medication") },
    { href: pathHref("/promotion", place, true), label: t(lang, "nav.promotions") },
    { href: pathHref("/bolezn", place, true), label: t(lang, "nav.diseases") },
    { href: pathHref("/simptom", place, true), label: t(lang, "nav.symptoms") },
  ];
}

/** searchQuery is the query the results page echoes in the box, "" elsewhere. */
function searchQuery(route: string, data: unknown): string {
  if (route !== "search") return "";
  const q = (data as { query?: unknown } | null)?.query;
  return typeof q === "string" ? q : "";
}

/**
 * Header is the site header. Its bar (burger, logo, a search shortcut, the
 * add-clinic link, the language) stays fixed at the top, 56 px on a phone;
 * the search box, the region and the sign-in link sit below it and scroll
 * away with the page. The shortcut is the search box's label: a tap focuses
 * the box, and the browser scrolls it back into view. On the home page the
 * box is the hero's (the same island and id), so the page has one.
 */
export function Header({ lang, region, url, regions, route, data, addClinicUrl }: RenderProps) {
  const place = { lang, region: region.slug };
  const regionName = region.name;
  const siteName = t(lang, "site.name");
  return (
    <header className="header">
      <div className="header__bar">
        <div className="header__bar-inner container">
          <BurgerMenu hydrate="interaction" lang={lang} sidebarId={SIDEBAR_ID} />
          <a className="header__logo" href={href("home", {}, place)} aria-label={`${siteName} — ${t(lang, "nav.home")}`}>
            <span className="header__logo-mark" aria-hidden="true">+</span>
            {siteName}
          </a>
          <label className="header__find" htmlFor="header-search">
            <svg viewBox="0 0 24 24" width="22" height="22" focusable="false" aria-hidden="true">
              <path fill="currentColor" d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" />
            </svg>
          </label>
          <a className="header__add" href={addClinicUrl || limits.addClinicUrl} rel="noopener" target="_blank">{t(lang, "header.addClinic")}</a>
          <LanguageSwitcher hydrate="interaction" lang={lang} paths={url.paths} />
        </div>
      </div>
      <div className="header__inner container">
        {/* The home page has its search box in the middle (Home.tsx): one box, which suggests, not two. */}
        {route !== "home" && <SearchBox hydrate="interaction" lang={lang} action={pathHref("/search", place, true)} region={region.slug} query={searchQuery(route, data)} />}
        <div className="header__tools">
          {regions ? (
            <RegionPicker
              hydrate="interaction"
              lang={lang}
              current={{ slug: region.slug, name: regionName }}
              regions={regions}
              promptLabels={{ question: t(lang, "region.prompt"), confirm: t(lang, "region.confirm"), other: t(lang, "region.other"), choose: t(lang, "region.choose") }}
            />
          ) : (
            <span className="header__region" title={t(lang, "header.region")}>{regionName}</span>
          )}
          {/* One of the two shows: <html data-signed-in> (Document.tsx) says which. */}
          <a className="header__account header__account--guest" href={href("login", {}, place)}>{t(lang, "header.signIn")}</a>
          <a className="header__account header__account--user" href={href("profile", {}, place)}>{t(lang, "header.account")}</a>
        </div>
      </div>
      <nav className="header__nav container" aria-label={t(lang, "nav.menu")}>
        {mainNav(place).map((item) => (
          <a key={item.href} href={item.href}>{item.label}</a>
        ))}
      </nav>
    </header>
  );
}
