import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { RichText } from "../components/RichText";
import type { InfoPageData } from "../gen/content";
import type { RenderProps } from "../types";
import "./Content.css";

/** InfoPage is an information page from the database (/about-us, /contacts, /terms, ...). */
export function InfoPage(props: RenderProps<InfoPageData>) {
  const { lang, region } = props;
  const p = props.data.page;
  const place = { lang, region: region.slug };
  const title = p.title;
  return (
    <>
      <PageHead title={`${title} | ${t(lang, "site.name")}`} description={t(lang, "info.description", { title })} url={props.url} noindex={props.noindex} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }]} />
      <h1 className="page-title">{title}</h1>
      <RichText className="info-page" html={p.body} />
    </>
  );
}
