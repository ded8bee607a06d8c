import { t, tn, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import { formatPrice } from "../lib/money";
import type { DoctorCard as Summary } from "../gen/catalog";
import { Avatar } from "./Avatar";
import { fragment, sealedKey } from "./fragment";
import "./DoctorSummary.css";

// No region: a card's links are the same in every region, and its key
// (sealedKey) is its data and language alone.
type Props = { doctor: Summary; lang: Lang };

/** DoctorSummary is a doctor's card in a listing, rendered once per version (fragment.tsx). */
export const DoctorSummary = fragment("doctor", (p: Props) => `doctor:${p.doctor.id}`, DoctorCard, (p) => sealedKey(p.doctor.fragment, p.lang, ""));

function DoctorCard({ doctor, lang }: Props) {
  const place = { lang, region: "" };
  const name = doctor.name;
  const link = href("doctor", { slug: doctor.slug }, place);
  return (
    <article className="doctor-summary">
      <Avatar name={name} photo={doctor.photo} />
      <div className="doctor-summary__body">
        <h2 className="doctor-summary__name">
          <a href={link}>{name}</a>
        </h2>
        <p className="doctor-summary__specialties">
          {doctor.specialties.map((s) => s.name).join(", ")}
        </p>
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
        <ul className="doctor-summary__clinics">
          {doctor.clinics.map((c) => (
            <li key={c.slug}>
              <strong>
                <a href={href("clinic", { slug: c.slug }, place)}>{c.name}</a>
              </strong>
              <span>{c.address}</span>
              <span className="doctor-summary__price">{formatPrice(c.price, lang)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="doctor-summary__aside">
        {doctor.minPrice > 0 && (
          <p className="doctor-summary__from">
            {t(lang, "doctor.price")}: {t(lang, "doctor.priceFrom", { price: formatPrice(doctor.minPrice, lang) })}
          </p>
        )}
        <a className="button" href={link}>{t(lang, "doctor.book")}</a>
      </div>
      {/* lib/freeTimes.ts fills this with the free times (CardFreeTimes). */}
      <div className="doctor-summary__slots" data-next-slots={doctor.id} data-doctor-name={name} />
    </article>
  );
}
