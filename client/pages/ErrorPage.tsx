import { t } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import limits from "../../shared/limits.json";
import { PageHead } from "../components/PageHead";
import { DownloadApp } from "../components/islands";
import { APP_STORE_URL, PLAY_STORE_URL } from "../components/Footer";
import type { ErrorPage as ErrorData } from "../gen/web";
import type { RenderProps } from "../types";
import image404 from "../media/404.svg";
import image500 from "../media/500.svg";
import "./ErrorPage.css";

/** ErrorPage shows any status: the 404 image for 404, the 500 image for the rest (spec §2). */
export function ErrorPage(props: RenderProps<ErrorData>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  return (
    <>
      {/* The message may echo the path asked: shown once, in the heading. */}
      <PageHead
        title={t(lang, "error.title", { status: data.status })}
        description={t(lang, data.status === 404 ? "error.notFound" : "error.title", { status: data.status })}
        url={props.url}
        noindex
      />
      <section className="error-page">
        <img
          className="error-page__image"
          src={data.status === 404 ? image404 : image500}
          alt={t(lang, "error.imageAlt", { status: data.status })}
          width={320}
          height={200}
        />
        <p className="error-page__status">{data.status}</p>
        <h1 className="error-page__message">{data.message}</h1>
        {/* What was looked for may be found by a search: a plain form, no script. */}
        {data.status === 404 && (
          <form className="error-page__search" action={pathHref("/search", place, true)} method="get" role="search" aria-label={t(lang, "search.label")}>
            <label className="visually-hidden" htmlFor="error-search">{t(lang, "search.label")}</label>
            <input id="error-search" type="search" name="q" maxLength={limits.searchQueryMax} placeholder={t(lang, "search.placeholder")} enterKeyHint="search" />
            <button type="submit" className="button">{t(lang, "search.button")}</button>
          </form>
        )}
        <div className="error-page__actions">
          {data.status !== 400 && (
            <a className="button" href={href("home", {}, place)}>{t(lang, "error.back")}</a>
          )}
          <DownloadApp lang={lang} playStore={PLAY_STORE_URL} appStore={APP_STORE_URL} />
        </div>
      </section>
    </>
  );
}
