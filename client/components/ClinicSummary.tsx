import { t, t1, tn, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import { formatPrice } from "../lib/money";
import type { ClinicCard } from "../gen/catalog";
import { picture } from "./Picture";
import { entityCard } from "./fragment";
import "./ClinicSummary.css";

/** priceText writes a price or a from–to range; fromOnly marks a lowest price over several items. */
export function priceText(from: number, to: number, lang: Lang, fromOnly = false): string {
  if (to > 0) return `${formatPrice(from, lang)} – ${formatPrice(to, lang)}`;
  return fromOnly ? t(lang, "clinic.priceFrom", { price: formatPrice(from, lang) }) : formatPrice(from, lang);
}

// No region: a card's links are the same in every region, and its key
// (sealedKey) is its data, language and pricing alone.
type Props = { clinic: ClinicCard; lang: Lang; priced: boolean };

/** ClinicSummary is a clinic's card in a listing, with the listed price when there is one, rendered once per version (fragment.tsx). */
export const ClinicSummary = entityCard("clinic", "clinic", ClinicCardView, "priced");

function ClinicCardView({ clinic, lang, priced }: Props) {
  const place = { lang, region: "" };
  const name = clinic.name;
  const landmark = clinic.landmark;
  return (
    <article className="clinic-summary" data-slug={clinic.slug}>
      {picture(clinic.logo, "logo", t1(lang, "clinic.logo", "name", name), false, false, "clinic-summary__logo")}
      <div className="clinic-summary__body">
        <h2 className="clinic-summary__name">
          <a href={href("clinic", { slug: clinic.slug }, place)}>{name}</a>
        </h2>
        <p className="clinic-summary__meta">
          <span className="clinic-summary__type">{clinic.type}</span>
          <span>{t(lang, clinic.isState ? "clinic.state" : "clinic.private")}</span>
          <span className="clinic-summary__rating" title={t(lang, "clinic.rating")}>★ {clinic.rating.toFixed(1)}</span>
          <span>{tn(lang, "clinic.reviews", clinic.reviewCount)}</span>
        </p>
        <p className="clinic-summary__address">
          {clinic.district}, {clinic.address}
          {landmark && <span className="clinic-summary__landmark"> ({t(lang, "clinic.landmark")}: {landmark})</span>}
        </p>
        <p className="clinic-summary__phone">{clinic.phone}</p>
      </div>
      {priced && (
        <p className="clinic-summary__price">
          {t(lang, "clinic.price")}: <strong>{priceText(clinic.priceFrom, clinic.priceTo, lang)}</strong>
        </p>
      )}
    </article>
  );
}
