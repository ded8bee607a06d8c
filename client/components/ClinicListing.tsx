import { t, tn, type Lang } from "../lib/i18n";
import { href, type RouteName } from "../lib/href";
import type { ClinicListing as Listing } from "../gen/catalog";
import { ClinicSummary } from "./ClinicSummary";
import { Pagination } from "./Pagination";
import "./ClinicListing.css";

export interface ClinicListingProps {
  lang: Lang;
  region: string;
  route: string;
  params: Record<string, string>;
  listing: Listing;
  /** hide names the filters the path already fixes. */
  hide?: { district?: boolean; type?: boolean };
}

/**
 * ClinicListing is the body of every clinic listing: the filter form (a
 * plain GET form, so filters live in the URL and work without JavaScript),
 * the count, the cards or an empty state, and the pages.
 */
export function ClinicListing({ lang, region, route, params, listing, hide = {} }: ClinicListingProps) {
  const place = { lang, region };
  const f = listing.filters;
  const name = route as RouteName;
  const base = href(name, params, place);
  const query = { district: f.district, type: f.type, open: f.open, sort: f.sort === "rating" ? undefined : f.sort };
  const pageHref = (n: number) => href(name, params, place, { ...query, page: n > 1 ? n : undefined });
  const filtered = Boolean(f.district || f.type || f.open);
  return (
    <>
      <form className="clinic-filters" method="get" action={base} aria-label={t(lang, "filters.label")}>
        {!hide.district && (
          <label>
            {t(lang, "filters.district")}
            <select name="district" defaultValue={f.district}>
              <option value="">{t(lang, "filters.anyDistrict")}</option>
              {listing.districts.map((d) => (
                <option key={d.slug} value={d.slug}>{d.name}</option>
              ))}
            </select>
          </label>
        )}
        {!hide.type && (
          <label>
            {t(lang, "filters.type")}
            <select name="type" defaultValue={f.type}>
              <option value="">{t(lang, "filters.anyType")}</option>
              {listing.types.map((ty) => (
                <option key={ty.slug} value={ty.slug}>{ty.name}</option>
              ))}
            </select>
          </label>
        )}
        <label className="clinic-filters__check">
          <input type="checkbox" name="open" value="1" defaultChecked={f.open === "1"} /> {t(lang, "filters.open")}
        </label>
        <label>
          {t(lang, "filters.sort")}
          <select name="sort" defaultValue={f.sort}>
            <option value="rating">{t(lang, "filters.sortRating")}</option>
            {listing.priced && <option value="price">{t(lang, "filters.sortPrice")}</option>}
            <option value="name">{t(lang, "filters.sortName")}</option>
            <option value="popular">{t(lang, "filters.sortPopular")}</option>
          </select>
        </label>
        <button className="button" type="submit">{t(lang, "filters.apply")}</button>
      </form>
      <p className="page-count">{tn(lang, "clinics.count", listing.total)}</p>
      {listing.clinics.length === 0 ? (
        <p className="empty">
          {t(lang, "clinics.empty")}{" "}
          {filtered && <a href={base}>{t(lang, "clinics.resetFilters")}</a>}{" "}
          <a href={href("clinics-all", {}, place)}>{t(lang, "clinics.all")}</a>
        </p>
      ) : (
        <section className="clinic-list">
          {listing.clinics.map((c) => (
            <ClinicSummary key={c.id} clinic={c} lang={lang} priced={listing.priced} />
          ))}
        </section>
      )}
      <Pagination lang={lang} page={listing.page} total={listing.total} perPage={listing.perPage} hrefFor={pageHref} />
    </>
  );
}
