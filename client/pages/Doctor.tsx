import { t, tn, localized } from "../lib/i18n";
import { href } from "../lib/href";
import { formatPrice } from "../lib/money";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Avatar } from "../components/Avatar";
import { imageURL } from "../lib/picture";
import { JsonLd } from "../components/JsonLd";
import { BookingForm, SlotGrid } from "../components/islands";
import { physicianLD } from "../lib/structuredData";
import type { Doctor as DoctorData } from "../gen/catalog";
import type { RenderProps } from "../types";
import "./Doctor.css";

/** Doctor is the doctor card, /doctor/{slug}. */
export function Doctor(props: RenderProps<{ doctor: DoctorData }>) {
  const { lang, region } = props;
  const d = props.data.doctor;
  const place = { lang, region: region.slug };
  const name = localized(lang, d.nameRu, d.nameUz);
  const specialties = d.specialties.map((s) => localized(lang, s.nameRu, s.nameUz)).join(", ");
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
      <Breadcrumbs
        lang={lang}
        url={props.url}
        items={[
          { href: href("home", {}, place), label: t(lang, "nav.home") },
          { href: href("doctors", {}, place), label: t(lang, "nav.doctors") },
          ...d.specialties.slice(0, 1).map((s) => ({ href: href("specialty", { specialty: s.slug }, place), label: localized(lang, s.nameRu, s.nameUz) })),
        ]}
      />
      <article className="doctor">
        <header className="doctor__head">
          <Avatar name={name} photo={d.photo} size="portrait" />
          <div>
            <h1 className="page-title">{name}</h1>
            <p className="doctor__specialties">
              {d.specialties.map((s, i) => (
                <span key={s.slug}>
                  {i > 0 && ", "}
                  <a href={href("specialty", { specialty: s.slug }, place)}>{localized(lang, s.nameRu, s.nameUz)}</a>
                </span>
              ))}
            </p>
            <p className="doctor__meta">
              <span>{experience}</span>
              {localized(lang, d.categoryRu, d.categoryUz) && <span>{localized(lang, d.categoryRu, d.categoryUz)}</span>}
              {localized(lang, d.degreeRu, d.degreeUz) && <span>{localized(lang, d.degreeRu, d.degreeUz)}</span>}
              <span>★ {d.rating.toFixed(1)} · {tn(lang, "doctor.reviews", d.reviewCount)}</span>
            </p>
            <p className="doctor__meta">
              {d.acceptsAdults && <span>{t(lang, "doctor.acceptsAdults")}</span>}
              {d.acceptsChildren && <span>{t(lang, "doctor.acceptsChildren")}</span>}
            </p>
          </div>
        </header>
        <section>
          <h2>{t(lang, "doctor.clinics")}</h2>
          <ul className="doctor__clinics">
            {d.clinics.map((c) => (
              <li key={c.slug}>
                <div>
                  <strong>
                    <a href={href("clinic", { slug: c.slug }, place)}>{localized(lang, c.nameRu, c.nameUz)}</a>
                  </strong>
                  <div className="doctor__address">{localized(lang, c.addressRu, c.addressUz)}</div>
                </div>
                <div className="doctor__price">
                  {t(lang, "doctor.price")}: {formatPrice(c.price, lang)}
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className="doctor__slots">
          <h2>{t(lang, "slots.title")}</h2>
          <SlotGrid lang={lang} doctorId={d.id} doctorName={name} />
          <BookingForm lang={lang} />
        </section>
        {localized(lang, d.descriptionRu, d.descriptionUz) && (
          <section>
            <h2>{t(lang, "doctor.about")}</h2>
            <p>{localized(lang, d.descriptionRu, d.descriptionUz)}</p>
          </section>
        )}
      </article>
    </>
  );
}
