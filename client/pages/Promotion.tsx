import { t } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { formatPrice } from "../lib/money";
import { formatDate } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { Picture } from "../components/Picture";
import { imageURL } from "../lib/picture";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { JsonLd } from "../components/JsonLd";
import { promotionLD } from "../lib/structuredData";
import type { DetailPage } from "../gen/promotion";
import type { RenderProps } from "../types";
import "../components/PromotionSummary.css";

/** Promotion is /promotion/{slug}: the offer, its clinic, dates and prices; an ended one says so. */
export function Promotion(props: RenderProps<DetailPage>) {
  const { lang, region } = props;
  const p = props.data.promotion;
  const place = { lang, region: region.slug };
  const title = p.title;
  const clinic = p.clinic.name;
  return (
    <>
      <PageHead
        title={`${title} — ${clinic} | ${t(lang, "site.name")}`}
        description={p.description}
        url={props.url}
        noindex={props.noindex}
        image={p.image ? imageURL(p.image, "banner", 2) : undefined}
      />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href("promotions", {}, place), label: t(lang, "nav.promotions") }]} />
      <JsonLd data={promotionLD(p, lang, props.url)} />
      <h1 className="page-title">{title}</h1>
      <Picture className="promotion-banner" hash={p.image} size="banner" alt={title} priority />
      {p.ended && <p className="promotion-ended" role="status">{t(lang, "promotion.ended", { date: formatDate(p.endsOn, lang) })}</p>}
      <p>{p.description}</p>
      <dl className="product-facts promotion-facts">
        <div>
          <dt>{t(lang, "promotion.clinic")}</dt>
          <dd>
            <a href={pathHref(`/klinika/${p.clinic.slug}`, place)}>{clinic}</a>, {p.clinic.address}
            {p.clinic.phone && <>, <a href={`tel:${p.clinic.phone.replace(/[^+\d]/g, "")}`}>{p.clinic.phone}</a></>}
          </dd>
        </div>
        <div>
          <dt>{t(lang, "promotion.price")}</dt>
          <dd className="promotion-summary__prices">
            <del>{formatPrice(p.oldPrice, lang)}</del> <strong>{formatPrice(p.newPrice, lang)}</strong> (−{p.discount}%)
          </dd>
        </div>
        <div>
          <dt>{t(lang, "promotion.validity")}</dt>
          <dd>{t(lang, "promotion.dates", { from: formatDate(p.startsOn, lang), to: formatDate(p.endsOn, lang) })}</dd>
        </div>
      </dl>
      <p>
        <a href={href("promotions-clinic", { id: String(p.clinic.id) }, place)}>{t(lang, "promotion.moreAtClinic", { clinic })}</a>
      </p>
    </>
  );
}
