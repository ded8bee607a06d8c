import { t, tn } from "../lib/i18n";
import { href, type RouteName } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { priceText } from "../components/ClinicSummary";
import type { ServiceIndexPage, ServiceKind } from "../gen/catalog";
import type { RenderProps } from "../types";
import "./ServiceIndex.css";

/** itemRoute is the route of one entity of a tree. */
export const itemRoute: Record<ServiceKind, RouteName> = { service: "service", diagnostic: "diagnostic", analysis: "analysis" };

/** ServiceIndex is /uslugi, /diagnostika and /uslugi/analizy: a tree with clinic counts and lowest prices in the region. */
export function ServiceIndex(props: RenderProps<ServiceIndexPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  const heading = t(lang, `kind.${data.kind}`);
  const route = itemRoute[data.kind];
  return (
    <>
      <PageHead
        title={t(lang, "services.title", { heading, region: regionName })}
        description={t(lang, "services.description", { heading, region: regionName })}
        url={props.url}
        noindex={props.noindex}
      />
      <h1 className="page-title">{t(lang, "clinics.listHeading", { subject: heading, region: regionName })}</h1>
      {data.categories.map((c) => (
        <section key={c.slug} className="service-category">
          <h2>
            <a href={href(route, { slug: c.slug }, place)}>{c.name}</a>
          </h2>
          <ul className="service-items">
            {c.items.map((it) => (
              <li key={it.slug}>
                <a href={href(route, { slug: it.slug }, place)}>{it.name}</a>
                <span className="service-items__meta">
                  {it.clinicCount > 0
                    ? `${tn(lang, "clinics.count", it.clinicCount)}, ${priceText(it.minPrice, 0, lang, true)}`
                    : t(lang, "services.empty")}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
