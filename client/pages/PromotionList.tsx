import { t, tn } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Pagination } from "../components/Pagination";
import { PromotionSummary } from "../components/PromotionSummary";
import type { ListPage } from "../gen/promotion";
import type { RenderProps } from "../types";

/** PromotionList is /promotion (current promotions in the region) and /promotion/clinic/{id}. */
export function PromotionList(props: RenderProps<ListPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  const clinic = data.clinic;
  const clinicName = clinic ? clinic.name : "";
  const heading = clinic ? t(lang, "promotions.clinicHeading", { clinic: clinicName }) : t(lang, "promotions.heading", { region: regionName });
  const count = tn(lang, "promotions.count", data.total);
  const pageHref = (n: number) => {
    const page = n > 1 ? n : undefined;
    return clinic ? href("promotions-clinic", { id: String(clinic.id) }, place, { page }) : href("promotions", {}, place, { page });
  };
  return (
    <>
      <PageHead title={`${heading} | ${t(lang, "site.name")}`} description={`${heading}: ${count}. ${t(lang, "promotions.description")}`} url={props.url} noindex={props.noindex} paging={{ lang, page: data.page }} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href("promotions", {}, place), label: t(lang, "nav.promotions") }]} />
      <h1 className="page-title">{heading}</h1>
      <p className="page-count">{count}</p>
      {data.promotions.length === 0 ? (
        <p className="empty">{t(lang, "promotions.empty")}</p>
      ) : (
        <section className="promotion-list">
          {data.promotions.map((p, i) => (
            <PromotionSummary key={p.id} promotion={p} lang={lang} region={region.slug} priority={i === 0} />
          ))}
        </section>
      )}
      <Pagination lang={lang} page={data.page} total={data.total} perPage={data.perPage} hrefFor={pageHref} />
    </>
  );
}
