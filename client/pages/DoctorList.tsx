import { t, tn, type Key } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { DoctorSummary } from "../components/DoctorSummary";
import { Pagination } from "../components/Pagination";
import { BookingForm } from "../components/islands";
import { CardFreeTimes } from "../components/FreeTimes";
import { formatPrice } from "../lib/money";
import type { DoctorFilters, DoctorListPage } from "../gen/catalog";
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
  const f = data.filters;
  // Every page, sort and filter link is this listing's path and a query.
  const path = href(route, params, place);
  const filtered = listingQuery(f, noChange, 1, undefined) !== "";
  // No filter in force and the default order: a listing as crawlers and
  // search visitors meet it, whose links need no query but a page's.
  const plain = !filtered && sort === undefined;
  const pageHref = (n: number) => (plain ? (n > 1 ? path + "?page=" + n : path) : path + listingQuery(f, noChange, n, sort));
  const sortHref = (by: string) => path + listingQuery(f, noChange, 1, by === "popular" ? undefined : by);
  // A filter link sets its value, or takes it away when it is the one in
  // force; the page goes back to the first.
  const filterHref = (change: Partial<DoctorFilters>) => path + listingQuery(f, change, 1, sort);
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
      {(data.doctors.length > 1 || sort) && (
        <nav className="tabs tabs--wrap doctor-list__sort" aria-label={t(lang, "filters.sort")}>
          {(["popular", "rating", "earliest"] as const).map((by) => (
            <a key={by} href={sortHref(by)} aria-current={data.sort === by ? "page" : undefined}>
              {t(lang, sortLabel[by])}
            </a>
          ))}
        </nav>
      )}
      <div className="doctor-list__filters" role="group" aria-label={t(lang, "filters.label")}>
        {filterGroups.map((g) => (
          <nav key={g.label} className="tabs" aria-label={t(lang, g.label)}>
            {g.chips.map((c) => {
              // On a plain listing no chip is on, and each link is the
              // path and the chip's own query.
              const on = plain ? false : isOn(f, c.set);
              return (
                <a key={c.label + (c.n ?? "")} href={plain ? path + c.query : filterHref(on ? c.clear : c.set)} aria-current={on ? "true" : undefined} rel={nofollow(on, filtered, c.set)}>
                  {t(lang, c.label, c.n === undefined ? undefined : { price: formatPrice(c.n, lang) })}
                </a>
              );
            })}
          </nav>
        ))}
        {filtered && (
          <p className="doctor-list__reset">
            <a href={href(route, params, place, { sort })}>{t(lang, "filters.reset")}</a>
          </p>
        )}
      </div>
      {data.doctors.length === 0 ? (
        filtered ? (
          <p className="empty">
            {t(lang, "doctors.emptyFiltered")} <a href={href(route, params, place, { sort })}>{t(lang, "filters.reset")}</a>
          </p>
        ) : (
          <p className="empty">
            {t(lang, "doctors.empty")} <a href={href("doctors", {}, place)}>{t(lang, "doctors.allSpecialties")}</a>
          </p>
        )
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

const sortLabel = { popular: "filters.sortPopular", rating: "filters.sortRating", earliest: "filters.sortEarliest" } as const;

/**
 * listingQuery is the query string of a listing's link ("" or "?k=v&..."):
 * the filters in force with change's values over f's (a filter link's),
 * the page past the first and the order, each under its URL name, in the
 * order queryString sorts names into (one URL per combination). Written
 * out rather than built as an object, copied and sorted: a listing has
 * two dozen such links, and goja pays for every object.
 */
function listingQuery(f: DoctorFilters, change: Partial<DoctorFilters>, page: number, sort: string | undefined): string {
  let q = param("", "free", change.free ?? f.free);
  q = param(q, "gender", change.gender ?? f.gender);
  q = param(q, "online", change.online ?? f.online);
  q = param(q, "page", page > 1 ? page : undefined);
  q = param(q, "price_from", change.priceFrom ?? f.priceFrom);
  q = param(q, "price_to", change.priceTo ?? f.priceTo);
  q = param(q, "rating", change.rating ?? f.rating);
  q = param(q, "sort", sort);
  return param(q, "speaks", change.speaks ?? f.speaks);
}

/** param adds name=value to query q unless value is empty (undefined, "", 0: a filter not in force). */
function param(q: string, name: string, value: string | number | undefined): string {
  return value ? q + (q === "" ? "?" : "&") + name + "=" + encodeURIComponent(String(value)) : q;
}

const noChange: Partial<DoctorFilters> = {};

/**
 * nofollow keeps crawlers on the indexable filtered pages: one stable
 * filter. A free-time window, or a second filter on a filtered page, leads
 * to a noindex page; taking a filter away leads back.
 */
function nofollow(on: boolean, filtered: boolean, set: Partial<DoctorFilters>): "nofollow" | undefined {
  return !on && (filtered || set.free !== undefined) ? "nofollow" : undefined;
}

/** isOn says whether every value of set is in force. */
function isOn(f: DoctorFilters, set: Partial<DoctorFilters>): boolean {
  for (let i = 0; i < filterFields.length; i++) {
    const k = filterFields[i];
    if (set[k] !== undefined && f[k] !== set[k]) return false;
  }
  return true;
}

// filterFields are DoctorFilters' fields, listed once (a field the type
// gains and the list lacks fails to compile): isOn reads them rather than
// make an array of every chip's keys.
const filterFields = Object.keys({
  free: true,
  rating: true,
  gender: true,
  speaks: true,
  priceFrom: true,
  priceTo: true,
  online: true,
} satisfies Record<keyof DoctorFilters, true>) as (keyof DoctorFilters)[];

interface Chip {
  label: Key;
  set: Partial<DoctorFilters>;
  clear: Partial<DoctorFilters>;
  // n is the price a price chip names.
  n?: number;
  // query is the chip's link's query on a listing with no filter in force
  // and the default order (filled below, once).
  query?: string;
}

// The price chips span the seed's visit prices (80 000 - 400 000 so'm).
const cheap = 150_000;
const dear = 250_000;

/** filterGroups are the listing's filter chips, one row per filter. */
const filterGroups: { label: Key; chips: Chip[] }[] = [
  {
    label: "filters.free",
    chips: (["today", "tomorrow", "week"] as const).map((w) => ({
      label: (w === "today" ? "filters.freeToday" : w === "tomorrow" ? "filters.freeTomorrow" : "filters.freeWeek") as Key,
      set: { free: w },
      clear: { free: "" },
    })),
  },
  {
    label: "filters.doctor",
    chips: [
      { label: "filters.rating4", set: { rating: "4" }, clear: { rating: "" } },
      { label: "filters.genderF", set: { gender: "f" }, clear: { gender: "" } },
      { label: "filters.genderM", set: { gender: "m" }, clear: { gender: "" } },
      { label: "filters.online", set: { online: "1" }, clear: { online: "" } },
    ],
  },
  {
    label: "filters.speaks",
    chips: (["uz", "ru", "en"] as const).map((l) => ({
      label: (l === "uz" ? "filters.speaksUz" : l === "ru" ? "filters.speaksRu" : "filters.speaksEn") as Key,
      set: { speaks: l },
      clear: { speaks: "" },
    })),
  },
  {
    label: "filters.price",
    chips: [
      { label: "filters.priceTo", n: cheap, set: { priceFrom: 0, priceTo: cheap }, clear: { priceFrom: 0, priceTo: 0 } },
      { label: "filters.priceFrom", n: dear, set: { priceFrom: dear, priceTo: 0 }, clear: { priceFrom: 0, priceTo: 0 } },
    ],
  },
];

const noFilters: DoctorFilters = { free: "", rating: "", gender: "", speaks: "", priceFrom: 0, priceTo: 0, online: "" };
for (let i = 0; i < filterGroups.length; i++) {
  const chips = filterGroups[i].chips;
  for (let j = 0; j < chips.length; j++) chips[j].query = listingQuery(noFilters, chips[j].set, 1, undefined);
}
