import limits from "../../shared/limits.json";
import { t, type Lang } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { fragment } from "./fragment";
import "./Footer.css";

export const PLAY_STORE_URL = limits.playStoreUrl;
export const APP_STORE_URL = limits.appStoreUrl;

/** FooterProps are all the footer shows: it is the same on every page of a language and region. */
interface FooterProps {
  lang: Lang;
  region: string;
  year: number;
}

/** Footer: address, contacts, three link columns, the app banner and the age note (spec §2). */
function FooterCard({ lang, region, year }: FooterProps) {
  const place = { lang, region };
  const columns = [
    {
      title: t(lang, "footer.forPatients"),
      links: [
        { href: href("doctors", {}, place), label: t(lang, "nav.doctors") },
        { href: pathHref("/kliniki", place, true), label: t(lang, "nav.clinics") },
        { href: pathHref("/kliniki/tip-roddoma", place, true), label: t(lang, "nav.maternity") },
        { href: pathHref("/diagnostika", place, true), label: t(lang, "nav.diagnostics") },
        { href: pathHref("/uslugi", place, true), label: t(lang, "nav.services") },
        { href: pathHref("/uslugi/analizy", place, true), label: t(lang, "nav.analyses") },
      ],
    },
    {
      title: t(lang, "footer.directory"),
      links: [
        { href: pathHref("/products", place), label: t(lang, "nav.medication") },
        { href: pathHref("/promotion", place, true), label: t(lang, "nav.promotions") },
        { href: pathHref("/bolezn", place, true), label: t(lang, "nav.diseases") },
        { href: pathHref("/simptom", place, true), label: t(lang, "nav.symptoms") },
        { href: pathHref("/articles", place), label: t(lang, "footer.articles") },
        { href: pathHref("/news", place), label: t(lang, "footer.news") },
      ],
    },
    {
      title: t(lang, "footer.company"),
      links: [
        { href: pathHref("/about-us", place), label: t(lang, "footer.about") },
        { href: pathHref("/press", place), label: t(lang, "footer.press") },
        { href: pathHref("/contacts", place), label: t(lang, "footer.contacts") },
        { href: pathHref("/faq", place), label: t(lang, "footer.faq") },
        { href: pathHref("/terms", place), label: t(lang, "footer.terms") },
        { href: pathHref("/privacy", place), label: t(lang, "footer.privacy") },
      ],
    },
  ];
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__contacts">
          <a className="footer__logo" href={href("home", {}, place)}>{t(lang, "site.name")}</a>
          <address>
            {t(lang, "footer.address")}
            <br />
            <a href={`tel:${t(lang, "footer.phone").replace(/[^+\d]/g, "")}`}>{t(lang, "footer.phone")}</a>
            <br />
            <a href={`mailto:${t(lang, "footer.email")}`}>{t(lang, "footer.email")}</a>
          </address>
        </div>
        {columns.map((col) => (
          <nav key={col.title} className="footer__col" aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.href}><a href={l.href}>{l.label}</a></li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer__app">
        <p>{t(lang, "footer.app")}</p>
        <a className="store-badge" href={APP_STORE_URL} rel="noopener">{t(lang, "footer.appStore")}</a>
        <a className="store-badge" href={PLAY_STORE_URL} rel="noopener">{t(lang, "footer.playStore")}</a>
      </div>
      <div className="container footer__bottom">
        <p className="footer__age">{t(lang, "footer.age")}</p>
        <p>{t(lang, "footer.copyright", { year })}</p>
      </div>
    </footer>
  );
}

/** Footer renders once per language, region and year (fragment.tsx). */
export const Footer = fragment("footer", () => "chrome", FooterCard);
