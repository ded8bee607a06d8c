import { t, tn, type Key, type Lang } from "../lib/i18n";
import { href, type Place } from "../lib/href";
import { hhmm } from "../lib/date";
import { PageHead } from "../components/PageHead";
import { Picture } from "../components/Picture";
import { imageURL } from "../lib/picture";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { DoctorSummary } from "../components/DoctorSummary";
import { BookingForm } from "../components/islands";
import { CardFreeTimes } from "../components/FreeTimes";
import { CardTracker } from "../components/CardTracker";
import { JsonLd } from "../components/JsonLd";
import { clinicLD } from "../lib/structuredData";
import { priceText } from "../components/ClinicSummary";
import type { ClinicProfilePage, Hours } from "../gen/catalog";
import type { RenderProps } from "../types";
import { itemRoute } from "./ServiceIndex";
import "./DoctorList.css";
import "./Clinic.css";

function HoursTable({ hours, lang }: { hours: Hours[]; lang: Lang }) {
  const byDay = new Map(hours.map((h) => [h.weekday, h]));
  return (
    <table className="clinic-hours">
      <tbody>
        {[1, 2, 3, 4, 5, 6, 7].map((d) => {
          const h = byDay.get(d);
          return (
            <tr key={d}>
              <th scope="row">{t(lang, `weekday.${d}` as Key)}</th>
              <td>{!h ? t(lang, "clinic.dayOff") : h.opens === 0 && h.closes === 1440 ? t(lang, "clinic.roundTheClock") : `${hhmm(h.opens)}–${hhmm(h.closes)}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

type ClinicData = ClinicProfilePage["clinic"];

/** SectionProps are what each section of a clinic's page reads. */
interface SectionProps {
  c: ClinicData;
  lang: Lang;
  place: Place;
}

/** Clinic is /klinika/{slug} and its tabs: the card, doctors, prices, reviews, contacts. */
export function Clinic(props: RenderProps<ClinicProfilePage>) {
  const { lang, region, data } = props;
  const c = data.clinic;
  const place = { lang, region: region.slug };
  const name = c.name;
  const address = `${c.district}, ${c.address}`;
  const show = (tab: string) => data.tab === "" || data.tab === tab;
  const tabLabel = data.tab ? t(lang, `clinic.tab.${data.tab}` as Key) : "";
  const section = { c, lang, place };
  return (
    <article className="clinic">
      <PageHead
        title={data.tab ? t(lang, "clinic.titleTab", { tab: tabLabel, name, address }) : t(lang, "clinic.title", { name, address })}
        description={data.tab ? t(lang, "clinic.descriptionTab", { tab: tabLabel, name }) : t(lang, "clinic.description", { name })}
        url={props.url}
        noindex={props.noindex}
        image={c.photos[0] ? imageURL(c.photos[0], "gallery", 2) : c.logo ? imageURL(c.logo, "logo", 2) : undefined}
      />
      <JsonLd data={clinicLD(c, lang, props.url)} />
      <CardTracker entity="clinic" id={c.id} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href("clinics", {}, place), label: t(lang, "nav.clinics") }]} />
      <ClinicHeader {...section} address={address} />
      <ClinicTabs {...section} tabs={data.tabs} current={data.tab} />
      {data.tab === "" && <ClinicGallery {...section} />}
      {data.tab === "" && <ClinicAbout {...section} />}
      {show("kontakty") && <ClinicContacts {...section} address={address} />}
      {show("vrachi") && <ClinicDoctors {...section} doctorCount={data.doctorCount} />}
      {show("tseny") && <ClinicPrices {...section} />}
      {show("otzyvy") && <ClinicReviews {...section} />}
    </article>
  );
}

function ClinicHeader({ c, lang, place, address }: SectionProps & { address: string }) {
  return (
    <header className="clinic__header">
      <Picture className="clinic__logo" hash={c.logo} size="logo" alt={t(lang, "clinic.logo", { name: c.name })} above />
      <h1 className="page-title">{c.name}</h1>
      <p className="clinic__meta">
        <a href={href("clinics-type", { type: c.typeSlug }, place)}>{c.type}</a>
        <span>{t(lang, c.isState ? "clinic.state" : "clinic.private")}</span>
        <span className="clinic__rating">★ {c.rating.toFixed(1)}</span>
        <span>{tn(lang, "clinic.reviews", c.reviewCount)}</span>
        <span className={c.openNow ? "clinic__open" : "clinic__closed"}>
          {c.roundTheClock ? t(lang, "clinic.roundTheClock") : t(lang, c.openNow ? "clinic.openNow" : "clinic.closedNow")}
        </span>
      </p>
      <p className="clinic__address">{address}</p>
    </header>
  );
}

function ClinicTabs({ c, lang, place, tabs, current }: SectionProps & { tabs: string[]; current: string }) {
  return (
    <nav className="tabs" aria-label={t(lang, "clinic.tabs")}>
      <a href={href("clinic", { slug: c.slug }, place)} aria-current={current === "" ? "page" : undefined}>{t(lang, "clinic.tab.overview")}</a>
      {tabs.map((tab) => (
        <a key={tab} href={href("clinic-tab", { slug: c.slug, tab }, place)} aria-current={current === tab ? "page" : undefined}>
          {t(lang, `clinic.tab.${tab}` as Key)}
        </a>
      ))}
    </nav>
  );
}

function ClinicGallery({ c, lang }: SectionProps) {
  if (c.photos.length === 0) return null;
  // Focusable: a row that scrolls sideways must scroll from the keyboard too.
  return (
    <ul className="clinic__gallery" aria-label={t(lang, "clinic.gallery")} tabIndex={0}>
      {c.photos.map((p, i) => (
        <li key={`${p}-${i}`}>
          <Picture hash={p} size="gallery" alt={t(lang, "clinic.photo", { name: c.name, n: String(i + 1) })} priority={i === 0} />
        </li>
      ))}
    </ul>
  );
}

function ClinicAbout({ c, lang, place }: SectionProps) {
  return (
    <section className="clinic__about">
      <h2>{t(lang, "clinic.about")}</h2>
      <p>{c.description}</p>
      {c.profiles.length > 0 && (
        <p className="clinic__profiles">
          {t(lang, "clinic.profiles")}:{" "}
          {c.profiles.map((p, i) => (
            <span key={p.slug}>
              {i > 0 && ", "}
              <a href={href("clinics-profile", { profile: p.slug }, place)}>{p.name}</a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

// Not a RegExp literal: goja compiles a literal's pattern each time it runs.
const notDialled = /[^+\d]/g;

function ClinicContacts({ c, lang, place, address }: SectionProps & { address: string }) {
  const mapHref = `https://yandex.uz/maps/?pt=${c.longitude},${c.latitude}&z=17&l=map`;
  return (
    <section className="clinic__contacts">
      <h2>{t(lang, "clinic.contacts")}</h2>
      <p>
        {t(lang, "clinic.address")}: {address}
        {c.landmark && ` (${t(lang, "clinic.landmark")}: ${c.landmark})`}
      </p>
      <p>
        {t(lang, "clinic.phones")}:{" "}
        {c.phones.map((p, i) => (
          <span key={p}>
            {i > 0 && ", "}
            <a href={`tel:${p.replace(notDialled, "")}`} data-track="phone_shown">{p}</a>
          </span>
        ))}
      </p>
      {c.latitude !== 0 && (
        <p>
          <a className="clinic__map" href={mapHref} rel="noopener" target="_blank" data-track="route_opened">{t(lang, "clinic.map")}</a>
        </p>
      )}
      {c.website && (
        <p>
          <a className="clinic__site" href={c.website} rel="noopener nofollow" target="_blank" data-track="site_opened">{t(lang, "clinic.website")}</a>
        </p>
      )}
      <h3>{t(lang, "clinic.hours")}</h3>
      <HoursTable hours={c.hours} lang={lang} />
      <p className="clinic__note">{t(lang, "clinic.hoursNote")}</p>
      {c.branches.length > 0 && (
        <>
          <h3>{t(lang, "clinic.branches")}</h3>
          <ul className="clinic__branches">
            {c.branches.map((b) => (
              <li key={b.slug}>
                <a href={href("clinic", { slug: b.slug }, place)}>{b.name}</a> — {b.address}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ClinicDoctors({ c, lang, place, doctorCount }: SectionProps & { doctorCount: number }) {
  return (
    <section className="clinic__doctors">
      <h2>{t(lang, "clinic.doctors")}</h2>
      {c.doctors.length === 0 ? (
        <p className="empty">
          {t(lang, "clinic.noDoctors")} <a href={href("doctors", {}, place)}>{t(lang, "nav.doctors")}</a>
        </p>
      ) : (
        <>
          {c.doctors.map((d) => <DoctorSummary key={d.id} doctor={d} lang={lang} />)}
          <CardFreeTimes lang={lang} clinicId={c.id} />
          <BookingForm hydrate="demand" lang={lang} />
        </>
      )}
      {doctorCount > c.doctors.length && (
        <p>
          <a className="clinic__all-doctors" href={href("clinic-tab", { slug: c.slug, tab: "vrachi" }, place)}>
            {t(lang, "clinic.allDoctors", { n: doctorCount })}
          </a>
        </p>
      )}
    </section>
  );
}

function ClinicPrices({ c, lang, place }: SectionProps) {
  return (
    <section className="clinic__prices">
      <h2>{t(lang, "clinic.prices")}</h2>
      {c.prices.length === 0 && <p className="empty">{t(lang, "clinic.noPrices")}</p>}
      {c.prices.map((cat) => (
        <div key={cat.kind + cat.slug} className="clinic__price-group">
          <h3>
            {t(lang, `kind.${cat.kind}` as Key)}: {cat.name}
          </h3>
          <ul className="price-list">
            {cat.items.map((p) => (
              <li key={p.slug}>
                <a href={href(itemRoute[p.kind as keyof typeof itemRoute], { slug: p.slug }, place)}>{p.name}</a>
                <span className="price-list__price">{priceText(p.priceFrom, p.priceTo, lang)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function ClinicReviews({ c, lang }: SectionProps) {
  return (
    <section className="clinic__reviews">
      <h2>{t(lang, "clinic.reviewsHeading")}</h2>
      <p>{t(lang, "clinic.reviewsSummary", { rating: c.rating.toFixed(1), reviews: tn(lang, "clinic.reviews", c.reviewCount) })}</p>
      <p className="empty">{t(lang, "clinic.noReviewTexts")}</p>
    </section>
  );
}
