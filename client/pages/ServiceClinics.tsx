import { t, tn } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ClinicListing } from "../components/ClinicListing";
import { JsonLd } from "../components/JsonLd";
import { serviceLD } from "../lib/structuredData";
import type { ServiceClinicsPage } from "../gen/catalog";
import type { RenderProps } from "../types";
import { itemRoute } from "./ServiceIndex";
import "./DoctorList.css";
import "./ServiceIndex.css";

const indexRoute = { service: "services", diagnostic: "diagnostics", analysis: "analyses" } as const;

/**
 * ServiceClinics is a service, diagnostic or analysis page: its description
 * (preparation and turnaround for analyses), its items when it is a
 * category, and the clinics of the region that price it.
 */
export function ServiceClinics(props: RenderProps<ServiceClinicsPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  const s = data.service;
  let name = s.name;
  const districtName = data.district ? data.district.name : "";
  if (data.district) name = t(lang, "clinics.inDistrict", { subject: name, district: districtName });
  const count = tn(lang, "clinics.count", data.total);
  const route = itemRoute[data.kind];
  const description = s.description;
  const preparation = s.preparation;
  const structured = serviceLD(s, data, data.district ? districtName : region.name, lang, props.url);
  return (
    <>
      <PageHead
        title={t(lang, "service.title", { name, region: regionName, count })}
        description={t(lang, "service.description", { name, region: regionName, count })}
        url={props.url}
        noindex={props.noindex}
        paging={{ lang, page: data.page }}
      />
      <Breadcrumbs
        lang={lang}
        url={props.url}
        items={[
          { href: href("home", {}, place), label: t(lang, "nav.home") },
          { href: href(indexRoute[data.kind], {}, place), label: t(lang, `kind.${data.kind}`) },
          ...(s.parent ? [{ href: href(route, { slug: s.parent.slug }, place), label: s.parent.name }] : []),
        ]}
      />
      {structured && <JsonLd data={structured} />}
      <h1 className="page-title">{t(lang, "clinics.listHeading", { subject: name, region: regionName })}</h1>
      {description && <p className="service-description">{description}</p>}
      {preparation && (
        <p className="service-preparation">
          <strong>{t(lang, "service.preparation")}:</strong> {preparation}
        </p>
      )}
      {s.turnaroundHours > 0 && <p className="service-turnaround">{t(lang, "service.turnaround", { hours: s.turnaroundHours })}</p>}
      {s.children.length > 0 && (
        <section className="service-category">
          <h2>{t(lang, "service.items")}</h2>
          <ul className="service-items">
            {s.children.map((c) => (
              <li key={c.slug}>
                <a href={href(route, { slug: c.slug }, place)}>{c.name}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ClinicListing
        lang={lang}
        region={region.slug}
        route={props.route}
        params={props.params}
        listing={data}
        hide={{ district: data.district !== null }}
      />
    </>
  );
}
