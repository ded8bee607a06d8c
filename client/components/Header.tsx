import { t } from "../lib/i18n";
import { href, pathHref, type Place } from "../lib/href";
import { BurgerMenu, LanguageSwitcher, RegionPicker, SearchBox } from "./islands";
import type { RenderProps } from "../types";
import "./Header.css";

export const SIDEBAR_ID = "sidebar";
const ADD_CLINIC_URL = "https://t.me/sogliq_bot";

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

/** Header is the site header: logo, search, region, language, burger. */
export function Header({ lang, region, url, regions, route, data }: RenderProps) {
  const place = { lang, region: region.slug };
  const regionName = region.name;
  return (
    <header className="header">
      <div className="header__inner container">
        <BurgerMenu lang={lang} sidebarId={SIDEBAR_ID} />
        <a className="header__logo" href={href("home", {}, place)} aria-label={t(lang, "nav.home")}>
          <span className="header__logo-mark" aria-hidden="true">+</span>
          {t(lang, "site.name")}
        </a>
        <SearchBox lang={lang} action={pathHref("/search", place, true)} region={region.slug} query={searchQuery(route, data)} />
        <div className="header__tools">
          {regions ? (
            <RegionPicker
              lang={lang}
              current={{ slug: region.slug, name: regionName }}
              regions={regions.map((r) => ({ slug: r.slug, name: r.name, path: r.path }))}
            />
          ) : (
            <span className="header__region" title={t(lang, "header.region")}>{regionName}</span>
          )}
          <a className="header__add" href={ADD_CLINIC_URL} rel="noopener" target="_blank">{t(lang, "header.addClinic")}</a>
          <a className="header__account" href={href("login", {}, place)}>{t(lang, "header.signIn")}</a>
          <LanguageSwitcher lang={lang} paths={url.paths} />
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
