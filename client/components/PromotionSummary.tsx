import { t, localized, type Lang } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { formatPrice } from "../lib/money";
import { formatDate } from "../lib/date";
import type { Listed as Promotion } from "../gen/promotion";
import "./PromotionSummary.css";

/** PromotionSummary is a promotion's card: clinic, dates, old and new price. */
export function PromotionSummary({ promotion: p, lang, region }: { promotion: Promotion; lang: Lang; region: string }) {
  const place = { lang, region };
  return (
    <article className="promotion-summary">
      <p className="promotion-summary__discount">−{p.discount}%</p>
      <h2 className="promotion-summary__title">
        <a href={href("promotion", { slug: p.slug }, place)}>{localized(lang, p.titleRu, p.titleUz)}</a>
      </h2>
      <p className="promotion-summary__clinic">
        <a href={pathHref(`/klinika/${p.clinic.slug}`, place)}>{localized(lang, p.clinic.nameRu, p.clinic.nameUz)}</a>
      </p>
      <p className="promotion-summary__prices">
        <del>{formatPrice(p.oldPrice, lang)}</del> <strong>{formatPrice(p.newPrice, lang)}</strong>
      </p>
      <p className="promotion-summary__dates">
        {t(lang, "promotion.dates", { from: formatDate(p.startsOn, lang), to: formatDate(p.endsOn, lang) })}
      </p>
    </article>
  );
}
