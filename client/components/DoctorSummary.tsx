import type { ReactElement } from "react";
import { t, t1, tn, type Lang } from "../lib/i18n";
import { slugHref, type Place } from "../lib/href";
import { formatPrice } from "../lib/money";
import type { DoctorCard as Summary } from "../gen/catalog";
import { avatar } from "./Avatar";
import { entityCard } from "./fragment";
import "./DoctorSummary.css";

// No region: a card's links are the same in every region, and its key
// (sealedKey) is its data and language alone.
type Props = { doctor: Summary; lang: Lang };

/** DoctorSummary is a doctor's card in a listing, rendered once per version (fragment.tsx). */
export const DoctorSummary = entityCard("doctor", "doctor", DoctorCard);

// A card's place in each language: its links are the same in every region.
const cardPlaces: Record<Lang, Place> = { ru: { lang: "ru", region: "" }, uz: { lang: "uz", region: "" } };

// The card is the hot path of a listing at country scale (every card new),
// so it loops where JSX would map: goja makes a closure for every callback
// and an array for names joined, and a params object for every href.
function DoctorCard({ doctor, lang }: Props) {
  const place = cardPlaces[lang] ?? { lang, region: "" };
  const name = doctor.name;
  const link = slugHref("doctor", doctor.slug, place);
  const clinics: ReactElement[] = [];
  for (let i = 0; i < doctor.clinics.length; i++) {
    const c = doctor.clinics[i];
    clinics.push(
      <li key={c.slug}>
        <strong>
          <a href={slugHref("clinic", c.slug, place)}>{c.name}</a>
        </strong>
        <span>{c.address}</span>
        <span className="doctor-summary__price">{formatPrice(c.price, lang)}</span>
      </li>,
    );
  }
  let specialties = "";
  for (let i = 0; i < doctor.specialties.length; i++) specialties += (i > 0 ? ", " : "") + doctor.specialties[i].name;
  return (
    <article className="doctor-summary">
      {avatar(name, doctor.photo)}
      <div className="doctor-summary__body">
        <h2 className="doctor-summary__name">
          <a href={link}>{name}</a>
        </h2>
        <p className="doctor-summary__specialties">{specialties}</p>
        <p className="doctor-summary__meta">
          {doctor.online && (
            <span className="doctor-summary__online" data-online>
              {t(lang, "doctor.online")}
            </span>
          )}
          <span>{tn(lang, "doctor.experience", doctor.experienceYears)}</span>
          {doctor.category && <span>{doctor.category}</span>}
          {doctor.reviewCount > 0 && (
            <>
              <span className="doctor-summary__rating" title={t(lang, "doctor.rating")}>★ {doctor.rating.toFixed(2)}</span>
              <span>{tn(lang, "doctor.reviews", doctor.reviewCount)}</span>
            </>
          )}
        </p>
        <ul className="doctor-summary__clinics">{clinics}</ul>
      </div>
      <div className="doctor-summary__aside">
        {doctor.minPrice > 0 && (
          <p className="doctor-summary__from">
            {t(lang, "doctor.price")}: {t1(lang, "doctor.priceFrom", "price", formatPrice(doctor.minPrice, lang))}
          </p>
        )}
        <a className="button" href={link}>{t(lang, "doctor.book")}</a>
      </div>
      {/* lib/freeTimes.ts fills this with the free times (CardFreeTimes). */}
      <div className="doctor-summary__slots" data-next-slots={doctor.id} data-doctor-name={name} />
    </article>
  );
}
