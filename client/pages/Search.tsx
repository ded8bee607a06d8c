import { t, type Key, type Lang } from "../lib/i18n";
import { href, pathHref, type Place } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Pagination } from "../components/Pagination";
import type { RenderProps } from "../types";
import type { Suggestion as SearchItem, Group as SearchGroup, Need, Results as SearchData } from "../gen/search";
import "./Search.css";

/** PER_PAGE is search.PerPage: one type's page size. */
const PER_PAGE = 20;
const COUNTED = new Set(["service", "analysis", "diagnostics"]);

/** Search is /search?q=&type=&page=: hits grouped by type, noindex. */
export function Search(props: RenderProps<SearchData>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const q = data.query;
  const searchHref = (type: string, page = 1, exact = data.exact) =>
    href("search", {}, place, { q, type: type || undefined, page: page > 1 ? page : undefined, exact: exact ? "1" : undefined });
  const need = data.need;
  // The "you may need" block is a result of its own: beside it the page
  // never says nothing was found.
  const needShown = !!need && need.services.length + need.specialties.length + need.pages.length > 0;
  const title = q ? t(lang, "search.title", { q }) : t(lang, "search.titleEmpty");
  return (
    <>
      <PageHead title={title} description={t(lang, "search.description")} url={props.url} noindex paging={{ lang, page: data.page }} />
      {data.need?.emergency && (
        <p className="search-page__emergency" role="alert">
          {t(lang, "search.need.emergency", { number: data.need.number })}{" "}
          <a href={`tel:${data.need.number}`}>{t(lang, "search.need.call", { number: data.need.number })}</a>
        </p>
      )}
      <h1 className="page-title">{t(lang, "search.heading")}</h1>
      {data.corrected && (
        <p className="search-page__corrected">
          {t(lang, "search.corrected", { q: data.corrected })}{" "}
          <a href={searchHref("", 1, true)}>{t(lang, "search.original", { q })}</a>
        </p>
      )}
      {need && needShown && <SearchNeed need={need} lang={lang} />}
      {!q && <p className="search-page__note">{t(lang, "search.prompt")}</p>}
      {data.tooShort && <p className="search-page__note">{t(lang, "search.short")}</p>}
      {q && !data.tooShort && data.total === 0 && !needShown && <SearchEmpty q={q} lang={lang} place={place} />}
      {data.total > 0 && <SearchTabs data={data} lang={lang} searchHref={searchHref} />}
      {data.groups.map((g) => (
        <SearchGroupSection key={g.type} g={g} data={data} lang={lang} searchHref={searchHref} />
      ))}
    </>
  );
}

/** SearchNeed is "you may need": the services, specialists, doctors and pages the query reads as. */
function SearchNeed({ need, lang }: { need: Need; lang: Lang }) {
  return (
    <section className="search-need">
      <h2>{t(lang, "search.need.heading")}</h2>
      {need.services.length > 0 && (
        <>
          <h3>{t(lang, "search.need.services")}</h3>
          <ul className="search-need__services">
            {need.services.map((s) => (
              <li key={s.url}>
                <a href={s.url}>{s.name}</a>{" "}
                {s.description && <span className="search-group__meta">{t(lang, "search.clinics", { n: s.description })}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <ul className="search-need__specialties">
        {need.specialties.map((s) => (
          <li key={s.url}><a href={s.url}>{s.name}</a></li>
        ))}
      </ul>
      {need.doctors.length > 0 && (
        <>
          <h3>{t(lang, "search.need.doctors")}</h3>
          <ul className="search-need__doctors">
            {need.doctors.map((d) => (
              <li key={d.id}><a href={d.url}>{d.name}</a> <span className="search-group__meta">{d.description}</span></li>
            ))}
          </ul>
        </>
      )}
      {need.pages.length > 0 && (
        <>
          <h3>{t(lang, "search.need.pages")}</h3>
          <ul className="search-need__pages">
            {need.pages.map((p) => (
              <li key={`${p.type}-${p.id}`} data-type={p.type}><a href={p.url}>{p.name}</a></li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** SearchEmpty says nothing was found and offers the site's sections. */
function SearchEmpty({ q, lang, place }: { q: string; lang: Lang; place: Place }) {
  const sections = [
    { href: href("doctors", {}, place), key: "nav.doctors" },
    { href: pathHref("/kliniki", place, true), key: "nav.clinics" },
    { href: pathHref("/diagnostika", place, true), key: "nav.diagnostics" },
    { href: pathHref("/uslugi", place, true), key: "nav.services" },
    { href: pathHref("/uslugi/analizy", place, true), key: "nav.analyses" },
    { href: pathHref("/products", place), key: "nav.medication" },
  ] as const;
  return (
    <section className="search-page__empty">
      <p className="empty">{t(lang, "search.empty", { q })}</p>
      <p>{t(lang, "search.emptyHint")}</p>
      <ul className="search-page__sections">
        {sections.map((s) => (
          <li key={s.key}><a href={s.href}>{t(lang, s.key)}</a></li>
        ))}
      </ul>
    </section>
  );
}

/** SearchHref is the URL of the results of one type (all: ""), at a page. */
type SearchHref = (type: string, page?: number) => string;

/** SearchTabs are the count found and a tab for each type with hits. */
function SearchTabs({ data, lang, searchHref }: { data: SearchData; lang: Lang; searchHref: SearchHref }) {
  return (
    <>
      <p className="page-count">{t(lang, "search.found", { q: data.query, n: data.total })}</p>
      <nav className="search-page__tabs" aria-label={t(lang, "search.heading")}>
        <a href={searchHref("")} aria-current={data.type === "" ? "page" : undefined}>
          {t(lang, "search.allTypes")} <span>{data.total}</span>
        </a>
        {data.counts.map((c) => (
          <a key={c.type} href={searchHref(c.type)} aria-current={data.type === c.type ? "page" : undefined}>
            {t(lang, `search.group.${c.type}` as Key)} <span>{c.count}</span>
          </a>
        ))}
      </nav>
    </>
  );
}

/** SearchGroupSection is one type's hits: a few under all types, a page of them under its own tab. */
function SearchGroupSection({ g, data, lang, searchHref }: { g: SearchGroup; data: SearchData; lang: Lang; searchHref: SearchHref }) {
  return (
    <section className="search-group" data-type={g.type}>
      <h2>
        {t(lang, `search.group.${g.type}` as Key)} <span className="search-group__count">{g.count}</span>
      </h2>
      <ul className="search-group__items">
        {g.items.map((item) => (
          <li key={item.id}>
            <a href={item.url}>{item.name}</a>
            {item.description && (
              <span className="search-group__meta">
                {COUNTED.has(item.type) ? t(lang, "search.clinics", { n: item.description }) : item.description}
              </span>
            )}
          </li>
        ))}
      </ul>
      {data.type === "" && g.count > g.items.length && (
        <a className="search-group__more" href={searchHref(g.type)}>{t(lang, "search.showAll", { n: g.count })}</a>
      )}
      {data.type !== "" && (
        <Pagination lang={lang} page={data.page} total={g.count} perPage={PER_PAGE} hrefFor={(n) => searchHref(g.type, n)} />
      )}
    </section>
  );
}
