import { t, type Lang } from "../lib/i18n";
import { href, pathHref } from "../lib/href";
import { formatPrice } from "../lib/money";
import { formatDate } from "../lib/date";
import type { Promotion } from "../gen/promotion";
import { Picture } from "./Picture";
import "./PromotionSummary.css";

/** PromotionSummary is a promotion's card: clinic, dates, old and new price. */
export function PromotionSummary({ promotion: p, lang, region, priority }: { promotion: Promotion; lang: Lang; region: string; priority?: boolean }) {
  const place = { lang, region };
  return (
    <article className="promotion-summary">
      <Picture className="promotion-summary__image" hash={p.image} size="card" alt={p.title} priority={priority} />
      <p className="promotion-summary__discount">−{p.discount}%</p>
      <h2 className="promotion-summary__title">
        <a href={href("promotion", { slug: p.slug }, place)}>{p.title}</a>
      </h2>
      <p className="promotion-summary__clinic">
        <a href={pathHref(`/klinika/${p.clinic.slug}`, place)}>{p.clinic.name}</a>
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
