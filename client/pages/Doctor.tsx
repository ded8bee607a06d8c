import { t, tn, type Lang } from "../lib/i18n";
import { href, type Place } from "../lib/href";
import { formatPrice } from "../lib/money";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Avatar } from "../components/Avatar";
import { imageURL } from "../lib/picture";
import { JsonLd } from "../components/JsonLd";
import { BookingForm } from "../components/islands";
import { DoctorWeek } from "../components/FreeTimes";
import { CardTracker } from "../components/CardTracker";
import { physicianLD } from "../lib/structuredData";
import type { Doctor as DoctorData, DoctorReview } from "../gen/catalog";
import { formatDate } from "../lib/date";
import type { RenderProps } from "../types";
import "./Doctor.css";

/** Doctor is the doctor card, /doctor/{slug}. */
export function Doctor(props: RenderProps<{ doctor: DoctorData; reviews?: DoctorReview[] }>) {
  const { lang, region } = props;
  const d = props.data.doctor;
  const place = { lang, region: region.slug };
  const name = d.name;
  const specialties = d.specialties.map((s) => s.name).join(", ");
  const experience = tn(lang, "doctor.experience", d.experienceYears);
  return (
    <>
      <PageHead
        title={t(lang, "doctor.title", { name, specialties })}
        description={t(lang, "doctor.description", { name, specialties, experience })}
        url={props.url}
        image={d.photo ? imageURL(d.photo, "portrait", 2) : undefined}
        type="profile"
      />
      <JsonLd data={physicianLD(d, lang, props.url)} />
      <CardTracker entity="doctor" id={d.id} />
      <Breadcrumbs
        lang={lang}
        url={props.url}
        items={[
          { href: href("home", {}, place), label: t(lang, "nav.home") },
          { href: href("doctors", {}, place), label: t(lang, "nav.doctors") },
          ...d.specialties.slice(0, 1).map((s) => ({ href: href("specialty", { specialty: s.slug }, place), label: s.name })),
        ]}
      />
      <article className="doctor">
        <DoctorHeader d={d} lang={lang} place={place} experience={experience} />
        <DoctorClinics d={d} lang={lang} place={place} />
        <section className="doctor__slots">
          <h2>{t(lang, "slots.title")}</h2>
          <DoctorWeek lang={lang} doctorId={d.id} doctorName={name} clinics={d.clinics.length} />
          <BookingForm hydrate="demand" lang={lang} />
        </section>
        {d.description && (
          <section>
            <h2>{t(lang, "doctor.about")}</h2>
            <p>{d.description}</p>
          </section>
        )}
        <DoctorReviews reviews={props.data.reviews ?? []} lang={lang} place={place} />
      </article>
    </>
  );
}

/** DoctorSectionProps are what the sections of a doctor's page read. */
interface DoctorSectionProps {
  d: DoctorData;
  lang: Lang;
  place: Place;
}

function DoctorHeader({ d, lang, place, experience }: DoctorSectionProps & { experience: string }) {
  return (
    <header className="doctor__head">
      <Avatar name={d.name} photo={d.photo} size="portrait" />
      <div>
        <h1 className="page-title">{d.name}</h1>
        <p className="doctor__specialties">
          {d.specialties.map((s, i) => (
            <span key={s.slug}>
              {i > 0 && ", "}
              <a href={href("specialty", { specialty: s.slug }, place)}>{s.name}</a>
            </span>
          ))}
        </p>
        <p className="doctor__meta">
          <span>{experience}</span>
          {d.category && <span>{d.category}</span>}
          {d.degree && <span>{d.degree}</span>}
          {d.reviewCount > 0 && (
            <span>
              ★ {d.rating.toFixed(2)} · {tn(lang, "doctor.reviews", d.reviewCount)}
            </span>
          )}
        </p>
        <p className="doctor__meta">
          {d.acceptsAdults && <span>{t(lang, "doctor.acceptsAdults")}</span>}
          {d.acceptsChildren && <span>{t(lang, "doctor.acceptsChildren")}</span>}
          {d.online && (
            <span className="doctor__online" data-online>
              {t(lang, "filters.online")}
            </span>
          )}
        </p>
      </div>
    </header>
  );
}

function DoctorClinics({ d, lang, place }: DoctorSectionProps) {
  return (
    <section>
      <h2>{t(lang, "doctor.clinics")}</h2>
      <ul className="doctor__clinics">
        {d.clinics.map((c) => (
          <li key={c.slug}>
            <div>
              <strong>
                <a href={href("clinic", { slug: c.slug }, place)}>{c.name}</a>
              </strong>
              <div className="doctor__address">{c.address}</div>
            </div>
            <div className="doctor__price">
              {t(lang, "doctor.price")}: {formatPrice(c.price, lang)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DoctorReviews({ reviews, lang, place }: { reviews: DoctorReview[]; lang: Lang; place: Place }) {
  return (
    <section className="doctor__reviews">
      <h2>{t(lang, "review.title")}</h2>
      {reviews.length === 0 ? (
        <p>{t(lang, "review.none")}</p>
      ) : (
        <ul className="doctor-reviews">
          {reviews.map((r, i) => (
            <li key={i} className="doctor-review">
              <span className="doctor-review__stars" role="img" aria-label={`${r.stars}/5`}>
                {"★".repeat(r.stars)}
                {"☆".repeat(5 - r.stars)}
              </span>{" "}
              <span className="doctor-review__verified">✓ {t(lang, "review.verified")}</span>
              <span className="doctor-review__meta">
                {formatDate(r.date, lang)} · {r.clinic}
              </span>
              {r.text && (
                // A review in the other language says so, for screen readers, search engines and translation.
                <p className="doctor-review__text" lang={r.lang && r.lang !== lang ? r.lang : undefined}>
                  {r.text}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={href("faq", {}, place)}>{t(lang, "review.formula")}</a>
      </p>
    </section>
  );
}
