import { t } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { PageHead } from "../components/PageHead";
import type { RenderProps } from "../types";
import "./Telegram.css";

/** Telegram is /opentelegram: the Telegram mini-app's compact entry, a search field and the main sections. */
export function Telegram(props: RenderProps) {
  const { lang, region } = props;
  const place = { lang, region: region.slug };
  const links = [
    { href: href("doctors", {}, place), label: t(lang, "nav.doctors") },
    { href: pathHref("/kliniki", place, true), label: t(lang, "nav.clinics") },
    { href: pathHref("/uslugi/analizy", place, true), label: t(lang, "nav.analyses") },
    { href: pathHref("/diagnostika", place, true), label: t(lang, "nav.diagnostics") },
    { href: href("products", {}, place), label: t(lang, "nav.medication") },
    { href: href("promotions", {}, place), label: t(lang, "nav.promotions") },
    { href: href("diseases", {}, place), label: t(lang, "nav.diseases") },
    { href: href("symptoms", {}, place), label: t(lang, "nav.symptoms") },
  ];
  return (
    <>
      <PageHead title={t(lang, "telegram.title")} description={t(lang, "site.description")} url={props.url} noindex />
      <h1 className="telegram__title">{t(lang, "site.name")}</h1>
      <form className="telegram__search" action={pathHref("/search", place)} method="get" role="search">
        <input type="search" name="q" placeholder={t(lang, "search.placeholder")} aria-label={t(lang, "search.label")} />
        <button type="submit">{t(lang, "search.button")}</button>
      </form>
      <nav className="telegram__links" aria-label={t(lang, "telegram.sections")}>
        {links.map((l) => (
          <a key={l.href} href={l.href}>{l.label}</a>
        ))}
      </nav>
    </>
  );
}
