import { t, tn } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { DoctorSummary } from "../components/DoctorSummary";
import { Pagination } from "../components/Pagination";
import { BookingForm } from "../components/islands";
import { CardFreeTimes } from "../components/FreeTimes";
import type { DoctorListPage } from "../gen/catalog";
import type { RenderProps } from "../types";
import "./DoctorList.css";

/**
 * DoctorList is /doctors/{specialty} and its /deti form: the specialty's
 * doctors in the region, or with a {district} segment in one district.
 */
export function DoctorList(props: RenderProps<DoctorListPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const district = data.district;
  const regionName = district ? t(lang, "clinics.inDistrict", { subject: region.name, district: district.name }) : region.name;
  const s = data.specialty;
  const specialty = data.children ? s.childrenName : s.name;
  const count = tn(lang, "doctors.count", data.total);
  const base = data.children ? "specialty-children" : "specialty";
  const route = district ? `${base}-district` : base;
  const params: Record<string, string> = district ? { specialty: s.slug, district: district.slug } : { specialty: s.slug };
  // The default order (popular) stays out of the URL, as page 1 does.
  const sort = data.sort === "popular" ? undefined : data.sort;
  const pageHref = (n: number) => href(route, params, place, { page: n > 1 ? n : undefined, sort });
  const sortHref = (by: string) => href(route, params, place, { sort: by === "popular" ? undefined : by });
  return (
    <>
      <PageHead
        title={t(lang, data.children ? "doctors.titleChildren" : "doctors.title", { specialty, region: regionName, count })}
        description={t(lang, data.children ? "doctors.descriptionChildren" : "doctors.description", { specialty, region: regionName, count })}
        url={props.url}
        noindex={props.noindex}
        paging={{ lang, page: data.page }}
      />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href("doctors", {}, place), label: t(lang, "nav.doctors") }]} />
      <h1 className="page-title">{t(lang, "doctors.heading", { specialty, region: regionName })}</h1>
      <p className="page-count">{count}</p>
      <nav className="tabs tabs--wrap" aria-label={t(lang, "doctors.allSpecialties")}>
        <a href={href(district ? "specialty-district" : "specialty", params, place)} aria-current={data.children ? undefined : "page"}>{t(lang, "doctors.adults")}</a>
        <a href={href(district ? "specialty-children-district" : "specialty-children", params, place)} aria-current={data.children ? "page" : undefined}>{t(lang, "doctors.children")}</a>
      </nav>
      {data.doctors.length > 1 && (
        <nav className="tabs tabs--wrap doctor-list__sort" aria-label={t(lang, "filters.sort")}>
          {(["popular", "rating"] as const).map((by) => (
            <a key={by} href={sortHref(by)} aria-current={data.sort === by ? "page" : undefined}>
              {t(lang, by === "popular" ? "filters.sortPopular" : "filters.sortRating")}
            </a>
          ))}
        </nav>
      )}
      {data.doctors.length === 0 ? (
        <p className="empty">
          {t(lang, "doctors.empty")} <a href={href("doctors", {}, place)}>{t(lang, "doctors.allSpecialties")}</a>
        </p>
      ) : (
        <section className="doctor-list">
          {data.doctors.map((d) => (
            <DoctorSummary key={d.id} doctor={d} lang={lang} />
          ))}
          <CardFreeTimes lang={lang} />
          <BookingForm hydrate="demand" lang={lang} />
        </section>
      )}
      <Pagination lang={lang} page={data.page} total={data.total} perPage={data.perPage} hrefFor={pageHref} />
      {data.districts.length > 1 && (
        <nav className="tabs doctor-list__districts" aria-label={t(lang, "filters.district")}>
          <a href={href(base, { specialty: s.slug }, place)} aria-current={district ? undefined : "page"}>{t(lang, "filters.anyDistrict")}</a>
          {data.districts.map((d) => (
            <a key={d.id} href={href(`${base}-district`, { specialty: s.slug, district: d.slug }, place)} aria-current={district?.id === d.id ? "page" : undefined}>
              {d.name}
            </a>
          ))}
        </nav>
      )}
    </>
  );
}
