import { t, tn } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { formatDate } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { SpecialtyTiles } from "../components/SpecialtyTiles";
import { ClinicSummary, priceText } from "../components/ClinicSummary";
import { PromotionSummary } from "../components/PromotionSummary";
import { APP_STORE_URL, PLAY_STORE_URL } from "../components/Footer";
import { SearchBox } from "../components/islands";
import type { Page as HomePage } from "../gen/home";
import type { ServiceItem } from "../gen/catalog";
import type { Lang } from "../lib/i18n";
import type { RouteName } from "../lib/href";
import type { RenderProps } from "../types";
import "./Home.css";

/** PriceLinks lists services or analyses with their clinic count and lowest price. */
function PriceLinks({ items, route, lang, region }: { items: ServiceItem[]; route: RouteName; lang: Lang; region: string }) {
  return (
    <ul className="home-prices">
      {items.map((it) => (
        <li key={it.slug}>
          <a href={href(route, { slug: it.slug }, { lang, region })}>{it.name}</a>
          <span className="home-prices__meta">
            {tn(lang, "clinics.count", it.clinicCount)}, <strong>{priceText(it.minPrice, 0, lang, true)}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Home is / and /{region}: a search in the middle, the specialties with
 * their icons, the region's top-rated clinics, its current promotions, the
 * most offered services and analyses with their lowest prices, the latest
 * articles and the app. Sections with nothing to show are left out.
 */
export function Home(props: RenderProps<HomePage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  return (
    <>
      <PageHead title={t(lang, "home.title", { region: regionName })} description={t(lang, "site.description")} url={props.url} />
      <section className="hero" aria-labelledby="home-heading">
        <h1 id="home-heading">{t(lang, "home.heading")}</h1>
        <p>{t(lang, "home.lead", { region: regionName })}</p>
        {/* The site's one search box on this page (the header has none here): it suggests as it is typed in. */}
        <div className="hero__search" role="group" aria-labelledby="home-heading">
          <p className="hero__search-title">{t(lang, "home.searchLabel")}</p>
          <SearchBox hydrate="interaction" lang={lang} action={pathHref("/search", place, true)} region={region.slug} query="" />
        </div>
      </section>
      <section className="home-section" aria-labelledby="home-specialties">
        <h2 id="home-specialties">{t(lang, "home.specialties")}</h2>
        <SpecialtyTiles specialties={data.specialties} lang={lang} region={region.slug} />
        <p className="home-section__more">
          <a href={href("doctors", {}, place)}>{t(lang, "home.allSpecialties")} →</a>
        </p>
      </section>
      {data.clinics.length > 0 && (
        <section className="home-section" aria-labelledby="home-clinics">
          <h2 id="home-clinics">{t(lang, "home.clinics", { region: regionName })}</h2>
          <div className="home-clinics">
            {data.clinics.map((c) => <ClinicSummary key={c.id} clinic={c} lang={lang} priced={false} />)}
          </div>
          <p className="home-section__more">
            <a href={pathHref("/kliniki/byalltype/all", place, true)}>{t(lang, "home.allClinics")} →</a>
          </p>
        </section>
      )}
      {data.promotions.length > 0 && (
        <section className="home-section" aria-labelledby="home-promotions">
          <h2 id="home-promotions">{t(lang, "home.promotions")}</h2>
          <div className="home-promotions">
            {data.promotions.map((p) => <PromotionSummary key={p.id} promotion={p} lang={lang} region={region.slug} />)}
          </div>
          <p className="home-section__more">
            <a href={pathHref("/promotion", place, true)}>{t(lang, "home.allPromotions")} →</a>
          </p>
        </section>
      )}
      {(data.services.length > 0 || data.analyses.length > 0) && (
        <div className="home-columns">
          {data.services.length > 0 && (
            <section className="home-section" aria-labelledby="home-services">
              <h2 id="home-services">{t(lang, "home.services")}</h2>
              <PriceLinks items={data.services} route="service" lang={lang} region={region.slug} />
              <p className="home-section__more">
                <a href={pathHref("/uslugi", place, true)}>{t(lang, "home.allServices")} →</a>
              </p>
            </section>
          )}
          {data.analyses.length > 0 && (
            <section className="home-section" aria-labelledby="home-analyses">
              <h2 id="home-analyses">{t(lang, "home.analyses")}</h2>
              <PriceLinks items={data.analyses} route="analysis" lang={lang} region={region.slug} />
              <p className="home-section__more">
                <a href={pathHref("/uslugi/analizy", place, true)}>{t(lang, "home.allAnalyses")} →</a>
              </p>
            </section>
          )}
        </div>
      )}
      {data.articles.length > 0 && (
        <section className="home-section" aria-labelledby="home-articles">
          <h2 id="home-articles">{t(lang, "home.articles")}</h2>
          <ul className="home-articles">
            {data.articles.map((a) => (
              <li key={a.id}>
                <a href={href("article", { slug: a.slug }, place)}>{a.title}</a>
                <p className="home-articles__meta">
                  <time dateTime={a.publishedOn}>{formatDate(a.publishedOn, lang)}</time> · {t(lang, "posts.reading", { n: a.readingMinutes })}
                </p>
              </li>
            ))}
          </ul>
          <p className="home-section__more">
            <a href={href("articles", {}, place)}>{t(lang, "home.allArticles")} →</a>
          </p>
        </section>
      )}
      <section className="home-app" aria-labelledby="home-app">
        <h2 id="home-app">{t(lang, "home.appHeading")}</h2>
        <p>{t(lang, "home.appLead")}</p>
        <p className="home-app__badges">
          <a className="button" href={APP_STORE_URL} rel="noopener">{t(lang, "footer.appStore")}</a>
          <a className="button button--outline" href={PLAY_STORE_URL} rel="noopener">{t(lang, "footer.playStore")}</a>
        </p>
      </section>
    </>
  );
}
